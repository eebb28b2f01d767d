// Placing an order, as one explicit flow: validate, check the idempotency key, then in ONE transaction
// take the stock (conditional updates: no oversell under concurrent buyers), price everything from the
// database and write the order, its lines, its first event and its payment record; then charge through
// the payment provider and record the outcome (a declined card cancels the order and returns the stock).
// A retry with the same key returns the same order, resuming the charge if it was interrupted.
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.server.ts';
import { products, productVariants } from '../catalog/schema.ts';
import { orderEvents, orderLines, orders } from '../orders/schema.ts';
import { hashToken, loadOrderView, newAccessToken, restock, toOrderView } from '../orders/orders.server.ts';
import type { OrderView } from '../orders/orders.server.ts';
import { checkCard } from '../payments/card.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { payments } from '../payments/schema.ts';
import { evaluateCoupon, normalizeCouponCode } from '../pricing/coupons.server.ts';
import { lineTotal, maxInstallments, orderTotals, subtotal } from '../pricing/pricing.ts';
import { MESSAGES } from './rules.ts';
import type { PlaceOrderInput } from './rules.ts';

export type PlaceOrderResult =
  | { ok: true; order: OrderView; accessToken: string | null; replayed: boolean }
  | { ok: false; status: 400 | 402 | 409 | 422; message: string; order?: OrderView };

export interface PlaceOrderDeps {
  db: Db;
  provider: PaymentProvider;
  now?: () => Date;
  /** Called after the order is committed and charged (e-mail); failures there do not undo the order. */
  onPlaced?: (order: OrderView, accessToken: string) => Promise<void>;
}

class CheckoutError extends Error {
  readonly status: 409 | 400;
  constructor(status: 409 | 400, message: string) {
    super(message);
    this.status = status;
  }
}

export const outOfStockMessage = (title: string) => `Desculpe, o produto "${title}" não tem estoque suficiente. Ajuste a quantidade no carrinho.`;
export const DECLINED_MESSAGE = 'Pagamento recusado pelo emissor do cartão. Verifique os dados ou use outro cartão.';
export const KEY_REUSED_MESSAGE = 'Esta compra já foi registrada com outros dados. Recarregue a página e tente novamente.';

/** What identifies a request for idempotency: everything but the card's secrets. */
function requestHash(input: PlaceOrderInput, userId: string | null, card: { brand: string; last4: string } | null): string {
  const canonical = JSON.stringify({
    userId,
    email: input.email.toLowerCase(),
    lines: input.lines.map((l) => [l.productId, l.color ?? null, l.size ?? null, l.quantity]),
    coupon: input.coupon ? normalizeCouponCode(input.coupon) : null,
    address: input.address,
    shipping: input.shipping,
    payment: input.payment,
    installments: input.payment === 'credit' ? input.installments : 1,
    card,
  });
  return crypto.createHash('sha256').update(canonical).digest('hex');
}

type MergedLine = { productId: number; color: string | null; size: string | null; quantity: number };

function mergeLines(lines: PlaceOrderInput['lines']): MergedLine[] {
  const merged = new Map<string, MergedLine>();
  for (const l of lines) {
    const key = `${l.productId}|${l.color ?? ''}|${l.size ?? ''}`;
    const prev = merged.get(key);
    if (prev) prev.quantity += l.quantity;
    else merged.set(key, { productId: l.productId, color: l.color || null, size: l.size || null, quantity: l.quantity });
  }
  // A fixed lock order avoids deadlocks between concurrent buyers of the same products.
  return [...merged.values()].sort((a, b) => a.productId - b.productId || (a.color ?? '').localeCompare(b.color ?? '') || (a.size ?? '').localeCompare(b.size ?? ''));
}

type PricedLine = { productId: number; variantId: number | null; title: string; imageUrl: string | null; color: string | null; size: string | null; quantity: number; unitPriceCents: number };

const UNAVAILABLE = 'Um produto do carrinho não está mais disponível. Revise o carrinho.';
const chooseVariant = (title: string) => `Escolha uma cor e um tamanho disponíveis para "${title}".`;

/**
 * Takes one line's units from stock and prices it from the database. The common case (no colour or size)
 * is a single conditional UPDATE ... RETURNING that locks the row, checks the stock and reads the price;
 * only a refused update asks the database why (gone, sold out, or a colour/size it does not have).
 */
