// Returns ("Devolução e arrependimento"): a buyer's request to send items of a delivered order back, the
// store's decision, the reverse-logistics authorisation and, once the items arrive, the stock and the refund.
// Money in integer centavos.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orderLines, orders } from '../orders/schema.ts';

export const returns = pgTable(
  'returns',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** withdrawal (arrependimento), defect, exchange (footwear size or colour): windows.ts. */
    reason: text('reason').notNull(),
    comment: text('comment'),
    /** requested → approved | refused; approved → received. */
    status: text('status').notNull().default('requested'),
    /** Why the store refused it, or its note on approving. */
    decisionNote: text('decision_note'),
    /** The store's own return authorisation number (10 digits): the buyer writes it on the parcel. */
    authorizationCode: text('authorization_code'),
    /**
     * Table mode: the Correios reverse-logistics authorisation code (autorização de postagem) the owner typed on
     * approval, from the store's Correios contract; never made up by the store. With a carrier API the label
     * (return_shipments) carries the posting code instead.
     */
    correiosCode: text('correios_code'),
    /** Who pays the return postage: the store (withdrawal, defect) or the buyer. */
    postagePaidBy: text('postage_paid_by'),
    /** What goes back to the buyer, decided when the items arrive. */
    refundCents: integer('refund_cents'),
    /** The postage the buyer paid to send the items back, added to the refund when the items arrive. */
    postageRefundCents: integer('postage_refund_cents').notNull().default(0),
    refundRef: text('refund_ref'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** The payment provider's refusal, kept for the back office to retry. */
    refundError: text('refund_error'),
    /** An exchange's new order (at no charge). */
    exchangeOrderNumber: text('exchange_order_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('returns_order_idx').on(t.orderId),
    index('returns_status_idx').on(t.status, t.createdAt),
    uniqueIndex('returns_authorization_key').on(t.authorizationCode),
    check('returns_reason_check', sql`${t.reason} in ('withdrawal', 'defect', 'exchange')`),
    check('returns_status_check', sql`${t.status} in ('requested', 'approved', 'refused', 'received')`),
    check('returns_refund_nonneg', sql`${t.refundCents} is null or ${t.refundCents} >= 0`),
    check('returns_postage_refund_range', sql`${t.postageRefundCents} between 0 and 20000`),
  ],
);

export const returnLines = pgTable(
  'return_lines',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** An exchange: the size and colour wanted instead. */
    wantedVariantId: integer('wanted_variant_id'),
  },
  (t) => [uniqueIndex('return_lines_line_key').on(t.returnId, t.orderLineId), check('return_lines_quantity_pos', sql`${t.quantity} > 0`)],
);

/**
 * A return's reverse-logistics label bought from the shipping provider (Melhor Envio), buyer → store, paid by
 * the store. Each step is recorded as it succeeds (the provider's id once in its cart, `purchased_at` once paid,
 * then the label and the posting code), so a retry resumes where the last attempt stopped and never pays twice;
 * a lease keeps two clicks (or two instances) from running the same purchase at once. Like order_shipments.
 */
export const returnShipments = pgTable('return_shipments', {
  returnId: integer('return_id')
    .primaryKey()
    .references(() => returns.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  shipmentId: text('shipment_id'),
  carrier: text('carrier'),
  service: text('service'),
  purchasedAt: timestamp('purchased_at', { withTimezone: true }),
  labelUrl: text('label_url'),
  /** The Correios posting code (also the tracking code) the buyer shows at the agency. */
  trackingCode: text('tracking_code'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  /** Why the last attempt failed, in pt-BR for the owner (no personal data). */
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
