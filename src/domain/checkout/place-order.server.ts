// Placing an order, as one explicit flow: validate, then in ONE transaction take the stock (conditional
// updates: no oversell under concurrent buyers), price everything from the database and write the order,
// its lines, its first event and its payment record; then charge through the payment provider and record
// the outcome (a declined card cancels the order and returns the stock). A retry with the same key returns
// the same order, resuming the charge if it was interrupted: the key's unique index refuses the retry's
// order, and a refused order looks its key up.
// The order's transaction also writes its confirmation e-mail (outbox) and makes sure of its expiry's job
// (an unpaid PIX or boleto gives its stock back on time), so neither can be lost to a crash after the
// commit. The confirmation is sent by this process's relay once the charge is recorded (or by its job, or
// the sweep).
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.server.ts';
import { preparedQuery } from '../../db/prepared.server.ts';
import { catalogChanged } from '../catalog/changes.server.ts';
import { products, productVariants } from '../catalog/schema.ts';
import { orderEmails, orderEvents, orderLines, orders } from '../orders/schema.ts';
import { boletoDeadline, pixDeadline } from '../orders/expiry.ts';
import { expiryScheduled, scheduleExpiry } from '../orders/expiry.server.ts';
import { enqueueSend, maybeEmailRelay, queueOrderEmail } from '../orders/outbox.server.ts';
import { BOLETO_DUE_DAYS, DEFAULT_PIX_EXPIRY_MINUTES } from '../payments/provider.ts';
import { brasiliaDay } from '../../platform/datetime.ts';
import { maybeJobRunner } from '../../platform/job-runner.server.ts';
import { restock } from '../orders/orders.server.ts';
import { hashToken, newAccessToken, readOrder } from '../orders/read.server.ts';
import type { OrderRead } from '../orders/read.server.ts';
import { toOrderView } from '../orders/view.ts';
import type { OrderView } from '../orders/view.ts';
import { checkCard } from '../payments/card.ts';
import type { CardDigits, CardToken, ChargeResult, PaymentProvider } from '../payments/provider.ts';
import { payments } from '../payments/schema.ts';
import { evaluateCoupon, normalizeCouponCode } from '../pricing/coupons.server.ts';
import { lineTotal, maxInstallments, orderTotals, subtotal } from '../pricing/pricing.ts';
import { MAX_UNITS_PER_PRODUCT, MESSAGES } from './rules.ts';
import type { PlaceOrderInput } from './rules.ts';

export type PlaceOrderResult =
  | { ok: true; order: OrderView; accessToken: string | null; replayed: boolean }
  | { ok: false; status: 400 | 402 | 409 | 422 | 503; message: string; order?: OrderView };

export interface PlaceOrderDeps {
  db: Db;
  provider: PaymentProvider;
  now?: () => Date;
  /** Called when the payment provider fails or cannot be reached (the order is cancelled, its stock returned). */
  onChargeError?: (err: unknown, orderNumber: string) => void;
  /** Units of one product an order may take after equal lines are merged (default MAX_UNITS_PER_PRODUCT). */
  maxUnitsPerProduct?: number;
  /** How long an unpaid PIX waits (PIX_EXPIRY_MINUTES, default 30). */
  pixExpiryMinutes?: number;
}

/** Stock taken: the pages showing these products are refreshed. Stock returned (undefined): every page. */
function stockChanged(db: Db, productIds: (number | null)[] | undefined): void {
  catalogChanged(db, productIds?.filter((id): id is number => id !== null)).catch(() => {});
}

class CheckoutError extends Error {
  readonly status: 409 | 400;
  constructor(status: 409 | 400, message: string) {
    super(message);
    this.status = status;
  }
}

/** The largest amount an order row holds (PostgreSQL integer centavos). */
export const MAX_ORDER_CENTS = 2_147_483_647;

