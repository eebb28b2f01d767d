// Reviews and questions tables: verified buyers' reviews of a product (moderated), the "Esta avaliação foi
// útil?" votes, and the shoppers' questions with the owner's or seller's answer. The product's approved
// rating (count and sum of stars) is kept on the product row by the catalog (setProductRating), for the cards.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from '../catalog/schema.ts';
import { vehicles } from '../fitment/schema.ts';
import { orders } from '../orders/schema.ts';

const tz = { withTimezone: true } as const;

export const productReviews = pgTable(
  'product_reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The reviewer (users.id): one review per product and account. */
    userId: text('user_id').notNull(),
    /** The delivered order that makes the review a verified purchase. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The name shown under the review: first name and initial ("Ana S."), never the full name. */
    authorName: text('author_name').notNull(),
    stars: smallint('stars').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The vehicle it was fitted to (optional), from the fitment fleet, and its model year. */
    vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    vehicleYear: smallint('vehicle_year'),
    /** pending (waiting for the back office), approved (public) or refused. */
    status: text('status').notNull().default('pending'),
    helpfulCount: integer('helpful_count').notNull().default(0),
    moderatedBy: text('moderated_by'),
    moderatedAt: timestamp('moderated_at', tz),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_reviews_product_user_key').on(t.productId, t.userId),
    index('product_reviews_public_idx').on(t.productId, t.helpfulCount, t.createdAt).where(sql`${t.status} = 'approved'`),
    index('product_reviews_status_idx').on(t.status, t.createdAt),
    check('product_reviews_stars_check', sql`${t.stars} between 1 and 5`),
    check('product_reviews_status_check', sql`${t.status} in ('pending', 'approved', 'refused')`),
  ],
);

/** One "útil" per visitor and review (a signed-in account, or a hashed address for guests). */
export const reviewVotes = pgTable(
  'review_votes',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => productReviews.id, { onDelete: 'cascade' }),
    voterKey: text('voter_key').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'review_votes_pkey', columns: [t.reviewId, t.voterKey] })],
);

export const productQuestions = pgTable(
  'product_questions',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The asker (users.id); their address is read when the answer e-mail is sent. */
    userId: text('user_id').notNull(),
    question: text('question').notNull(),
    /** pending (waiting for an answer), answered (public) or refused (hidden). */
    status: text('status').notNull().default('pending'),
    answer: text('answer'),
    answeredBy: text('answered_by'),
    answeredAt: timestamp('answered_at', tz),
    /** The answer e-mail's outbox state: written with the answer, sent by a job (src/domain/jobs). */
    emailSentAt: timestamp('email_sent_at', tz),
    emailAttempts: integer('email_attempts').notNull().default(0),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('product_questions_public_idx').on(t.productId, t.answeredAt).where(sql`${t.status} = 'answered'`),
    index('product_questions_status_idx').on(t.status, t.createdAt),
    index('product_questions_unsent_idx').on(t.answeredAt).where(sql`${t.status} = 'answered' and ${t.emailSentAt} is null`),
    check('product_questions_status_check', sql`${t.status} in ('pending', 'answered', 'refused')`),
  ],
);
