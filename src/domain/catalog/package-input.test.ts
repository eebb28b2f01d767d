import { describe, expect, it } from 'vitest';
import { PACKAGE_MESSAGE, packageFields, parsePackage } from './package-input.ts';

describe('package input', () => {
  it('reads the weight in kg the Brazilian or the dotted way, and sizes in whole cm', () => {
    expect(parsePackage({ peso_kg: '0,05', altura_cm: '4', largura_cm: '4', comprimento_cm: '12' })).toEqual({ ok: true, value: { weightGrams: 50, heightCm: 4, widthCm: 4, lengthCm: 12 } });
    expect(parsePackage({ peso_kg: '30.5', altura_cm: '15', largura_cm: '10', comprimento_cm: '120' })).toMatchObject({ ok: true, value: { weightGrams: 30_500 } });
  });
  it('takes all four or none', () => {
    expect(parsePackage({})).toEqual({ ok: true, value: null });
    expect(parsePackage({ peso_kg: '1' })).toEqual({ ok: false, message: PACKAGE_MESSAGE });
    expect(parsePackage({ peso_kg: '-1', altura_cm: '1', largura_cm: '1', comprimento_cm: '1' }).ok).toBe(false);
    expect(parsePackage({ peso_kg: '1', altura_cm: '0', largura_cm: '1', comprimento_cm: '1' }).ok).toBe(false);
    expect(parsePackage({ peso_kg: '1', altura_cm: '=1+1', largura_cm: '1', comprimento_cm: '1' }).ok).toBe(false);
  });
  it('writes back what it reads', () => {
    const fields = packageFields({ weightGrams: 50, heightCm: 4, widthCm: 4, lengthCm: 12 });
    expect(fields).toEqual({ peso_kg: '0,05', altura_cm: '4', largura_cm: '4', comprimento_cm: '12' });
    expect(parsePackage(fields)).toMatchObject({ ok: true, value: { weightGrams: 50 } });
  });
});
