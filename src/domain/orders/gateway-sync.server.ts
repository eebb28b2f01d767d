// What a gateway says about a payment, applied to our order: the webhook and the reconciliation job both
// end here, always with the payment as read back from the gateway (never a notification's body). Only the
// gateway's status, external_reference (our order number) and amount count:
//   approved, same amount      → paid (once; a repeat finds the order already paid)
//   approved, other amount     → recorded, NOT paid
//   approved, order cancelled  → refunded (the buyer paid an order that had already expired or been cancelled)
//   rejected / cancelled       → the order is cancelled with the reason and its stock returns
//   refunded / charged_back    → the order is cancelled and its stock returns (before shipping)
// Everything is idempotent: each distinct observation is written once to payment_events, and the order
// moves only along the status machine (status.ts), under its row lock.
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { qualified } from '#src/db/qualified.ts';
import { declineReason } from '../payments/mercadopago.server.ts';
import type { GatewayPayment, PaymentProvider } from '../payments/provider.ts';
import { paymentEvents, payments } from '../payments/schema.ts';
import { confirmPayment, moveOrder } from './orders.server.ts';
import { orders } from './schema.ts';
import type { JobQueue } from '#src/platform/job-queue.ts';
import type { CatalogChanges } from '#src/domain/catalog/changes.server.ts';

export type SyncOutcome = 'paid' | 'already_applied' | 'pending' | 'cancelled' | 'refunded' | 'refunded_late_payment' | 'amount_mismatch' | 'other_payment' | 'unknown_order' | 'unknown_payment';

export interface SyncResult {
  outcome: SyncOutcome;
  orderNumber?: string;
}

const PAID = new Set(['approved']);
const FAILED = new Set(['rejected', 'cancelled']);
const REVERSED = new Set(['refunded', 'charged_back']);

/**
 * The amount the gateway approved for an order when it is not the order's total ('amount_mismatch' above): the
 * money arrived and the order was not marked paid, nor is it refunded on its own, so the store must settle it
 * (refund it at the gateway, whose notification then clears this). Null otherwise. SQL over a query of `orders`.
 */
export const divergentPaidCents = sql<number | null>`(select p.provider_amount_cents from ${payments} p
  where p.order_id = ${qualified(orders.id)} and p.provider_status = 'approved'
    and p.provider_amount_cents <> ${qualified(orders.totalCents)} and p.refunded_at is null)`;

/** Reads one payment from the gateway and applies it. Throws when the gateway cannot be reached. */
/** `jobs`: the process's job queue (Services.jobs, a job's context), for the moves' e-mail and invoicing jobs. */
/** `changes`: the catalog change event (Services.catalogChanges, a job's context), for the stock a cancellation returns; null where nobody listens. */
export async function syncGatewayPayment(db: Db, provider: PaymentProvider, paymentId: string, jobs: JobQueue | null, changes: CatalogChanges | null): Promise<SyncResult> {
  if (!provider.getPayment) return { outcome: 'unknown_payment' };
  const gp = await provider.getPayment(paymentId);
  if (!gp) return { outcome: 'unknown_payment' };
  return applyGatewayPayment(db, provider, gp, jobs, changes);
}

