// A return's reverse-logistics label (buyer → store, paid by the store) bought from the shipping provider with
// the same steps as an outbound label: the return into the carrier's cart (cart/reverse), the cart paid
// (checkout), the label generated and printed, then its Correios posting code. Every step is written to the
// return's `return_shipments` row as it succeeds, so a retry resumes where the last attempt stopped: a return is
// added to the cart once and paid once. A lease on the row keeps a second click (or a second instance) from
// running the same purchase at the same time. A failure leaves the return approved, with the reason kept on the
// row for the back office and its "Comprar etiqueta de devolução" button.
import { and, asc, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { carrierServiceOf } from '../orders/expedition.server.ts';
import type { InvoiceKeys } from '../orders/expedition.server.ts';
import { storeSender } from '../orders/labels.server.ts';
import { queueOrderEmail } from '../orders/outbox.server.ts';
import { orderEvents, orderLines, orderShipments, orders } from '../orders/schema.ts';
import { ShippingProviderError } from '../shipping/provider.ts';
import type { ReverseLabelRequest } from '../shipping/provider.ts';
import { parcelItems } from '../shipping/quote.server.ts';
import { buyerParty } from '../shipping/parties.ts';
import type { ShippingService } from '../shipping/service.ts';
import { approveReturn, storePaysPostage, wordsOfReturn } from './decide.server.ts';
import type { ApproveOptions, DecideResult } from './decide.server.ts';
import { returnLines, returns, returnShipments } from './schema.ts';
import type { ReturnReason } from './windows.ts';
import type { JobQueue } from '#src/platform/job-queue.ts';
import { approvedWords, labelNote } from './wording.ts';

const LEASE_MS = 5 * 60_000;

export interface ReturnLabelDeps {
  db: Db;
  shipping: ShippingService;
  /** The orders' NF-e access keys (invoicing's `saleAccessKeys`): the carrier's cart carries the nota's key. */
  invoiceKeys?: InvoiceKeys;
  now?: Date;
  /** The process's job queue (Services.jobs) for the approval e-mail; none: the e-mail sweep sends it. */
  jobs?: JobQueue | null;
}

export type LabelResult = { ok: true; message: string; labelUrl: string; trackingCode: string } | { ok: false; status: 404 | 409 | 502; message: string };

export const NO_CARRIER_LABELS = 'O frete por tabela não compra etiqueta de devolução: informe o código de autorização de postagem dos Correios ao aprovar, ou use o número de autorização da loja.';
export const LABEL_BUSY = 'A etiqueta de devolução já está sendo comprada; aguarde e atualize a página.';

/** Whether approving a return buys a carrier label (a provider that sells reverse labels is configured). */
export const buysReturnLabels = (shipping: ShippingService) => Boolean(shipping.provider.labels?.addReverseToCart);

/**
 * Approves a return and, with a carrier that sells reverse labels, buys its label at once. A failure at the
 * carrier leaves the return approved and says so (the owner retries with `buyReturnLabel`).
 */
export async function authorizeReturn(deps: ReturnLabelDeps, id: number, opts: Omit<ApproveOptions, 'labelFollows'> = {}): Promise<DecideResult> {
  const carrier = buysReturnLabels(deps.shipping);
  const approved = await approveReturn(deps.db, id, { ...opts, labelFollows: carrier, now: deps.now, jobs: deps.jobs });
  if (!approved.ok || !carrier) return approved;
  const label = await buyReturnLabel(deps, id);
  if (label.ok) return { ok: true, message: `${approved.message} ${label.message}` };
  return { ok: false, status: 502, message: `${approved.message} ${label.message}` };
}

/** Buys (or finishes buying) the reverse label of an approved return; never pays for one twice. */
export async function buyReturnLabel(deps: ReturnLabelDeps, id: number): Promise<LabelResult> {
  const { db, shipping } = deps;
  const now = deps.now ?? new Date();
  const labels = shipping.provider.labels;
  if (!labels?.addReverseToCart) return { ok: false, status: 409, message: NO_CARRIER_LABELS };
  const [row] = await db.select({ r: returns, o: orders }).from(returns).innerJoin(orders, eq(orders.id, returns.orderId)).where(eq(returns.id, id)).limit(1);
  if (!row) return { ok: false, status: 404, message: 'Devolução não encontrada.' };
  const [existing] = await db.select().from(returnShipments).where(eq(returnShipments.returnId, id)).limit(1);
  if (existing?.labelUrl && existing.trackingCode) return done(existing.labelUrl, existing.trackingCode);
  if (row.r.status !== 'approved') return { ok: false, status: 409, message: 'A etiqueta de devolução é comprada para uma devolução aprovada, antes de os itens chegarem.' };

  await db.insert(returnShipments).values({ returnId: id, provider: shipping.provider.name }).onConflictDoNothing();
  // The claim: one statement, so two clicks (or two instances) cannot both hold the purchase.
  const [held] = await db
    .update(returnShipments)
    .set({ leaseUntil: new Date(now.getTime() + LEASE_MS), updatedAt: now })
    .where(and(eq(returnShipments.returnId, id), or(isNull(returnShipments.leaseUntil), lt(returnShipments.leaseUntil, now))))
    .returning();
  if (!held) return { ok: false, status: 409, message: LABEL_BUSY };
  // Another click finished it between our first read and the claim.
  if (held.labelUrl && held.trackingCode) {
    await db.update(returnShipments).set({ leaseUntil: null }).where(eq(returnShipments.returnId, id));
    return done(held.labelUrl, held.trackingCode);
  }
  const release = async (message: string) => {
    await db.update(returnShipments).set({ leaseUntil: null, lastError: message, updatedAt: new Date() }).where(eq(returnShipments.returnId, id));
    return { ok: false as const, status: 502 as const, message };
  };

  let step = 'o carrinho';
  try {
    // 1. The cart, once: its id is kept before anything is paid.
    let shipmentId = held.shipmentId;
    let carrier = held.carrier;
    if (!shipmentId) {
      const added = await labels.addReverseToCart(await reverseRequest(deps, row.r, row.o));
      shipmentId = added.shipmentId;
      carrier = added.carrier;
      await db.update(returnShipments).set({ shipmentId, carrier, service: added.service, updatedAt: new Date() }).where(eq(returnShipments.returnId, id));
    }
    // 2. Paid once: a recorded purchase is not checked out again.
    step = 'a compra';
    if (!held.purchasedAt) {
      await labels.checkout([shipmentId]);
      await db.update(returnShipments).set({ purchasedAt: now, updatedAt: new Date() }).where(eq(returnShipments.returnId, id));
    }
    // 3. Generated and printed (both repeatable), then the Correios posting code.
    step = 'a geração';
    await labels.generate([shipmentId]);
    step = 'a impressão';
    const { url } = await labels.print([shipmentId]);
    step = 'o código de postagem';
    const code = shipping.provider.track ? ((await shipping.provider.track([shipmentId])).get(shipmentId)?.trackingCode ?? null) : null;
    if (!code) {
      await db.update(returnShipments).set({ labelUrl: url, updatedAt: new Date() }).where(eq(returnShipments.returnId, id));
      return release('Etiqueta de devolução paga e gerada, mas o Melhor Envio ainda não informou o código de postagem. Tente de novo em alguns minutos.');
    }
    await recordLabel(db, id, row.o.id, { url, trackingCode: code, carrier }, now, deps.jobs ?? null);
    return done(url, code);
  } catch (err) {
    const why = err instanceof ShippingProviderError ? err.message : `erro inesperado em ${step}`;
    return release(
      `Não foi possível comprar a etiqueta de devolução no Melhor Envio (${why}). A devolução continua aprovada e nada foi pago em dobro: tente de novo em "Comprar etiqueta de devolução".`,
    );
  }
}

const done = (url: string, code: string): LabelResult => ({ ok: true, message: `Etiqueta de devolução comprada. Código de postagem: ${code}.`, labelUrl: url, trackingCode: code });

/** The label on the row, its timeline line and the approval e-mail with it: once, whoever finishes first. */
async function recordLabel(db: Db, id: number, orderId: number, label: { url: string; trackingCode: string; carrier: string | null }, now: Date, jobs: JobQueue | null) {
  const words = await wordsOfReturn(db, id);
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ code: returnShipments.trackingCode }).from(returnShipments).where(eq(returnShipments.returnId, id)).for('update').limit(1);
    const first = current !== undefined && current.code === null;
    await tx
      .update(returnShipments)
      .set({ ...(first ? { labelUrl: label.url, trackingCode: label.trackingCode } : {}), leaseUntil: null, lastError: null, updatedAt: new Date() })
      .where(eq(returnShipments.returnId, id));
    if (!first || !words) return;
    const [r] = await tx.select({ code: returns.authorizationCode }).from(returns).where(eq(returns.id, id)).limit(1);
    await tx.insert(orderEvents).values({ orderId, status: 'return_label', note: labelNote(words, label), createdAt: now });
    const mail = approvedWords(words, { code: r?.code ?? '', storePays: storePaysPostage(words.reason as ReturnReason), label });
    await queueOrderEmail(tx, orderId, `return:${id}:approved`, { subject: mail.subject, paragraphs: mail.paragraphs }, jobs);
  });
}

