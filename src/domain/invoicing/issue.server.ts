// Issuing notas: the named steps of invoicing a paid order (the job's handler) and of sending any nota.
// 1. find or create the order's sale nota (one per order); 2. number it (sandbox: the database sequence, kept
// across retries); 3. build it from the order and its products' current fiscal data; 4. send it (or, when
// the provider is still processing, ask again); 5. record the answer: authorised moves the order to
// "Faturado" (event, e-mail) in one transaction; refused keeps the SEFAZ message for the back office.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { FISCAL_EVENT } from './timeline.ts';
import type { Db } from '#src/db/client.server.ts';
import { products } from '../catalog/schema.ts';
import { moveLockedOrder } from '../orders/orders.server.ts';
import { orderEvents, orderLines, orders } from '../orders/schema.ts';
import { formatAccessKey } from './access-key.ts';
import { buildNota, loadNota, storeNota } from './nota.ts';
import type { LineForNota, Nota } from './nota.ts';
import type { InvoicingDeps, ProviderState } from './provider.ts';
import { invoiceNumberSeq, invoices } from './schema.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** Thrown while a provider is still authorising: the job retries (with backoff) and asks again. */
export class InvoiceProcessingError extends Error {}

export type IssueOutcome = { status: 'authorized' | 'refused' | 'processing' | 'skipped'; message?: string };

export const saleRef = (orderNumber: string) => `pedido-${orderNumber}`;

/** The order's lines with their products' fiscal data, as the nota needs them. */
export async function linesForNota(db: Db, orderId: number): Promise<LineForNota[]> {
  return db
    .select({
      id: orderLines.id,
      productId: orderLines.productId,
      title: orderLines.title,
      color: orderLines.color,
      size: orderLines.size,
      quantity: orderLines.quantity,
      unitPriceCents: orderLines.unitPriceCents,
      lineTotalCents: orderLines.lineTotalCents,
      refCode: products.refCode,
      ncm: products.ncm,
      cest: products.cest,
      origem: products.origem,
      unit: products.unit,
    })
    .from(orderLines)
    .leftJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.id);
}

/** Step 1: the order's sale nota row (created pending once). */
async function saleInvoiceOf(db: Db, order: OrderRow, deps: InvoicingDeps): Promise<InvoiceRow> {
  await db
    .insert(invoices)
    .values({ orderId: order.id, kind: 'sale', status: 'pending', provider: deps.provider.name, ref: saleRef(order.number), series: deps.settings.series })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'sale')))
    .limit(1);
  return row!;
}

/** Step 2: the sandbox's number, taken once from the sequence and kept (a refused number is reused, as SEFAZ allows). */
async function numberOf(db: Db, row: InvoiceRow, deps: InvoicingDeps): Promise<number | null> {
  if (!deps.provider.numbersLocally) return null;
  if (row.number !== null) return row.number;
  const [taken] = await db
    .update(invoices)
    .set({ number: sql`nextval('${sql.raw(invoiceNumberSeq.seqName!)}')`, updatedAt: new Date() })
    .where(and(eq(invoices.id, row.id), isNull(invoices.number)))
    .returning({ number: invoices.number });
  if (taken) return taken.number;
  const [again] = await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, row.id));
  return again!.number;
}

/** The nota's line in the order's timeline, as a fiscal event (timeline.ts). */
async function timeline(db: Db, orderId: number, note: string): Promise<void> {
  await db.insert(orderEvents).values({ orderId, status: FISCAL_EVENT, note });
}

const authorisedNote = (s: Extract<ProviderState, { status: 'authorized' }>) => `NF-e nº ${s.number}, série ${s.series}, autorizada. Chave de acesso: ${formatAccessKey(s.accessKey)}.`;

