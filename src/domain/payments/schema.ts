// Payment records: one per order, and what the gateway reported about them. Never a card number or CVV:
// only the brand and the last four digits.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /** The gateway's own boleto document (Mercado Pago's external_resource_url); null for the sandbox. */
    boletoUrl: text('boleto_url'),
    providerRef: text('provider_ref'),
    failureReason: text('failure_reason'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The gateway's last word on this payment (e.g. Mercado Pago's "approved") and the amount it reported. */
    providerStatus: text('provider_status'),
    providerAmountCents: integer('provider_amount_cents'),
    refundRef: text('refund_ref'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_order_key').on(t.orderId),
    check('payments_status_check', sql`${t.status} in ('pending', 'authorized', 'paid', 'declined', 'cancelled', 'expired', 'refunded')`),
    check('payments_last4_format', sql`${t.cardLast4} is null or ${t.cardLast4} ~ '^[0-9]{4}$'`),
    index('payments_open_idx').on(t.provider, t.status),
  ],
);

/**
 * Each distinct thing a gateway told us about a payment (status + amount), once: the audit trail of
 * webhooks and reconciliation. A repeated notification finds its row already there and adds nothing.
 * `outcome` says what we did with it (paid, cancelled, refunded, amount_mismatch, ignored…).
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    providerRef: text('provider_ref').notNull(),
    providerStatus: text('provider_status').notNull(),
    amountCents: integer('amount_cents').notNull(),
    outcome: text('outcome').notNull(),
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_once').on(t.paymentId, t.providerRef, t.providerStatus, t.amountCents, t.outcome)],
);
