import { describe, expect, it } from 'vitest';
import { accessKeyCheckDigit, buildAccessKey, formatAccessKey, isValidAccessKey } from './access-key.ts';

describe('NF-e access key', () => {
  it('computes the modulo 11 check digit of a published key', () => {
    // The example of the Manual de Orientação do Contribuinte (and of most SEFAZ pages).
    expect(accessKeyCheckDigit('5206043300991100250655012000000780026730161')).toBe(5);
    expect(isValidAccessKey('52060433009911002506550120000007800267301615')).toBe(true);
    expect(isValidAccessKey('52060433009911002506550120000007800267301614')).toBe(false);
  });

  it('uses 0 when the rest of the division is 0 or 1', () => {
    // Sum ≡ 0 (mod 11): all zeros.
    expect(accessKeyCheckDigit('0'.repeat(43))).toBe(0);
    // Sum ≡ 1 (mod 11): a single 1 under weight 2 is 2; 6 under weight 2 is 12 ≡ 1.
    expect(accessKeyCheckDigit(`${'0'.repeat(42)}6`)).toBe(0);
  });

  it('lays out cUF, AAMM, CNPJ, model 55, series, number, tpEmis and cNF in 44 digits', () => {
    const key = buildAccessKey({ uf: 'SP', issuedAt: { year: 2026, month: 11 }, cnpj: '12.345.678/0001-95', series: 1, number: 42, code: 12345678 });
    expect(key).toHaveLength(44);
    expect(key.slice(0, 2)).toBe('35');
    expect(key.slice(2, 6)).toBe('2611');
    expect(key.slice(6, 20)).toBe('12345678000195');
    expect(key.slice(20, 22)).toBe('55');
    expect(key.slice(22, 25)).toBe('001');
    expect(key.slice(25, 34)).toBe('000000042');
    expect(key.slice(34, 35)).toBe('1');
    expect(key.slice(35, 43)).toBe('12345678');
    expect(isValidAccessKey(key)).toBe(true);
  });

  it('prints the key in groups of four', () => {
    expect(formatAccessKey('52060433009911002506550120000007800267301615')).toBe('5206 0433 0099 1100 2506 5501 2000 0007 8002 6730 1615');
  });
});
