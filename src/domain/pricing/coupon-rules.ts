// Owns the coupon rules: what a coupon takes off (a percent of the subtotal or a fixed value, never more
// than the subtotal) and when it applies (active, inside its validity window, from its minimum order,
// under its usage limits overall and per customer). Pure: the cart quote and place-order both ask this
// module, with the usage counts read from the database (coupons.server.ts).
import type { Cents } from './money.ts';
import { formatBRL, percentOf } from './money.ts';
import { COUPON_INVALID_MESSAGE } from './messages.ts';

export type CouponTerms = { kind: 'percent'; percent: number } | { kind: 'fixed'; amountCents: Cents };

export interface CouponRule {
  code: string;
  terms: CouponTerms;
  active: boolean;
  validFrom: Date | null;
  validUntil: Date | null;
  minOrderCents: Cents;
  usageLimit: number | null;
  perCustomerLimit: number | null;
}

export interface CouponUsage {
  /** Orders (not cancelled) that used the coupon. */
  total: number;
  /** Of those, the ones of this customer; null when the customer is not known yet (a guest's cart). */
  byCustomer: number | null;
}

export const COUPON_MESSAGES = {
  invalid: COUPON_INVALID_MESSAGE,
  notYet: 'Este cupom ainda não está valendo.',
  expired: 'Este cupom expirou.',
  minOrder: (min: Cents) => `Este cupom vale para compras a partir de ${formatBRL(min)}.`,
  exhausted: 'Este cupom atingiu o limite de usos.',
  perCustomer: 'Você já usou este cupom o número máximo de vezes.',
} as const;

/** The discount of a coupon on a subtotal: half-up percent, or the fixed value, capped at the subtotal. */
export function couponDiscount(subtotalCents: Cents, terms: CouponTerms | null): Cents {
  if (!terms || subtotalCents <= 0) return 0;
  const off = terms.kind === 'percent' ? percentOf(subtotalCents, terms.percent) : terms.amountCents;
  return Math.max(0, Math.min(subtotalCents, off));
}

export type CouponCheck = { ok: true; terms: CouponTerms } | { ok: false; message: string };

/** Whether a coupon applies to an order of `subtotalCents` now, with the uses it already has. */
export function checkCoupon(rule: CouponRule | null, ctx: { subtotalCents: Cents; now: Date; usage: CouponUsage }): CouponCheck {
  if (!rule || !rule.active) return { ok: false, message: COUPON_MESSAGES.invalid };
  if (rule.validFrom && ctx.now < rule.validFrom) return { ok: false, message: COUPON_MESSAGES.notYet };
  if (rule.validUntil && ctx.now >= rule.validUntil) return { ok: false, message: COUPON_MESSAGES.expired };
  if (rule.usageLimit !== null && ctx.usage.total >= rule.usageLimit) return { ok: false, message: COUPON_MESSAGES.exhausted };
  if (rule.perCustomerLimit !== null && ctx.usage.byCustomer !== null && ctx.usage.byCustomer >= rule.perCustomerLimit) return { ok: false, message: COUPON_MESSAGES.perCustomer };
  if (ctx.subtotalCents < rule.minOrderCents) return { ok: false, message: COUPON_MESSAGES.minOrder(rule.minOrderCents) };
  return { ok: true, terms: rule.terms };
}

/** "10 %" or "R$ 25,00": how the back office and the cart name a coupon's value. */
export function describeTerms(terms: CouponTerms): string {
  return terms.kind === 'percent' ? `${terms.percent}%` : formatBRL(terms.amountCents);
}
