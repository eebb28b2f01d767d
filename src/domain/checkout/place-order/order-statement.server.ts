// The one statement that writes a new order: the order (its number from the sequence), its lines, first
// event, payment record and confirmation e-mail, in one round trip, prepared once per number of lines.
import { sql } from 'drizzle-orm';
import type { Tx } from '#src/db/client.server.ts';
import { preparedQuery } from '#src/db/prepared.server.ts';
import { orderEmails, orderEvents, orderLines, orders } from '#src/domain/orders/schema.ts';
import { payments } from '#src/domain/payments/schema.ts';

/** The columns of each part of a new order, as `placeOrder` fills them (the statement's placeholders follow them). */
export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'number'>;
export type NewLine = Omit<typeof orderLines.$inferInsert, 'id' | 'orderId'>;
export type NewEvent = Omit<typeof orderEvents.$inferInsert, 'id' | 'orderId'>;
export type NewPayment = Omit<typeof payments.$inferInsert, 'id' | 'orderId'>;

const ORDER_KEYS = [
  'expiresAt',
  'accessTokenHash',
  'userId',
  'email',
  'customerName',
  'customerCpf',
  'customerPhone',
  'status',
  'cep',
  'street',
  'streetNumber',
  'complement',
  'neighborhood',
  'city',
  'state',
  'shippingMethod',
  'shippingLabel',
  'shippingCarrier',
  'shippingMaxDays',
  'shippingProvider',
  'shippingPickupCode',
  'paymentMethod',
  'installments',
  'couponCode',
  'subtotalCents',
  'couponDiscountCents',
  'shippingCents',
  'paymentDiscountCents',
  'totalCents',
  'idempotencyKey',
  'requestHash',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof NewOrder)[];
const LINE_KEYS = ['productId', 'variantId', 'title', 'imageUrl', 'color', 'size', 'quantity', 'unitPriceCents', 'lineTotalCents'] as const satisfies readonly (keyof NewLine)[];
const EVENT_KEYS = ['status', 'note', 'createdAt'] as const satisfies readonly (keyof NewEvent)[];
const PAYMENT_KEYS = [
  'provider',
  'method',
  'status',
  'amountCents',
  'installments',
  'cardBrand',
  'cardLast4',
  'pixCode',
  'pixExpiresAt',
  'boletoLine',
  'boletoDueDate',
  'boletoUrl',
  'failureReason',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof NewPayment)[];

export type OrderKey = (typeof ORDER_KEYS)[number];
export type LineKey = (typeof LINE_KEYS)[number];
export type PaymentKey = (typeof PAYMENT_KEYS)[number];
/** `{}` fits only when T has no key outside K: a value the statement would not write fails to compile. */
export type NoExtraKeys<T, K extends PropertyKey> = Record<Exclude<keyof T, K>, never>;

type Runner = ReturnType<typeof preparedQuery<{ id: number; number: string }>>;
const placeOrderByLines = new Map<number, Runner>();

/**
 * The statement writing a new order with `lineCount` lines: the order (its number from the sequence), its lines,
 * first event, payment record and confirmation e-mail, the later inserts taking the order's id from the first
 * one's RETURNING. Built once per number of lines with a placeholder for every value (drizzle wrote the whole
 * text again on every order: a tenth of the server's CPU per order, bench/NOTES.md); the columns' own
 * encoders still turn each value into what the driver sends. `tx` only lends its query builder.
 */
export function placeOrderStatement(tx: Tx, lineCount: number): Runner {
  let run = placeOrderByLines.get(lineCount);
  if (run) return run;
  run = preparedQuery<{ id: number; number: string }>(`place_order_${lineCount}`, (p) => {
    // Each value as a bare placeholder: placeOrderValues encodes it as the column would (a null stays null).
    const fill = <K extends string>(prefix: string, keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, sql`${p(`${prefix}${k}`)}`])) as Record<K, never>;
    // getSQL(): a CTE body takes no parentheses, which drizzle would put around an embedded query.
    const orderId = sql`(select id from new_order)` as never;
    return sql`
      with new_order as (${tx
        .insert(orders)
        .values({ ...fill('o_', ORDER_KEYS), number: sql`olimpo_order_number(nextval('order_number_seq'))` })
        .returning({ id: orders.id, number: orders.number })
        .getSQL()}),
      new_lines as (${tx
        .insert(orderLines)
        .values(Array.from({ length: lineCount }, (_, i) => ({ ...fill(`l${i}_`, LINE_KEYS), orderId })))
        .getSQL()}),
      new_event as (${tx
        .insert(orderEvents)
        .values({ ...fill('e_', EVENT_KEYS), orderId })
        .getSQL()}),
      new_payment as (${tx
        .insert(payments)
        .values({ ...fill('p_', PAYMENT_KEYS), orderId })
        .getSQL()}),
      new_email as (${tx
        .insert(orderEmails)
        .values({ orderId, kind: 'confirmation', data: sql`${p('m_data')}` as never })
        .getSQL()})
      select id, number from new_order`;
  });
  placeOrderByLines.set(lineCount, run);
  return run;
}

/** A value as drizzle sends it for its column (a Date as ISO text, JSON as text); null as null. */
const encode = (column: { mapToDriverValue(value: unknown): unknown }, value: unknown) => (value === null || value === undefined ? null : column.mapToDriverValue(value));

/** The placeholders' values of `placeOrderStatement`. */
export function placeOrderValues(order: NewOrder, lines: NewLine[], event: NewEvent, payment: NewPayment, emailData: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = { m_data: encode(orderEmails.data, emailData) };
  for (const k of ORDER_KEYS) values[`o_${k}`] = encode(orders[k], order[k]);
  lines.forEach((line, i) => {
    for (const k of LINE_KEYS) values[`l${i}_${k}`] = encode(orderLines[k], line[k]);
  });
  for (const k of EVENT_KEYS) values[`e_${k}`] = encode(orderEvents[k], event[k]);
  for (const k of PAYMENT_KEYS) values[`p_${k}`] = encode(payments[k], payment[k]);
  return values;
}