export const outOfStockMessage = (title: string) => `Desculpe, o produto "${title}" não tem estoque suficiente. Ajuste a quantidade no carrinho.`;
export const DECLINED_MESSAGE = 'Pagamento recusado pelo emissor do cartão. Verifique os dados ou use outro cartão.';
export const KEY_REUSED_MESSAGE = 'Esta compra já foi registrada com outros dados. Recarregue a página e tente novamente.';
export const PAYMENT_UNAVAILABLE_MESSAGE = 'Não foi possível falar com o serviço de pagamento agora. Nada foi cobrado: tente novamente em instantes.';
/** The reason kept on an order whose charge failed at the provider (it is cancelled at once, stock back). */
export const GATEWAY_FAILED_REASON = 'Falha de comunicação com o serviço de pagamento.';
export const CARD_TOKEN_REQUIRED = 'Por segurança, os dados do cartão são enviados direto ao Mercado Pago. Recarregue a página e digite o cartão novamente.';

/** The card as the charge takes it: the digits (sandbox, in memory only) or the browser's token (gateway). */
export type ChargeCard = CardDigits | CardToken;

/** Checks the card the way the provider takes it; answers what to charge and what to keep (brand, last 4). */
export function cardFor(provider: PaymentProvider, card: PlaceOrderInput['card'], now: Date): { ok: true; card: ChargeCard; summary: { brand: string; last4: string } } | { ok: false; message: string } {
  const raw = card ?? {};
  if (provider.cardMode === 'token') {
    // PCI SAQ-A: in gateway mode a card number must never be posted here; refuse it without reading it.
    if (!('token' in raw)) return { ok: false, message: 'number' in raw || 'cvv' in raw ? CARD_TOKEN_REQUIRED : MESSAGES.card };
    return { ok: true, card: raw, summary: { brand: raw.brand ?? raw.paymentMethodId, last4: raw.last4 ?? '' } };
  }
  if ('token' in raw) return { ok: false, message: MESSAGES.card };
  const checked = checkCard(raw, now);
  if (!checked.ok) return checked;
  return { ok: true, card: { digits: checked.digits, brand: checked.brand, last4: checked.last4, name: '', expiry: '', cvv: '' }, summary: { brand: checked.brand, last4: checked.last4 } };
}

/** The gateway's idempotency key for an order's charge: stable per order and checkout attempt. */
export function chargeKey(row: { idempotencyKey: string; number: string }): string {
  return `olimpo-${crypto.createHash('sha256').update(`${row.idempotencyKey}:${row.number}`).digest('hex').slice(0, 40)}`;
}

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
    customer: input.customer ?? null,
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

// The order path's hot statements, prepared once per connection (src/db/prepared.server.ts).

/** Takes a line's units from a product row if it is active and has them; its price, title, photo and whether it has variants. */
const takeProductStock = preparedQuery<{ title: string; priceCents: number; imageUrl: string | null; hasVariants: boolean }>(
  'take_product_stock',
  (p) => sql`
    update ${products} set stock = stock - ${p('quantity')}, updated_at = ${p('now')}
    where id = ${p('id')} and active and stock >= ${p('quantity')}
    returning title, price_cents as "priceCents",
      (select pi.url from product_images pi where pi.product_id = products.id and pi.position = 0 limit 1) as "imageUrl",
      exists(select 1 from product_variants pv where pv.product_id = products.id) as "hasVariants"`,
);

/** The order an idempotency key already placed, if any (its id). */
const orderIdByKey = preparedQuery<{ id: number }>('order_id_by_key', (p) => sql`select id from ${orders} where idempotency_key = ${p('key')} limit 1`);

/** How to pay a PIX or boleto, as the provider answered. */
const recordPaymentCode = preparedQuery<never>(
  'record_payment_code',
  (p) => sql`
    update ${payments} set pix_code = ${p('pixCode')}, pix_expires_at = ${p('pixExpiresAt')}, boleto_line = ${p('boletoLine')},
      boleto_due_date = ${p('boletoDueDate')}, boleto_url = ${p('boletoUrl')}, provider_ref = ${p('providerRef')}, updated_at = ${p('now')}
    where order_id = ${p('orderId')}`,
);

/** The columns of each part of a new order, as `placeOrder` fills them (the statement's placeholders follow them). */
type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'number'>;
type NewLine = Omit<typeof orderLines.$inferInsert, 'id' | 'orderId'>;
type NewEvent = Omit<typeof orderEvents.$inferInsert, 'id' | 'orderId'>;
type NewPayment = Omit<typeof payments.$inferInsert, 'id' | 'orderId'>;

