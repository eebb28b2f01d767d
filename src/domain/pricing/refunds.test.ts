import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_POSTAGE_REFUND_CENTS, orderTotals, paidForGoods, returnRefundCents } from './pricing.ts';

const order = { subtotalCents: 20_000, shippingCents: 1_590, totalCents: 21_590 };
const none = { earlierItemsCents: 0, withdrawalOfAll: false, postageCents: 0, refundedBeforeCents: 0 };

describe('what a return refunds', () => {
  it('refunds some items at their price, without the freight', () => {
    expect(returnRefundCents({ ...order, ...none, itemsCents: 5_000 })).toBe(5_000);
  });

  it('takes the items share of the coupon and PIX discounts off', () => {
    // R$ 200,00 − R$ 20,00 coupon − R$ 19,59 PIX (on 180 + 15,90) = R$ 176,31, of which R$ 160,41 for the goods.
    const discounted = { ...order, totalCents: 17_631 };
    // A quarter of the goods: 16.041 / 4 = 4.010,25 → 4.010.
    expect(returnRefundCents({ ...discounted, ...none, itemsCents: 5_000 })).toBe(4_010);
  });

  it('returns everything paid, freight included, when a withdrawal takes back every item', () => {
    expect(returnRefundCents({ ...order, ...none, itemsCents: 20_000, withdrawalOfAll: true })).toBe(21_590);
  });

  it('adds the postage the buyer paid, bounded, and never more than what is left of the payment', () => {
    expect(returnRefundCents({ ...order, ...none, itemsCents: 5_000, postageCents: 2_350 })).toBe(7_350);
    expect(returnRefundCents({ ...order, subtotalCents: 100_000, totalCents: 101_590, ...none, itemsCents: 5_000, postageCents: 1_000_000 })).toBe(5_000 + MAX_POSTAGE_REFUND_CENTS);
    expect(returnRefundCents({ ...order, ...none, itemsCents: 20_000, withdrawalOfAll: true, refundedBeforeCents: 5_000 })).toBe(16_590);
    expect(returnRefundCents({ ...order, ...none, itemsCents: 20_000, withdrawalOfAll: true, postageCents: 2_000 })).toBe(21_590);
  });

  it('the refunds of several returns of one order never add up to more than what was paid, and to all of it when everything comes back', () => {
    const priced = fc.array(fc.record({ unitPriceCents: fc.integer({ min: 1, max: 900_000 }), quantity: fc.integer({ min: 1, max: 6 }) }), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(
        priced,
        fc.constantFrom(null, 5, 10, 15),
        fc.constantFrom('credit', 'pix', 'boleto') as fc.Arbitrary<'credit' | 'pix' | 'boleto'>,
        fc.integer({ min: 0, max: 9_000 }),
        fc.integer(),
        (lines, couponPercent, payment, shippingCents, seed) => {
          const t = orderTotals(lines, { couponPercent, shippingCents, payment });
          // Every unit, returned in random slices (one unit at a time, in a shuffled order).
          const units = lines.flatMap((l) => Array.from({ length: l.quantity }, () => l.unitPriceCents));
          let state = seed;
          const shuffled = units.map((u) => ({ u, k: (state = (state * 1103515245 + 12345) & 0x7fffffff) })).sort((a, b) => a.k - b.k);
          let refunded = 0;
          let earlier = 0;
          for (const [i, { u }] of shuffled.entries()) {
            const last = i === shuffled.length - 1;
            const cents = returnRefundCents({ ...t, itemsCents: u, earlierItemsCents: earlier, withdrawalOfAll: last, postageCents: 0, refundedBeforeCents: refunded });
            expect(Number.isSafeInteger(cents) && cents >= 0).toBe(true);
            refunded += cents;
            earlier += u;
            expect(refunded).toBeLessThanOrEqual(t.totalCents);
          }
          expect(refunded).toBe(t.totalCents);
        },
      ),
    );
  });

  it('what was paid for part of the goods grows with the part and ends at the goods’ whole', () => {
    const discounted = { ...order, totalCents: 17_631 };
    expect(paidForGoods(discounted, 0)).toBe(0);
    expect(paidForGoods(discounted, 20_000)).toBe(16_041);
    expect(paidForGoods(discounted, 30_000)).toBe(16_041);
    expect(paidForGoods(discounted, 10_000)).toBe(8_021);
  });
});
