// The shipping service a process runs with: the configured provider, the table it falls back to, the
// store's shipping settings and a short quote cache. Built once at boot and passed to the domain calls.
import type { ShippingProvider } from './provider.ts';
import { DEFAULT_SHIPPING_SETTINGS } from './options.ts';
import type { ShippingSettings } from './options.ts';
import { createTableProvider } from './table.ts';
import { createQuoteCache } from './quote-cache.server.ts';
import type { QuoteCache } from './quote-cache.server.ts';

export interface ShippingService {
  provider: ShippingProvider;
  /** Answers when the provider cannot: always the embedded table. */
  fallback: ShippingProvider;
  settings: ShippingSettings;
  /** How long a provider may take before the table stands in. */
  timeoutMs: number;
  cache: QuoteCache;
  /** MELHORENVIO_WEBHOOK_SECRET: verifies Melhor Envio's signed tracking webhook (unset: the route answers 404). */
  webhookSecret?: string;
  /** A provider failure (logged by the boot without personal data). */
  onProviderError?: (err: unknown) => void;
}

export function createShippingService(provider: ShippingProvider, settings: Partial<ShippingSettings> = {}, opts: { timeoutMs?: number; cacheSeconds?: number } = {}): ShippingService {
  return {
    provider,
    fallback: createTableProvider(),
    settings: { ...DEFAULT_SHIPPING_SETTINGS, ...settings },
    timeoutMs: opts.timeoutMs ?? 4000,
    cache: createQuoteCache({ ttlMs: (opts.cacheSeconds ?? 300) * 1000 }),
  };
}

/** The embedded default: the spec's table, no account needed. */
export function createTableShipping(settings: Partial<ShippingSettings> = {}): ShippingService {
  return createShippingService(createTableProvider(), settings);
}
