// Cancelling an order as the store: a paid order is refunded through its payment provider FIRST (a
// refused refund cancels nothing), then the order moves to "Cancelado" and its stock returns (moveOrder).
import { eq } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { refundKey } from './gateway-sync.server.ts';
import { sandboxRefund } from '../payments/provider.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { payments } from '../payments/schema.ts';
import { moveOrder } from './orders.server.ts';
import type { MoveResult } from './orders.server.ts';
import { orders } from './schema.ts';
import { canMove, STATUS_LABELS } from './status.ts';
import type { OrderStatus } from './status.ts';
import type { JobQueue } from '#src/platform/job-queue.ts';
import type { CatalogChanges } from '../catalog/changes.server.ts';

export const DEFAULT_CANCEL_REASON = 'Pedido cancelado pela loja.';

/** `provider`: the process's payment provider (Services.checkout.provider), which refunds a paid order; null where none runs. */
export async function cancelOrder(
  db: Db,
  number: string,
  opts: { reason?: string; provider: PaymentProvider | null; jobs: JobQueue | null; catalogChanges: CatalogChanges | null },
): Promise<MoveResult> {
  const { provider } = opts;
  const [row] = await db
    .select({ status: orders.status, paymentId: payments.id, paymentStatus: payments.status, paymentProvider: payments.provider, providerRef: payments.providerRef })
    .from(orders)
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .where(eq(orders.number, number))
    .limit(1);
  if (!row) return { ok: false, message: 'Pedido não encontrado.' };
  const status = row.status as OrderStatus;
  if (!canMove(status, 'cancelled')) return { ok: false, message: `Não é possível cancelar um pedido "${STATUS_LABELS[status]}".` };
  let note = opts.reason?.trim() || DEFAULT_CANCEL_REASON;

  // A paid payment is refunded before cancelling. The sandbox moved no money, but its payment is refunded all
  // the same (whatever provider runs now), so the record never says "paid" for a cancelled order.
  if (row.paymentId !== null && row.paymentStatus === 'paid') {
    const refunder = row.paymentProvider === 'sandbox' ? { name: 'sandbox', refund: sandboxRefund } : provider;
    if (!refunder?.refund || refunder.name !== row.paymentProvider || !row.providerRef) {
      return { ok: false, message: `Não foi possível estornar o pagamento: o provedor "${row.paymentProvider}" não está configurado. O pedido não foi cancelado.` };
    }
    let refunded;
    try {
      refunded = await refunder.refund(row.providerRef, { idempotencyKey: refundKey(number) });
    } catch (err) {
      refunded = { ok: false as const, message: (err as Error).message };
    }
    if (!refunded.ok) return { ok: false, message: `Não foi possível estornar o pagamento: ${refunded.message}. O pedido não foi cancelado.` };
    const now = new Date();
    await db.update(payments).set({ status: 'refunded', refundRef: refunded.refundRef, refundedAt: now, updatedAt: now }).where(eq(payments.id, row.paymentId));
    note = `${note} Pagamento estornado.`;
  }
  return moveOrder(db, number, 'cancelled', { note, jobs: opts.jobs, catalogChanges: opts.catalogChanges });
}
