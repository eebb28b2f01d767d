// Favourites ("Favoritos") kept for an account, and the "Avise-me quando chegar" subscriptions. A guest's
// favourites live in a cookie (guest-cookie.ts) and join these rows at sign-in.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema.ts';
import { products } from '../catalog/schema.ts';

const tz = { withTimezone: true } as const;

export const favorites = pgTable(
  'favorites',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', tz).defaultNow().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

/**
 * One row per (e-mail, product, colour, size): the subscription is also its e-mail's outbox row. The sweep
 * marks it due when the stock is back (`due_at`); a sender takes it with a lease and records `sent_at`, so
 * each subscription is mailed exactly once.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The footwear variant ('' when the product has none). */
    color: text('color').notNull().default(''),
    size: text('size').notNull().default(''),
    createdAt: timestamp('created_at', tz).defaultNow().notNull(),
    dueAt: timestamp('due_at', tz),
    claimedUntil: timestamp('claimed_until', tz),
    attempts: smallint('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', tz),
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('stock_alerts_key').on(t.email, t.productId, t.color, t.size),
    index('stock_alerts_waiting_idx').on(t.productId).where(sql`${t.dueAt} is null`),
    check('stock_alerts_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);
