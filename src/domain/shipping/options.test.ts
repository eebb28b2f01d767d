import { describe, expect, it } from 'vitest';
import { DEFAULT_SHIPPING_SETTINGS, daysText, shippingQuote } from './options.ts';

const services = [
  { id: 'me-2', label: 'Correios SEDEX', carrier: 'Correios', priceCents: 4500, minDays: 1, maxDays: 2 },
  { id: 'me-1', label: 'Correios PAC', carrier: 'Correios', priceCents: 2500, minDays: 4, maxDays: 7 },
];

describe('shipping options', () => {
  it('lists the cheapest first, adds the handling days and writes the delay', () => {
    const q = shippingQuote(services, { provider: 'melhorenvio', fellBack: false, subtotalCents: 10_000, settings: { ...DEFAULT_SHIPPING_SETTINGS, handlingDays: 2 } });
    expect(q.options.map((o) => [o.label, o.days])).toEqual([
      ['Correios PAC', '6-9 dias úteis'],
      ['Correios SEDEX', '3-4 dias úteis'],
    ]);
    expect(q.estimateCents).toBe(2500);
  });
  it('keeps the spec’s R$ 40,00 estimate for the table, and says so when the table stands in for a carrier', () => {
    const table = shippingQuote(services, { provider: 'table', fellBack: true, subtotalCents: 0, settings: DEFAULT_SHIPPING_SETTINGS });
    expect(table.estimateCents).toBe(4000);
    expect(table.notice).toMatch(/Não foi possível consultar as transportadoras/);
  });
  it('writes delays in pt-BR', () => {
    expect(daysText(5, 7)).toBe('5-7 dias úteis');
    expect(daysText(1, 1)).toBe('1 dia útil');
    expect(daysText(3, 3)).toBe('3 dias úteis');
  });
});
