import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToReais, formatBRL, formatCentsDecimal, percentOf, reaisToCents } from './money.ts';
import { installmentHint } from './pricing.ts';

describe('formatCentsDecimal', () => {
  it('writes centavos as a form field holds them, or with a point for a PIX BR Code', () => {
    expect(formatCentsDecimal(123456)).toBe('1234,56');
    expect(formatCentsDecimal(5)).toBe('0,05');
    expect(formatCentsDecimal(null)).toBe('');
    expect(formatCentsDecimal(123456, '.')).toBe('1234.56');
    expect(formatCentsDecimal(99999999, '.')).toBe('999999.99');
  });
});

describe('formatBRL', () => {
  it('formats centavos the Brazilian way', () => {
    expect(formatBRL(123456)).toMatch(/^R\$\s1\.234,56$/);
    expect(formatBRL(71990)).toMatch(/^R\$\s719,90$/);
    expect(formatBRL(0)).toMatch(/^R\$\s0,00$/);
    expect(formatBRL(5)).toMatch(/^R\$\s0,05$/);
  });
  it('groups thousands with dots and keeps two decimals with a comma', () => {
    expect(formatBRL(123456)).toBe('R$\u00a01.234,56');
    expect(formatBRL(100000000)).toBe('R$\u00a01.000.000,00');
    expect(formatBRL(-100)).toBe('-R$\u00a01,00');
  });
  it('gives the same text as Intl for any amount, however many amounts came before', () => {
    const intl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), (c) => formatBRL(c) === intl.format(c / 100)),
      { numRuns: 10_000 },
    );
    expect(formatBRL(123456)).toBe(intl.format(1234.56));
  });
});

describe('reais and centavos', () => {
  it('converts without floating-point drift', () => {
    expect(reaisToCents(719.9)).toBe(71990);
    expect(reaisToCents(0.1 + 0.2)).toBe(30);
    expect(reaisToCents(1.005)).toBe(101);
    expect(reaisToCents(Number.NaN)).toBe(0);
    expect(centsToReais(91900)).toBe(919);
  });
  it('round-trips every amount', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (c) => reaisToCents(centsToReais(c)) === c));
  });
});

describe('percentOf', () => {
  it('rounds half-up to the centavo', () => {
    expect(percentOf(12345, 10)).toBe(1235); // 1234.5 -> 1235
    expect(percentOf(12344, 10)).toBe(1234);
    expect(percentOf(100, 5)).toBe(5);
    expect(percentOf(99, 5)).toBe(5); // 4.95 -> 5
  });
  it('never exceeds the amount and is never negative', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 0, max: 100 }), (c, p) => {
        const v = percentOf(c, p);
        return v >= 0 && v <= c && Number.isInteger(v);
      }),
    );
  });
});

describe('installmentHint (spec §9)', () => {
  it('appears only above R$ 200,00', () => {
    expect(installmentHint(20_000)).toBeNull();
    expect(installmentHint(19_999)).toBeNull();
    expect(installmentHint(20_001)).toEqual({ count: 10, eachCents: 2000 });
    expect(installmentHint(71_990)).toEqual({ count: 10, eachCents: 7199 });
    expect(installmentHint(20_005)).toEqual({ count: 10, eachCents: 2001 }); // 2000.5 -> 2001
  });
});
