// Buying carrier labels from Expedição (Melhor Envio): for each order its shipment is added to the
// provider's cart, then all are paid (checkout), generated and printed as one PDF, and each order moves to
// "Enviado" with the carrier's code and its e-mail. Every step is recorded on the order's shipment row, so a
// retry resumes where the last attempt stopped: an order is added to the cart once and paid once. A lease on
// the row keeps a second click (or a second instance) from running the same purchase at the same time.
import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { store } from '#src/config/store.ts';
import { parcelItems } from '../shipping/quote.server.ts';
import { buyerParty } from '../shipping/parties.ts';
import { ShippingProviderError } from '../shipping/provider.ts';
import type { LabelRequest, ShipmentParty } from '../shipping/provider.ts';
import type { ShippingService } from '../shipping/service.ts';
import { carrierServiceOf, shipLockedOrder, TO_SHIP } from './expedition.server.ts';
import type { InvoiceKeys } from './expedition.server.ts';
import { orderLines, orderShipments, orders } from './schema.ts';
import type { OrderRow } from './view.ts';
import type { JobQueue } from '#src/platform/job-queue.ts';

export const TABLE_HAS_NO_LABELS = 'O frete por tabela não compra etiquetas de transportadora: imprima a etiqueta da loja, poste nos Correios e informe o código de rastreio.';
const LEASE_MS = 5 * 60_000;

export interface LabelPurchaseResult {
  ok: boolean;
  message: string;
  /** Orders now "Enviado". */
  shipped: string[];
  /** Orders left as they were, each with its reason. */
  failed: { number: string; message: string }[];
  /** The PDF with the labels bought (one for all). */
  labelUrl: string | null;
}

/** The store as the sender: its legal name, CNPJ, contacts and address, leaving from `originCep`. */
export function storeSender(originCep: string): ShipmentParty {
  const [, street = store.address.street, number = 's/n', neighborhood = ''] = /^(.+?),\s*(\S+)\s*-\s*(.+)$/.exec(store.address.street) ?? [];
  return {
    name: store.legalName,
    phone: store.phone.replace(/\D/g, ''),
    email: store.email,
    document: null,
    companyDocument: store.cnpj.replace(/\D/g, ''),
    address: { street, number, complement: null, neighborhood, city: store.address.city, state: store.address.state, cep: originCep },
  };
}

async function labelRequest(db: Db, shipping: ShippingService, row: OrderRow, serviceId: string, invoiceKey: string | null): Promise<LabelRequest> {
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, row.id)).orderBy(asc(orderLines.id));
  const priced = new Map(lines.flatMap((l) => (l.productId === null ? [] : [[l.productId, l.unitPriceCents] as const])));
  // The boxes' sizes are the products' today; the declared value is what the buyer paid.
  const items = (
    await parcelItems(
      db,
      lines.flatMap((l) => (l.productId === null ? [] : [{ productId: l.productId, quantity: l.quantity }])),
    )
  ).map((i) => ({ ...i, unitPriceCents: priced.get(i.productId) ?? i.unitPriceCents }));
  return {
    orderNumber: row.number,
    serviceId,
    parcel: { fromCep: shipping.settings.originCep, toCep: row.cep, items },
    contents: lines.map((l) => ({ name: l.title, quantity: l.quantity, unitPriceCents: l.unitPriceCents })),
    invoiceKey,
    sender: storeSender(shipping.settings.originCep),
    recipient: buyerParty(row),
  };
}

const reason = (err: unknown) => (err instanceof ShippingProviderError ? err.message : 'erro inesperado');

