// Paying a credit order placed without its card (a headless front end that never sends card data): the
// order waits as "awaiting payment" and its page takes the card. One attempt at a time: the payment record
// is claimed with a conditional update before the provider is called, so a double submit charges once.
// (Unpaid orders expire like any other; that belongs to the orders' jobs, not here.)
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { orders } from '../orders/schema.ts';
import type { OrderView } from '../orders/view.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { payments } from '../payments/schema.ts';
import { AWAITING_CARD, cardFor, charge } from './place-order.server.ts';
import type { PlaceOrderInput } from './rules.ts';

export const PAY_LATER_MESSAGES = {
  notAwaiting: 'Este pedido não está aguardando pagamento com cartão.',
  busy: 'O pagamento deste pedido já está sendo processado. Aguarde e recarregue a página.',
} as const;

/** Does this order wait for a card (a credit order with nothing charged yet)? */
export function awaitsCard(order: Pick<OrderView, 'paymentMethod' | 'status' | 'payment'>): boolean {
  return order.paymentMethod === 'credit' && order.status === 'awaiting_payment' && order.payment?.status === 'pending';
}

export type PayLaterResult = { ok: true; order: OrderView } | { ok: false; status: 400 | 402 | 409; message: string; order?: OrderView };

/** Charges `card` for the order `number` (already authorised by the caller: owner or token holder). */
export async function payAwaitingCreditOrder(deps: { db: Db; provider: PaymentProvider; now?: () => Date }, number: string, card: PlaceOrderInput['card']): Promise<PayLaterResult> {
  const now = deps.now?.() ?? new Date();
  // The same rule as at checkout: the sandbox takes the typed card, a gateway only the browser's token.
  const checked = cardFor(deps.provider, card, now);
  if (!checked.ok) return { ok: false, status: 400, message: checked.message };
  const [row] = await deps.db.select().from(orders).where(eq(orders.number, number)).limit(1);
  if (!row || row.paymentMethod !== 'credit' || row.status !== 'awaiting_payment') return { ok: false, status: 409, message: PAY_LATER_MESSAGES.notAwaiting };
  const claimed = await deps.db
    .update(payments)
    .set({ providerRef: 'charging', cardBrand: checked.summary.brand, cardLast4: checked.summary.last4, updatedAt: now })
    .where(and(eq(payments.orderId, row.id), eq(payments.status, 'pending'), or(isNull(payments.providerRef), inArray(payments.providerRef, [AWAITING_CARD]))))
    .returning({ id: payments.id });
  if (claimed.length === 0) return { ok: false, status: 409, message: PAY_LATER_MESSAGES.busy };
  let result;
  try {
    result = await charge({ db: deps.db, provider: deps.provider, now: () => now }, row, checked.card, now, null, false);
  } catch (err) {
    // The provider did not answer: the order waits for the card again.
    await deps.db
      .update(payments)
      .set({ providerRef: AWAITING_CARD, updatedAt: now })
      .where(and(eq(payments.orderId, row.id), eq(payments.providerRef, 'charging'), eq(payments.status, 'pending')));
    throw err;
  }
  if (!result.ok) return { ok: false, status: result.status === 402 ? 402 : 400, message: result.message, order: result.order };
  return { ok: true, order: result.order };
}
