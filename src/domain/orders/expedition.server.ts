// Expedição: the paid orders waiting to leave, and shipping them. With a carrier provider (Melhor Envio)
// the owner buys labels for one or many orders (labels.server.ts); with the embedded table there is no
// carrier to buy from, so the store prints its own label (labelSheets) and the owner types the Correios code
// (shipWithTrackingCode). Either way the order reaches "Enviado" through the status machine, with its e-mail.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '#src/db/client.server.ts';
import { products } from '../catalog/schema.ts';
import { shippingLabelOf } from '../shipping/table.ts';
import { moveLockedOrder } from './orders.server.ts';
import type { MoveResult } from './orders.server.ts';
import { orderLines, orderShipments, orders } from './schema.ts';
import type { OrderStatus } from './status.ts';
import type { OrderRow } from './view.ts';
import type { JobQueue } from '#src/platform/job-queue.ts';

/**
 * The statuses Expedição lists: invoiced (no parcel leaves without its nota fiscal) and not yet shipped. A paid
 * order whose nota was refused waits in /Admin/Pedidos with the SEFAZ message.
 */
export const TO_SHIP: OrderStatus[] = ['invoiced', 'picking'];

/** The access keys of orders' authorised notas, by order number (the invoicing domain's, passed in). */
export type InvoiceKeys = (orderNumbers: string[]) => Promise<Map<string, string>>;
const LIST_LIMIT = 200;

export interface OrderToShip {
  number: string;
  status: OrderStatus;
  createdAt: Date;
  name: string;
  city: string;
  state: string;
  cep: string;
  shippingLabel: string;
  /** The option was a carrier's (Melhor Envio's service), so a label can be bought for it. */
  carrierService: string | null;
  /** The parcel's weight from the products' boxed weights; null when a product has none. */
  weightGrams: number | null;
  shipment: { labelUrl: string | null; trackingCode: string | null; lastError: string | null; purchased: boolean } | null;
}

/** The Melhor Envio service id of an order's option ("me-2" → "2"), or null for the table's and pickup. */
export function carrierServiceOf(shippingMethod: string): string | null {
  return /^me-(\d+)$/.exec(shippingMethod)?.[1] ?? null;
}

/** Each order's parcel weight in grams (null when a product has no boxed weight), by order id. */
async function weightsOf(db: Db, orderIds: number[]): Promise<Map<number, number | null>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: orderLines.orderId,
      grams: sql<number>`sum(${products.shippingWeightGrams} * ${orderLines.quantity})::int`,
      missing: sql<boolean>`bool_or(${products.shippingWeightGrams} is null)`,
    })
    .from(orderLines)
    .leftJoin(products, eq(products.id, orderLines.productId))
    .where(inArray(orderLines.orderId, orderIds))
    .groupBy(orderLines.orderId);
  return new Map(rows.map((r) => [r.orderId, r.missing ? null : Number(r.grams)]));
}

/** Paid orders not yet shipped, oldest first (the first to pack), with their label's state. Pickup orders leave out. */
export async function listOrdersToShip(db: Db): Promise<OrderToShip[]> {
  const rows = await db
    .select({ order: orders, shipment: orderShipments })
    .from(orders)
    .leftJoin(orderShipments, eq(orderShipments.orderId, orders.id))
    .where(and(inArray(orders.status, TO_SHIP), sql`${orders.shippingMethod} <> 'pickup'`))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(LIST_LIMIT);
  const weights = await weightsOf(
    db,
    rows.map((r) => r.order.id),
  );
  return rows.map(({ order: o, shipment: s }) => ({
    number: o.number,
    status: o.status as OrderStatus,
    createdAt: o.createdAt,
    name: o.customerName ?? o.email,
    city: o.city,
    state: o.state,
    cep: o.cep,
    shippingLabel: shippingLabelOf(o.shippingMethod, o.shippingLabel),
    carrierService: carrierServiceOf(o.shippingMethod),
    weightGrams: weights.get(o.id) ?? null,
    shipment: s ? { labelUrl: s.labelUrl, trackingCode: s.trackingCode, lastError: s.lastError, purchased: s.purchasedAt !== null } : null,
  }));
}

/**
 * Ships an invoiced order with the code the owner typed (the table's flow: the store's own label, posted at
 * the Correios): "Faturado" passes through "Em separação" to "Enviado" in one transaction, with the e-mail.
 */
