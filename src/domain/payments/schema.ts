// Payment records: one per order. Never a card number or CVV: only the brand and the last four digits.
import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from '../orders/schema.ts';

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    method: text('method').notNull(),
    status: text('status').notNull(),
    amountCents: integer('amount_cents').notNull(),
    installments: smallint('installments').notNull().default(1),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    pixCode: text('pix_code'),
    pixExpiresAt: timestamp('pix_expires_at', { withTimezone: true }),
    boletoLine: text('boleto_line'),
    boletoDueDate: date('boleto_due_date'),
    providerRef: text('provider_ref'),
    failureReason: text('failure_reason'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_order_key').on(t.orderId),
    check('payments_status_check', sql`${t.status} in ('pending', 'authorized', 'paid', 'declined', 'cancelled', 'expired')`),
    check('payments_last4_format', sql`${t.cardLast4} is null or ${t.cardLast4} ~ '^[0-9]{4}$'`),
  ],
);
