// Moving orders: status changes (cancelling returns the stock), ratings, payment confirmations and the LGPD
// anonymization. Reading orders is read.server.ts; the shape readers get is view.ts.
import type { CatalogChanges } from '../catalog/changes.server.ts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '#src/db/client.server.ts';
import { products, productVariants } from '../catalog/schema.ts';
import { payments } from '../payments/schema.ts';
import { orderEvents, orderLines, orders } from './schema.ts';
import { canMove, STATUS_LABELS } from './status.ts';
import { queueOrderEmail } from './outbox.server.ts';
import { enqueueInvoicing } from './invoicing-job.ts';
import type { JobQueue } from '#src/platform/job-queue.ts';
import { findOrderFor } from './read.server.ts';
import type { Viewer } from './read.server.ts';
import type { OrderRow } from './view.ts';
import type { OrderStatus } from './status.ts';

/** Returns an order's units to stock (used when it is cancelled). Gives the products whose stock changed. */
export async function restock(tx: Tx | Db, orderId: number): Promise<number[]> {
  return restockLines(tx, await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)));
}

/** Returns these order lines' units to stock (a cancellation's, a return's received items). Gives the products whose stock changed. */
export async function restockLines(tx: Tx | Db, lines: readonly { quantity: number; productId: number | null; variantId: number | null }[]): Promise<number[]> {
  const changed: number[] = [];
  for (const l of lines) {
    if (l.variantId !== null)
      await tx
        .update(productVariants)
        .set({ stock: sql`${productVariants.stock} + ${l.quantity}` })
        .where(eq(productVariants.id, l.variantId));
    if (l.productId !== null) {
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} + ${l.quantity}` })
        .where(eq(products.id, l.productId));
      changed.push(l.productId);
    }
  }
  return changed;
}

export type MoveResult = { ok: true } | { ok: false; message: string };

/** The statuses that e-mail the buyer (the outbox writes them with the change). */
const EMAILED: ReadonlySet<OrderStatus> = new Set(['paid', 'invoiced', 'shipped', 'delivered', 'cancelled']);

/**
 * Moves a locked order row to a new status inside the caller's transaction: the event, the tracking code,
 * the stock back on cancelling (once: a cancelled order never moves again), the payment record, and the
 * buyer's e-mail in the outbox. The one place where a status changes.
 */
export async function moveLockedOrder(
  tx: Tx,
  row: OrderRow,
  to: OrderStatus,
  opts: { trackingCode?: string | null; note?: string | null; paymentStatus?: 'cancelled' | 'expired'; now?: Date; jobs: JobQueue | null },
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
    await tx
      .update(payments)
      .set({ status: opts.paymentStatus ?? 'cancelled', updatedAt: now })
      .where(and(eq(payments.orderId, row.id), inArray(payments.status, ['pending', 'authorized'])));
  }
  if (to === 'paid') {
    await tx.update(payments).set({ status: 'paid', paidAt: now, updatedAt: now }).where(eq(payments.orderId, row.id));
    await enqueueInvoicing(tx, row.id, opts.jobs);
  }
  if (EMAILED.has(to)) await queueOrderEmail(tx, row.id, to as Exclude<OrderStatus, 'awaiting_payment' | 'picking'>, { note, trackingCode: to === 'shipped' ? trackingCode : null }, opts.jobs);
  return { ok: true };
}

/** Moves an order to a new status (admin, payment confirmations), recording the event; cancelling returns the stock once. */
/** `opts.jobs`: the process's job queue (Services.jobs, a job's context) for the e-mail and invoicing jobs; null: their sweeps. */
type MoveOptions = { trackingCode?: string | null; note?: string | null; jobs: JobQueue | null };
/** Cancelling returns the stock: `catalogChanges` (Services.catalogChanges; null where nobody listens) tells the pages. */
export async function moveOrder(db: Db, number: string, to: 'cancelled', opts: MoveOptions & { catalogChanges: CatalogChanges | null }): Promise<MoveResult>;
export async function moveOrder(db: Db, number: string, to: Exclude<OrderStatus, 'cancelled'>, opts: MoveOptions): Promise<MoveResult>;
export async function moveOrder(db: Db, number: string, to: OrderStatus, opts: MoveOptions & { catalogChanges?: CatalogChanges | null }): Promise<MoveResult> {
  const result = await db.transaction(async (tx): Promise<MoveResult> => {
    const [row] = await tx.select().from(orders).where(eq(orders.number, number)).for('update').limit(1);
    if (!row) return { ok: false, message: 'Pedido não encontrado.' };
    return moveLockedOrder(tx, row, to, opts);
  });
  // The stock came back (after the commit): a product back from zero can reappear in any list.
  if (to === 'cancelled' && result.ok) await opts.catalogChanges?.announce();
  return result;
}

/** A payment confirmation (webhook): marks a waiting order paid. Repeated confirmations change nothing. */
export async function confirmPayment(db: Db, number: string, amountCents: number, jobs: JobQueue | null): Promise<MoveResult> {
  const [row] = await db.select({ status: orders.status, totalCents: orders.totalCents }).from(orders).where(eq(orders.number, number)).limit(1);
  if (!row) return { ok: false, message: 'Pedido não encontrado.' };
  if (row.totalCents !== amountCents) return { ok: false, message: 'Valor diferente do total do pedido.' };
  if (row.status !== 'awaiting_payment') return { ok: true };
  return moveOrder(db, number, 'paid', { note: 'Pagamento confirmado.', jobs });
}

export async function rateOrder(db: Db, number: string, viewer: Viewer, token: string | null, rating: number, linkSecret?: string): Promise<boolean> {
  // The rating is the buyer's: an admin may read any order, not rate it in the buyer's name.
  const order = await findOrderFor(db, number, { ...viewer, isAdmin: false }, token, linkSecret);
  if (!order) return false;
  await db.update(orders).set({ rating, updatedAt: new Date() }).where(eq(orders.number, number));
  return true;
}

/** LGPD: keeps an order for fiscal records with the buyer's personal data removed. */
export async function anonymizeOrdersOfUser(db: Db, userId: string): Promise<void> {
  await db
    .update(orders)
    .set({
      userId: null,
      email: 'removido@anonimo.invalid',
      customerName: null,
      customerCpf: null,
      customerPhone: null,
      street: 'Removido',
      streetNumber: '-',
      complement: null,
      neighborhood: 'Removido',
      anonymizedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(orders.userId, userId));
}