/** The carrier's request: the returned units from the buyer's address to the store, with the order's nota key. */
async function reverseRequest(deps: ReturnLabelDeps, r: typeof returns.$inferSelect, o: typeof orders.$inferSelect): Promise<ReverseLabelRequest> {
  const { db, shipping } = deps;
  const lines = await db
    .select({ productId: orderLines.productId, title: orderLines.title, unitPriceCents: orderLines.unitPriceCents, quantity: returnLines.quantity })
    .from(returnLines)
    .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
    .where(eq(returnLines.returnId, r.id))
    .orderBy(asc(returnLines.id));
  const priced = new Map(lines.flatMap((l) => (l.productId === null ? [] : [[l.productId, l.unitPriceCents] as const])));
  const items = (
    await parcelItems(
      db,
      lines.flatMap((l) => (l.productId === null ? [] : [{ productId: l.productId, quantity: l.quantity }])),
    )
  ).map((i) => ({
    ...i,
    unitPriceCents: priced.get(i.productId) ?? i.unitPriceCents,
  }));
  // The outbound parcel's shipment, when its label was bought from this provider: it already knows the addresses.
  const [outbound] = await db
    .select({ shipmentId: orderShipments.shipmentId })
    .from(orderShipments)
    .where(and(eq(orderShipments.orderId, o.id), eq(orderShipments.provider, shipping.provider.name), isNotNull(orderShipments.purchasedAt)))
    .limit(1);
  const keys = deps.invoiceKeys ? await deps.invoiceKeys([o.number]) : new Map<string, string>();
  const originCep = shipping.settings.originCep;
  return {
    tag: `Devolução ${r.id} do pedido ${o.number}`,
    // Reverse logistics runs on the Correios only: SEDEX when the order went by SEDEX, else PAC.
    serviceId: carrierServiceOf(o.shippingMethod) === '2' ? '2' : '1',
    originalShipmentId: outbound?.shipmentId ?? null,
    parcel: { fromCep: o.cep, toCep: originCep, items },
    contents: lines.map((l) => ({ name: l.title, quantity: l.quantity, unitPriceCents: l.unitPriceCents })),
    invoiceKey: keys.get(o.number) ?? null,
    sender: buyerParty(o),
    recipient: storeSender(originCep),
  };
}
