import { describe, expect, it } from 'vitest';
import { withChanges } from './account-cart.ts';
import type { CartItem } from './cart-storage.ts';

const line = (id: number, quantity: number, extra: Partial<CartItem> = {}): CartItem => ({ id, titulo: `Produto ${id}`, quantity, ...extra });

describe('the changes made while the sign-in merge was on its way', () => {
  it('go on top of the merged cart: a new line, more of a line, a line removed', () => {
    const sent = [line(1, 1), line(2, 2)];
    const merged = [line(1, 3), line(2, 2), line(5, 1)];
    const now = [line(1, 2), line(3, 1)];
    expect(withChanges(merged, sent, now).map((l) => [l.id, l.quantity])).toEqual([
      [1, 4],
      [5, 1],
      [3, 1],
    ]);
  });

  it('tell a boot size apart from another size of the same boot', () => {
    const sent = [line(7, 1, { cor: 'Preto', tamanho: '42' })];
    const now = [line(7, 1, { cor: 'Preto', tamanho: '42' }), line(7, 1, { cor: 'Preto', tamanho: '43' })];
    const merged = [line(7, 2, { cor: 'Preto', tamanho: '42' })];
    expect(withChanges(merged, sent, now).map((l) => [l.id, l.tamanho, l.quantity])).toEqual([
      [7, '42', 2],
      [7, '43', 1],
    ]);
  });

  it('leave the merged cart as it is when nothing changed', () => {
    const sent = [line(1, 1)];
    const merged = [line(1, 2), line(4, 1)];
    expect(withChanges(merged, sent, sent)).toEqual(merged);
  });
});
