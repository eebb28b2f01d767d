import { describe, expect, it } from 'vitest';
import { isValidCartCep } from './cep.ts';

describe('cart CEP (spec §5: five digits, optional hyphen, three digits)', () => {
  it('accepts both shapes, refuses everything else', () => {
    for (const ok of ['01001-000', '01001000', ' 01001-000 ']) expect(isValidCartCep(ok), ok).toBe(true);
    for (const bad of ['', '0100-1000', '01001-00', '010010000', 'abcde-fgh', '01001–000', '01.001-000']) expect(isValidCartCep(bad), bad).toBe(false);
  });
});