const ORDER_KEYS = [
  'expiresAt', 'accessTokenHash', 'userId', 'email', 'customerName', 'customerCpf', 'customerPhone', 'status', 'cep', 'street', 'streetNumber',
  'complement', 'neighborhood', 'city', 'state', 'shippingMethod', 'paymentMethod', 'installments', 'couponCode', 'subtotalCents',
  'couponDiscountCents', 'shippingCents', 'paymentDiscountCents', 'totalCents', 'idempotencyKey', 'requestHash', 'createdAt', 'updatedAt',
] as const satisfies readonly (keyof NewOrder)[];
const LINE_KEYS = ['productId', 'variantId', 'title', 'imageUrl', 'color', 'size', 'quantity', 'unitPriceCents', 'lineTotalCents'] as const satisfies readonly (keyof NewLine)[];
const EVENT_KEYS = ['status', 'note', 'createdAt'] as const satisfies readonly (keyof NewEvent)[];
const PAYMENT_KEYS = [
  'provider', 'method', 'status', 'amountCents', 'installments', 'cardBrand', 'cardLast4', 'pixCode', 'pixExpiresAt', 'boletoLine',
  'boletoDueDate', 'boletoUrl', 'failureReason', 'createdAt', 'updatedAt',
] as const satisfies readonly (keyof NewPayment)[];

type OrderKey = (typeof ORDER_KEYS)[number];
type LineKey = (typeof LINE_KEYS)[number];
type PaymentKey = (typeof PAYMENT_KEYS)[number];
/** `{}` fits only when T has no key outside K: a value the statement would not write fails to compile. */
type NoExtraKeys<T, K extends PropertyKey> = Record<Exclude<keyof T, K>, never>;

type Runner = ReturnType<typeof preparedQuery<{ id: number; number: string }>>;
const placeOrderByLines = new Map<number, Runner>();

/**
 * The statement writing a new order with `lineCount` lines: the order (its number from the sequence), its lines,
 * first event, payment record and confirmation e-mail, the later inserts taking the order's id from the first
 * one's RETURNING. Built once per number of lines with a placeholder for every value (drizzle wrote the whole
 * text again on every order: a tenth of the server's CPU per order, bench/NOTES.md); the columns' own
 * encoders still turn each value into what the driver sends. `tx` only lends its query builder.
 */
function placeOrderStatement(tx: Tx, lineCount: number): Runner {
  let run = placeOrderByLines.get(lineCount);
  if (run) return run;
  run = preparedQuery<{ id: number; number: string }>(`place_order_${lineCount}`, (p) => {
    // Each value as a bare placeholder: placeOrderValues encodes it as the column would (a null stays null).
    const fill = <K extends string>(prefix: string, keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, sql`${p(`${prefix}${k}`)}`])) as Record<K, never>;
    // getSQL(): a CTE body takes no parentheses, which drizzle would put around an embedded query.
    const orderId = sql`(select id from new_order)` as never;
    return sql`
      with new_order as (${tx
        .insert(orders)
        .values({ ...fill('o_', ORDER_KEYS), number: sql`olimpo_order_number(nextval('order_number_seq'))` })
        .returning({ id: orders.id, number: orders.number })
        .getSQL()}),
      new_lines as (${tx.insert(orderLines).values(Array.from({ length: lineCount }, (_, i) => ({ ...fill(`l${i}_`, LINE_KEYS), orderId }))).getSQL()}),
      new_event as (${tx.insert(orderEvents).values({ ...fill('e_', EVENT_KEYS), orderId }).getSQL()}),
      new_payment as (${tx.insert(payments).values({ ...fill('p_', PAYMENT_KEYS), orderId }).getSQL()}),
      new_email as (${tx.insert(orderEmails).values({ orderId, kind: 'confirmation', data: sql`${p('m_data')}` as never }).getSQL()})
      select id, number from new_order`;
  });
  placeOrderByLines.set(lineCount, run);
  return run;
}

