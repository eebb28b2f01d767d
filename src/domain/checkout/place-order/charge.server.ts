// Step 4 of placing an order, after its transaction committed: charge through the payment provider and
// record the outcome. Paid: the order is paid. PIX or boleto: how to pay is kept and the order waits.
// Declined, or a provider that failed or did not answer: the compensation, in one transaction: the order is
// cancelled, its payment marked, its stock returned and its cancellation e-mail queued.
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { preparedQuery } from '#src/db/prepared.server.ts';
import { boletoDeadline } from '#src/domain/orders/expiry.ts';
import { restock } from '#src/domain/orders/orders.server.ts';
import { queueOrderEmail } from '#src/domain/orders/outbox.server.ts';
import { enqueueInvoicing } from '#src/domain/orders/invoicing-job.ts';
import { readOrder } from '#src/domain/orders/read.server.ts';
import { orderEvents, orders } from '#src/domain/orders/schema.ts';
import { toOrderView } from '#src/domain/orders/view.ts';
import type { OrderView } from '#src/domain/orders/view.ts';
import type { ChargeResult } from '#src/domain/payments/provider.ts';
import { payments } from '#src/domain/payments/schema.ts';
import { DECLINED_MESSAGE, GATEWAY_FAILED_REASON, PAYMENT_UNAVAILABLE_MESSAGE } from './outcomes.ts';
import type { ChargeCard, PlaceOrderDeps, PlaceOrderResult, Written } from './outcomes.ts';
import { stockChanged } from './price-cart.server.ts';

type OrderRow = typeof orders.$inferSelect;
type Declined = Extract<ChargeResult, { status: 'declined' }>;
type Paid = Extract<ChargeResult, { status: 'paid' }>;
type Pending = Extract<ChargeResult, { status: 'pending' }>;
/** What recording the charge changed, so the answer is built from what was written. */
interface Recorded {
  status: string;
  paymentChange: Partial<Written['payment']>;
  event: Written['events'][number] | null;
}

/** How to pay a PIX or boleto, as the provider answered. */
const recordPaymentCode = preparedQuery<never>(
  'record_payment_code',
  (p) => sql`
    update ${payments} set pix_code = ${p('pixCode')}, pix_expires_at = ${p('pixExpiresAt')}, boleto_line = ${p('boletoLine')},
      boleto_due_date = ${p('boletoDueDate')}, boleto_url = ${p('boletoUrl')}, provider_ref = ${p('providerRef')}, updated_at = ${p('now')}
    where order_id = ${p('orderId')}`,
);

/** The gateway's idempotency key for an order's charge: stable per order and checkout attempt. */
export function chargeKey(row: { idempotencyKey: string; number: string }): string {
  return `olimpo-${crypto.createHash('sha256').update(`${row.idempotencyKey}:${row.number}`).digest('hex').slice(0, 40)}`;
}

/** Charges an order and records the outcome; answers the order as it now stands (402 declined, 503 unreachable). */
export async function charge(deps: PlaceOrderDeps, row: OrderRow, card: ChargeCard | null, now: Date, accessToken: string | null, replayed: boolean, written?: Written): Promise<PlaceOrderResult> {
  const { db } = deps;
  let result: ChargeResult;
  let unreachable = false;
  try {
    result = await chargeAtProvider(deps, row, card, now);
  } catch (err) {
    // The provider failed or did not answer: nothing was confirmed, so the order gives its stock back now.
    // Should the payment have gone through anyway, its notification finds the order cancelled and refunds it.
    deps.onChargeError?.(err, row.number);
    unreachable = true;
    result = { status: 'declined', reason: GATEWAY_FAILED_REASON };
  }
  const recorded =
    result.status === 'declined'
      ? await compensate(deps, row, result, unreachable, now)
      : result.status === 'paid'
        ? await recordPaid(deps, row, result, now)
        : await recordHowToPay(deps, row, result, now);
  let order: OrderView;
  if (written) {
    const { status, paymentChange, event } = recorded;
    order = toOrderView({ ...row, status, updatedAt: now }, written.lines, { ...written.payment, ...paymentChange }, event ? [...written.events, event] : written.events);
  } else {
    order = (await readOrder(db, row.id))!.view;
  }
  if (result.status === 'declined') return unreachable ? { ok: false, status: 503, message: PAYMENT_UNAVAILABLE_MESSAGE, order } : { ok: false, status: 402, message: DECLINED_MESSAGE, order };
  return { ok: true, order, accessToken, replayed };
}