/** Buys the labels of these orders (numbers) with the configured carrier provider. */
export async function buyShippingLabels(deps: { db: Db; shipping: ShippingService; invoiceKeys?: InvoiceKeys; now?: Date; jobs: JobQueue | null }, numbers: string[]): Promise<LabelPurchaseResult> {
  const { db, shipping } = deps;
  const now = deps.now ?? new Date();
  const labels = shipping.provider.labels;
  const result: LabelPurchaseResult = { ok: false, message: '', shipped: [], failed: [], labelUrl: null };
  if (!labels) return { ...result, message: TABLE_HAS_NO_LABELS };
  const unique = [...new Set(numbers)];
  if (unique.length === 0) return { ...result, message: 'Selecione ao menos um pedido.' };
  const rows = await db
    .select()
    .from(orders)
    .where(and(inArray(orders.number, unique), inArray(orders.status, TO_SHIP)));
  const found = new Set(rows.map((r) => r.number));
  for (const n of unique) if (!found.has(n)) result.failed.push({ number: n, message: 'não está faturado ou já foi enviado.' });
  // The carrier's cart carries the nota's key (a commercial shipment); without one, a declaração de conteúdo.
  const keys = deps.invoiceKeys ? await deps.invoiceKeys(rows.map((r) => r.number)) : new Map<string, string>();
  const eligible = rows.filter((r) => {
    if (carrierServiceOf(r.shippingMethod)) return true;
    result.failed.push({ number: r.number, message: 'o frete foi escolhido pela tabela, sem transportadora: imprima a etiqueta da loja e informe o código.' });
    return false;
  });
  if (eligible.length > 0)
    await db
      .insert(orderShipments)
      .values(eligible.map((r) => ({ orderId: r.id, provider: shipping.provider.name })))
      .onConflictDoNothing();
  // The claim: one statement, so two clicks (or two instances) cannot both hold an order's purchase.
  const claimed =
    eligible.length === 0
      ? []
      : await db
          .update(orderShipments)
          .set({ leaseUntil: new Date(now.getTime() + LEASE_MS), updatedAt: now })
          .where(
            and(
              inArray(
                orderShipments.orderId,
                eligible.map((r) => r.id),
              ),
              or(isNull(orderShipments.leaseUntil), lt(orderShipments.leaseUntil, now)),
            ),
          )
          .returning();
  const held = new Map(claimed.map((s) => [s.orderId, s]));
  for (const r of eligible) if (!held.has(r.id)) result.failed.push({ number: r.number, message: 'a etiqueta já está sendo comprada; aguarde e atualize a página.' });
  const active = eligible.filter((r) => held.has(r.id));
  const release = (ids: number[], lastError: string | null) =>
    ids.length === 0
      ? Promise.resolve()
      : db
          .update(orderShipments)
          .set({ leaseUntil: null, lastError, updatedAt: new Date() })
          .where(inArray(orderShipments.orderId, ids))
          .then(() => undefined);

  // 1. The cart: each order once (its id kept), one by one; an order refused here stays out of the rest.
  const inCart: OrderRow[] = [];
  for (const r of active) {
    const s = held.get(r.id)!;
    if (s.shipmentId) {
      inCart.push(r);
      continue;
    }
    try {
      const added = await labels.addToCart(await labelRequest(db, shipping, r, carrierServiceOf(r.shippingMethod)!, keys.get(r.number) ?? null));
      await db.update(orderShipments).set({ shipmentId: added.shipmentId, carrier: added.carrier, service: added.service, updatedAt: new Date() }).where(eq(orderShipments.orderId, r.id));
      held.set(r.id, { ...s, shipmentId: added.shipmentId, carrier: added.carrier, service: added.service });
      inCart.push(r);
    } catch (err) {
      const message = `o Melhor Envio recusou o envio (${reason(err)}).`;
      result.failed.push({ number: r.number, message });
      await release([r.id], message);
    }
  }
  if (inCart.length === 0) return finish(result);
  const ids = inCart.map((r) => held.get(r.id)!.shipmentId!);
  try {
    // 2. Paid once: an order whose purchase was recorded is not checked out again.
    const unpaid = inCart.filter((r) => !held.get(r.id)!.purchasedAt);
    if (unpaid.length > 0) {
      await labels.checkout(unpaid.map((r) => held.get(r.id)!.shipmentId!));
      await db
        .update(orderShipments)
        .set({ purchasedAt: now, updatedAt: new Date() })
        .where(
          inArray(
            orderShipments.orderId,
            unpaid.map((r) => r.id),
          ),
        );
    }
    // 3. Generated and printed (both repeatable), then the carrier's codes.
    await labels.generate(ids);
    const { url } = await labels.print(ids);
    result.labelUrl = url;
    const statuses = shipping.provider.track ? await shipping.provider.track(ids) : new Map();
    for (const r of inCart) {
      const s = held.get(r.id)!;
      const code = statuses.get(s.shipmentId!)?.trackingCode ?? null;
      const moved = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(orders).where(eq(orders.id, r.id)).for('update').limit(1);
        await tx.update(orderShipments).set({ labelUrl: url, trackingCode: code, leaseUntil: null, lastError: null, updatedAt: new Date() }).where(eq(orderShipments.orderId, r.id));
        if (!code) return { ok: false as const, message: 'etiqueta gerada, mas o Melhor Envio ainda não informou o código de rastreio; tente de novo em alguns minutos.' };
        if (!row || !TO_SHIP.includes(row.status as never)) return { ok: false as const, message: 'não está mais faturado aguardando envio.' };
        const service = [s.carrier, s.service].filter(Boolean).join(' ');
        return shipLockedOrder(tx, row, code, { note: `${service ? `Enviado por ${service}. ` : ''}Código de rastreio: ${code}`, now, jobs: deps.jobs });
      });
      if (moved.ok) result.shipped.push(r.number);
      else result.failed.push({ number: r.number, message: moved.message });
    }
  } catch (err) {
    const message = `Não foi possível comprar as etiquetas no Melhor Envio (${reason(err)}). Os pedidos não mudaram; tente novamente.`;
    await release(
      inCart.map((r) => r.id),
      message,
    );
    return { ...finish(result), ok: false, message: result.failed.length ? `${message} ${finish(result).message}` : message };
  }
  return finish(result);
}

function finish(result: LabelPurchaseResult): LabelPurchaseResult {
  const parts: string[] = [];
  if (result.shipped.length) parts.push(result.shipped.length === 1 ? `Etiqueta comprada: pedido #${result.shipped[0]} enviado.` : `Etiquetas compradas: ${result.shipped.length} pedidos enviados.`);
  for (const f of result.failed) parts.push(`Pedido #${f.number}: ${f.message}`);
  return { ...result, ok: result.failed.length === 0 && result.shipped.length > 0, message: parts.join(' ') };
}
