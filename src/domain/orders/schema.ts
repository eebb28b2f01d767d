// Order tables: orders (with totals and address snapshot), their lines (a snapshot of title and price),
// and the status timeline. Money in integer centavos.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgSequence, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products, productVariants } from '../catalog/schema.ts';

/** Feeds order numbers; the number is a permutation of it, so numbers are unique but not sequential. */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1, increment: 1 });

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    accessTokenHash: text('access_token_hash').notNull(),
    userId: text('user_id'),
    email: text('email').notNull(),
    /** Who is buying (checkout step 1): "Nome completo", CPF (11 digits) and "Celular" (digits). Null on
     * orders from the spec's compatibility call, which carries none, and after LGPD anonymization. */
    customerName: text('customer_name'),
    customerCpf: text('customer_cpf'),
    customerPhone: text('customer_phone'),
    status: text('status').notNull(),
    cep: text('cep').notNull(),
    street: text('street').notNull(),
    streetNumber: text('street_number').notNull(),
    complement: text('complement'),
    neighborhood: text('neighborhood').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    shippingMethod: text('shipping_method').notNull(),
    /** The option as the shopper chose it (src/domain/shipping): "PAC", "Retirar na loja"; null on older orders (the table's label). */
    shippingLabel: text('shipping_label'),
    shippingCarrier: text('shipping_carrier'),
    /** Business days of the quoted delay, its last day ("5-7 dias úteis" → 7). */
    shippingMaxDays: integer('shipping_max_days'),
    /** Who quoted it: table or melhorenvio. */
    shippingProvider: text('shipping_provider'),
    /** "Retirar na loja": the code the shopper shows at the counter. */
    shippingPickupCode: text('shipping_pickup_code'),
    paymentMethod: text('payment_method').notNull(),
    installments: smallint('installments').notNull().default(1),
    couponCode: text('coupon_code'),
    subtotalCents: integer('subtotal_cents').notNull(),
    couponDiscountCents: integer('coupon_discount_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    paymentDiscountCents: integer('payment_discount_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    trackingCode: text('tracking_code'),
    rating: smallint('rating'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    anonymizedAt: timestamp('anonymized_at', { withTimezone: true }),
    /** When an unpaid PIX or boleto order gives its stock back (null for cards): see expiry.ts. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.number),
    uniqueIndex('orders_idempotency_key').on(t.idempotencyKey),
    index('orders_user_idx').on(t.userId, t.createdAt),
    // The expiry sweep reads only the orders still waiting for payment.
    index('orders_awaiting_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'awaiting_payment'`),
    index('orders_created_idx').on(t.createdAt),
    index('orders_cpf_idx').on(t.customerCpf),
    index('orders_email_idx').on(t.email),
    index('orders_coupon_idx').on(t.couponCode),
    check('orders_number_format', sql`${t.number} ~ '^[0-9]{8}$'`),
    check('orders_status_check', sql`${t.status} in ('awaiting_payment', 'paid', 'invoiced', 'picking', 'shipped', 'delivered', 'cancelled')`),
    check('orders_total_nonneg', sql`${t.totalCents} >= 0`),
    check('orders_rating_range', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    imageUrl: text('image_url'),
    color: text('color'),
    size: text('size'),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalCents: integer('line_total_cents').notNull(),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId), check('order_lines_quantity_pos', sql`${t.quantity} > 0`)],
);

export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** An order status, or "tracking" for a carrier's event (note: what the carrier said). */
    status: text('status').notNull(),
    note: text('note'),
    /** A carrier event's identity ("melhorenvio:posted"), so a polled event is written once. */
    externalKey: text('external_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId), uniqueIndex('order_events_external_key').on(t.orderId, t.externalKey)],
);

/**
 * An order's carrier shipment (docs/shipping.md, "Labels"): one row per order, written step by step as the
 * label is bought (cart, checkout, generate, print), so a retry resumes where the last attempt stopped and
 * never buys twice. `lease_until` is held by the attempt in progress (a second click finds it taken).
 */
export const orderShipments = pgTable('order_shipments', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  /** The provider's shipment id (Melhor Envio's cart item id), once added to its cart. */
  shipmentId: text('shipment_id'),
  carrier: text('carrier'),
  service: text('service'),
  purchasedAt: timestamp('purchased_at', { withTimezone: true }),
  labelUrl: text('label_url'),
  trackingCode: text('tracking_code'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  lastError: text('last_error'),
  /** When the tracking job last asked the carrier. */
  trackedAt: timestamp('tracked_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The transactional outbox of order e-mails: a row is written in the same transaction as the change it
 * tells about (order placed, paid, shipped, delivered, cancelled), and the job runner sends it. One row per
 * order and kind (a status is reached once); `sent_at` and the mailer's per-message key make the send
 * happen once even if a process dies between sending and recording it.
 */
/** What an order e-mail needs beyond the order; a worded one (a return's step) brings its subject and paragraphs. */
export interface OrderEmailData {
  token?: string;
  note?: string | null;
  trackingCode?: string | null;
  subject?: string;
  paragraphs?: string[];
}

export const orderEmails = pgTable(
  'order_emails',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** What the message needs beyond the order: the access token (confirmation, removed once sent), the note, the tracking code. */
    data: jsonb('data').$type<OrderEmailData>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    /** A sender holds the row until then (a lease, so a crashed sender's row is picked up again). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_emails_order_kind_key').on(t.orderId, t.kind),
    index('order_emails_unsent_idx').on(t.createdAt).where(sql`${t.sentAt} is null`),
    // A return's steps are worded by the returns domain (data.subject, data.paragraphs): return:<id>:<step>.
    check('order_emails_kind_check', sql`${t.kind} in ('confirmation', 'paid', 'invoiced', 'shipped', 'delivered', 'cancelled') or ${t.kind} ~ '^return:[0-9]+:[a-z]+$'`),
  ],
);
