// Quotes shipping for a cart or a product, the one path every page and the order take: the products'
// prices (and, for carriers, weights and sizes) read from the database, the provider asked within its
// timeout (a failure falls back to the table and says so), and the store's rules applied (options.ts).
import { inArray } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { products } from '../catalog/schema.ts';
import type { Cents } from '../pricing/money.ts';
import { withArrival } from './delivery.ts';
import type { DatedOption } from './delivery.ts';
import { shippingQuote } from './options.ts';
import type { ShippingOption, ShippingQuote } from './options.ts';
import type { CarrierService, ParcelItem, QuoteParcel } from './provider.ts';
import type { ShippingService } from './service.ts';

export const CEP_NEEDED = 'Informe o CEP para ver as formas de envio e os prazos.';

export interface ShippingLine {
  productId: number;
  quantity: number;
}

/** The parcel's items with what carriers price on, read from the database (unknown products are left out). */
export async function parcelItems(db: Db, lines: readonly ShippingLine[]): Promise<ParcelItem[]> {
  const ids = [...new Set(lines.map((l) => l.productId))];
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: products.id,
      priceCents: products.priceCents,
      weightGrams: products.shippingWeightGrams,
      heightCm: products.shippingHeightCm,
      widthCm: products.shippingWidthCm,
      lengthCm: products.shippingLengthCm,
    })
    .from(products)
    .where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return lines.flatMap((l) => {
    const p = byId.get(l.productId);
    if (!p || l.quantity <= 0) return [];
    return [{ productId: p.id, quantity: l.quantity, unitPriceCents: p.priceCents, weightGrams: p.weightGrams, heightCm: p.heightCm, widthCm: p.widthCm, lengthCm: p.lengthCm }];
  });
}

/** The provider's services for a parcel, or the table's when it fails or takes too long (never cached). */
async function carrierServices(service: ShippingService, db: Db, parcel: QuoteParcel): Promise<{ services: CarrierService[]; provider: ShippingService['provider']['name']; fellBack: boolean }> {
  const { provider } = service;
  if (provider.name === 'table') return { services: await provider.quote(parcel), provider: 'table', fellBack: false };
  const cached = await service.cache.get(db, parcel);
  if (cached) return { services: cached, provider: provider.name, fellBack: false };
  try {
    const services = await provider.quote(parcel, AbortSignal.timeout(service.timeoutMs));
    if (services.length === 0) throw new Error('nenhum serviço disponível');
    await service.cache.set(db, parcel, services);
    return { services, provider: provider.name, fellBack: false };
  } catch (err) {
    service.onProviderError?.(err);
    return { services: await service.fallback.quote(parcel), provider: 'table', fellBack: true };
  }
}

/**
 * The shipping options for these items to `cep` (8 digits). `subtotalCents` is what the free-shipping
 * threshold compares with (the products' prices before discounts).
 */
export async function quoteShipping(service: ShippingService, db: Db, items: ParcelItem[], cep: string | null): Promise<ShippingQuote> {
  const subtotalCents: Cents = items.reduce((sum, i) => sum + i.unitPriceCents * i.quantity, 0);
  const ctx = { subtotalCents, settings: service.settings };
  // The table's prices hold for any CEP, so checkout can show them before the address; a carrier needs it.
  if (cep === null && service.provider.name !== 'table') return { ...shippingQuote([], { ...ctx, provider: service.provider.name, fellBack: false }), notice: CEP_NEEDED };
  const parcel: QuoteParcel = { fromCep: service.settings.originCep, toCep: cep ?? '', items };
  const { services, provider, fellBack } = await carrierServices(service, db, parcel);
  return shippingQuote(services, { ...ctx, provider, fellBack });
}

/** quoteShipping for cart lines read from the database. */
export async function quoteShippingForLines(service: ShippingService, db: Db, lines: readonly ShippingLine[], cep: string | null): Promise<ShippingQuote> {
  // The table prices no parcel, and without a free-shipping threshold nothing reads the items: the order
  // path keeps its round trips (tests/integration/orders.perf.test.ts).
  if (service.provider.name === 'table' && service.settings.freeShippingMinCents === null) return quoteShipping(service, db, [], cep);
  return quoteShipping(service, db, await parcelItems(db, lines), cep);
}

/** The product page's "Calcular frete e prazo": one unit of the product to `cep`, as the cart would quote it. */
export async function productFreight(service: ShippingService, db: Db, opts: { productId: number; cep: string; now: Date }): Promise<ShippingQuote & { options: DatedOption[] }> {
  const q = await quoteShippingForLines(service, db, [{ productId: opts.productId, quantity: 1 }], opts.cep);
  return { ...q, options: q.options.map((o) => withArrival(o, opts.now)) };
}