/** `opts.jobs`: the process's job queue (Services.jobs) for the "Enviado" e-mail; null: the e-mail sweep. */
export async function shipWithTrackingCode(db: Db, number: string, trackingCode: string, opts: { note?: string; now?: Date; jobs: JobQueue | null }): Promise<MoveResult> {
  return db.transaction(async (tx): Promise<MoveResult> => {
    const [row] = await tx.select().from(orders).where(eq(orders.number, number)).for('update').limit(1);
    if (!row) return { ok: false, message: 'Pedido não encontrado.' };
    return shipLockedOrder(tx, row, trackingCode, opts);
  });
}

/** shipWithTrackingCode on a row the caller's transaction locked. */
export async function shipLockedOrder(tx: Tx, row: OrderRow, trackingCode: string, opts: { note?: string; now?: Date; jobs: JobQueue | null }): Promise<MoveResult> {
  if (!trackingCode.trim()) return { ok: false, message: 'Informe o código de rastreio para marcar como enviado.' };
  let current = row;
  if (row.status === 'invoiced') {
    const picked = await moveLockedOrder(tx, row, 'picking', { now: opts.now, jobs: opts.jobs });
    if (!picked.ok) return picked;
    current = { ...row, status: 'picking' };
  }
  return moveLockedOrder(tx, current, 'shipped', { trackingCode, note: opts.note, now: opts.now, jobs: opts.jobs });
}

export interface LabelSheet {
  number: string;
  recipient: { name: string; phone: string | null; street: string; number: string; complement: string | null; neighborhood: string; city: string; state: string; cep: string };
  shippingLabel: string;
  weightGrams: number | null;
  contents: { title: string; quantity: number; unitPriceCents: number }[];
  declaredCents: number;
  /** The NF-e's access key, printed on the label (null: no authorised nota, the declaração de conteúdo stands). */
  invoiceKey: string | null;
}

/** What the store's own shipping label prints for each order (recipient, weight, declaração de conteúdo). */
export async function labelSheets(db: Db, numbers: string[], invoiceKeys?: InvoiceKeys): Promise<LabelSheet[]> {
  if (numbers.length === 0) return [];
  const keys = invoiceKeys ? await invoiceKeys(numbers) : new Map<string, string>();
  const rows = await db.select().from(orders).where(inArray(orders.number, numbers)).orderBy(asc(orders.createdAt), asc(orders.id));
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [lines, weights] = await Promise.all([
    db
      .select({ orderId: orderLines.orderId, title: orderLines.title, quantity: orderLines.quantity, unitPriceCents: orderLines.unitPriceCents })
      .from(orderLines)
      .where(inArray(orderLines.orderId, ids))
      .orderBy(asc(orderLines.id)),
    weightsOf(db, ids),
  ]);
  return rows.map((o) => {
    const contents = lines.filter((l) => l.orderId === o.id).map(({ title, quantity, unitPriceCents }) => ({ title, quantity, unitPriceCents }));
    return {
      number: o.number,
      recipient: {
        name: o.customerName ?? o.email,
        phone: o.customerPhone,
        street: o.street,
        number: o.streetNumber,
        complement: o.complement,
        neighborhood: o.neighborhood,
        city: o.city,
        state: o.state,
        cep: o.cep,
      },
      shippingLabel: shippingLabelOf(o.shippingMethod, o.shippingLabel),
      weightGrams: weights.get(o.id) ?? null,
      contents,
      declaredCents: contents.reduce((s, c) => s + c.unitPriceCents * c.quantity, 0),
      invoiceKey: keys.get(o.number) ?? null,
    };
  });
}

/** The order's bought label, for the back office: carrier, service and the PDF link; null when none was bought. */
export async function shipmentOf(db: Db, number: string): Promise<{ carrier: string | null; service: string | null; labelUrl: string | null } | null> {
  const [row] = await db
    .select({ carrier: orderShipments.carrier, service: orderShipments.service, labelUrl: orderShipments.labelUrl })
    .from(orderShipments)
    .innerJoin(orders, eq(orders.id, orderShipments.orderId))
    .where(and(eq(orders.number, number), sql`${orderShipments.purchasedAt} is not null`))
    .limit(1);
  return row ?? null;
}
