// The Melhor Envio provider (SHIPPING_PROVIDER=melhorenvio): one API for Correios, Jadlog, Loggi, J&T and
// others. Quotes go to POST {MELHORENVIO_API_URL}/api/v2/me/shipment/calculate with the store's token and
// the User-Agent the API requires ("Aplicação (e-mail de contato técnico)"). Its answer lists every service,
// those that cannot carry the parcel with an `error`; prices are strings of reais ("28.87"), the store's
// own price (custom_price) when it set one. Labels and tracking: melhorenvio-labels.server.ts.
import { z } from 'zod';
import { reaisToCents } from '../pricing/money.ts';
import { createMelhorEnvioLabels } from './melhorenvio-labels.server.ts';
import { ShippingProviderError } from './provider.ts';
import type { CarrierService, QuoteParcel, ShippingProvider } from './provider.ts';

export interface MelhorEnvioConfig {
  /** MELHORENVIO_API_URL: https://melhorenvio.com.br (production) or https://sandbox.melhorenvio.com.br. */
  baseUrl: string;
  token: string;
  userAgent: string;
}

const range = z.object({ min: z.number(), max: z.number() }).partial().nullish();
const answer = z.array(
  z
    .object({
      id: z.union([z.number(), z.string()]),
      name: z.string(),
      price: z.union([z.string(), z.number()]).nullish(),
      custom_price: z.union([z.string(), z.number()]).nullish(),
      delivery_time: z.number().nullish(),
      custom_delivery_time: z.number().nullish(),
      delivery_range: range,
      custom_delivery_range: range,
      company: z.object({ name: z.string() }).passthrough().nullish(),
      error: z.string().nullish(),
    })
    .passthrough(),
);

/** The calculate request's products: sizes in cm, weight in kg, the declared value in reais. */
export function calculateProducts(parcel: QuoteParcel) {
  return parcel.items.map((i) => {
    if (!i.weightGrams || !i.heightCm || !i.widthCm || !i.lengthCm) throw new ShippingProviderError(`produto ${i.productId} sem peso ou dimensões`);
    return { id: String(i.productId), width: i.widthCm, height: i.heightCm, length: i.lengthCm, weight: i.weightGrams / 1000, insurance_value: i.unitPriceCents / 100, quantity: i.quantity };
  });
}

function cents(v: string | number | null | undefined): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) && n >= 0 ? reaisToCents(n) : null;
}

export function createMelhorEnvioProvider(config: MelhorEnvioConfig): ShippingProvider {
  const base = config.baseUrl.replace(/\/+$/, '');
  const headers = { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${config.token}`, 'User-Agent': config.userAgent };
  const { labels, track } = createMelhorEnvioLabels({ base, headers });
  return {
    name: 'melhorenvio',
    labels,
    track,
    async quote(parcel, signal) {
      const body = { from: { postal_code: parcel.fromCep }, to: { postal_code: parcel.toCep }, products: calculateProducts(parcel) };
      const res = await fetch(`${base}/api/v2/me/shipment/calculate`, { method: 'POST', headers, body: JSON.stringify(body), signal });
      if (!res.ok) throw new ShippingProviderError(`Melhor Envio respondeu ${res.status}`);
      const parsed = answer.safeParse(await res.json());
      if (!parsed.success) throw new ShippingProviderError('resposta do Melhor Envio em formato inesperado');
      return parsed.data.flatMap((s): CarrierService[] => {
        const priceCents = cents(s.custom_price) ?? cents(s.price);
        if (s.error || priceCents === null) return [];
        const r = s.custom_delivery_range ?? s.delivery_range;
        const days = s.custom_delivery_time ?? s.delivery_time ?? r?.max;
        if (days === null || days === undefined) return [];
        const carrier = s.company?.name ?? null;
        return [{ id: `me-${s.id}`, label: carrier ? `${carrier} ${s.name}` : s.name, carrier, priceCents, minDays: r?.min ?? days, maxDays: r?.max ?? days }];
      });
    },
  };
}
