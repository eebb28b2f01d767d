// The fiscal events after a nota is authorised: cancelling it (within 24 hours of authorisation, as SEFAZ
// allows), issuing a return nota (devolução, CFOP 1202/2202, referencing the sale's key), and cancelling an
// invoiced order, which does one or the other. Each step is a line in the order's timeline.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { cancelOrder } from '../orders/cancel.server.ts';
import type { MoveResult } from '../orders/orders.server.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { orderEvents, orderLines, orders } from '../orders/schema.ts';
import { linesForNota, sendInvoice } from './issue.server.ts';
import type { InvoiceRow, IssueOutcome } from './issue.server.ts';
import { buildNota, storeNota } from './nota.ts';
import { checkJustificativa } from './provider.ts';
import type { InvoiceProvider, InvoicingDeps } from './provider.ts';
import { createSandboxInvoiceProvider } from './sandbox.server.ts';
import { FISCAL_EVENT } from './timeline.ts';
import { invoices } from './schema.ts';
import type { ReturnedLine } from './schema.ts';
import type { JobQueue } from '#src/platform/job-queue.ts';
import type { CatalogChanges } from '#src/domain/catalog/changes.server.ts';

/** How long after its authorisation a nota may be cancelled (the SEFAZ's general rule: 24 hours). */
export const CANCEL_WINDOW_HOURS = 24;

export type FiscalResult = { ok: true; message: string } | { ok: false; message: string };

async function saleOf(db: Db, orderId: number): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'sale')))
    .limit(1);
  return row;
}

/** The provider that issued a nota: a sandbox nota is always the sandbox's; another needs that provider configured. */
function providerFor(row: InvoiceRow, deps: InvoicingDeps | undefined): InvoiceProvider | null {
  if (row.provider === 'sandbox') return createSandboxInvoiceProvider();
  return deps && deps.provider.name === row.provider ? deps.provider : null;
}

const note = (db: Db, orderId: number, text: string) => db.insert(orderEvents).values({ orderId, status: FISCAL_EVENT, note: text });

export function withinCancelWindow(authorizedAt: Date, now = new Date()): boolean {
  return now.getTime() - authorizedAt.getTime() <= CANCEL_WINDOW_HOURS * 3600_000;
}

/** Cancels an order's authorised sale nota (24 hours at most after its authorisation), with the reason SEFAZ records (15–255 characters). */
export async function cancelInvoice(db: Db, orderId: number, justificativa: string, deps?: InvoicingDeps, now = new Date()): Promise<FiscalResult> {
  const invalid = checkJustificativa(justificativa);
  if (invalid) return { ok: false, message: invalid };
  const row = await saleOf(db, orderId);
  if (!row || row.status !== 'authorized' || !row.authorizedAt) return { ok: false, message: 'O pedido não tem nota fiscal autorizada para cancelar.' };
  if (!withinCancelWindow(row.authorizedAt, now))
    return { ok: false, message: `A nota foi autorizada há mais de ${CANCEL_WINDOW_HOURS} horas e não pode mais ser cancelada: emita uma nota de devolução.` };
  const provider = providerFor(row, deps);
  if (!provider) return { ok: false, message: `O provedor de notas "${row.provider}" não está configurado; a nota não foi cancelada.` };
  const reason = justificativa.trim();
  const result = await provider.cancel(row.ref, reason);
  if (!result.ok) {
    await note(db, orderId, `Cancelamento da NF-e recusado: ${result.message}`);
    return { ok: false, message: `A nota não foi cancelada: ${result.message}` };
  }
  await db.update(invoices).set({ status: 'cancelled', cancelledAt: now, cancelReason: reason, updatedAt: now }).where(eq(invoices.id, row.id));
  await note(db, orderId, `NF-e nº ${row.number} cancelada: ${reason}`);
  return { ok: true, message: 'Nota fiscal cancelada.' };
}

/**
 * Issues a return nota (finalidade 4, devolução) for some units of an order's lines, referencing the sale
 * nota's key; the units already covered by other return notas cannot be returned twice.
 */
