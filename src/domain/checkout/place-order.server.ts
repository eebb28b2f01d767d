// Placing an order, as one explicit flow of named steps (each in ./place-order/):
//   1. validateRequest: the card as the provider takes it, the request's idempotency hash, the lines merged
//      within the per-product limit (validate.server.ts); chooseShipping: the chosen option as the shipping
//      module quotes it for these lines and CEP (what the pages showed is what is charged).
//   2. reserveStockAndCreateOrder: in ONE transaction, take the stock (conditional updates: no oversell under
//      concurrent buyers), price everything from the database (priceCart: prices, coupon, totals) and write
//      the order, its lines, its first event, its payment record and its confirmation e-mail (outbox), and
//      make sure of its expiry's job (an unpaid PIX or boleto gives its stock back on time), so neither can
//      be lost to a crash after the commit (create-order.server.ts, price-cart.server.ts).
//   3. replayEarlierOrder, only when that transaction was refused: a retry with the same key returns the same
//      order, resuming the charge if it was interrupted; the key's unique index refuses the retry's order,
//      and a refused order looks its key up (idempotency.server.ts).
//   4. charge through the payment provider and record the outcome; a declined card (or an unreachable
//      provider) compensates: the order is cancelled and its stock returned (charge.server.ts).
//   5. the confirmation is sent by this process's relay once the charge is recorded (or by its job, or the
//      sweep).
import { eq } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { expiryScheduled } from '../orders/expiry.server.ts';
import type { EmailRelay } from '../orders/outbox.server.ts';
import { newAccessToken } from '../orders/read.server.ts';
import { toOrderView } from '../orders/view.ts';
import { payments } from '../payments/schema.ts';
import type { PlaceOrderInput } from './rules.ts';
import { charge } from './place-order/charge.server.ts';
import { reserveStockAndCreateOrder } from './place-order/create-order.server.ts';
import type { CreatedOrder } from './place-order/create-order.server.ts';
import { findByKey, replay } from './place-order/idempotency.server.ts';
import { AWAITING_CARD, CheckoutError } from './place-order/outcomes.ts';
import type { PlaceOrderDeps, PlaceOrderResult, Written } from './place-order/outcomes.ts';
import { stockChanged } from './place-order/price-cart.server.ts';
import { validateRequest } from './place-order/validate.server.ts';
import { findOption } from '../shipping/options.ts';
import { MESSAGES } from './rules.ts';
import type { ShippingOption } from '../shipping/options.ts';
import { quoteShippingForLines } from '../shipping/quote.server.ts';
import { createTableShipping } from '../shipping/service.ts';

const TABLE_SHIPPING = createTableShipping();
import type { ValidRequest } from './place-order/validate.server.ts';

export { charge } from './place-order/charge.server.ts';
export { cardFor } from './place-order/validate.server.ts';
export {
  AWAITING_CARD,
  CARD_TOKEN_REQUIRED,
  PAYMENT_UNAVAILABLE_MESSAGE,
} from './place-order/outcomes.ts';
export type { PlaceOrderDeps, PlaceOrderResult } from './place-order/outcomes.ts';

export async function placeOrder(deps: PlaceOrderDeps, input: PlaceOrderInput, viewer: { userId: string | null }, opts: { cardLater?: boolean } = {}): Promise<PlaceOrderResult> {
  const now = deps.now?.() ?? new Date();
  const valid = validateRequest(deps, input, viewer, opts, now);
  if (!valid.ok) return valid.refusal;
  const { request } = valid;
  const shipping = await chooseShipping(deps, input, request);
  // An option this cart and CEP are not offered is answered like a missing one (spec §5's message).
  if (!shipping) return { ok: false, status: 400, message: MESSAGES.address };
  request.shipping = shipping;

  const accessToken = newAccessToken();
  // Read once: the same relay that spares the order its e-mail job sends the e-mail.
  const relay = deps.relay ?? null;
  let created: CreatedOrder;
  try {
    created = await reserveStockAndCreateOrder(deps, input, viewer, request, { now, accessToken, relay });
  } catch (err) {
    return replayEarlierOrder(deps, input, request, now, err);
  }

  expiryScheduled(created.expiryWindow, deps.jobs ?? null);
  const { written } = created;
  // The stock changed: pages showing these products are refreshed; the answer does not wait for it.
  stockChanged(
    deps.catalogChanges,
    written.lines.map((l) => l.productId),
  );
  return chargeThenConfirm(deps, request, written, { now, accessToken, relay });
}

/**
 * Step 1b: the shipping option chosen, quoted for these lines and the address's CEP by the same module the
 * pages use (outside the transaction: a carrier may take seconds). Null when that option is not offered.
 */
async function chooseShipping(deps: PlaceOrderDeps, input: PlaceOrderInput, request: ValidRequest): Promise<ShippingOption | null> {
  const quote = await quoteShippingForLines(deps.shipping ?? TABLE_SHIPPING, deps.db, request.merged, input.address.cep);
  return findOption(quote, input.shipping);
}

/**
 * The order's transaction was refused. A key already used (a retry, or two requests with one key at the same
 * moment): the unique index let only the first order in, and this one rolled back. Looked up only here:
 * almost every key is new, so the order path asks nothing before its transaction. Asked on a refusal too, so
 * a retry of an order that took the last unit answers that order, not "sold out".
 */
async function replayEarlierOrder(deps: PlaceOrderDeps, input: PlaceOrderInput, request: ValidRequest, now: Date, err: unknown): Promise<PlaceOrderResult> {
  const earlier = await findByKey(deps.db, input.idempotencyKey);
  if (earlier) return replay(deps, earlier, request.hash, request.card, now);
  if (err instanceof CheckoutError) return { ok: false, status: err.status === 400 ? 400 : 409, message: err.message };
  throw err;
}

/**
 * The confirmation goes once the charge is recorded (it shows how to pay), whatever the charge's outcome:
 * a declined card's is skipped, and one that cannot be sent yet is handed to its job.
 */
async function chargeThenConfirm(deps: PlaceOrderDeps, request: ValidRequest, written: Written, at: { now: Date; accessToken: string; relay: EmailRelay | null }): Promise<PlaceOrderResult> {
  const { now, accessToken, relay } = at;
  try {
    if (request.cardLater) return await awaitCard(deps.db, written, accessToken, now);
    return await charge(deps, written.row, request.card, now, accessToken, false, written);
  } finally {
    relay?.push({ orderId: written.row.id, kind: 'confirmation' });
  }
}

/** A credit order placed without its card: its payment record waits for the card (pay-later.server.ts). */
async function awaitCard(db: Db, written: Written, accessToken: string, now: Date): Promise<PlaceOrderResult> {
  await db.update(payments).set({ providerRef: AWAITING_CARD, updatedAt: now }).where(eq(payments.orderId, written.row.id));
  const order = toOrderView(written.row, written.lines, written.payment, written.events);
  return { ok: true, order, accessToken, replayed: false };
}
