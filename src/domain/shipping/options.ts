// Owns the shipping options the shopper is offered, whatever the provider: the carrier services plus the
// store's rules (handling days added to every delay, "Retirar na loja" when enabled, the free-shipping
// threshold on the cheapest delivery) and the cart's estimate. Pure: no database, no HTTP, and no zod (the cart's
// and the order pages read it in the browser; the option id's schema is option-id.ts).
import type { Cents } from '../pricing/money.ts';
import { formatBRL } from '../pricing/money.ts';
import type { CarrierService, ShippingProvider } from './provider.ts';
import { CART_FREIGHT_CENTS } from './table.ts';

export const PICKUP_ID = 'pickup';
export const PICKUP_LABEL = 'Retirar na loja';
export const FALLBACK_NOTICE = 'Não foi possível consultar as transportadoras agora; mostramos nossas formas de envio padrão.';

export interface ShippingSettings {
  /** The store's CEP, 8 digits: where parcels leave from. */
  originCep: string;
  /** FREE_SHIPPING_MIN_CENTS: from this subtotal the cheapest delivery is free; null: never. */
  freeShippingMinCents: Cents | null;
  /** SHIPPING_HANDLING_DAYS: business days to pack, added to every carrier's delay. */
  handlingDays: number;
  /** SHIPPING_PICKUP: offer "Retirar na loja". */
  pickup: boolean;
}

export const DEFAULT_SHIPPING_SETTINGS: ShippingSettings = { originCep: '01310100', freeShippingMinCents: null, handlingDays: 0, pickup: false };

export interface ShippingOption {
  id: string;
  /** Who quoted it ("table" for the store's own options and pickup). */
  provider: ShippingProvider['name'];
  label: string;
  carrier: string | null;
  kind: 'delivery' | 'pickup';
  /** What is charged. */
  priceCents: Cents;
  /** The carrier's price before free shipping (equal to priceCents otherwise). */
  fullPriceCents: Cents;
  minDays: number;
  maxDays: number;
  /** "5-7 dias úteis" */
  days: string;
}

export interface ShippingQuote {
  provider: ShippingProvider['name'];
  options: ShippingOption[];
  /** The cart's "Frete estimado": the spec's R$ 40,00 with the table, the cheapest delivery with a carrier. */
  estimateCents: Cents;
  /** Said to the shopper when the carriers could not be asked and the table's options stand in. */
  notice: string | null;
  /** The threshold and what is missing to reach it (0 once reached); null without a threshold. */
  freeShipping: { minCents: Cents; missingCents: Cents } | null;
}

/** "5-7 dias úteis", "3 dias úteis", "1 dia útil". */
export function daysText(min: number, max: number): string {
  if (min === max) return max === 1 ? '1 dia útil' : `${max} dias úteis`;
  return `${min}-${max} dias úteis`;
}

/** The shopper's options from a provider's services and the store's rules; `provider` is who answered. */
export function shippingQuote(services: readonly CarrierService[], ctx: { provider: ShippingProvider['name']; fellBack: boolean; subtotalCents: Cents; settings: ShippingSettings }): ShippingQuote {
  const { settings } = ctx;
  const handling = settings.handlingDays;
  const delivery: ShippingOption[] = [...services]
    .sort((a, b) => a.priceCents - b.priceCents || a.maxDays - b.maxDays)
    .map((s) => {
      const minDays = s.minDays + handling;
      const maxDays = s.maxDays + handling;
      return {
        id: s.id,
        provider: ctx.provider,
        label: s.label,
        carrier: s.carrier,
        kind: 'delivery',
        priceCents: s.priceCents,
        fullPriceCents: s.priceCents,
        minDays,
        maxDays,
        days: daysText(minDays, maxDays),
      };
    });
  const min = settings.freeShippingMinCents;
  const reached = min !== null && ctx.subtotalCents >= min;
  if (reached && delivery[0]) delivery[0] = { ...delivery[0], priceCents: 0 };
  const options = [...delivery];
  if (settings.pickup) {
    const days = Math.max(1, handling);
    options.push({ id: PICKUP_ID, provider: 'table', label: PICKUP_LABEL, carrier: null, kind: 'pickup', priceCents: 0, fullPriceCents: 0, minDays: days, maxDays: days, days: daysText(days, days) });
  }
  const cheapest = delivery[0]?.priceCents ?? 0;
  // The table keeps the spec's flat estimate (R$ 40,00) until free shipping makes its cheapest option free.
  const estimateCents = reached ? 0 : ctx.provider === 'table' ? CART_FREIGHT_CENTS : cheapest;
  return {
    provider: ctx.provider,
    options,
    estimateCents,
    notice: ctx.fellBack ? FALLBACK_NOTICE : null,
    freeShipping: min === null ? null : { minCents: min, missingCents: Math.max(0, min - ctx.subtotalCents) },
  };
}

/** "Faltam R$ 12,34 para frete grátis" (null once reached, or without a threshold). */
export function freeShippingHint(q: Pick<ShippingQuote, 'freeShipping'>): string | null {
  if (!q.freeShipping) return null;
  if (q.freeShipping.missingCents === 0) return 'Você ganhou frete grátis na entrega mais econômica.';
  return `Faltam ${formatBRL(q.freeShipping.missingCents)} para frete grátis`;
}

export function findOption(q: Pick<ShippingQuote, 'options'>, id: string): ShippingOption | null {
  return q.options.find((o) => o.id === id) ?? null;
}