export async function issueReturnInvoice(db: Db, input: { orderId: number; lines: ReturnedLine[] }, deps?: InvoicingDeps): Promise<FiscalResult & { invoiceId?: number }> {
  const sale = await saleOf(db, input.orderId);
  if (!sale || !sale.accessKey || (sale.status !== 'authorized' && sale.status !== 'cancelled')) return { ok: false, message: 'O pedido não tem nota fiscal autorizada para devolver.' };
  if (sale.status === 'cancelled') return { ok: false, message: 'A nota do pedido foi cancelada: não há o que devolver.' };
  const provider = providerFor(sale, deps);
  if (!provider || !deps) return { ok: false, message: `O provedor de notas "${sale.provider}" não está configurado; a nota de devolução não foi emitida.` };
  const [order] = await db.select().from(orders).where(eq(orders.id, input.orderId)).limit(1);
  if (!order) return { ok: false, message: 'Pedido não encontrado.' };
  const all = await linesForNota(db, input.orderId);
  const earlier = await db
    .select({ lines: invoices.returnedLines })
    .from(invoices)
    .where(and(eq(invoices.orderId, input.orderId), eq(invoices.kind, 'return'), inArray(invoices.status, ['pending', 'processing', 'authorized', 'refused'])));
  const returned = new Map<number, number>();
  for (const e of earlier) for (const l of e.lines ?? []) returned.set(l.orderLineId, (returned.get(l.orderLineId) ?? 0) + l.quantity);
  const picked = [];
  for (const r of input.lines) {
    const line = all.find((l) => l.id === r.orderLineId);
    if (!line) return { ok: false, message: 'Item não encontrado no pedido.' };
    if (!Number.isInteger(r.quantity) || r.quantity < 1) return { ok: false, message: 'Informe a quantidade devolvida.' };
    if (r.quantity + (returned.get(line.id) ?? 0) > line.quantity) return { ok: false, message: `Quantidade maior do que a comprada ainda não devolvida: ${line.title}.` };
    picked.push({ ...line, quantity: r.quantity, lineTotalCents: line.unitPriceCents * r.quantity });
  }
  if (picked.length === 0) return { ok: false, message: 'Escolha ao menos um item para devolver.' };
  const [{ count: earlierNotas }] = (await db
    .select({ count: sql<number>`count(*)::int` })
    .from(invoices)
    .where(and(eq(invoices.orderId, input.orderId), eq(invoices.kind, 'return')))) as [{ count: number }];
  const ref = `pedido-${order.number}-devolucao-${earlierNotas + 1}`;
  const nota = buildNota({ ref, kind: 'return', order, lines: picked, settings: deps.settings, issuedAt: new Date(), referencedKey: sale.accessKey });
  const [row] = await db
    .insert(invoices)
    .values({
      orderId: order.id,
      kind: 'return',
      status: 'pending',
      provider: provider.name,
      ref,
      series: deps.settings.series,
      referencedKey: sale.accessKey,
      returnedLines: input.lines,
      nota: storeNota(nota),
      cfop: nota.items[0]?.cfop ?? null,
      totalCents: nota.totalCents,
    })
    .returning();
  await note(db, order.id, `Nota de devolução solicitada (${picked.map((p) => `${p.quantity} × ${p.title}`).join('; ')}).`);
  const outcome: IssueOutcome = await sendInvoice(db, row!, { ...deps, provider }, async () => ({ ...nota, issuedAt: new Date() }));
  if (outcome.status === 'refused') return { ok: false, message: `Nota de devolução recusada: ${outcome.message}`, invoiceId: row!.id };
  return { ok: true, message: outcome.status === 'authorized' ? 'Nota de devolução emitida.' : 'Nota de devolução enviada; aguardando a autorização.', invoiceId: row!.id };
}

/**
 * Cancels an order as the store and gives its nota the matching fiscal event: the refund and restock first
 * (orders/cancel.server.ts: a refused refund cancels nothing), then, for an authorised nota, its
 * cancellation within 24 hours of authorisation, or a return nota of every item after that.
 */
export async function cancelInvoicedOrder(
  db: Db,
  number: string,
  opts: { reason?: string; deps?: InvoicingDeps; provider: PaymentProvider | null; jobs: JobQueue | null; catalogChanges: CatalogChanges | null },
): Promise<MoveResult & { fiscal?: string }> {
  const cancelled = await cancelOrder(db, number, { reason: opts.reason, provider: opts.provider, jobs: opts.jobs, catalogChanges: opts.catalogChanges });
  if (!cancelled.ok) return cancelled;
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.number, number)).limit(1);
  if (!order) return cancelled;
  const r = await fiscalEventOfCancellation(db, order.id, opts.reason?.trim() || 'Pedido cancelado pela loja antes do envio.', opts.deps);
  return r ? { ok: true, fiscal: r.message } : cancelled;
}

/**
 * The fiscal event of a cancelled order whose sale nota is authorised: the nota cancelled within 24 hours of its
 * authorisation; after that, or when the provider refuses the cancellation, a return nota of every item.
 * Null when there is no authorised sale nota to answer for.
 */
export async function fiscalEventOfCancellation(db: Db, orderId: number, reason: string, deps?: InvoicingDeps): Promise<FiscalResult | null> {
  const sale = await saleOf(db, orderId);
  if (!sale || sale.status !== 'authorized' || !sale.authorizedAt) return null;
  if (withinCancelWindow(sale.authorizedAt)) {
    const r = await cancelInvoice(db, orderId, reason.padEnd(15, '.').slice(0, 255), deps);
    if (r.ok) return r;
  }
  const lines = await db.select({ id: orderLines.id, quantity: orderLines.quantity }).from(orderLines).where(eq(orderLines.orderId, orderId));
  return issueReturnInvoice(db, { orderId, lines: lines.map((l) => ({ orderLineId: l.id, quantity: l.quantity })) }, deps);
}

/**
 * Orders cancelled by any other path (a refund or chargeback at the gateway, an expiry race) whose sale nota is
 * still authorised with no return nota: the sweep gives each its fiscal event. Only orders cancelled a while
 * ago, so the back office's own cancellation (which does it at once) is never doubled.
 */
export async function cancelledWithLiveNota(db: Db, limit = 50): Promise<number[]> {
  const rows = await db.execute(sql`
    select o.id from ${orders} o
    join ${invoices} s on s.order_id = o.id and s.kind = 'sale' and s.status = 'authorized'
    where o.status = 'cancelled' and o.updated_at < now() - interval '2 minutes'
      and not exists (select 1 from ${invoices} r where r.order_id = o.id and r.kind = 'return')
    order by o.id limit ${limit}`);
  return (rows as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
}
