// A retry with the same key returns the same order. The key's unique index refuses the retry's order inside
// its transaction, and only then is the key looked up: almost every key is new, so the order path asks
// nothing before its transaction. An order interrupted before its charge was recorded is charged now.
import { sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { preparedQuery } from '#src/db/prepared.server.ts';
import { readOrder } from '#src/domain/orders/read.server.ts';
import type { OrderRead } from '#src/domain/orders/read.server.ts';
import { orders } from '#src/domain/orders/schema.ts';
import { charge } from './charge.server.ts';
import { DECLINED_MESSAGE, GATEWAY_FAILED_REASON, KEY_REUSED_MESSAGE, PAYMENT_UNAVAILABLE_MESSAGE } from './outcomes.ts';
import type { ChargeCard, PlaceOrderDeps, PlaceOrderResult } from './outcomes.ts';

/** The order an idempotency key already placed, if any (its id). */
const orderIdByKey = preparedQuery<{ id: number }>('order_id_by_key', (p) => sql`select id from ${orders} where idempotency_key = ${p('key')} limit 1`);

export async function findByKey(db: Db, key: string) {
  // Almost every key is new: ask for the id alone, read the whole order only for a replay.
  const [hit] = await orderIdByKey(db, { key });
  if (!hit) return null;
  return readOrder(db, hit.id);
}

/** The answer to a retry: the earlier order as it stands, its charge finished if it was interrupted. */
export async function replay(deps: PlaceOrderDeps, read: OrderRead, hash: string, card: ChargeCard | null, now: Date): Promise<PlaceOrderResult> {
  const { row, payment, view: order } = read;
  if (row.requestHash !== hash) return { ok: false, status: 422, message: KEY_REUSED_MESSAGE };
  // Interrupted after the order was written but before the charge was recorded: finish it now.
  // (A credit order placed without its card has nothing to resume: it waits for the card.)
  const interrupted = payment?.status === 'pending' && !payment.providerRef && !(row.paymentMethod === 'credit' && !card);
  if (interrupted) {
    try {
      return await charge(deps, row, card, now, null, true);
    } finally {
      deps.relay?.push({ orderId: row.id, kind: 'confirmation' });
    }
  }
  if (order.status === 'cancelled' && payment?.status === 'declined') return { ok: false, status: 402, message: DECLINED_MESSAGE, order };
  if (order.status === 'cancelled' && payment?.status === 'cancelled' && payment.failureReason === GATEWAY_FAILED_REASON)
    return { ok: false, status: 503, message: PAYMENT_UNAVAILABLE_MESSAGE, order };
  return { ok: true, order, accessToken: null, replayed: true };
}
