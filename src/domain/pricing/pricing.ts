// Owns every money rule of the store, in integer centavos: the cart's subtotal, coupon discount, total
// and installment hint, and the checkout's payment adjustments and installment plans (freight prices come
// from the shipping module, src/domain/shipping). Rounding is half-up to the centavo, in `percentOf`. Pages and the server both
// import from here; nothing else computes money.
import type { Cents } from './money.ts';
import { percentOf } from './money.ts';
import { couponDiscount } from './coupon-rules.ts';
import type { CouponTerms } from './coupon-rules.ts';

/** A coupon given as its terms, or (older callers) as a bare percent. */
interface CouponOption {
  couponPercent?: number | null;
  coupon?: CouponTerms | null;
}

function couponOff(subtotalCents: Cents, opts: CouponOption): Cents {
  const terms = opts.coupon ?? (opts.couponPercent ? ({ kind: 'percent', percent: opts.couponPercent } as const) : null);
  return couponDiscount(subtotalCents, terms);
}

// ---- Cart (spec §9) ----

/** Spec §9: "ou 10x de" total/10, shown only when the amount exceeds R$ 200,00. */
export const INSTALLMENT_HINT_THRESHOLD_CENTS: Cents = 20_000;
export const INSTALLMENT_HINT_COUNT = 10;

export function installmentHint(totalCents: Cents): { count: number; eachCents: Cents } | null {
  if (!(totalCents > INSTALLMENT_HINT_THRESHOLD_CENTS)) return null;
  return { count: INSTALLMENT_HINT_COUNT, eachCents: divideHalfUp(totalCents, INSTALLMENT_HINT_COUNT) };
}

/** A unit price as the spec allows it to arrive: a non-numeric or missing price counts as 0 (spec §5). */
export function sanitizePrice(value: unknown, onInvalid?: (value: unknown) => void): Cents {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  onInvalid?.(value);
  return 0;
}

export interface PricedLine {
  unitPriceCents: Cents;
  quantity: number;
}

export function lineTotal(line: PricedLine): Cents {
  return line.unitPriceCents * line.quantity;
}

export function subtotal(lines: readonly PricedLine[]): Cents {
  return lines.reduce((sum, line) => sum + lineTotal(line), 0);
}

export interface CartTotals {
  subtotalCents: Cents;
  discountCents: Cents;
  freightCents: Cents;
  totalCents: Cents;
  installmentHint: { count: number; eachCents: Cents } | null;
}

/**
 * Cart totals: total = subtotal + freight − discount, where the discount is the coupon's percent of the
 * subtotal (or its fixed value, see coupon-rules.ts) and the freight is the shipping module's estimate once
 * a valid CEP was checked (0 before, and for an empty cart).
 */
export function cartTotals(lines: readonly PricedLine[], opts: CouponOption & { freightCents: Cents }): CartTotals {
  const subtotalCents = subtotal(lines);
  const discountCents = couponOff(subtotalCents, opts);
  const freightCents = lines.length > 0 ? opts.freightCents : 0;
  const totalCents = Math.max(0, subtotalCents + freightCents - discountCents);
  return { subtotalCents, discountCents, freightCents, totalCents, installmentHint: installmentHint(totalCents) };
}

// ---- Checkout (spec §9) ----

export const PAYMENT_METHODS = [
  { id: 'credit', label: 'Cartão de Crédito', discountPercent: 0 },
  { id: 'boleto', label: 'Boleto Bancário', discountPercent: 5 },
  { id: 'pix', label: 'PIX', discountPercent: 10 },
] as const;
export type PaymentMethodId = (typeof PAYMENT_METHODS)[number]['id'];
export const paymentMethod = (id: PaymentMethodId) => PAYMENT_METHODS.find((m) => m.id === id)!;

export const MAX_INSTALLMENTS = 10;
/** Smallest installment the store accepts: R$ 10,00 (spec: up to min(10, floor(total/10))). */
export const MIN_INSTALLMENT_CENTS: Cents = 1000;

/** Installment counts allowed for a card total: 1 up to min(10, floor(total / R$ 10)). */
export function maxInstallments(totalCents: Cents): number {
  return Math.max(1, Math.min(MAX_INSTALLMENTS, Math.floor(totalCents / MIN_INSTALLMENT_CENTS)));
}

/** Interest-free plan: n installments of total/n; the first absorbs the rounding so they add up exactly. */
export function installmentPlan(totalCents: Cents, count: number): { count: number; eachCents: Cents; firstCents: Cents } {
  const each = Math.floor(totalCents / count);
  return { count, eachCents: divideHalfUp(totalCents, count), firstCents: totalCents - each * (count - 1) };
}

export interface OrderTotals {
  subtotalCents: Cents;
  couponDiscountCents: Cents;
  shippingCents: Cents;
  /** subtotal − coupon + shipping, before the payment method's adjustment. */
  grossCents: Cents;
  paymentDiscountCents: Cents;
  totalCents: Cents;
}

/**
 * Order total = subtotal − coupon discount + the chosen shipping option's price (quoted by the shipping
 * module; it replaces the cart's estimate); then boleto takes 5 % off and PIX 10 % off that amount. Card
 * installments divide the result.
 */
