// "Itens recebidos": the returned items are back at the store. One flow of named steps:
//   1. takeBack: ONE transaction moves the return from approved to received (a conditional update, so a double
//      click or a second instance finds it done and changes nothing), puts its units back in stock, decides the
//      refund (pricing's `returnRefundCents`, with the postage the buyer paid when the owner adds it) or creates
//      the exchange order (exchange.server.ts), and writes the timeline line and e-mail;
//   2. the return nota: the invoicing module's `returnInvoice`, when the composition root hands one in;
//   3. refund: through the payment provider the order was paid with, for that amount, keyed by the return
//      (a retry refunds once); recorded with its own line and e-mail. A refused refund stays on the return
//      (refund_error) for the back office to retry with the same button.
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '#src/db/client.server.ts';
import type { CatalogChanges } from '../catalog/changes.server.ts';
import { orderLines, orders } from '../orders/schema.ts';
import { restockLines } from '../orders/orders.server.ts';
import { sandboxRefund } from '../payments/provider.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { payments } from '../payments/schema.ts';
import { formatBRL } from '../pricing/money.ts';
import { MAX_POSTAGE_REFUND_CENTS, returnRefundCents } from '../pricing/pricing.ts';
import { wordsOfReturn } from './decide.server.ts';
import { createExchangeOrder } from './exchange.server.ts';
import { recordStep } from './request.server.ts';
import { returnLines, returns, returnShipments } from './schema.ts';
import { receivedWords, refundedWords } from './wording.ts';
import type { ReturnWords } from './wording.ts';
import type { JobQueue } from '#src/platform/job-queue.ts';

/** Issues the return nota of these lines (src/domain/invoicing, wired at boot); optional until invoicing lands. */
export type ReturnInvoice = (db: Db, input: { orderId: number; lines: { orderLineId: number; quantity: number }[] }) => Promise<unknown>;

export interface ReceiveDeps {
  db: Db;
  /** The running payment provider (a sandbox payment is refunded by the sandbox whatever runs). */
  provider: PaymentProvider | null;
  returnInvoice?: ReturnInvoice;
  /** The process's job queue (Services.jobs) for the e-mails and the exchange order's jobs; none: their sweeps. */
  jobs?: JobQueue | null;
  /** The catalog change event (Services.catalogChanges): the stock received back shows on the pages; null where nobody listens. */
  catalogChanges: CatalogChanges | null;
  now?: () => Date;
}

export type ReceiveResult = { ok: true; message: string } | { ok: false; status: 400 | 404 | 409 | 502; message: string };

/** The key of a return's refund at the gateway: one refund per return, whoever clicks. */
export const returnRefundKey = (returnId: number) => `olimpo-devolucao-${returnId}`;

export const POSTAGE_MESSAGES = {
  range: `A postagem paga pelo cliente vai de R$ 0,00 a ${formatBRL(MAX_POSTAGE_REFUND_CENTS)}.`,
  buyerPays: 'Nesta devolução a postagem é por conta do cliente: não há postagem a reembolsar.',
  labelBought: 'A loja já pagou a etiqueta de devolução: não há postagem a reembolsar.',
} as const;

export async function receiveReturn(deps: ReceiveDeps, id: number, opts: { postageCents?: number } = {}): Promise<ReceiveResult> {
  const now = deps.now?.() ?? new Date();
  const postage = opts.postageCents ?? 0;
  if (!Number.isSafeInteger(postage) || postage < 0 || postage > MAX_POSTAGE_REFUND_CENTS) return { ok: false, status: 400, message: POSTAGE_MESSAGES.range };
  const words = await wordsOfReturn(deps.db, id);
  if (!words) return { ok: false, status: 404, message: 'Devolução não encontrada.' };
  const taken = await takeBack(deps.db, id, words, now, postage, deps.jobs ?? null);
  if (!taken.ok) return taken;
  if (taken.fresh) {
    if (taken.productIds.length) await deps.catalogChanges?.announce().catch(() => {});
    if (deps.returnInvoice) await deps.returnInvoice(deps.db, { orderId: taken.orderId, lines: taken.lines });
  }
  const refunded = await refund(deps, id, words, now);
  if (!refunded.ok) return refunded;
  const parts = [`Devolução nº ${id}: itens recebidos${taken.fresh ? ' e devolvidos ao estoque' : ''}.`];
  if (taken.exchangeOrder) parts.push(`Pedido de troca #${taken.exchangeOrder} criado.`);
  if (refunded.message) parts.push(refunded.message);
  return { ok: true, message: parts.join(' ') };
}

