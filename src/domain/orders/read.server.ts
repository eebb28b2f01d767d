// The orders read model: an order read whole (its lines, payment and events in one statement), the lists
// for the shopper and the back office, and who may open an order: its owner, an admin, the checkout's own
// access token, or the signed "Acompanhar pedido" link (which shows it masked).
import crypto from 'node:crypto';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from '#src/db/client.server.ts';
import { preparedSelect } from '#src/db/prepared.server.ts';
import { qualified } from '#src/db/qualified.ts';
import { payments } from '../payments/schema.ts';
import { maskOrderForTracking } from './masking.ts';
import { orderEvents, orderLines, orders } from './schema.ts';
import { toOrderView } from './view.ts';
import type { EventRow, LineRow, OrderRow, OrderView, PaymentRow } from './view.ts';

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export function newAccessToken(): string {
  return crypto.randomBytes(24).toString('base64url');
}

export async function loadOrderView(db: Db, row: OrderRow): Promise<OrderView> {
  const [lines, [payment], events] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, row.id)).orderBy(asc(orderLines.id)),
    db.select().from(payments).where(eq(payments.orderId, row.id)).limit(1),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, row.id)).orderBy(asc(orderEvents.id)),
  ]);
  return toOrderView(row, lines, payment ?? null, events);
}

/** An order read whole: its row, the view every reader gets, and what its payment record says of the charge. */
export interface OrderRead {
  row: OrderRow;
  view: OrderView;
  payment: { status: string; providerRef: string | null; failureReason: string | null } | null;
}

type JsonPayment = Omit<PaymentRow, 'pixExpiresAt'> & { pixExpiresAt: string | null; providerRef: string | null };
type JsonEvent = Omit<EventRow, 'createdAt'> & { createdAt: string };

// The order's lines, payment and events as JSON beside its row: one statement per read, whatever the number of
// orders (loadOrderView takes three per order). Timestamps travel as ISO 8601 text and become Dates here.
const outerOrderId = qualified(orders.id);
export const orderReadColumns = {
  order: orders,
  lines: sql<LineRow[]>`coalesce((
    select json_agg(json_build_object('productId', l.product_id, 'title', l.title, 'imageUrl', l.image_url, 'color', l.color,
      'size', l.size, 'quantity', l.quantity, 'unitPriceCents', l.unit_price_cents, 'lineTotalCents', l.line_total_cents) order by l.id)
    from ${orderLines} l where l.order_id = ${outerOrderId}), '[]'::json)`,
  payment: sql<JsonPayment | null>`(
    select json_build_object('status', p.status, 'cardBrand', p.card_brand, 'cardLast4', p.card_last4, 'pixCode', p.pix_code,
      'pixExpiresAt', p.pix_expires_at, 'boletoLine', p.boleto_line, 'boletoDueDate', p.boleto_due_date, 'boletoUrl', p.boleto_url,
      'failureReason', p.failure_reason, 'providerRef', p.provider_ref)
    from ${payments} p where p.order_id = ${outerOrderId} limit 1)`,
  events: sql<JsonEvent[]>`coalesce((
    select json_agg(json_build_object('status', e.status, 'note', e.note, 'createdAt', e.created_at) order by e.id)
    from ${orderEvents} e where e.order_id = ${outerOrderId}), '[]'::json)`,
};

export function toOrderRead(r: { order: OrderRow; lines: LineRow[]; payment: JsonPayment | null; events: JsonEvent[] }): OrderRead {
  const payment = r.payment ? { ...r.payment, pixExpiresAt: r.payment.pixExpiresAt === null ? null : new Date(r.payment.pixExpiresAt) } : null;
  const events = r.events.map((e) => ({ ...e, createdAt: new Date(e.createdAt) }));
  return {
    row: r.order,
    view: toOrderView(r.order, r.lines, payment, events),
    payment: r.payment ? { status: r.payment.status, providerRef: r.payment.providerRef, failureReason: r.payment.failureReason } : null,
  };
}

/** The orders matching `where` (a condition on `orders`), read whole in one statement. */
export async function readOrders(db: Db | Tx, where: SQL | undefined, opts: { newestFirst?: boolean; limit?: number } = {}): Promise<OrderRead[]> {
  const rows = await db
    .select(orderReadColumns)
    .from(orders)
    .where(where)
    .orderBy(...(opts.newestFirst ? [desc(orders.createdAt), desc(orders.id)] : [asc(orders.id)]))
    .limit(opts.limit ?? 1);
  return rows.map(toOrderRead);
}