/** Step 5: records the provider's answer (and moves a sale's order to "Faturado" when authorised). */
async function record(db: Db, row: InvoiceRow, state: ProviderState, deps: InvoicingDeps): Promise<IssueOutcome> {
  const now = new Date();
  if (state.status === 'processing') {
    await db.update(invoices).set({ status: 'processing', updatedAt: now }).where(eq(invoices.id, row.id));
    return { status: 'processing' };
  }
  if (state.status === 'refused') {
    await db.update(invoices).set({ status: 'refused', message: state.message, updatedAt: now }).where(eq(invoices.id, row.id));
    await timeline(db, row.orderId, `${row.kind === 'sale' ? 'NF-e' : 'Nota de devolução'} recusada: ${state.message}`);
    return { status: 'refused', message: state.message };
  }
  if (state.status === 'cancelled') {
    await db
      .update(invoices)
      .set({ status: 'cancelled', cancelledAt: row.cancelledAt ?? now, updatedAt: now })
      .where(eq(invoices.id, row.id));
    return { status: 'skipped' };
  }
  const cancelledMeanwhile = await db.transaction(async (tx) => {
    await tx
      .update(invoices)
      .set({
        status: 'authorized',
        accessKey: state.accessKey,
        number: state.number,
        series: state.series,
        xmlPath: state.xmlPath,
        danfePath: state.danfePath,
        message: null,
        authorizedAt: now,
        updatedAt: now,
      })
      .where(eq(invoices.id, row.id));
    const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId)).for('update').limit(1);
    if (!order) return false;
    if (row.kind === 'return') {
      await tx
        .insert(orderEvents)
        .values({ orderId: order.id, status: FISCAL_EVENT, note: `Nota de devolução nº ${state.number} autorizada. Chave de acesso: ${formatAccessKey(state.accessKey)}.`, createdAt: now });
      return false;
    }
    if (order.status === 'paid') {
      await moveLockedOrder(tx, order, 'invoiced', { note: authorisedNote(state), now, jobs: deps.jobs ?? null });
      return false;
    }
    await tx.insert(orderEvents).values({ orderId: order.id, status: FISCAL_EVENT, note: authorisedNote(state), createdAt: now });
    return order.status === 'cancelled';
  });
  // The order was cancelled while its nota was being authorised: the nota is cancelled at once.
  if (cancelledMeanwhile) {
    const reason = 'Pedido cancelado antes do envio da mercadoria.';
    const cancelled = await deps.provider.cancel(row.ref, reason);
    if (cancelled.ok) {
      await db.update(invoices).set({ status: 'cancelled', cancelledAt: new Date(), cancelReason: reason, updatedAt: new Date() }).where(eq(invoices.id, row.id));
      await timeline(db, row.orderId, `NF-e cancelada: ${reason}`);
    }
  }
  return { status: 'authorized' };
}

/** Steps 2–5 for one nota row: send it (pending, or refused when retried) or ask how it stands (processing). */
export async function sendInvoice(db: Db, row: InvoiceRow, deps: InvoicingDeps, build: () => Promise<Nota>): Promise<IssueOutcome> {
  if (row.status === 'authorized' || row.status === 'cancelled') return { status: 'skipped' };
  if (row.status === 'processing') return record(db, row, await deps.provider.check(row.ref), deps);
  const number = await numberOf(db, row, deps);
  const nota = await build();
  await db
    .update(invoices)
    .set({ nota: storeNota(nota), cfop: nota.items[0]?.cfop ?? null, totalCents: nota.totalCents, issuedAt: nota.issuedAt, attempts: sql`${invoices.attempts} + 1`, updatedAt: new Date() })
    .where(eq(invoices.id, row.id));
  return record(db, { ...row, number }, await deps.provider.send(nota, number), deps);
}

/**
 * The job's work for one order (idempotent: run again after a crash or a retry, it resumes where the nota
 * stands): issues the sale nota of a paid order, and sends its return notas still pending or processing.
 * A refused sale nota waits for the back office's retry (the data must be fixed first).
 */
export async function invoiceOrder(db: Db, orderId: number, deps: InvoicingDeps, opts: { retry?: boolean } = {}): Promise<IssueOutcome> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) return { status: 'skipped' };
  let outcome: IssueOutcome = { status: 'skipped' };
  const [existing] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'sale')))
    .limit(1);
  if (existing || order.status === 'paid') {
    const row = existing ?? (await saleInvoiceOf(db, order, deps));
    if (row.status !== 'refused' || opts.retry) {
      outcome = await sendInvoice(db, row, deps, async () => buildNota({ ref: row.ref, kind: 'sale', order, lines: await linesForNota(db, orderId), settings: deps.settings, issuedAt: new Date() }));
    }
  }
  const returns = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'return'), inArray(invoices.status, opts.retry ? ['pending', 'processing', 'refused'] : ['pending', 'processing'])));
  for (const r of returns) {
    const o = await sendInvoice(db, r, deps, async () => ({ ...loadNota(r.nota!), issuedAt: new Date() }));
    if (outcome.status === 'skipped') outcome = o;
  }
  return outcome;
}

/** The back office's "Emitir novamente": after the data is fixed, sends a refused nota again (same ref and number). */
export async function retryInvoice(db: Db, orderNumber: string, deps: InvoicingDeps): Promise<{ ok: boolean; message: string }> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.number, orderNumber)).limit(1);
  if (!order) return { ok: false, message: 'Pedido não encontrado.' };
  const outcome = await invoiceOrder(db, order.id, deps, { retry: true });
  switch (outcome.status) {
    case 'authorized':
      return { ok: true, message: 'Nota fiscal autorizada.' };
    case 'processing':
      return { ok: true, message: 'Nota fiscal enviada; aguardando a autorização da SEFAZ.' };
    case 'refused':
      return { ok: false, message: `Nota fiscal recusada novamente: ${outcome.message}` };
    default:
      return { ok: false, message: 'Não há nota fiscal a emitir para este pedido.' };
  }
}
