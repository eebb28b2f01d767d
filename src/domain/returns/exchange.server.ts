// An exchange (footwear in another size or colour) becomes a new order at no charge, written by the order
// path's own statement (the order, its lines, first event, payment record and confirmation e-mail) inside the
// caller's transaction, and moved to "Pago" by the status machine, so it is picked and shipped like any other.
// The wanted variant's units are taken with the same conditional updates as a sale (no oversell); the
// idempotency key "troca-<return id>" makes a second exchange order for one return impossible.
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Tx } from '#src/db/client.server.ts';
import { products, productVariants } from '../catalog/schema.ts';
import { placeOrderStatement, placeOrderValues } from '../checkout/place-order/order-statement.server.ts';
import { moveLockedOrder } from '../orders/orders.server.ts';
import { enqueueSend } from '../orders/outbox.server.ts';
import type { JobQueue } from '#src/platform/job-queue.ts';
import { hashToken, newAccessToken } from '../orders/read.server.ts';
import { orderLines, orders } from '../orders/schema.ts';
import { returnLines } from './schema.ts';

export type ExchangeResult = { ok: true; number: string; productIds: number[] } | { ok: false; message: string };

export async function createExchangeOrder(tx: Tx, returnId: number, originalOrderId: number, now: Date, jobs: JobQueue | null): Promise<ExchangeResult> {
  const [original] = await tx.select().from(orders).where(eq(orders.id, originalOrderId)).limit(1);
  if (!original) return { ok: false, message: 'Pedido original não encontrado.' };
  const wanted = await tx
    .select({ quantity: returnLines.quantity, variantId: returnLines.wantedVariantId, title: orderLines.title, imageUrl: orderLines.imageUrl, productId: orderLines.productId })
    .from(returnLines)
    .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
    .where(eq(returnLines.returnId, returnId));
  const variantIds = wanted.map((w) => w.variantId).filter((v): v is number => v !== null);
  if (variantIds.length !== wanted.length) return { ok: false, message: 'A troca não tem o tamanho e a cor escolhidos.' };
  const variants = await tx.select().from(productVariants).where(inArray(productVariants.id, variantIds));
  const lines = [];
  for (const w of wanted) {
    const v = variants.find((x) => x.id === w.variantId);
    if (!v) return { ok: false, message: `O tamanho e a cor escolhidos para "${w.title}" não existem mais.` };
    // The same conditional take as a sale: the units must be there.
    const took = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} - ${w.quantity}` })
      .where(and(eq(productVariants.id, v.id), gte(productVariants.stock, w.quantity)))
      .returning({ id: productVariants.id });
    const tookProduct = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${w.quantity}`, updatedAt: now })
      .where(and(eq(products.id, v.productId), gte(products.stock, w.quantity)))
      .returning({ id: products.id });
    if (took.length === 0 || tookProduct.length === 0) return { ok: false, message: `Sem estoque de "${w.title}" em ${v.color}, ${v.size} para a troca.` };
    lines.push({ productId: v.productId, variantId: v.id, title: w.title, imageUrl: w.imageUrl, color: v.color, size: v.size, quantity: w.quantity, unitPriceCents: 0, lineTotalCents: 0 });
  }
  const token = newAccessToken();
  const values = {
    expiresAt: null,
    accessTokenHash: hashToken(token),
    userId: original.userId,
    email: original.email,
    customerName: original.customerName,
    customerCpf: original.customerCpf,
    customerPhone: original.customerPhone,
    status: 'awaiting_payment',
    cep: original.cep,
    street: original.street,
    streetNumber: original.streetNumber,
    complement: original.complement,
    neighborhood: original.neighborhood,
    city: original.city,
    state: original.state,
    shippingMethod: original.shippingMethod,
    shippingLabel: original.shippingLabel,
    shippingCarrier: original.shippingCarrier,
    shippingMaxDays: original.shippingMaxDays,
    shippingProvider: original.shippingProvider,
    shippingPickupCode: null,
    paymentMethod: original.paymentMethod,
    installments: 1,
    couponCode: null,
    subtotalCents: 0,
    couponDiscountCents: 0,
    shippingCents: 0,
    paymentDiscountCents: 0,
    totalCents: 0,
    idempotencyKey: `troca-${returnId}`,
    requestHash: `troca-${returnId}`,
    createdAt: now,
    updatedAt: now,
  };
  const event = { status: 'awaiting_payment', note: `Troca da devolução nº ${returnId} do pedido #${original.number}, sem custo.`, createdAt: now };
  const payment = {
    provider: 'troca',
    method: original.paymentMethod,
    status: 'pending',
    amountCents: 0,
    installments: 1,
    cardBrand: null,
    cardLast4: null,
    pixCode: null,
    pixExpiresAt: null,
    boletoLine: null,
    boletoDueDate: null,
    boletoUrl: null,
    failureReason: null,
    createdAt: now,
    updatedAt: now,
  };
  const [created] = await placeOrderStatement(tx, lines.length)(tx, placeOrderValues(values, lines, event, payment, { token }));
  await enqueueSend(jobs, { orderId: Number(created!.id), kind: 'confirmation' }, tx);
  const [row] = await tx
    .select()
    .from(orders)
    .where(eq(orders.id, Number(created!.id)))
    .limit(1);
  // Nothing to pay: the status machine moves it to "Pago" (its event, payment record and e-mail).
  const moved = await moveLockedOrder(tx, row!, 'paid', { note: 'Troca sem custo.', now, jobs });
  if (!moved.ok) return { ok: false, message: moved.message };
  return { ok: true, number: created!.number, productIds: lines.map((l) => l.productId) };
}