type Taken =
  | { ok: true; fresh: boolean; orderId: number; lines: { orderLineId: number; quantity: number }[]; productIds: number[]; exchangeOrder: string | null }
  | { ok: false; status: 400 | 404 | 409; message: string };

/** Step 1: approved → received, once; the stock back, the refund decided or the exchange order made. */
async function takeBack(db: Db, id: number, words: ReturnWords, now: Date, postageCents: number, jobs: JobQueue | null): Promise<Taken> {
  return db.transaction(async (tx): Promise<Taken> => {
    if (postageCents > 0) {
      const [r] = await tx
        .select({ paidBy: returns.postagePaidBy, label: returnShipments.purchasedAt })
        .from(returns)
        .leftJoin(returnShipments, eq(returnShipments.returnId, returns.id))
        .where(eq(returns.id, id))
        .limit(1);
      if (r && r.paidBy !== 'store') return { ok: false, status: 400, message: POSTAGE_MESSAGES.buyerPays };
      if (r?.label) return { ok: false, status: 400, message: POSTAGE_MESSAGES.labelBought };
    }
    const [row] = await tx
      .update(returns)
      .set({ status: 'received', receivedAt: now, updatedAt: now })
      .where(and(eq(returns.id, id), eq(returns.status, 'approved')))
      .returning();
    if (!row) {
      const [current] = await tx.select({ status: returns.status, orderId: returns.orderId, exchange: returns.exchangeOrderNumber }).from(returns).where(eq(returns.id, id)).limit(1);
      if (current?.status === 'received') return { ok: true, fresh: false, orderId: current.orderId, lines: [], productIds: [], exchangeOrder: current.exchange };
      return { ok: false, status: 409, message: current?.status === 'requested' ? 'Aprove a devolução antes de marcar os itens como recebidos.' : 'Esta devolução foi recusada.' };
    }
    const lines = await tx
      .select({ orderLineId: returnLines.orderLineId, quantity: returnLines.quantity, productId: orderLines.productId, variantId: orderLines.variantId, unitPriceCents: orderLines.unitPriceCents })
      .from(returnLines)
      .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
      .where(eq(returnLines.returnId, id));
    const productIds = await restockLines(tx, lines);
    let exchangeOrder: string | null = null;
    let cents = 0;
    if (row.reason === 'exchange') {
      const made = await createExchangeOrder(tx, id, row.orderId, now, jobs);
      // No stock of the size wanted (it sold out since the request): the units come back and the money goes back instead.
      if (made.ok) exchangeOrder = made.number;
    }
    // An exchange refunds nothing but the postage the buyer paid.
    cents = await decideRefund(tx, row.orderId, exchangeOrder === null ? row.reason : 'exchange', id, exchangeOrder === null ? lines : [], postageCents);
    await tx.update(returns).set({ refundCents: cents, postageRefundCents: postageCents, exchangeOrderNumber: exchangeOrder }).where(eq(returns.id, id));
    await recordStep(tx, row.orderId, id, 'received', receivedWords(words, { cents, exchangeOrder, postageCents }), now, jobs);
    // The received e-mail already names the exchange order: this step is a timeline line only.
    if (exchangeOrder) await recordStep(tx, row.orderId, id, 'exchange', { note: `Troca da devolução nº ${id}: pedido #${exchangeOrder}, sem custo.` }, now, jobs);
    return { ok: true, fresh: true, orderId: row.orderId, lines: lines.map((l) => ({ orderLineId: l.orderLineId, quantity: l.quantity })), productIds, exchangeOrder };
  });
}

