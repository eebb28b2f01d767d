// Carrier quotes kept briefly, per destination CEP prefix (5 digits) and parcel (weights, sizes, values):
// a shopper moving between the product page, the cart and checkout asks the carrier once, and sees one
// price. Only successful carrier answers are kept; a fallback is never cached.
import { LRUCache } from 'lru-cache';
import type { CarrierService, QuoteParcel } from './provider.ts';

export interface QuoteCache {
  get(parcel: QuoteParcel): CarrierService[] | undefined;
  set(parcel: QuoteParcel, services: CarrierService[]): void;
}

export function quoteKey(parcel: QuoteParcel): string {
  const items = [...parcel.items].sort((a, b) => a.productId - b.productId).map((i) => [i.productId, i.quantity, i.unitPriceCents, i.weightGrams, i.heightCm, i.widthCm, i.lengthCm].join(':'));
  return `${parcel.fromCep}>${parcel.toCep.slice(0, 5)}|${items.join(',')}`;
}

export function createQuoteCache(opts: { ttlMs: number; max?: number }): QuoteCache {
  const lru = opts.ttlMs > 0 ? new LRUCache<string, CarrierService[]>({ max: opts.max ?? 2000, ttl: opts.ttlMs }) : null;
  return {
    get: (parcel) => lru?.get(quoteKey(parcel)),
    set: (parcel, services) => void lru?.set(quoteKey(parcel), services),
  };
}
