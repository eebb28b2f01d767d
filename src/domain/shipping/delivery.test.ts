import { describe, expect, it } from 'vitest';
import { arrivalDate, cepDigits, withArrival } from './delivery.ts';
import { DEFAULT_SHIPPING_SETTINGS, shippingQuote } from './options.ts';
import { createTableProvider } from './table.ts';
import { brasiliaDay } from '#src/platform/datetime.ts';

describe('delivery estimate', () => {
  it('counts the day in Brasília, not UTC', () => {
    // 01:30 UTC on Tuesday is still Monday 22:30 in Brasília.
    expect(brasiliaDay(new Date('2026-11-24T01:30:00Z'))).toBe('2026-11-23');
  });
  it('skips weekends and national holidays', () => {
    // Friday 2026-11-13 + 1 business day: Monday 16 (Sunday 15 is a holiday anyway).
    expect(arrivalDate(new Date('2026-11-13T15:00:00Z'), 1).toISOString().slice(0, 10)).toBe('2026-11-16');
    // Thursday 2026-11-19 + 1: Friday 20 is Consciência Negra, so Monday 23.
    expect(arrivalDate(new Date('2026-11-19T15:00:00Z'), 1).toISOString().slice(0, 10)).toBe('2026-11-23');
  });
  it('offers the checkout methods with price and date', async () => {
    const services = await createTableProvider().quote({ fromCep: '01310100', toCep: '69005000', items: [] });
    const quote = shippingQuote(services, { provider: 'table', fellBack: false, subtotalCents: 0, settings: DEFAULT_SHIPPING_SETTINGS });
    const [standard, express] = quote.options.map((o) => withArrival(o, new Date('2026-11-23T15:00:00Z')));
    expect(standard).toMatchObject({ label: 'Envio Padrão', priceCents: 1590, arrivesBy: '2026-12-02' });
    expect(standard!.arrivesByText).toBe('quarta-feira, 2 de dezembro');
    expect(express).toMatchObject({ label: 'Envio Expresso', priceCents: 2990, arrivesBy: '2026-11-26' });
  });
  it('reads a typed CEP', () => {
    expect(cepDigits('01310-100')).toBe('01310100');
    expect(cepDigits('01310100')).toBe('01310100');
    expect(cepDigits('0131010')).toBeNull();
    expect(cepDigits('00000-000')).toBeNull();
    expect(cepDigits('01310-10a')).toBeNull();
  });
});
