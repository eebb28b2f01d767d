// Unpaid orders die on time: a job enqueued with the order (in its transaction) for its deadline, and a
// sweep every minute for anything overdue whose job was lost. Expiring locks the order row and cancels it
// only while it still waits for payment, so two instances (or the job and the sweep) never return the
// stock twice; the cancellation writes the buyer's e-mail in the outbox in the same transaction.
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.server.ts';
import { maybeJobRunner } from '../../platform/job-runner.server.ts';
import type { JobRunner } from '../../platform/job-runner.server.ts';
import { payments } from '../payments/schema.ts';
import { boletoDeadline, EXPIRED_NOTE } from './expiry.ts';
import { moveLockedOrder } from './orders.server.ts';
import { catalogChanged } from '../catalog/changes.server.ts';
import { orders } from './schema.ts';

export const EXPIRE_ORDER_JOB = 'orders.expire';
export const SWEEP_EXPIRED_ORDERS_JOB = 'orders.sweep-expired';

/** Schedules an order's expiry in the caller's transaction (no runner: the sweep still finds it). */
export async function scheduleExpiry(tx: Tx | Db, orderId: number, at: Date, runner: JobRunner | null = maybeJobRunner()): Promise<void> {
  if (!runner) return;
  await runner.enqueue(EXPIRE_ORDER_JOB, { orderId }, { tx, startAfter: at });
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
export async function expireOrder(db: Db, orderId: number, now = new Date(), runner: JobRunner | null = maybeJobRunner()): Promise<ExpireResult> {
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
        await scheduleExpiry(tx, orderId, deadline, runner);
      }
      return 'not-due';
    }
    const moved = await moveLockedOrder(tx, row, 'cancelled', { note: EXPIRED_NOTE, paymentStatus: 'expired', now });
    return moved.ok ? 'expired' : 'not-waiting';
  });
  // The stock came back: cached pages and searches (every instance) show it again.
  if (result === 'expired') await catalogChanged(db);
  return result;
}

/** The sweep: expires every order still waiting past its deadline. */
export async function expireOverdueOrders(db: Db, now = new Date(), runner: JobRunner | null = maybeJobRunner()): Promise<number> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'awaiting_payment'), lte(orders.expiresAt, now)))
    .orderBy(asc(orders.expiresAt))
    .limit(200);
  let expired = 0;
  for (const { id } of due) if ((await expireOrder(db, id, now, runner)) === 'expired') expired++;
  return expired;
}