/** A value as drizzle sends it for its column (a Date as ISO text, JSON as text); null as null. */
const encode = (column: { mapToDriverValue(value: unknown): unknown }, value: unknown) => (value === null || value === undefined ? null : column.mapToDriverValue(value));

/** The placeholders' values of `placeOrderStatement`. */
function placeOrderValues(order: NewOrder, lines: NewLine[], event: NewEvent, payment: NewPayment, emailData: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = { m_data: encode(orderEmails.data, emailData) };
  for (const k of ORDER_KEYS) values[`o_${k}`] = encode(orders[k], order[k]);
  lines.forEach((line, i) => {
    for (const k of LINE_KEYS) values[`l${i}_${k}`] = encode(orderLines[k], line[k]);
  });
  for (const k of EVENT_KEYS) values[`e_${k}`] = encode(orderEvents[k], event[k]);
  for (const k of PAYMENT_KEYS) values[`p_${k}`] = encode(payments[k], payment[k]);
  return values;
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
  const [taken] = await takeProductStock(tx, { id: line.productId, quantity: line.quantity, now: now.toISOString() });
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

/** The payment record of a credit order placed without card data: it waits for the card (pay-later.server.ts). */
export const AWAITING_CARD = 'awaiting-card';

export async function placeOrder(
  deps: PlaceOrderDeps,
  input: PlaceOrderInput,
  viewer: { userId: string | null },
  opts: { cardLater?: boolean } = {},
): Promise<PlaceOrderResult> {
  const now = deps.now?.() ?? new Date();
  const { db } = deps;
  let card: ChargeCard | null = null;
  let cardSummary: { brand: string; last4: string } | null = null;
  // Another front end may place a credit order without card data: it is recorded awaiting payment and the
  // buyer pays on the order page.
  const cardLater = opts.cardLater === true && input.payment === 'credit' && input.card === undefined;
  if (input.payment === 'credit' && !cardLater) {
    const checked = cardFor(deps.provider, input.card, now);
    if (!checked.ok) return { ok: false, status: 400, message: checked.message };
    card = checked.card;
    cardSummary = checked.summary;
  }
  const hash = requestHash(input, viewer.userId, cardSummary);

  const merged = mergeLines(input.lines);
  const maxUnits = deps.maxUnitsPerProduct ?? MAX_UNITS_PER_PRODUCT;
  // Per product, whatever colours, sizes or repeated lines carry it.
  const units = new Map<number, number>();
  for (const l of merged) units.set(l.productId, (units.get(l.productId) ?? 0) + l.quantity);
  if ([...units.values()].some((q) => q > maxUnits)) return { ok: false, status: 400, message: MESSAGES.unitsPerProduct(maxUnits) };

  const accessToken = newAccessToken();
  let written: Written;
  let expiryWindow: number | null = null;
  // Read once: the same relay that spares the order its e-mail job sends the e-mail.
  const relay = maybeEmailRelay();
  try {
    written = await db.transaction(async (tx) => {
      const priced: PricedLine[] = [];
      for (const line of merged) priced.push(await takeStock(tx, line, now));

      const couponCode = input.coupon ? normalizeCouponCode(input.coupon) : '';
      // Every coupon rule (window, minimum, limits overall and per customer) from the pricing domain; the
      // coupon row stays locked until this order commits, so its last use cannot be taken twice.
      const checked = couponCode
        ? await evaluateCoupon(tx, couponCode, { subtotalCents: subtotal(priced), customer: { userId: viewer.userId, email: input.email }, now, lock: true })
        : null;
      if (checked && !checked.ok) throw new CheckoutError(400, checked.message);
      const coupon = checked?.ok ? checked.terms : null;
      const totals = orderTotals(priced, { coupon, shipping: input.shipping, payment: input.payment });
      // Totals are stored as 32-bit integers of centavos (R$ 21.474.836,47 at most): beyond that, a clear 400.
      if (!Number.isSafeInteger(totals.subtotalCents) || totals.subtotalCents > MAX_ORDER_CENTS || totals.totalCents > MAX_ORDER_CENTS) throw new CheckoutError(400, MESSAGES.totalTooLarge);
      const installments = input.payment === 'credit' ? input.installments : 1;
      if (installments > maxInstallments(totals.totalCents)) throw new CheckoutError(400, MESSAGES.installments);

      // Until when an unpaid PIX or boleto holds its stock (a card is charged at once).
      const expiresAt =
        input.payment === 'pix'
          ? pixDeadline(now, deps.pixExpiryMinutes ?? DEFAULT_PIX_EXPIRY_MINUTES)
          : input.payment === 'boleto'
            ? boletoDeadline(brasiliaDay(new Date(now.getTime() + BOLETO_DUE_DAYS * 86_400_000)))
            : null;
      const values = {
        expiresAt,
        accessTokenHash: hashToken(accessToken),
        userId: viewer.userId,
        email: input.email.trim().toLowerCase(),
        customerName: input.customer?.name ?? null,
        customerCpf: input.customer?.cpf ?? null,
        customerPhone: input.customer?.phone ?? null,
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
        cardLast4: cardSummary?.last4 || null,
        pixCode: null,
        pixExpiresAt: null,
        boletoLine: null,
        boletoDueDate: null,
        boletoUrl: null,
        failureReason: null,
        createdAt: now,
        updatedAt: now,
      };
      // The order, its lines, its first event, its payment record and its confirmation e-mail in one statement
      // (one round trip), written once per number of lines and prepared on each connection.
      // Every key written here has its placeholder in the statement (a new column must be added to its list).
      const exact: [NoExtraKeys<typeof values, OrderKey>, NoExtraKeys<(typeof lines)[number], LineKey>, NoExtraKeys<typeof payment, PaymentKey>] = [{}, {}, {}];
      void exact;
      const [created] = await placeOrderStatement(tx, lines.length)(tx, placeOrderValues(values, lines, event, payment, { token: accessToken }));
      // The expiry job of the order's deadline window commits with it, unless this process committed that
      // window's job already. The confirmation's row is in the statement above; this process's relay sends
      // it after the charge, or else its job does.
      const runner = maybeJobRunner();
      if (!relay) await enqueueSend(runner, { orderId: Number(created!.id), kind: 'confirmation' }, tx);
      if (expiresAt) expiryWindow = await scheduleExpiry(tx, expiresAt, runner);
      const row: typeof orders.$inferSelect = { ...values, id: Number(created!.id), number: created!.number, trackingCode: null, rating: null, anonymizedAt: null };
      return { row, lines, payment, events: [event] };
    });
  } catch (err) {
    // A key already used (a retry, or two requests with one key at the same moment): the unique index let
    // only the first order in, and this one rolled back. Looked up only here: almost every key is new, so
    // the order path asks nothing before its transaction. Asked on a refusal too, so a retry of an order
    // that took the last unit answers that order, not "sold out".
    const earlier = await findByKey(db, input.idempotencyKey);
    if (earlier) return replay(deps, earlier, hash, input, card, now);
    if (err instanceof CheckoutError) return { ok: false, status: err.status === 400 ? 400 : 409, message: err.message };
    throw err;
  }

  expiryScheduled(expiryWindow);
  // The stock changed: pages showing these products are refreshed; the answer does not wait for it.
  stockChanged(db, written.lines.map((l) => l.productId));
  // The confirmation goes once the charge is recorded (it shows how to pay), whatever the charge's outcome:
  // a declined card's is skipped, and one that cannot be sent yet is handed to its job.
  try {
    if (cardLater) {
      await db.update(payments).set({ providerRef: AWAITING_CARD, updatedAt: now }).where(eq(payments.orderId, written.row.id));
      const order = toOrderView(written.row, written.lines, written.payment, written.events);
      return { ok: true, order, accessToken, replayed: false };
    }
    return await charge(deps, written.row, card, now, accessToken, false, written);
  } finally {
    relay?.push({ orderId: written.row.id, kind: 'confirmation' });
  }
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
  const [hit] = await orderIdByKey(db, { key });
  if (!hit) return null;
  return readOrder(db, hit.id);
}

async function replay(deps: PlaceOrderDeps, read: OrderRead, hash: string, _input: PlaceOrderInput, card: ChargeCard | null, now: Date): Promise<PlaceOrderResult> {
  const { row, payment, view: order } = read;
  if (row.requestHash !== hash) return { ok: false, status: 422, message: KEY_REUSED_MESSAGE };
  // Interrupted after the order was written but before the charge was recorded: finish it now.
  // (A credit order placed without its card has nothing to resume: it waits for the card.)
  const interrupted = payment?.status === 'pending' && !payment.providerRef && !(row.paymentMethod === 'credit' && !card);
  if (interrupted) {
    try {
      return await charge(deps, row, card, now, null, true);
    } finally {
      maybeEmailRelay()?.push({ orderId: row.id, kind: 'confirmation' });
    }
  }
  if (order.status === 'cancelled' && payment?.status === 'declined') return { ok: false, status: 402, message: DECLINED_MESSAGE, order };
  if (order.status === 'cancelled' && payment?.status === 'cancelled' && payment.failureReason === GATEWAY_FAILED_REASON) return { ok: false, status: 503, message: PAYMENT_UNAVAILABLE_MESSAGE, order };
  return { ok: true, order, accessToken: null, replayed: true };
}

export async function charge(
  deps: PlaceOrderDeps,
  row: typeof orders.$inferSelect,
  card: ChargeCard | null,
  now: Date,
  accessToken: string | null,
  replayed: boolean,
  written?: Written,
): Promise<PlaceOrderResult> {
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
  let status = row.status;
  let paymentChange: Partial<Written['payment']>;
  let event: Written['events'][number] | null = null;
  if (result.status === 'declined') {
    const paymentStatus = unreachable ? 'cancelled' : 'declined';
    paymentChange = { status: paymentStatus, failureReason: result.reason };
    status = 'cancelled';
    const cancelled = { status: 'cancelled', note: result.reason, createdAt: now };
    event = cancelled;
    const restocked = await db.transaction(async (tx) => {
      await tx.update(payments).set({ status: paymentStatus, failureReason: result.reason, providerRef: result.providerRef ?? 'declined', updatedAt: now }).where(eq(payments.orderId, row.id));
      await tx.update(orders).set({ status: 'cancelled', updatedAt: now }).where(eq(orders.id, row.id));
      await tx.insert(orderEvents).values({ orderId: row.id, ...cancelled });
      const restocked = await restock(tx, row.id);
      await queueOrderEmail(tx, row.id, 'cancelled', { note: result.reason });
      return restocked;
    });
    // Back from zero, a product can reappear in lists that do not show it: every cached page goes.
    if (restocked.length > 0) stockChanged(db, undefined);
  } else if (result.status === 'paid') {
    paymentChange = { status: 'paid' };
    status = 'paid';
    const paid = { status: 'paid', note: 'Pagamento aprovado.', createdAt: now };
    event = paid;
    await db.transaction(async (tx) => {
      await tx.update(payments).set({ status: 'paid', providerRef: result.providerRef, paidAt: now, updatedAt: now }).where(eq(payments.orderId, row.id));
      await tx.update(orders).set({ status: 'paid', updatedAt: now }).where(eq(orders.id, row.id));
      await tx.insert(orderEvents).values({ orderId: row.id, ...paid });
      await queueOrderEmail(tx, row.id, 'paid');
    });
  } else {
    // PIX or boleto: the order waits for the payment; one statement records how to pay.
    paymentChange = {
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
  }
  let order: OrderView;
  if (written) {
    order = toOrderView({ ...row, status, updatedAt: now }, written.lines, { ...written.payment, ...paymentChange }, event ? [...written.events, event] : written.events);
  } else {
    order = (await readOrder(db, row.id))!.view;
  }
  if (result.status === 'declined') return unreachable ? { ok: false, status: 503, message: PAYMENT_UNAVAILABLE_MESSAGE, order } : { ok: false, status: 402, message: DECLINED_MESSAGE, order };
  return { ok: true, order, accessToken, replayed };
}

/** The charge request: the order's amount and method, the card as the provider takes it, the payer, the key. */
function chargeAtProvider(deps: PlaceOrderDeps, row: typeof orders.$inferSelect, card: ChargeCard | null, now: Date): Promise<ChargeResult> {
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