/** One order by id, read whole: its statement is built once per database (the order path reads it to replay an order and to resume its charge). */
const orderById = preparedSelect('read_order', (db) =>
  db
    .select(orderReadColumns)
    .from(orders)
    .where(eq(orders.id, sql.placeholder('id')))
    .limit(1),
);

/** One order by id, read whole in one statement; null when there is none. */
export async function readOrder(db: Db, id: number): Promise<OrderRead | null> {
  const [hit] = await orderById(db, { id });
  return hit ? toOrderRead(hit) : null;
}

export interface Viewer {
  userId: string | null;
  isAdmin?: boolean;
}

// "Acompanhar pedido": whoever proves number + e-mail gets a link that opens the order for a while, signed
// with the store's secret (COOKIE_SECRET, the same on every instance: Services.cookieSecret, passed in) over
// the order's own token hash.
export const TRACKING_LINK_HOURS = 24;
const signLink = (secret: string, number: string, tokenHash: string, expires: number) => crypto.createHmac('sha256', secret).update(`acompanhar:${number}:${tokenHash}:${expires}`).digest('base64url');

/** A temporary access token for an order ("a.<expiry>.<signature>"), valid TRACKING_LINK_HOURS. */
export function trackingToken(number: string, accessTokenHash: string, linkSecret: string, now = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + TRACKING_LINK_HOURS * 3600;
  return `a.${expires}.${signLink(linkSecret, number, accessTokenHash, expires)}`;
}

/** trackingToken for an order read by its number (null when there is none). */
export async function trackingTokenFor(db: Db, number: string, linkSecret: string): Promise<string | null> {
  const [row] = await db.select({ hash: orders.accessTokenHash }).from(orders).where(eq(orders.number, number)).limit(1);
  return row ? trackingToken(number, row.hash, linkSecret) : null;
}

function trackingTokenOk(token: string, row: OrderRow, linkSecret: string): boolean {
  const m = /^a\.(\d{10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return false;
  const expires = Number(m[1]);
  return expires * 1000 > Date.now() && safeEqual(signLink(linkSecret, row.number, row.accessTokenHash, expires), m[2]!);
}

/** "Acompanhar pedido": the order whose number and e-mail match (e-mail case-insensitive), else null. */
export async function findOrderByNumberAndEmail(db: Db, number: string, email: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.number, number)).limit(1);
  const match = row && row.anonymizedAt === null && safeEqual(hashToken(row.email.trim().toLowerCase()), hashToken(email.trim().toLowerCase()));
  return match ? row : null;
}

/**
 * An order as its owner, an admin, or whoever holds its access token sees it; otherwise null. A tracking
 * link ("Acompanhar pedido") is checked against `linkSecret`; without one, only the checkout's own token opens it.
 */
export async function findOrderFor(db: Db, number: string, viewer: Viewer, token?: string | null, linkSecret?: string): Promise<OrderView | null> {
  if (!/^\d{8}$/.test(number)) return null;
  const [hit] = await readOrders(db, eq(orders.number, number));
  if (!hit) return null;
  const { row } = hit;
  const owner = viewer.userId !== null && row.userId === viewer.userId;
  if (owner || viewer.isAdmin) return hit.view;
  if (typeof token !== 'string' || token.length === 0 || token.length >= 200) return null;
  // The checkout's own link (a secret only the buyer's browser and inbox hold) shows the order whole; the link
  // "Acompanhar pedido" gives to whoever knows the number and the e-mail shows it masked.
  if (safeEqual(hashToken(token), row.accessTokenHash)) return hit.view;
  return linkSecret && trackingTokenOk(token, row, linkSecret) ? maskOrderForTracking(hit.view) : null;
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** The signed-in shopper's own orders, newest first. */
export async function listOrdersForUser(db: Db, userId: string, limit = 50): Promise<OrderView[]> {
  return (await readOrders(db, eq(orders.userId, userId), { newestFirst: true, limit })).map((r) => r.view);
}

export async function listRecentOrders(db: Db, limit = 100): Promise<OrderView[]> {
  return (await readOrders(db, undefined, { newestFirst: true, limit })).map((r) => r.view);
}
