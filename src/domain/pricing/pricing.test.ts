import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartTotals, installmentHint, installmentPlan, maxInstallments, orderTotals, PAYMENT_METHODS, sanitizePrice } from './pricing.ts';
import { CART_FREIGHT_CENTS, SHIPPING_METHODS } from '../shipping/table.ts';

const line = fc.record({ unitPriceCents: fc.integer({ min: 0, max: 5_000_000 }), quantity: fc.integer({ min: 1, max: 999 }) });
const lines = fc.array(line, { maxLength: 100 });
const coupon = fc.constantFrom(null, 10, 5, 15, 100);

describe('cartTotals', () => {
  it('total = subtotal + freight − discount, never negative, integer centavos', () => {
    fc.assert(
      fc.property(lines, coupon, fc.boolean(), (ls, couponPercent, cepValid) => {
        const t = cartTotals(ls, { couponPercent, freightCents: cepValid ? CART_FREIGHT_CENTS : 0 });
        expect(t.totalCents).toBe(t.subtotalCents + t.freightCents - t.discountCents);
        expect(t.totalCents).toBeGreaterThanOrEqual(0);
        for (const v of [t.subtotalCents, t.discountCents, t.freightCents, t.totalCents]) expect(Number.isSafeInteger(v)).toBe(true);
      }),
    );
  });

  it('the coupon takes exactly its percent of the subtotal, rounded half-up', () => {
    fc.assert(
      fc.property(lines, (ls) => {
        const t = cartTotals(ls, { couponPercent: 10, freightCents: 0 });
        // Half-up of subtotal/10 in exact integer arithmetic.
        expect(t.discountCents).toBe(Math.floor((t.subtotalCents + 5) / 10));
      }),
    );
    expect(cartTotals([{ unitPriceCents: 12345, quantity: 1 }], { couponPercent: 10, freightCents: 0 }).discountCents).toBe(1235);
    expect(cartTotals([{ unitPriceCents: 12344, quantity: 1 }], { couponPercent: 10, freightCents: 0 }).discountCents).toBe(1234);
  });

  it('charges the R$ 40,00 freight only once a valid CEP was checked', () => {
    const ls = [{ unitPriceCents: 1000, quantity: 1 }];
    expect(cartTotals(ls, { couponPercent: null, freightCents: 0 }).freightCents).toBe(0);
    expect(cartTotals(ls, { couponPercent: null, freightCents: CART_FREIGHT_CENTS }).freightCents).toBe(CART_FREIGHT_CENTS);
    expect(CART_FREIGHT_CENTS).toBe(4000);
  });

  it('has no floating-point drift over many lines', () => {
    const many = Array.from({ length: 100 }, () => ({ unitPriceCents: 10, quantity: 3 })); // 0.1 * 3, a hundred times
    expect(cartTotals(many, { couponPercent: null, freightCents: 0 }).subtotalCents).toBe(3000);
    fc.assert(
      fc.property(lines, (ls) => {
        const t = cartTotals(ls, { couponPercent: null, freightCents: 0 });
        expect(t.subtotalCents).toBe(ls.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0));
      }),
    );
  });

  it('shows the installment hint exactly above R$ 200,00', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (total) => {
        const hint = installmentHint(total);
        if (total > 20_000) expect(hint).toEqual({ count: 10, eachCents: Math.floor((total + 5) / 10) });
        else expect(hint).toBeNull();
      }),
    );
  });
});

describe('sanitizePrice', () => {
  it('counts a non-numeric or missing price as 0 and reports it', () => {
    const seen: unknown[] = [];
    for (const bad of ['12', null, undefined, Number.NaN, -5, 1.5, {}]) expect(sanitizePrice(bad, (v) => seen.push(v))).toBe(0);
    expect(seen).toHaveLength(7);
    expect(sanitizePrice(71990)).toBe(71990);
  });
});