export async function applyGatewayPayment(db: Db, provider: PaymentProvider, gp: GatewayPayment, jobs: JobQueue | null, changes: CatalogChanges | null, now = new Date()): Promise<SyncResult> {
  const number = gp.externalReference ?? '';
  if (!/^\d{8}$/.test(number)) return { outcome: 'unknown_order' };
  const [row] = await db
    .select({ orderId: orders.id, orderStatus: orders.status, totalCents: orders.totalCents, payment: payments })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(eq(orders.number, number))
    .limit(1);
  if (!row || row.payment.provider !== provider.name) return { outcome: 'unknown_order', orderNumber: number };
  const payment = row.payment;
  const result = (outcome: SyncOutcome): SyncResult => ({ outcome, orderNumber: number });
  const record = async (outcome: SyncOutcome, detail: string | null = null) => {
    await db.insert(paymentEvents).values({ paymentId: payment.id, providerRef: gp.id, providerStatus: gp.status, amountCents: gp.amountCents, outcome, detail }).onConflictDoNothing();
    return result(outcome);
  };

  // Another payment than the one we created for this order (our charge is keyed, so this is not ours to act on).
  if (payment.providerRef && payment.providerRef !== 'declined' && payment.providerRef !== gp.id) return record('other_payment', `pagamento do pedido: ${payment.providerRef}`);

  // What the gateway said last, and the payment id when a crash lost the charge's answer.
  await db
    .update(payments)
    .set({ providerStatus: gp.status, providerAmountCents: gp.amountCents, providerRef: payment.providerRef && payment.providerRef !== 'declined' ? payment.providerRef : gp.id, updatedAt: now })
    .where(eq(payments.id, payment.id));

  if (PAID.has(gp.status)) {
    if (gp.amountCents !== row.totalCents) return record('amount_mismatch', `pago ${gp.amountCents}, pedido ${row.totalCents}`);
    if (row.orderStatus === 'awaiting_payment') {
      const moved = await confirmPayment(db, number, gp.amountCents, jobs);
      return record(moved.ok ? 'paid' : 'already_applied');
    }
    if (row.orderStatus === 'cancelled' && payment.status !== 'refunded') {
      // Paid after the order was cancelled (expired PIX/boleto, or cancelled by the store): give the money back.
      if (!provider.refund) return record('already_applied', 'pago após o cancelamento; estorno manual necessário');
      const refunded = await provider.refund(gp.id, { idempotencyKey: refundKey(number) });
      if (!refunded.ok) return record('already_applied', `pago após o cancelamento; estorno falhou: ${refunded.message}`);
      await db.update(payments).set({ status: 'refunded', refundRef: refunded.refundRef, refundedAt: now, updatedAt: now }).where(eq(payments.id, payment.id));
      return record('refunded_late_payment');
    }
    return record('already_applied');
  }

  if (FAILED.has(gp.status)) {
    if (row.orderStatus !== 'awaiting_payment') return record('already_applied');
    const reason = gp.status === 'rejected' ? declineReason(gp.statusDetail) : 'Pagamento cancelado no Mercado Pago.';
    await db
      .update(payments)
      .set({ status: gp.status === 'rejected' ? 'declined' : 'cancelled', failureReason: reason, updatedAt: now })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
    const moved = await moveOrder(db, number, 'cancelled', { note: reason, jobs, catalogChanges: changes });
    return record(moved.ok ? 'cancelled' : 'already_applied');
  }

  if (REVERSED.has(gp.status)) {
    if (payment.status !== 'refunded') await db.update(payments).set({ status: 'refunded', refundedAt: now, updatedAt: now }).where(eq(payments.id, payment.id));
    if (!['awaiting_payment', 'paid', 'invoiced', 'picking'].includes(row.orderStatus))
      return record('already_applied', row.orderStatus === 'cancelled' ? null : `estornado com o pedido em ${row.orderStatus}`);
    const moved = await moveOrder(db, number, 'cancelled', {
      note: gp.status === 'charged_back' ? 'Pagamento contestado no cartão (chargeback).' : 'Pagamento estornado.',
      jobs,
      catalogChanges: changes,
    });
    return record(moved.ok ? 'refunded' : 'already_applied');
  }

  return record('pending');
}

/** One refund per order, whoever asks (the admin, or a payment that arrived after cancelling). */
export const refundKey = (orderNumber: string) => `olimpo-refund-${orderNumber}`;

export interface ReconcileSummary {
  checked: number;
  changed: number;
  failed: number;
}

/**
 * Asks the gateway about our payments still waiting (oldest check first), so a lost webhook never leaves
 * a paid order unpaid. A charge whose answer was lost (no payment id yet) is found by our order number.
 */
export async function reconcilePendingPayments(
  db: Db,
  provider: PaymentProvider,
  opts: { now?: Date; limit?: number; maxAgeDays?: number; jobs: JobQueue | null; catalogChanges: CatalogChanges | null },
): Promise<ReconcileSummary> {
  const summary: ReconcileSummary = { checked: 0, changed: 0, failed: 0 };
  if (!provider.getPayment) return summary;
  const now = opts.now ?? new Date();
  const since = new Date(now.getTime() - (opts.maxAgeDays ?? 15) * 86_400_000);
  const waiting = await db
    .select({ number: orders.number, providerRef: payments.providerRef, createdAt: payments.createdAt })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.provider, provider.name), eq(payments.status, 'pending'), eq(orders.status, 'awaiting_payment'), gt(payments.createdAt, since)))
    .orderBy(asc(payments.updatedAt), asc(payments.id))
    .limit(opts.limit ?? 100);
  for (const w of waiting) {
    summary.checked++;
    try {
      let results: SyncResult[] = [];
      if (w.providerRef && w.providerRef !== 'declined') {
        results = [await syncGatewayPayment(db, provider, w.providerRef, opts.jobs, opts.catalogChanges)];
      } else if (provider.findByReference && now.getTime() - w.createdAt.getTime() > 60_000) {
        // A minute old without a payment id: the charge's answer was lost (or it never reached the gateway).
        for (const gp of await provider.findByReference(w.number)) results.push(await applyGatewayPayment(db, provider, gp, opts.jobs, opts.catalogChanges, now));
      }
      if (results.some((r) => r.outcome !== 'pending' && r.outcome !== 'already_applied')) summary.changed++;
    } catch {
      summary.failed++;
    }
  }
  return summary;
}
