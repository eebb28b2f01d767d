// A buyer's return request, from the order page: what may still be returned (bought minus what earlier
// requests not refused already took), which reasons are open (windows.ts, from the order's "Entregue" event),
// and the request itself, checked again on the server and written with its timeline line and e-mail in one
// transaction. Only whoever may open the order (its owner, or a guest's token link) may ask.
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '#src/db/client.server.ts';
import { productVariants } from '../catalog/schema.ts';
import { queueOrderEmail } from '../orders/outbox.server.ts';
import { findOrderFor } from '../orders/read.server.ts';
import type { Viewer } from '../orders/read.server.ts';
import { orderEvents, orderLines, orders } from '../orders/schema.ts';
import { returnLines, returns, returnShipments } from './schema.ts';
import { openReasons, REASON_LABELS, withinWindow } from './windows.ts';
import type { ReturnReason } from './windows.ts';
import { RETURN_STATUS_LABELS, requestedWords } from './wording.ts';
import type { ReturnStatus, ReturnWords } from './wording.ts';
import type { JobQueue } from '#src/platform/job-queue.ts';

export interface ReturnableLine {
  orderLineId: number;
  title: string;
  color: string | null;
  size: string | null;
  unitPriceCents: number;
  bought: number;
  /** Bought minus the units of earlier requests that were not refused. */
  returnable: number;
  /** Footwear (a product with sizes and colours): may be exchanged; the other sizes and colours in stock. */
  alternatives: { variantId: number; color: string; size: string }[] | null;
}

export interface ReturnSummary {
  id: number;
  reason: ReturnReason;
  reasonLabel: string;
  status: ReturnStatus;
  statusLabel: string;
  comment: string | null;
  decisionNote: string | null;
  authorizationCode: string | null;
  /** Table mode: the Correios reverse-logistics code the owner typed on approval. */
  correiosCode: string | null;
  /** The reverse label the store bought (carrier mode): its PDF and the Correios posting code. */
  label: ReturnLabel | null;
  /** Why the last label purchase failed (the owner retries it). */
  labelError: string | null;
  /** A reverse label is being bought (or its purchase failed and waits for the owner's retry). */
  labelPending: boolean;
  /** The buyer's own postage added to the refund. */
  postageRefundCents: number;
  /** The store pays the return postage (every reason today). */
  postageByStore: boolean;
  refundCents: number | null;
  refundedAt: string | null;
  exchangeOrderNumber: string | null;
  createdAt: string;
  items: { title: string; quantity: number }[];
}

export interface ReturnOptions {
  orderId: number;
  orderNumber: string;
  deliveredAt: Date | null;
  reasons: ReturnReason[];
  lines: ReturnableLine[];
  returns: ReturnSummary[];
}

/** When the order was delivered: its latest "Entregue" event. */
async function deliveredAt(db: Db | Tx, orderId: number): Promise<Date | null> {
  const [e] = await db
    .select({ at: orderEvents.createdAt })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.status, 'delivered')))
    .orderBy(desc(orderEvents.id))
    .limit(1);
  return e?.at ?? null;
}

/** Units of each order line already in a request that was not refused. */
async function unitsTaken(db: Db | Tx, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ lineId: returnLines.orderLineId, units: sql<number>`sum(${returnLines.quantity})::int` })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(and(eq(returns.orderId, orderId), ne(returns.status, 'refused')))
    .groupBy(returnLines.orderLineId);
  return new Map(rows.map((r) => [r.lineId, r.units]));
}