/**
 * What this return gives back (pricing's `returnRefundCents`): its items' slice of what was paid for the goods,
 * the freight too on a withdrawal of everything, and the buyer's postage. Under the order's row lock, so two
 * returns of one order received at once count each other's refunds.
 */
async function decideRefund(tx: Tx, orderId: number, reason: string, id: number, lines: { orderLineId: number; quantity: number; unitPriceCents: number }[], postageCents: number): Promise<number> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
  const [payment] = await tx.select({ status: payments.status }).from(payments).where(eq(payments.orderId, orderId)).limit(1);
  if (!order || payment?.status !== 'paid') return 0;
  const [bought] = await tx
    .select({ units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  const [others] = await tx
    .select({ units: sql<number>`coalesce(sum(${returnLines.quantity}), 0)::int` })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(and(eq(returns.orderId, orderId), ne(returns.status, 'refused'), ne(returns.id, id)));
  // The items of the returns taken back before this one, at their unit price: this return's slice follows theirs.
  const [earlier] = await tx
    .select({ cents: sql<number>`coalesce(sum(${returnLines.quantity} * ${orderLines.unitPriceCents}), 0)::bigint` })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
    .where(and(eq(returns.orderId, orderId), eq(returns.status, 'received'), ne(returns.id, id)));
  const [before] = await tx
    .select({ cents: sql<number>`coalesce(sum(${returns.refundCents}), 0)::int` })
    .from(returns)
    .where(and(eq(returns.orderId, orderId), ne(returns.id, id)));
  const units = lines.reduce((n, l) => n + l.quantity, 0);
  return returnRefundCents({
    subtotalCents: order.subtotalCents,
    shippingCents: order.shippingCents,
    totalCents: order.totalCents,
    itemsCents: lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0),
    earlierItemsCents: Number(earlier?.cents ?? 0),
    withdrawalOfAll: reason === 'withdrawal' && units > 0 && units + (others?.units ?? 0) >= (bought?.units ?? 0),
    postageCents,
    refundedBeforeCents: before?.cents ?? 0,
  });
}

/** Step 3: the refund through the payment's provider, once (its key), recorded with its line and e-mail. */
async function refund(deps: ReceiveDeps, id: number, words: ReturnWords, now: Date): Promise<{ ok: true; message: string } | { ok: false; status: 502; message: string }> {
  const [row] = await deps.db
    .select({ cents: returns.refundCents, refundedAt: returns.refundedAt, orderId: returns.orderId, provider: payments.provider, providerRef: payments.providerRef, amountCents: payments.amountCents })
    .from(returns)
    .innerJoin(payments, eq(payments.orderId, returns.orderId))
    .where(eq(returns.id, id))
    .limit(1);
  if (!row || !row.cents || row.refundedAt) return { ok: true, message: '' };
  const refunder = row.provider === 'sandbox' ? { name: 'sandbox', refund: sandboxRefund } : deps.provider;
  const fail = async (message: string) => {
    await deps.db.update(returns).set({ refundError: message, updatedAt: now }).where(eq(returns.id, id));
    return { ok: false as const, status: 502 as const, message: `Itens recebidos, mas o reembolso não foi feito: ${message}. Tente de novo em "Reembolsar".` };
  };
  if (!refunder?.refund || refunder.name !== row.provider || !row.providerRef) return fail(`o provedor de pagamento "${row.provider}" não está configurado`);
  let result;
  try {
    result = await refunder.refund(row.providerRef, { idempotencyKey: returnRefundKey(id), amountCents: row.cents });
  } catch (err) {
    result = { ok: false as const, message: (err as Error).message };
  }
  if (!result.ok) return fail(result.message);
  const cents = row.cents;
  const refundRef = result.refundRef;
  await deps.db.transaction(async (tx) => {
    const [done] = await tx
      .update(returns)
      .set({ refundRef, refundedAt: now, refundError: null, updatedAt: now })
      .where(and(eq(returns.id, id), isNull(returns.refundedAt)))
      .returning({ id: returns.id });
    if (done) await recordStep(tx, row.orderId, id, 'refunded', refundedWords(words, cents), now, deps.jobs ?? null);
  });
  return { ok: true, message: `Reembolso de ${formatBRL(cents)} feito.` };
}
