import { describe, expect, it } from 'vitest';
import { normalize } from './phrasing.ts';

describe('everyday phrasing', () => {
  it('puts positions said in everyday words as the catalog says them', () => {
    expect(normalize('pastilha da frente do hb20')).toBe('pastilha dianteiro do hb20');
    expect(normalize('amortecedor de tras do gol')).toBe('amortecedor traseiro do gol');
    expect(normalize('farol do lado do motorista')).toBe('farol esquerdo');
  });
});
