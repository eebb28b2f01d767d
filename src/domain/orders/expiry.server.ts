// Unpaid orders die on time: a job for the end of the order's deadline window (EXPIRY_WINDOW_SECONDS in
// expiry.ts), enqueued in the transaction of the first order that falls in that window on this process,
// expires every order due by then; a sweep every minute catches anything overdue whose job was lost.
// Expiring locks the order row and cancels it only while it still waits for payment, so two instances (or
// the jobs and the sweep) never return the stock twice; the cancellation writes the buyer's e-mail in the
// outbox in the same transaction.
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Db, Tx } from '#src/db/client.server.ts';
import type { JobQueue } from '#src/platform/job-queue.ts';
import { payments } from '../payments/schema.ts';
import { boletoDeadline, EXPIRED_NOTE, expiryWindowEnd } from './expiry.ts';
import { moveLockedOrder } from './orders.server.ts';
import type { CatalogChanges } from '../catalog/changes.server.ts';
import { orders } from './schema.ts';

/** One order's expiry: the job earlier versions enqueued with each order (those still queued run as before). */
export const EXPIRE_ORDER_JOB = 'orders.expire';
/** Every order due by `until`, run at `until`: the end of a deadline window. */
export const EXPIRE_DUE_ORDERS_JOB = 'orders.expire-due';
export const SWEEP_EXPIRED_ORDERS_JOB = 'orders.sweep-expired';
/**
 * The windows whose job this process has seen committed, per runner (one runner per database): later orders
 * in them need no job of their own. Forgotten at a restart, which then costs one job per window again.
 */
// Keyed by the runner's enqueue, which the serving process's runner and its jobs' contexts share.
const windowsWithJob = new WeakMap<JobQueue['enqueue'], Set<number>>();

/**
 * Makes sure a job will expire an order due at `at`: enqueues its window's job in the caller's transaction,
 * unless this process already committed one. Returns the window to pass to `expiryScheduled` once that
 * transaction has committed (null when nothing was enqueued). No runner: the sweep still finds the order.
 */
export async function scheduleExpiry(tx: Tx | Db, at: Date, runner: JobQueue | null): Promise<number | null> {
  if (!runner) return null;
  const until = expiryWindowEnd(at);
  if (windowsWithJob.get(runner.enqueue)?.has(until.getTime())) return null;
  await runner.enqueue(EXPIRE_DUE_ORDERS_JOB, { until: until.toISOString() }, { tx, startAfter: until });
  return until.getTime();
}

/** After the transaction that enqueued a window's job committed: this process's later orders in it skip theirs. */
export function expiryScheduled(window: number | null, runner: JobQueue | null): void {
  if (window === null || !runner) return;
  let windows = windowsWithJob.get(runner.enqueue);
  if (!windows) windowsWithJob.set(runner.enqueue, (windows = new Set()));
  // Windows already run are dropped (a PIX's window is PIX_EXPIRY_MINUTES ahead, a boleto's days ahead).
  const now = Date.now();
  for (const w of windows) if (w < now) windows.delete(w);
  windows.add(window);
}

type OrderRow = typeof orders.$inferSelect;

/** The moment an order stops waiting: the payment's own deadline when the provider gave one, else the order's. */
function deadlineOf(row: OrderRow, payment: { pixExpiresAt: Date | null; boletoDueDate: string | null } | undefined): Date | null {
  if (row.paymentMethod === 'pix' && payment?.pixExpiresAt) return payment.pixExpiresAt;
  if (row.paymentMethod === 'boleto' && payment?.boletoDueDate) return boletoDeadline(payment.boletoDueDate);
  return row.expiresAt;
}

export type ExpireResult = 'expired' | 'not-due' | 'not-waiting' | 'missing';

/** Cancels one unpaid order whose deadline has passed ("pagamento não confirmado no prazo"), returning its stock once. */
/**
 * `runner`: the process's job queue (Services.jobs, a job's context), or null (the sweep of a running shop).
 * `changes`: the catalog change event (Services.catalogChanges, a job's context), or null where nobody listens.
 */
export async function expireOrder(db: Db, orderId: number, runner: JobQueue | null, changes: CatalogChanges | null, now = new Date()): Promise<ExpireResult> {
  const result = await db.transaction(async (tx): Promise<ExpireResult> => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
    if (!row) return 'missing';
    if (row.status !== 'awaiting_payment') return 'not-waiting';
    const [payment] = await tx.select({ pixExpiresAt: payments.pixExpiresAt, boletoDueDate: payments.boletoDueDate }).from(payments).where(eq(payments.orderId, orderId)).limit(1);
    const deadline = deadlineOf(row, payment);
    if (!deadline) return 'not-waiting';
    if (now < deadline) {
      // The provider gave a later deadline than the one scheduled: move the order's and run again then.
      if (row.expiresAt?.getTime() !== deadline.getTime()) {
        await tx.update(orders).set({ expiresAt: deadline }).where(eq(orders.id, orderId));
        await scheduleExpiry(tx, deadline, runner);
      }
      return 'not-due';
    }
    const moved = await moveLockedOrder(tx, row, 'cancelled', { note: EXPIRED_NOTE, paymentStatus: 'expired', now, jobs: runner });
    return moved.ok ? 'expired' : 'not-waiting';
  });
  // The stock came back: cached pages and searches (every instance) show it again.
  if (result === 'expired') await changes?.announce();
  return result;
}

/** How many overdue orders one pass reads; a window's job and the sweep go on while passes come back full. */
const DUE_PAGE = 200;
const MAX_PASSES = 50;

/** The sweep, and a window's job: expires every order still waiting past its deadline. */
export async function expireOverdueOrders(db: Db, runner: JobQueue | null, changes: CatalogChanges | null, now = new Date()): Promise<number> {
  let expired = 0;
  // Each pass leaves none of its orders due (expired, paid meanwhile, or given the later deadline its
  // provider set), so the next pass reads new ones.
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const due = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, 'awaiting_payment'), lte(orders.expiresAt, now)))
      .orderBy(asc(orders.expiresAt))
      .limit(DUE_PAGE);
    for (const { id } of due) if ((await expireOrder(db, id, runner, changes, now)) === 'expired') expired++;
    if (due.length < DUE_PAGE) break;
  }
  return expired;
}