async function readLines(db: Db | Tx, orderId: number): Promise<ReturnableLine[]> {
  // One statement after the other: inside a transaction they share one connection.
  const lines = await db
    .select({
      id: orderLines.id,
      title: orderLines.title,
      color: orderLines.color,
      size: orderLines.size,
      unitPriceCents: orderLines.unitPriceCents,
      quantity: orderLines.quantity,
      productId: orderLines.productId,
      variantId: orderLines.variantId,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
  const taken = await unitsTaken(db, orderId);
  const footwear = [...new Set(lines.filter((l) => l.variantId !== null && l.productId !== null).map((l) => l.productId!))];
  const variants = footwear.length
    ? await db
        .select({ id: productVariants.id, productId: productVariants.productId, color: productVariants.color, size: productVariants.size, stock: productVariants.stock })
        .from(productVariants)
        .where(inArray(productVariants.productId, footwear))
        .orderBy(asc(productVariants.id))
    : [];
  return lines.map((l) => ({
    orderLineId: l.id,
    title: l.title,
    color: l.color,
    size: l.size,
    unitPriceCents: l.unitPriceCents,
    bought: l.quantity,
    returnable: Math.max(0, l.quantity - (taken.get(l.id) ?? 0)),
    alternatives:
      l.variantId === null ? null : variants.filter((v) => v.productId === l.productId && v.id !== l.variantId && v.stock > 0).map((v) => ({ variantId: v.id, color: v.color, size: v.size })),
  }));
}

export interface ReturnLabel {
  url: string;
  trackingCode: string;
  carrier: string | null;
}

/** The reverse labels of these returns: a bought one (PDF and posting code) or the last attempt's error. */
export async function labelsOf(db: Db | Tx, ids: number[]): Promise<Map<number, { label: ReturnLabel | null; error: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(returnShipments).where(inArray(returnShipments.returnId, ids));
  return new Map(rows.map((r) => [r.returnId, { label: r.labelUrl && r.trackingCode ? { url: r.labelUrl, trackingCode: r.trackingCode, carrier: r.carrier } : null, error: r.lastError }]));
}

/** The order's returns, newest first, with their items. */
export async function listOrderReturns(db: Db | Tx, orderId: number): Promise<ReturnSummary[]> {
  const rows = await db.select().from(returns).where(eq(returns.orderId, orderId)).orderBy(desc(returns.id));
  if (rows.length === 0) return [];
  const items = await db
    .select({ returnId: returnLines.returnId, title: orderLines.title, quantity: returnLines.quantity })
    .from(returnLines)
    .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
    .where(
      inArray(
        returnLines.returnId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(returnLines.id));
  const labels = await labelsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    toSummary(
      r,
      items.filter((i) => i.returnId === r.id),
      labels.get(r.id),
    ),
  );
}

export function toSummary(r: typeof returns.$inferSelect, items: { title: string; quantity: number }[], label?: { label: ReturnLabel | null; error: string | null }): ReturnSummary {
  return {
    id: r.id,
    reason: r.reason as ReturnReason,
    reasonLabel: REASON_LABELS[r.reason as ReturnReason],
    status: r.status as ReturnStatus,
    statusLabel: RETURN_STATUS_LABELS[r.status as ReturnStatus],
    comment: r.comment,
    decisionNote: r.decisionNote,
    authorizationCode: r.authorizationCode,
    correiosCode: r.correiosCode,
    label: label?.label ?? null,
    labelError: label?.label ? null : (label?.error ?? null),
    labelPending: label !== undefined && label.label === null,
    postageRefundCents: r.postageRefundCents,
    postageByStore: r.postagePaidBy === 'store',
    refundCents: r.refundCents,
    refundedAt: r.refundedAt?.toISOString() ?? null,
    exchangeOrderNumber: r.exchangeOrderNumber,
    createdAt: r.createdAt.toISOString(),
    items: items.map((i) => ({ title: i.title, quantity: i.quantity })),
  };
}

async function optionsOf(db: Db | Tx, order: { id: number; number: string; status: string }, now: Date): Promise<ReturnOptions> {
  const delivered = await deliveredAt(db, order.id);
  const lines = await readLines(db, order.id);
  const list = await listOrderReturns(db, order.id);
  const open = order.status === 'delivered' && lines.some((l) => l.returnable > 0);
  const hasFootwear = lines.some((l) => l.alternatives !== null && l.returnable > 0);
  return { orderId: order.id, orderNumber: order.number, deliveredAt: delivered, reasons: open ? openReasons(delivered, now, { hasFootwear }) : [], lines, returns: list };
}

/** What the buyer may return from this order now; null when the viewer may not open the order. */
export async function returnOptions(db: Db, number: string, viewer: Viewer, token: string | null, linkSecret: string, now = new Date()): Promise<ReturnOptions | null> {
  // An admin reads any order, but asks no return in the buyer's name.
  const view = await findOrderFor(db, number, { ...viewer, isAdmin: false }, token, linkSecret);
  if (!view) return null;
  const [order] = await db.select({ id: orders.id, number: orders.number, status: orders.status }).from(orders).where(eq(orders.number, number)).limit(1);
  return order ? optionsOf(db, order, now) : null;
}

export interface ReturnRequestInput {
  reason: ReturnReason;
  comment: string | null;
  /** Units per order line; lines at 0 are left out. An exchange names the size and colour wanted per line. */
  lines: { orderLineId: number; quantity: number; wantedVariantId?: number | null }[];
}

export type RequestResult = { ok: true; returnId: number } | { ok: false; status: 400 | 404 | 409; message: string };

export const REQUEST_MESSAGES = {
  notFound: 'Pedido não encontrado.',
  notDelivered: 'A devolução pode ser pedida depois que o pedido é entregue.',
  windowClosed: (reason: ReturnReason) => `O prazo para pedir devolução por "${REASON_LABELS[reason]}" terminou.`,
  noItems: 'Escolha ao menos um item e a quantidade a devolver.',
  tooMany: (title: string, max: number) => `"${title}": você pode devolver no máximo ${max} unidade${max === 1 ? '' : 's'}.`,
  unknownLine: 'Item que não é deste pedido.',
  exchangeOnlyFootwear: 'A troca de tamanho ou cor vale para calçados, e este pedido não tem itens a trocar.',
  exchangeNotFootwear: (title: string) => `"${title}" não tem outro tamanho ou cor: a troca vale para calçados.`,
  exchangeVariant: (title: string) => `Escolha o tamanho e a cor que você quer em troca de "${title}".`,
} as const;

/** Asks for a return: checked against the order, the windows and what is left to return, under the order's lock. */
export async function requestReturn(
  db: Db,
  number: string,
  viewer: Viewer,
  token: string | null,
  linkSecret: string,
  input: ReturnRequestInput,
  now = new Date(),
  jobs: JobQueue | null = null,
): Promise<RequestResult> {
  const view = await findOrderFor(db, number, { ...viewer, isAdmin: false }, token, linkSecret);
  if (!view) return { ok: false, status: 404, message: REQUEST_MESSAGES.notFound };
  const wanted = input.lines.filter((l) => l.quantity > 0);
  if (wanted.length === 0) return { ok: false, status: 400, message: REQUEST_MESSAGES.noItems };
  return db.transaction(async (tx): Promise<RequestResult> => {
    // The order's row lock: two requests of the same order (two tabs) count what is left one after the other.
    const [order] = await tx.select({ id: orders.id, number: orders.number, status: orders.status }).from(orders).where(eq(orders.number, number)).for('update').limit(1);
    if (!order) return { ok: false, status: 404, message: REQUEST_MESSAGES.notFound };
    if (order.status !== 'delivered') return { ok: false, status: 409, message: REQUEST_MESSAGES.notDelivered };
    const options = await optionsOf(tx, order, now);
    if (!options.reasons.includes(input.reason)) {
      const stillOpen = options.deliveredAt !== null && withinWindow(options.deliveredAt, input.reason, now);
      return { ok: false, status: 409, message: stillOpen ? REQUEST_MESSAGES.exchangeOnlyFootwear : REQUEST_MESSAGES.windowClosed(input.reason) };
    }
    const byId = new Map(options.lines.map((l) => [l.orderLineId, l]));
    for (const w of wanted) {
      const line = byId.get(w.orderLineId);
      if (!line) return { ok: false, status: 400, message: REQUEST_MESSAGES.unknownLine };
      if (w.quantity > line.returnable) return { ok: false, status: 409, message: REQUEST_MESSAGES.tooMany(line.title, line.returnable) };
      if (input.reason === 'exchange') {
        if (line.alternatives === null) return { ok: false, status: 400, message: REQUEST_MESSAGES.exchangeNotFootwear(line.title) };
        if (!line.alternatives.some((a) => a.variantId === w.wantedVariantId)) return { ok: false, status: 400, message: REQUEST_MESSAGES.exchangeVariant(line.title) };
      }
    }
    const [created] = await tx
      .insert(returns)
      .values({ orderId: order.id, reason: input.reason, comment: input.comment, status: 'requested', createdAt: now, updatedAt: now })
      .returning({ id: returns.id });
    const id = created!.id;
    await tx
      .insert(returnLines)
      .values(wanted.map((w) => ({ returnId: id, orderLineId: w.orderLineId, quantity: w.quantity, wantedVariantId: input.reason === 'exchange' ? (w.wantedVariantId ?? null) : null })));
    const words = requestedWords(wordsOf(id, order.number, input.reason, wanted, byId));
    await recordStep(tx, order.id, id, 'requested', words, now, jobs);
    return { ok: true, returnId: id };
  });
}

function wordsOf(id: number, orderNumber: string, reason: ReturnReason, wanted: { orderLineId: number; quantity: number }[], byId: Map<number, ReturnableLine>): ReturnWords {
  return { id, orderNumber, reason, items: wanted.map((w) => `${w.quantity} x ${byId.get(w.orderLineId)?.title ?? ''}`) };
}

/** A step of a return: its line in the order's timeline and the buyer's e-mail, in the caller's transaction. */
export async function recordStep(
  tx: Tx,
  orderId: number,
  returnId: number,
  step: 'requested' | 'approved' | 'label' | 'refused' | 'received' | 'refunded' | 'exchange',
  words: { note: string; subject?: string; paragraphs?: string[] },
  now: Date,
  jobs: JobQueue | null,
): Promise<void> {
  await tx.insert(orderEvents).values({ orderId, status: `return_${step}`, note: words.note, createdAt: now });
  if (words.subject) await queueOrderEmail(tx, orderId, `return:${returnId}:${step}`, { subject: words.subject, paragraphs: words.paragraphs ?? [] }, jobs);
}
