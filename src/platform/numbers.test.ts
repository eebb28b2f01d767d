import { describe, expect, it } from 'vitest';
import { formatInteger } from './numbers.ts';

describe('formatInteger', () => {
  it('writes counts the pt-BR way', () => {
    expect(formatInteger(0)).toBe('0');
    expect(formatInteger(999)).toBe('999');
    expect(formatInteger(1000)).toBe('1.000');
    expect(formatInteger(100000)).toBe('100.000');
    expect(formatInteger(1234567)).toBe('1.234.567');
    expect(formatInteger(-5)).toBe('-5');
  });
});
