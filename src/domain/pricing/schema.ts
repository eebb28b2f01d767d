// Pricing tables: discount coupons.
import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    /** Stored upper-case; matched case-insensitively, ignoring surrounding spaces. */
    code: text('code').notNull(),
    percent: smallint('percent').notNull(),
    active: boolean('active').notNull().default(true),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(t.code),
    check('coupons_percent_range', sql`${t.percent} > 0 and ${t.percent} <= 100`),
    check('coupons_code_upper', sql`${t.code} = upper(${t.code})`),
  ],
);
