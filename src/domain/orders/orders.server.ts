// Reading and moving orders: the shopper's own orders, one order for its owner or its token holder,
// status changes (cancelling returns the stock), ratings, and payment confirmations.
import { catalogChanged } from '../catalog/changes.server.ts';
import crypto from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.server.ts';
import { preparedSelect } from '../../db/prepared.server.ts';
import { qualified } from '../../db/qualified.ts';
import { products, productVariants } from '../catalog/schema.ts';
import { payments } from '../payments/schema.ts';
import { orderEvents, orderLines, orders } from './schema.ts';
import { canMove, STATUS_LABELS } from './status.ts';
import { queueOrderEmail } from './outbox.server.ts';
import { maskOrderForTracking } from './masking.ts';
import type { OrderStatus } from './status.ts';

export interface OrderView {
  number: string;
  status: OrderStatus;
  createdAt: string;
  email: string;
  /** The buyer (checkout step 1): name, CPF and celular as digits. Null on compatibility orders and after LGPD deletion. */
  customer: { name: string; cpf: string | null; phone: string | null } | null;
  address: { cep: string; street: string; number: string; complement: string | null; neighborhood: string; city: string; state: string };
  shippingMethod: 'standard' | 'express';
  paymentMethod: 'credit' | 'boleto' | 'pix';
  installments: number;
  couponCode: string | null;
  subtotalCents: number;
  couponDiscountCents: number;
  shippingCents: number;
  paymentDiscountCents: number;
  totalCents: number;
  trackingCode: string | null;
  rating: number | null;
  lines: { productId: number | null; title: string; imageUrl: string | null; color: string | null; size: string | null; quantity: number; unitPriceCents: number; lineTotalCents: number }[];
  payment: {
    status: string;
    cardBrand: string | null;
    cardLast4: string | null;
    pixCode: string | null;
    pixExpiresAt: string | null;
    boletoLine: string | null;
    boletoDueDate: string | null;
    /** The gateway's boleto document (Mercado Pago); null when the shop prints its own (sandbox). */
    boletoUrl: string | null;
    failureReason: string | null;
  } | null;
  events: { status: string; note: string | null; createdAt: string }[];
  /** Opened with the "Acompanhar pedido" link only: CPF, phone and address come masked (masking.ts). */
  masked?: true;
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export function newAccessToken(): string {
  return crypto.randomBytes(24).toString('base64url');
}

type OrderRow = typeof orders.$inferSelect;

type LineRow = Pick<typeof orderLines.$inferSelect, 'productId' | 'title' | 'imageUrl' | 'color' | 'size' | 'quantity' | 'unitPriceCents' | 'lineTotalCents'>;
type PaymentRow = Pick<
  typeof payments.$inferSelect,
  'status' | 'cardBrand' | 'cardLast4' | 'pixCode' | 'pixExpiresAt' | 'boletoLine' | 'boletoDueDate' | 'boletoUrl' | 'failureReason'
>;
type EventRow = Pick<typeof orderEvents.$inferSelect, 'status' | 'note' | 'createdAt'>;

/** The one shape every reader of an order gets, from its rows (lines and events in their stored order). */
export function toOrderView(row: OrderRow, lines: LineRow[], payment: PaymentRow | null, events: EventRow[]): OrderView {
  return {
    number: row.number,
    status: row.status as OrderStatus,
    createdAt: row.createdAt.toISOString(),
    email: row.email,
    customer: row.customerName ? { name: row.customerName, cpf: row.customerCpf, phone: row.customerPhone } : null,
    address: { cep: row.cep, street: row.street, number: row.streetNumber, complement: row.complement, neighborhood: row.neighborhood, city: row.city, state: row.state },
    shippingMethod: row.shippingMethod as OrderView['shippingMethod'],
    paymentMethod: row.paymentMethod as OrderView['paymentMethod'],
    installments: row.installments,
    couponCode: row.couponCode,
    subtotalCents: row.subtotalCents,
    couponDiscountCents: row.couponDiscountCents,
    shippingCents: row.shippingCents,
    paymentDiscountCents: row.paymentDiscountCents,
    totalCents: row.totalCents,
    trackingCode: row.trackingCode,
    rating: row.rating,
    lines: lines.map((l) => ({ productId: l.productId, title: l.title, imageUrl: l.imageUrl, color: l.color, size: l.size, quantity: l.quantity, unitPriceCents: l.unitPriceCents, lineTotalCents: l.lineTotalCents })),
    payment: payment
      ? {
          status: payment.status,
          cardBrand: payment.cardBrand,
          cardLast4: payment.cardLast4,
          pixCode: payment.pixCode,
          pixExpiresAt: payment.pixExpiresAt?.toISOString() ?? null,
          boletoLine: payment.boletoLine,
          boletoDueDate: payment.boletoDueDate,
          boletoUrl: payment.boletoUrl ?? null,
          failureReason: payment.failureReason,
        }
      : null,
    events: events.map((e) => ({ status: e.status, note: e.note, createdAt: e.createdAt.toISOString() })),
  };
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
  db.select(orderReadColumns).from(orders).where(eq(orders.id, sql.placeholder('id'))).limit(1),
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
// with the store's secret (COOKIE_SECRET, the same on every instance) over the order's own token hash.
const LINK_KEY = Symbol.for('olimpo.orders.linkSecret');
type LinkHolder = { [LINK_KEY]?: Buffer };
export function setOrderLinkSecret(secret: string): void {
  (globalThis as LinkHolder)[LINK_KEY] = Buffer.from(secret, 'utf8');
}
const linkSecret = () => ((globalThis as LinkHolder)[LINK_KEY] ??= crypto.randomBytes(32));
export const TRACKING_LINK_HOURS = 24;
const signLink = (number: string, tokenHash: string, expires: number) =>
  crypto.createHmac('sha256', linkSecret()).update(`acompanhar:${number}:${tokenHash}:${expires}`).digest('base64url');

/** A temporary access token for an order ("a.<expiry>.<signature>"), valid TRACKING_LINK_HOURS. */
export function trackingToken(number: string, accessTokenHash: string, now = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + TRACKING_LINK_HOURS * 3600;
  return `a.${expires}.${signLink(number, accessTokenHash, expires)}`;
}

function trackingTokenOk(token: string, row: OrderRow): boolean {
  const m = /^a\.(\d{10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return false;
  const expires = Number(m[1]);
  return expires * 1000 > Date.now() && safeEqual(signLink(row.number, row.accessTokenHash, expires), m[2]!);
}

/** "Acompanhar pedido": the order whose number and e-mail match (e-mail case-insensitive), else null. */
export async function findOrderByNumberAndEmail(db: Db, number: string, email: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.number, number)).limit(1);
  const match = row && row.anonymizedAt === null && safeEqual(hashToken(row.email.trim().toLowerCase()), hashToken(email.trim().toLowerCase()));
  return match ? row : null;
}

/** An order as its owner, an admin, or whoever holds its access token sees it; otherwise null. */
export async function findOrderFor(db: Db, number: string, viewer: Viewer, token?: string | null): Promise<OrderView | null> {
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
  return trackingTokenOk(token, row) ? maskOrderForTracking(hit.view) : null;
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


/** Returns an order's units to stock (used when it is cancelled). Gives the products whose stock changed. */
export async function restock(tx: Tx | Db, orderId: number): Promise<number[]> {
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  const changed: number[] = [];
  for (const l of lines) {
    if (l.variantId !== null) await tx.update(productVariants).set({ stock: sql`${productVariants.stock} + ${l.quantity}` }).where(eq(productVariants.id, l.variantId));
    if (l.productId !== null) {
      await tx.update(products).set({ stock: sql`${products.stock} + ${l.quantity}` }).where(eq(products.id, l.productId));
      changed.push(l.productId);
    }
  }
  return changed;
}

export type MoveResult = { ok: true } | { ok: false; message: string };

/** The statuses that e-mail the buyer (the outbox writes them with the change). */
const EMAILED: ReadonlySet<OrderStatus> = new Set(['paid', 'shipped', 'delivered', 'cancelled']);

/**
 * Moves a locked order row to a new status inside the caller's transaction: the event, the tracking code,
 * the stock back on cancelling (once: a cancelled order never moves again), the payment record, and the
 * buyer's e-mail in the outbox. The one place where a status changes.
 */
export async function moveLockedOrder(
  tx: Tx,
  row: OrderRow,
  to: OrderStatus,
  opts: { trackingCode?: string | null; note?: string | null; paymentStatus?: 'cancelled' | 'expired'; now?: Date } = {},
): Promise<MoveResult> {
  const from = row.status as OrderStatus;
  if (!canMove(from, to)) return { ok: false, message: `Não é possível mudar de "${STATUS_LABELS[from]}" para "${STATUS_LABELS[to]}".` };
  const trackingCode = opts.trackingCode?.trim() || null;
  if (to === 'shipped' && !trackingCode) return { ok: false, message: 'Informe o código de rastreio para marcar como enviado.' };
  const now = opts.now ?? new Date();
  await tx
    .update(orders)
    .set({ status: to, updatedAt: now, ...(to === 'shipped' ? { trackingCode } : {}) })
    .where(eq(orders.id, row.id));
  const note = opts.note ?? (to === 'shipped' ? `Código de rastreio: ${trackingCode}` : null);
  await tx.insert(orderEvents).values({ orderId: row.id, status: to, note, createdAt: now });
  if (to === 'cancelled') {
    await restock(tx, row.id);
    await tx.update(payments).set({ status: opts.paymentStatus ?? 'cancelled', updatedAt: now }).where(and(eq(payments.orderId, row.id), inArray(payments.status, ['pending', 'authorized'])));
  }
  if (to === 'paid') await tx.update(payments).set({ status: 'paid', paidAt: now, updatedAt: now }).where(eq(payments.orderId, row.id));
  if (EMAILED.has(to)) await queueOrderEmail(tx, row.id, to as Exclude<OrderStatus, 'awaiting_payment' | 'picking'>, { note, trackingCode: to === 'shipped' ? trackingCode : null });
  return { ok: true };
}

/** Moves an order to a new status (admin, payment confirmations), recording the event; cancelling returns the stock once. */
export async function moveOrder(db: Db, number: string, to: OrderStatus, opts: { trackingCode?: string | null; note?: string | null } = {}): Promise<MoveResult> {
  const result = await db.transaction(async (tx): Promise<MoveResult> => {
    const [row] = await tx.select().from(orders).where(eq(orders.number, number)).for('update').limit(1);
    if (!row) return { ok: false, message: 'Pedido não encontrado.' };
    return moveLockedOrder(tx, row, to, opts);
  });
  // The stock came back (after the commit): a product back from zero can reappear in any list.
  if (to === 'cancelled' && result.ok) await catalogChanged(db);
  return result;
}

/** A payment confirmation (webhook): marks a waiting order paid. Repeated confirmations change nothing. */
export async function confirmPayment(db: Db, number: string, amountCents: number): Promise<MoveResult> {
  const [row] = await db.select({ status: orders.status, totalCents: orders.totalCents }).from(orders).where(eq(orders.number, number)).limit(1);
  if (!row) return { ok: false, message: 'Pedido não encontrado.' };
  if (row.totalCents !== amountCents) return { ok: false, message: 'Valor diferente do total do pedido.' };
  if (row.status !== 'awaiting_payment') return { ok: true };
  return moveOrder(db, number, 'paid', { note: 'Pagamento confirmado.' });
}

export async function rateOrder(db: Db, number: string, viewer: Viewer, token: string | null, rating: number): Promise<boolean> {
  // The rating is the buyer's: an admin may read any order, not rate it in the buyer's name.
  const order = await findOrderFor(db, number, { ...viewer, isAdmin: false }, token);
  if (!order) return false;
  await db.update(orders).set({ rating, updatedAt: new Date() }).where(eq(orders.number, number));
  return true;
}

/** LGPD: keeps an order for fiscal records with the buyer's personal data removed. */
export async function anonymizeOrdersOfUser(db: Db, userId: string): Promise<void> {
  await db
    .update(orders)
    .set({ userId: null, email: 'removido@anonimo.invalid', customerName: null, customerCpf: null, customerPhone: null, street: 'Removido', streetNumber: '-', complement: null, neighborhood: 'Removido', anonymizedAt: new Date(), updatedAt: new Date() })
    .where(eq(orders.userId, userId));
}