describe('orderTotals', () => {
  it('covers every shipping × payment × coupon combination', () => {
    const ls = [{ unitPriceCents: 45990, quantity: 1 }];
    for (const s of SHIPPING_METHODS) {
      for (const p of PAYMENT_METHODS) {
        for (const c of [null, 10]) {
          const t = orderTotals(ls, { couponPercent: c, shippingCents: s.priceCents, payment: p.id });
          const coupon = c ? Math.floor((45990 * c * 100 + 5000) / 10000) : 0;
          const gross = 45990 - coupon + s.priceCents;
          expect(t.grossCents).toBe(gross);
          expect(t.totalCents).toBe(Math.floor((gross * (100 - p.discountPercent) * 100 + 5000) / 10000));
          expect(t.paymentDiscountCents).toBe(gross - t.totalCents);
        }
      }
    }
  });

  it('uses the spec figures: R$ 15,90 / R$ 29,90 shipping, boleto 5 %, PIX 10 %', () => {
    const ls = [{ unitPriceCents: 10000, quantity: 1 }];
    expect(orderTotals(ls, { couponPercent: null, shippingCents: 1590, payment: 'credit' }).totalCents).toBe(11590);
    expect(orderTotals(ls, { couponPercent: null, shippingCents: 2990, payment: 'credit' }).totalCents).toBe(12990);
    expect(orderTotals(ls, { couponPercent: null, shippingCents: 1590, payment: 'boleto' }).totalCents).toBe(11011); // 115.90 × 0.95 = 110.105
    expect(orderTotals(ls, { couponPercent: null, shippingCents: 1590, payment: 'pix' }).totalCents).toBe(10431); // 115.90 × 0.9 = 104.31
  });

  it('is never negative and always integer', () => {
    fc.assert(
      fc.property(lines, coupon, fc.constantFrom(...SHIPPING_METHODS.map((s) => s.priceCents)), fc.constantFrom(...PAYMENT_METHODS.map((p) => p.id)), (ls, c, s, p) => {
        const t = orderTotals(ls, { couponPercent: c, shippingCents: s, payment: p });
        expect(t.totalCents).toBeGreaterThan(0);
        expect(Number.isSafeInteger(t.totalCents)).toBe(true);
        expect(t.totalCents).toBe(t.subtotalCents - t.couponDiscountCents + t.shippingCents - t.paymentDiscountCents);
      }),
    );
  });
});

describe('installments', () => {
  it('allows 1 up to min(10, floor(total / R$ 10))', () => {
    expect(maxInstallments(459_90)).toBe(10);
    expect(maxInstallments(45_99)).toBe(4);
    expect(maxInstallments(9_99)).toBe(1);
    expect(maxInstallments(100_00)).toBe(10);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (total) => {
        const n = maxInstallments(total);
        expect(n).toBe(Math.max(1, Math.min(10, Math.floor(total / 1000))));
      }),
    );
  });

  it('splits interest-free, adding up exactly', () => {
    expect(installmentPlan(45990, 3)).toEqual({ count: 3, eachCents: 15330, firstCents: 15330 });
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 100_000_000 }), fc.integer({ min: 1, max: 10 }), (total, n) => {
        const plan = installmentPlan(total, n);
        expect(plan.firstCents + Math.floor(total / n) * (n - 1)).toBe(total);
        expect(Math.abs(plan.eachCents * n - total)).toBeLessThanOrEqual(n);
      }),
    );
  });
});

describe('productPriceLines', () => {
  it('gives the PIX price and the interest-free installments the checkout allows', async () => {
    const { productPriceLines } = await import('./pricing.ts');
    expect(productPriceLines(71990)).toEqual({ pixCents: 64791, pixPercent: 10, installments: { count: 10, eachCents: 7199 } });
    expect(productPriceLines(6990)).toEqual({ pixCents: 6291, pixPercent: 10, installments: { count: 6, eachCents: 1165 } });
    expect(productPriceLines(1990).installments).toBeNull();
  });
});
