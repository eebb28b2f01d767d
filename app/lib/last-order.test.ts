import { describe, expect, it } from 'vitest';
import { parseOrderData } from './last-order.ts';

const good = {
  accessToken: 'tok',
  order: {
    number: '12345678',
    status: 'pending',
    createdAt: '2026-11-23T15:00:00.000Z',
    email: 'ana@example.com',
    address: { cep: '01001000', street: 'Praça da Sé', number: '1', complement: null, neighborhood: 'Sé', city: 'São Paulo', state: 'SP' },
    shippingMethod: 'standard',
    paymentMethod: 'pix',
    installments: 1,
    couponCode: null,
    subtotalCents: 71990,
    couponDiscountCents: 0,
    shippingCents: 1590,
    paymentDiscountCents: 7358,
    totalCents: 66222,
    trackingCode: null,
    rating: null,
    lines: [{ productId: 1, title: 'Farol', imageUrl: '/art/x.svg', color: null, size: null, quantity: 1, unitPriceCents: 71990, lineTotalCents: 71990 }],
    payment: null,
    events: [],
  },
};

describe('parseOrderData', () => {
  it('keeps a good order as it is', () => {
    expect(parseOrderData(good)).toEqual(good);
  });
  it('replaces corrupted fields with the spec fallbacks instead of Invalid Date / NaN', () => {
    const bad = parseOrderData({
      ...good,
      order: {
        ...good.order,
        createdAt: 'ontem',
        paymentMethod: 42,
        address: 'x',
        subtotalCents: 'abc',
        lines: [{ title: '', quantity: -1, unitPriceCents: Number.NaN, imageUrl: 'javascript:alert(1)' }],
      },
    })!;
    expect(bad.order.createdAt).toBe('');
    expect(bad.order.paymentMethod).toBe('');
    expect(bad.order.address).toBeNull();
    expect(bad.order.subtotalCents).toBe(0);
    expect(bad.order.lines[0]).toMatchObject({ title: 'Produto', quantity: 1, unitPriceCents: 0, imageUrl: null });
  });
  it('refuses what is not an order', () => {
    expect(parseOrderData(null)).toBeNull();
    expect(parseOrderData({ order: { number: 'abc', totalCents: 1 } })).toBeNull();
    expect(parseOrderData({ ...good, order: { ...good.order, totalCents: 'NaN' } })).toBeNull();
    expect(parseOrderData('lixo')).toBeNull();
  });
});
