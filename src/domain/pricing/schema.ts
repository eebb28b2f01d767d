// Pricing tables: discount coupons (their rules: see coupon-rules.ts).
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    /** Stored upper-case; matched case-insensitively, ignoring surrounding spaces. */
    code: text('code').notNull(),
    /** 'percent' (percent of the subtotal) or 'fixed' (amount_cents off the subtotal). */
    kind: text('kind').notNull().default('percent'),
    /** The percent of a 'percent' coupon; null for a fixed-value one. */
    percent: smallint('percent'),
    amountCents: integer('amount_cents'),
    /** The subtotal from which the coupon applies (0: any order). */
    minOrderCents: integer('min_order_cents').notNull().default(0),
    /** Uses allowed overall and per customer (null: no limit). A use is an order that is not cancelled. */
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    active: boolean('active').notNull().default(true),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(t.code),
    check(
      'coupons_value_check',
      sql`(${t.kind} = 'percent' and ${t.percent} > 0 and ${t.percent} <= 100 and ${t.amountCents} is null) or (${t.kind} = 'fixed' and ${t.amountCents} > 0 and ${t.percent} is null)`,
    ),
    check('coupons_limits_check', sql`${t.minOrderCents} >= 0 and (${t.usageLimit} is null or ${t.usageLimit} > 0) and (${t.perCustomerLimit} is null or ${t.perCustomerLimit} > 0)`),
    check('coupons_code_upper', sql`${t.code} = upper(${t.code})`),
  ],
);
