import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatInteger } from './numbers.ts';

describe('formatInteger', () => {
  it('writes exactly what toLocaleString("pt-BR") writes', () => {
    for (const n of [0, -0, 1, 12, 999, 1000, 9999, 10000, 100000, 1234567, -1, -1000, 0.5, 1234.5]) {
      expect(formatInteger(n)).toBe(n.toLocaleString('pt-BR'));
    }
    expect(formatInteger(100000)).toBe('100.000');
    fc.assert(fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (n) => formatInteger(n) === n.toLocaleString('pt-BR')));
  });
});
