import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCoupon, COUPON_MESSAGES, couponDiscount } from './coupon-rules.ts';
import type { CouponRule, CouponTerms } from './coupon-rules.ts';
import { orderTotals } from './pricing.ts';

const terms: fc.Arbitrary<CouponTerms> = fc.oneof(
  fc.integer({ min: 1, max: 100 }).map((percent) => ({ kind: 'percent' as const, percent })),
  fc.integer({ min: 1, max: 10_000_000 }).map((amountCents) => ({ kind: 'fixed' as const, amountCents })),
);
const cents = fc.integer({ min: 0, max: 100_000_000 });
const limit = fc.option(fc.integer({ min: 1, max: 50 }), { nil: null });
const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }).map((ms) => new Date(ms));
const rule: fc.Arbitrary<CouponRule> = fc.record({
  code: fc.constant('TESTE'),
  terms,
  active: fc.boolean(),
  validFrom: fc.option(instant, { nil: null }),
  validUntil: fc.option(instant, { nil: null }),
  minOrderCents: fc.integer({ min: 0, max: 1_000_000 }),
  usageLimit: limit,
  perCustomerLimit: limit,
});
const usage = fc.record({ total: fc.integer({ min: 0, max: 60 }), byCustomer: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }) });

describe('coupon rules (properties)', () => {
  it('a discount is never negative and never more than the subtotal', () => {
    fc.assert(
      fc.property(cents, terms, (subtotal, t) => {
        const d = couponDiscount(subtotal, t);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(subtotal);
        expect(Number.isInteger(d)).toBe(true);
      }),
    );
  });

  it('a fixed coupon takes exactly its value when the subtotal covers it; a percent one is half-up', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 1, max: 10_000_000 }), (subtotal, amount) => {
        expect(couponDiscount(subtotal, { kind: 'fixed', amountCents: amount })).toBe(Math.min(subtotal, amount));
      }),
    );
    expect(couponDiscount(12345, { kind: 'percent', percent: 10 })).toBe(1235);
  });

  it('a coupon applies exactly when every rule holds', () => {
    fc.assert(
      fc.property(rule, cents, instant, usage, (r, subtotal, now, u) => {
        const res = checkCoupon(r, { subtotalCents: subtotal, now, usage: u });
        const holds =
          r.active &&
          (!r.validFrom || now >= r.validFrom) &&
          (!r.validUntil || now < r.validUntil) &&
          subtotal >= r.minOrderCents &&
          (r.usageLimit === null || u.total < r.usageLimit) &&
          (r.perCustomerLimit === null || u.byCustomer === null || u.byCustomer < r.perCustomerLimit);
        expect(res.ok).toBe(holds);
        if (res.ok) expect(res.terms).toEqual(r.terms);
        else expect(res.message).toMatch(/cupom|Código/i);
      }),
    );
  });

  it('names the reason: minimum order, limits, window, unknown code', () => {
    const base: CouponRule = { code: 'X', terms: { kind: 'percent', percent: 10 }, active: true, validFrom: null, validUntil: null, minOrderCents: 10_000, usageLimit: 3, perCustomerLimit: 1 };
    const now = new Date('2026-11-23T12:00:00Z');
    const none = { total: 0, byCustomer: 0 };
    expect(checkCoupon(base, { subtotalCents: 9_999, now, usage: none })).toEqual({ ok: false, message: 'Este cupom vale para compras a partir de R$\u00a0100,00.' });
    expect(checkCoupon(base, { subtotalCents: 10_000, now, usage: { total: 3, byCustomer: 0 } })).toEqual({ ok: false, message: COUPON_MESSAGES.exhausted });
    expect(checkCoupon(base, { subtotalCents: 10_000, now, usage: { total: 1, byCustomer: 1 } })).toEqual({ ok: false, message: COUPON_MESSAGES.perCustomer });
    expect(checkCoupon({ ...base, validUntil: now }, { subtotalCents: 10_000, now, usage: none })).toEqual({ ok: false, message: COUPON_MESSAGES.expired });
    expect(checkCoupon(null, { subtotalCents: 10_000, now, usage: none })).toEqual({ ok: false, message: 'Código de desconto incorreto!' });
  });

  it('order totals with any coupon stay consistent: total = gross after payment, gross = subtotal − coupon + shipping', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ unitPriceCents: fc.integer({ min: 0, max: 1_000_000 }), quantity: fc.integer({ min: 1, max: 20 }) }), { maxLength: 10 }),
        fc.option(terms, { nil: null }),
        (lines, coupon) => {
          const t = orderTotals(lines, { coupon, shippingCents: 1590, payment: 'credit' });
          expect(t.couponDiscountCents).toBe(couponDiscount(t.subtotalCents, coupon));
          expect(t.grossCents).toBe(t.subtotalCents - t.couponDiscountCents + t.shippingCents);
          expect(t.totalCents).toBe(t.grossCents);
        },
      ),
    );
  });
});