async function takeStock(tx: Tx, line: MergedLine, now: Date): Promise<PricedLine> {
  let variantId: number | null = null;
  let variantLabel = '';
  if (line.color !== null || line.size !== null) {
    const [variant] = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} - ${line.quantity}` })
      .where(
        and(
          eq(productVariants.productId, line.productId),
          line.color === null ? sql`false` : eq(productVariants.color, line.color),
          line.size === null ? sql`false` : eq(productVariants.size, line.size),
          sql`${productVariants.stock} >= ${line.quantity}`,
        ),
      )
      .returning({ id: productVariants.id });
    if (variant) {
      variantId = variant.id;
      variantLabel = ` (${line.color}, ${line.size})`;
    } else {
      const [product] = await tx
        .select({
          title: products.title,
          variants: sql<number>`(select count(*)::int from product_variants pv where pv.product_id = products.id)`,
          exists: sql<boolean>`exists(select 1 from product_variants pv where pv.product_id = products.id and pv.color = ${line.color ?? ''} and pv.size = ${line.size ?? ''})`,
        })
        .from(products)
        .where(eq(products.id, line.productId));
      if (!product) throw new CheckoutError(409, UNAVAILABLE);
      // A colour or size sent for a product sold without them is ignored, as the cart does.
      if (product.variants > 0) {
        if (!product.exists) throw new CheckoutError(409, chooseVariant(product.title));
        throw new CheckoutError(409, outOfStockMessage(`${product.title} (${line.color}, ${line.size})`));
      }
    }
  }
  const [taken] = await tx
    .update(products)
    .set({ stock: sql`${products.stock} - ${line.quantity}`, updatedAt: now })
    .where(and(eq(products.id, line.productId), eq(products.active, true), sql`${products.stock} >= ${line.quantity}`))
    .returning({
      title: products.title,
      priceCents: products.priceCents,
      // Subqueries written out with aliases: drizzle leaves column names unqualified in UPDATE … RETURNING,
      // where "product_id = id" would compare the subquery's own columns.
      imageUrl: sql<string | null>`(select pi.url from product_images pi where pi.product_id = products.id and pi.position = 0 limit 1)`,
      hasVariants: sql<boolean>`exists(select 1 from product_variants pv where pv.product_id = products.id)`,
    });
  if (!taken) {
    const [product] = await tx.select({ title: products.title, active: products.active }).from(products).where(eq(products.id, line.productId));
    throw new CheckoutError(409, product?.active ? outOfStockMessage(product.title + variantLabel) : UNAVAILABLE);
  }
  if (taken.hasVariants && variantId === null) throw new CheckoutError(409, chooseVariant(taken.title));
  return {
    productId: line.productId,
    variantId,
    title: taken.title,
    imageUrl: taken.imageUrl,
    color: variantId ? line.color : null,
    size: variantId ? line.size : null,
    quantity: line.quantity,
    unitPriceCents: taken.priceCents,
  };
}

export async function placeOrder(deps: PlaceOrderDeps, input: PlaceOrderInput, viewer: { userId: string | null }): Promise<PlaceOrderResult> {
  const now = deps.now?.() ?? new Date();
  const { db } = deps;
  let card: ReturnType<typeof checkCard> | null = null;
  if (input.payment === 'credit') {
    card = checkCard(input.card, now);
    if (!card.ok) return { ok: false, status: 400, message: card.message };
  }
  const cardSummary = card?.ok ? { brand: card.brand, last4: card.last4 } : null;
  const hash = requestHash(input, viewer.userId, cardSummary);

  const existing = await findByKey(db, input.idempotencyKey);
  if (existing) return replay(deps, existing, hash, input, card, now);

  const accessToken = newAccessToken();
  let written: Written;
  try {
    written = await db.transaction(async (tx) => {
      const priced: PricedLine[] = [];
      for (const line of mergeLines(input.lines)) priced.push(await takeStock(tx, line, now));

      const couponCode = input.coupon ? normalizeCouponCode(input.coupon) : '';
      // Every coupon rule (window, minimum, limits overall and per customer) from the pricing domain; the
      // coupon row stays locked until this order commits, so its last use cannot be taken twice.
      const checked = couponCode
        ? await evaluateCoupon(tx, couponCode, { subtotalCents: subtotal(priced), customer: { userId: viewer.userId, email: input.email }, now, lock: true })
        : null;
      if (checked && !checked.ok) throw new CheckoutError(400, checked.message);
      const coupon = checked?.ok ? checked.terms : null;
      const totals = orderTotals(priced, { coupon, shipping: input.shipping, payment: input.payment });
      const installments = input.payment === 'credit' ? input.installments : 1;
      if (installments > maxInstallments(totals.totalCents)) throw new CheckoutError(400, MESSAGES.installments);

      const values = {
        accessTokenHash: hashToken(accessToken),
        userId: viewer.userId,
        email: input.email.trim().toLowerCase(),
        customerName: null as string | null,
        customerCpf: null as string | null,
        customerPhone: null as string | null,
        status: 'awaiting_payment',
        cep: input.address.cep,
        street: input.address.street,
        streetNumber: input.address.number,
        complement: input.address.complement || null,
        neighborhood: input.address.neighborhood,
        city: input.address.city,
        state: input.address.state,
        shippingMethod: input.shipping,
        paymentMethod: input.payment,
        installments,
        couponCode: coupon !== null ? couponCode : null,
        subtotalCents: totals.subtotalCents,
        couponDiscountCents: totals.couponDiscountCents,
        shippingCents: totals.shippingCents,
        paymentDiscountCents: totals.paymentDiscountCents,
        totalCents: totals.totalCents,
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        createdAt: now,
        updatedAt: now,
      };
      const lines = priced.map((p) => ({ ...p, lineTotalCents: lineTotal(p) }));
      const event = { status: 'awaiting_payment', note: null, createdAt: now };
      const payment = {
        provider: deps.provider.name,
        method: input.payment,
        status: 'pending',
        amountCents: totals.totalCents,
        installments,
        cardBrand: cardSummary?.brand ?? null,
        cardLast4: cardSummary?.last4 ?? null,
        pixCode: null,
        pixExpiresAt: null,
        boletoLine: null,
        boletoDueDate: null,
        failureReason: null,
        createdAt: now,
        updatedAt: now,
      };
      // The order, its lines, its first event and its payment record in one statement (one round trip):
      // the later inserts take the order's id from the first one's RETURNING (getSQL(): a CTE body takes no
      // parentheses, which drizzle would put around an embedded query).
      const orderId = sql`(select id from new_order)`;
      const result = await tx.execute(sql`
        with new_order as (${tx
          .insert(orders)
          .values({ ...values, number: sql`lpad((((nextval('order_number_seq') * 7919) % 90000000) + 10000000)::text, 8, '0')` })
          .returning({ id: orders.id, number: orders.number })
          .getSQL()}),
        new_lines as (${tx.insert(orderLines).values(lines.map((l) => ({ ...l, orderId }))).getSQL()}),
        new_event as (${tx.insert(orderEvents).values({ ...event, orderId }).getSQL()}),
        new_payment as (${tx.insert(payments).values({ ...payment, orderId }).getSQL()})
        select id, number from new_order`);
      const [created] = (result as unknown as { rows: { id: number; number: string }[] }).rows;
      const row: typeof orders.$inferSelect = { ...values, id: Number(created!.id), number: created!.number, trackingCode: null, rating: null, anonymizedAt: null };
      return { row, lines, payment, events: [event] };
    });
  } catch (err) {
    if (err instanceof CheckoutError) return { ok: false, status: err.status === 400 ? 400 : 409, message: err.message };
    // Two requests with one key at the same moment: the unique index let one in; answer like a replay.
    const raced = await findByKey(db, input.idempotencyKey);
    if (raced) return replay(deps, raced, hash, input, card, now);
    throw err;
  }

  return charge(deps, written.row, card, now, accessToken, false, written);
}

/** What placing an order wrote, so the answer is built without reading it back. */
interface Written {
  row: typeof orders.$inferSelect;
  lines: Parameters<typeof toOrderView>[1];
  payment: NonNullable<Parameters<typeof toOrderView>[2]>;
  events: Parameters<typeof toOrderView>[3];
}

async function findByKey(db: Db, key: string) {
  // Almost every key is new: ask for the id alone, read the whole order only for a replay.
  const [hit] = await db.select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, key)).limit(1);
  if (!hit) return null;
  const [row] = await db.select().from(orders).where(eq(orders.id, hit.id)).limit(1);
  return row ?? null;
}

async function replay(deps: PlaceOrderDeps, row: typeof orders.$inferSelect, hash: string, _input: PlaceOrderInput, card: ReturnType<typeof checkCard> | null, now: Date): Promise<PlaceOrderResult> {
  if (row.requestHash !== hash) return { ok: false, status: 422, message: KEY_REUSED_MESSAGE };
  const [payment] = await deps.db.select().from(payments).where(eq(payments.orderId, row.id)).limit(1);
  // Interrupted after the order was written but before the charge was recorded: finish it now.
  const interrupted = payment?.status === 'pending' && !payment.providerRef;
  if (interrupted) return charge(deps, row, card, now, null, true);
  const order = await loadOrderView(deps.db, row);
  if (order.status === 'cancelled' && payment?.status === 'declined') return { ok: false, status: 402, message: DECLINED_MESSAGE, order };
  return { ok: true, order, accessToken: null, replayed: true };
}

async function charge(
  deps: PlaceOrderDeps,
  row: typeof orders.$inferSelect,
  card: ReturnType<typeof checkCard> | null,
  now: Date,
  accessToken: string | null,
  replayed: boolean,
  written?: Written,
): Promise<PlaceOrderResult> {
  const { db } = deps;
  const result = await deps.provider.charge({
    orderNumber: row.number,
    amountCents: row.totalCents,
    method: row.paymentMethod as 'credit' | 'boleto' | 'pix',
    installments: row.installments,
    card: card?.ok ? { digits: card.digits, brand: card.brand, last4: card.last4, name: '', expiry: '', cvv: '' } : undefined,
    now,
  });
  let status = row.status;
  let paymentChange: Partial<Written['payment']>;
  let event: Written['events'][number] | null = null;
  if (result.status === 'declined') {
    paymentChange = { status: 'declined', failureReason: result.reason };
    status = 'cancelled';
    const cancelled = { status: 'cancelled', note: result.reason, createdAt: now };
    event = cancelled;
    await db.transaction(async (tx) => {
      await tx.update(payments).set({ status: 'declined', failureReason: result.reason, providerRef: 'declined', updatedAt: now }).where(eq(payments.orderId, row.id));
      await tx.update(orders).set({ status: 'cancelled', updatedAt: now }).where(eq(orders.id, row.id));
      await tx.insert(orderEvents).values({ orderId: row.id, ...cancelled });
      await restock(tx, row.id);
    });
  } else if (result.status === 'paid') {
    paymentChange = { status: 'paid' };
    status = 'paid';
    const paid = { status: 'paid', note: 'Pagamento aprovado.', createdAt: now };
    event = paid;
    await db.transaction(async (tx) => {
      await tx.update(payments).set({ status: 'paid', providerRef: result.providerRef, paidAt: now, updatedAt: now }).where(eq(payments.orderId, row.id));
      await tx.update(orders).set({ status: 'paid', updatedAt: now }).where(eq(orders.id, row.id));
      await tx.insert(orderEvents).values({ orderId: row.id, ...paid });
    });
  } else {
    // PIX or boleto: the order waits for the payment; one statement records how to pay.
    paymentChange = {
      pixCode: result.pix?.code ?? null,
      pixExpiresAt: result.pix?.expiresAt ?? null,
      boletoLine: result.boleto?.line ?? null,
      boletoDueDate: result.boleto?.dueDate ?? null,
    };
    await db.update(payments).set({ ...paymentChange, providerRef: result.providerRef, updatedAt: now }).where(eq(payments.orderId, row.id));
  }
  let order: OrderView;
  if (written) {
    order = toOrderView({ ...row, status, updatedAt: now }, written.lines, { ...written.payment, ...paymentChange }, event ? [...written.events, event] : written.events);
  } else {
    const [fresh] = await db.select().from(orders).where(eq(orders.id, row.id)).limit(1);
    order = await loadOrderView(db, fresh!);
  }
  if (result.status === 'declined') return { ok: false, status: 402, message: DECLINED_MESSAGE, order };
  if (accessToken && deps.onPlaced) await deps.onPlaced(order, accessToken);
  return { ok: true, order, accessToken, replayed };
}