/** Declined (or the provider unreachable): the order is cancelled, its stock returned, in one transaction. */
async function compensate(deps: PlaceOrderDeps, row: OrderRow, result: Declined, unreachable: boolean, now: Date): Promise<Recorded> {
  const { db } = deps;
  const paymentStatus = unreachable ? 'cancelled' : 'declined';
  const cancelled = { status: 'cancelled', note: result.reason, createdAt: now };
  const restocked = await db.transaction(async (tx) => {
    await tx
      .update(payments)
      .set({ status: paymentStatus, failureReason: result.reason, providerRef: result.providerRef ?? 'declined', updatedAt: now })
      .where(eq(payments.orderId, row.id));
    await tx.update(orders).set({ status: 'cancelled', updatedAt: now }).where(eq(orders.id, row.id));
    await tx.insert(orderEvents).values({ orderId: row.id, ...cancelled });
    const restocked = await restock(tx, row.id);
    await queueOrderEmail(tx, row.id, 'cancelled', { note: result.reason }, deps.jobs ?? null);
    return restocked;
  });
  // Back from zero, a product can reappear in lists that do not show it: every cached page goes.
  if (restocked.length > 0) stockChanged(deps.catalogChanges, undefined);
  return { status: 'cancelled', paymentChange: { status: paymentStatus, failureReason: result.reason }, event: cancelled };
}

/** Paid at once (a card): the payment, the order, its event and its e-mail in one transaction. */
async function recordPaid(deps: PlaceOrderDeps, row: OrderRow, result: Paid, now: Date): Promise<Recorded> {
  const paid = { status: 'paid', note: 'Pagamento aprovado.', createdAt: now };
  await deps.db.transaction(async (tx) => {
    await tx.update(payments).set({ status: 'paid', providerRef: result.providerRef, paidAt: now, updatedAt: now }).where(eq(payments.orderId, row.id));
    await tx.update(orders).set({ status: 'paid', updatedAt: now }).where(eq(orders.id, row.id));
    await tx.insert(orderEvents).values({ orderId: row.id, ...paid });
    await queueOrderEmail(tx, row.id, 'paid', {}, deps.jobs ?? null);
    await enqueueInvoicing(tx, row.id, deps.jobs ?? null);
  });
  return { status: 'paid', paymentChange: { status: 'paid' }, event: paid };
}

/** PIX or boleto: the order waits for the payment; one statement records how to pay. */
async function recordHowToPay(deps: PlaceOrderDeps, row: OrderRow, result: Pending, now: Date): Promise<Recorded> {
  const { db } = deps;
  const paymentChange = {
    pixCode: result.pix?.code ?? null,
    pixExpiresAt: result.pix?.expiresAt ?? null,
    boletoLine: result.boleto?.line ?? null,
    boletoDueDate: result.boleto?.dueDate ?? null,
    boletoUrl: result.boleto?.url ?? null,
  };
  await recordPaymentCode(db, {
    ...paymentChange,
    pixExpiresAt: paymentChange.pixExpiresAt?.toISOString() ?? null,
    providerRef: result.providerRef ?? null,
    now: now.toISOString(),
    orderId: row.id,
  });
  // A provider's boleto due date other than the one assumed: the order's deadline follows it (the expiry
  // job re-checks the payment record, so this only keeps the sweep's index honest).
  const deadline = result.boleto ? boletoDeadline(result.boleto.dueDate) : null;
  if (deadline && deadline.getTime() !== row.expiresAt?.getTime()) await db.update(orders).set({ expiresAt: deadline }).where(eq(orders.id, row.id));
  return { status: row.status, paymentChange, event: null };
}

/** The charge request: the order's amount and method, the card as the provider takes it, the payer, the key. */
function chargeAtProvider(deps: PlaceOrderDeps, row: OrderRow, card: ChargeCard | null, now: Date): Promise<ChargeResult> {
  return deps.provider.charge({
    orderNumber: row.number,
    amountCents: row.totalCents,
    method: row.paymentMethod as 'credit' | 'boleto' | 'pix',
    installments: row.installments,
    card: card ?? undefined,
    // The buyer's identity as step 1 stored it on the order (none on the compatibility call's orders).
    payer: {
      name: row.customerName,
      email: row.email,
      cpf: row.customerCpf,
      address: { cep: row.cep, street: row.street, number: row.streetNumber, neighborhood: row.neighborhood, city: row.city, state: row.state },
    },
    idempotencyKey: chargeKey(row),
    now,
    expiresAt: row.expiresAt ?? undefined,
  });
}