export function orderTotals(lines: readonly PricedLine[], opts: CouponOption & { shippingCents: Cents; payment: PaymentMethodId }): OrderTotals {
  const subtotalCents = subtotal(lines);
  const couponDiscountCents = couponOff(subtotalCents, opts);
  const { shippingCents } = opts;
  const grossCents = subtotalCents - couponDiscountCents + shippingCents;
  // Spec §9: "boleto total x 0.95; pix total x 0.9", rounded half-up to the centavo.
  const totalCents = priceWithPayment(grossCents, opts.payment);
  return { subtotalCents, couponDiscountCents, shippingCents, grossCents, paymentDiscountCents: grossCents - totalCents, totalCents };
}

/** An amount after a payment method's adjustment (boleto ×0,95, PIX ×0,90), half-up to the centavo. */
export function priceWithPayment(amountCents: Cents, payment: PaymentMethodId): Cents {
  return percentOf(amountCents, 100 - paymentMethod(payment).discountPercent);
}

/**
 * The price lines of a product card and page: "R$ 647,91 no PIX" (the PIX discount) and "ou 10x de R$ 71,99
 * sem juros" (the most interest-free installments the checkout allows for that price; none below 2).
 */
export function productPriceLines(priceCents: Cents): { pixCents: Cents; pixPercent: number; installments: { count: number; eachCents: Cents } | null } {
  const count = maxInstallments(priceCents);
  return {
    pixCents: priceWithPayment(priceCents, 'pix'),
    pixPercent: paymentMethod('pix').discountPercent,
    installments: count >= 2 ? { count, eachCents: installmentPlan(priceCents, count).eachCents } : null,
  };
}

function divideHalfUp(amount: Cents, by: number): Cents {
  return Math.floor((amount * 2 + by) / (2 * by));
}

/**
 * How a product's "de/por" price is stored: an old price above the price puts it on sale, with the discount
 * percent the badge shows (rounded like the seed's). Shared by the back office and the catalog import.
 */
export function saleFields(priceCents: number, oldPriceCents: number | null): { oldPriceCents: number | null; onSale: boolean; discountPercent: number } {
  if (oldPriceCents === null || oldPriceCents <= priceCents || oldPriceCents <= 0) return { oldPriceCents: null, onSale: false, discountPercent: 0 };
  return { oldPriceCents, onSale: true, discountPercent: Math.min(99, Math.max(1, Math.round((1 - priceCents / oldPriceCents) * 100))) };
}

/** A price after a percentage change (−90 % to +500 %), half-up to the centavo. */
export function changedPrice(priceCents: Cents, percent: number): Cents {
  return percentOf(priceCents, 100 + percent);
}

// ---- Returns: what goes back to the buyer ----

/** What an order charged: the goods at their list price, the freight, and the total actually paid. */
export interface PaidOrder {
  subtotalCents: Cents;
  shippingCents: Cents;
  totalCents: Cents;
}

/**
 * What the buyer paid for the first `listCents` of the order's goods (at list price): the goods' part of the
 * total (total − freight, so after the coupon and the PIX/boleto discount) in proportion, half-up to the
 * centavo. It is 0 at 0, the goods' whole at the subtotal and never decreases, so the slices that successive
 * returns take (`paidForGoods(before + items) − paidForGoods(before)`) never add up to more than was paid.
 */
export function paidForGoods(order: PaidOrder, listCents: Cents): Cents {
  const goods = Math.max(0, order.totalCents - order.shippingCents);
  if (order.subtotalCents <= 0 || listCents <= 0) return 0;
  if (listCents >= order.subtotalCents) return goods;
  // BigInt: goods × list can pass 2^53 on large orders.
  const sub = BigInt(order.subtotalCents);
  return Number((BigInt(goods) * BigInt(listCents) * 2n + sub) / (2n * sub));
}

/** The most a buyer's own postage adds to a refund: R$ 200,00 (a PAC across Brazil for a boxed part). */
export const MAX_POSTAGE_REFUND_CENTS: Cents = 20_000;

export interface ReturnRefundInput extends PaidOrder {
  /** The returned items at their unit price. */
  itemsCents: Cents;
  /** The items (at unit price) of the order's returns taken back before this one. */
  earlierItemsCents: Cents;
  /** A withdrawal of every unit not yet returned: the outbound freight goes back too (CDC art. 49). */
  withdrawalOfAll: boolean;
  /** The postage the buyer paid to send the items back, which the store reimburses (0 to MAX_POSTAGE_REFUND_CENTS). */
  postageCents: Cents;
  /** What earlier returns of this order already refunded. */
  refundedBeforeCents: Cents;
}

/**
 * What a return refunds, in centavos: its slice of what was paid for the goods, the freight on a withdrawal of
 * everything, and the buyer's postage; never more than what is left of the payment (the gateway refunds no more).
 */
export function returnRefundCents(i: ReturnRefundInput): Cents {
  const items = i.itemsCents > 0 ? paidForGoods(i, i.earlierItemsCents + i.itemsCents) - paidForGoods(i, i.earlierItemsCents) : 0;
  const postage = Math.min(Math.max(0, Math.trunc(i.postageCents)), MAX_POSTAGE_REFUND_CENTS);
  const amount = items + (i.withdrawalOfAll ? i.shippingCents : 0) + postage;
  return Math.max(0, Math.min(amount, i.totalCents - i.refundedBeforeCents));
}
