import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeCartLines } from './cart-merge.ts';
import type { CartLine } from './cart-merge.ts';

const line = (productId: number, quantity: number, color = '', size = ''): CartLine => ({ productId, color, size, quantity });

describe('mergeCartLines', () => {
  it('adds the quantities of the same line and keeps the others, saved lines first', () => {
    const merged = mergeCartLines([line(1, 2), line(7, 1, 'Preto', '42')], [line(7, 3, 'Preto', '42'), line(7, 1, 'Preto', '41'), line(9, 1)]);
    expect(merged).toEqual([line(1, 2), line(7, 4, 'Preto', '42'), line(7, 1, 'Preto', '41'), line(9, 1)]);
  });
  it('caps a line at 999 and the cart at 100 lines', () => {
    expect(mergeCartLines([line(1, 900)], [line(1, 500)])).toEqual([line(1, 999)]);
    const many = Array.from({ length: 150 }, (_, i) => line(i + 1, 1));
    expect(mergeCartLines(many.slice(0, 80), many.slice(80))).toHaveLength(100);
  });
  it('never loses units (below the caps) and never repeats a line', () => {
    const arbLine = fc.record({ productId: fc.integer({ min: 1, max: 5 }), color: fc.constantFrom('', 'Preto'), size: fc.constantFrom('', '40'), quantity: fc.integer({ min: 1, max: 9 }) });
    fc.assert(
      fc.property(fc.array(arbLine, { maxLength: 20 }), fc.array(arbLine, { maxLength: 20 }), (saved, guest) => {
        const merged = mergeCartLines(saved, guest);
        const total = (ls: CartLine[]) => ls.reduce((s, l) => s + l.quantity, 0);
        expect(total(merged)).toBe(total(saved) + total(guest));
        const keys = merged.map((l) => `${l.productId}|${l.color}|${l.size}`);
        expect(new Set(keys).size).toBe(keys.length);
      }),
    );
  });
});
