// The embedded shipping provider (no account needed): the spec's freight constants, the same for any valid
// CEP. Spec §9: the cart's flat R$ 40,00 estimate; checkout's "Envio Padrão" R$ 15,90 (5-7 dias úteis) and
// "Envio Expresso" R$ 29,90 (2-3 dias úteis). These are the contract: nothing else states a table price.
import type { Cents } from '../pricing/money.ts';
import type { ShippingProvider } from './provider.ts';

/** Spec §9: the cart's flat freight estimate for any valid CEP, before a method is chosen at checkout. */
export const CART_FREIGHT_CENTS: Cents = 4000;

export const SHIPPING_METHODS = [
  { id: 'standard', label: 'Envio Padrão', priceCents: 1590, days: '5-7 dias úteis', minDays: 5, estimateDays: 7 },
  { id: 'express', label: 'Envio Expresso', priceCents: 2990, days: '2-3 dias úteis', minDays: 2, estimateDays: 3 },
] as const;

export function createTableProvider(): ShippingProvider {
  return {
    name: 'table',
    async quote() {
      return SHIPPING_METHODS.map((m) => ({ id: m.id, label: m.label, carrier: null, priceCents: m.priceCents, minDays: m.minDays, maxDays: m.estimateDays }));
    },
  };
}

/** An order's shipping option as the shopper read it: its stored label, else the table's, else the id. */
export function shippingLabelOf(id: string, stored?: string | null): string {
  if (stored) return stored;
  if (id === 'pickup') return 'Retirar na loja';
  return SHIPPING_METHODS.find((m) => m.id === id)?.label ?? id;
}

/** The table's delay (its last day) for an order stored before orders kept their own. */
export function tableMaxDays(id: string): number | null {
  return SHIPPING_METHODS.find((m) => m.id === id)?.estimateDays ?? null;
}
