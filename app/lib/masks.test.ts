import { describe, expect, it } from 'vitest';
import { applyMask, MASK_PATTERN } from './masks.ts';

describe('applyMask', () => {
  it('formats as the shopper types, ignoring anything that is not a digit', () => {
    expect(applyMask('cpf', '1234')).toBe('123.4');
    expect(applyMask('cpf', '12345678909')).toBe('123.456.789-09');
    expect(applyMask('cpf', '123.456.789-0999')).toBe('123.456.789-09');
    expect(applyMask('celular', '11987654321')).toBe('(11) 98765-4321');
    expect(applyMask('celular', '(11) 9')).toBe('(11) 9');
    expect(applyMask('celular', 'abc')).toBe('');
    expect(applyMask('cep', '01310100')).toBe('01310-100');
    expect(applyMask('cep', '013101000')).toBe('01310-100');
  });
  it('never makes a value longer than its pattern', () => {
    for (const kind of ['cpf', 'celular', 'cep'] as const) expect(applyMask(kind, '9'.repeat(30)).length).toBe(MASK_PATTERN[kind].length);
  });
});
