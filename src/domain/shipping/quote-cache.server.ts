// Carrier quotes kept briefly, per origin, destination CEP prefix (5 digits) and parcel (weights, sizes,
// values), in the database (shipping_quotes), so every instance of the app answers the same price: a shopper
// whose product page, cart, checkout and order land on different instances sees and pays one price, and the
// carrier is asked once. A row never changes before it expires, so each process also keeps the rows it read
// until their own expiry (no staleness: the copy ends when the row does). Only successful carrier answers
// are kept; a fallback is never cached. Expired rows are deleted by the hourly `shipping.quotes.prune` job.
import crypto from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '#src/db/client.server.ts';
import type { CarrierService, QuoteParcel } from './provider.ts';
import { shippingQuotes } from './schema.ts';

export interface QuoteCache {
  get(db: Db, parcel: QuoteParcel, now?: Date): Promise<CarrierService[] | undefined>;
  set(db: Db, parcel: QuoteParcel, services: CarrierService[], now?: Date): Promise<void>;
}

/** The parcel's identity: origin, destination prefix and each item's product, quantity, value, weight and box. */
export function quoteKey(parcel: QuoteParcel): string {
  const items = [...parcel.items].sort((a, b) => a.productId - b.productId).map((i) => [i.productId, i.quantity, i.unitPriceCents, i.weightGrams, i.heightCm, i.widthCm, i.lengthCm].join(':'));
  const key = `${parcel.fromCep}>${parcel.toCep.slice(0, 5)}|${items.join(',')}`;
  // Bounded for the primary key's index, whatever the cart's size.
  return crypto.createHash('sha256').update(key).digest('base64url');
}

export function createQuoteCache(opts: { ttlMs: number; max?: number }): QuoteCache {
  if (opts.ttlMs <= 0) return { get: async () => undefined, set: async () => {} };
  const local = new LRUCache<string, CarrierService[]>({ max: opts.max ?? 2000 });
  return {
    async get(db, parcel, now = new Date()) {
      const key = quoteKey(parcel);
      const held = local.get(key);
      if (held) return held;
      const [row] = await db
        .select({ services: shippingQuotes.services, expiresAt: shippingQuotes.expiresAt })
        .from(shippingQuotes)
        .where(and(eq(shippingQuotes.key, key), gt(shippingQuotes.expiresAt, now)))
        .limit(1);
      if (!row) return undefined;
      local.set(key, row.services, { ttl: Math.max(1, row.expiresAt.getTime() - now.getTime()) });
      return row.services;
    },
    async set(db, parcel, services, now = new Date()) {
      const key = quoteKey(parcel);
      const expiresAt = new Date(now.getTime() + opts.ttlMs);
      await db.insert(shippingQuotes).values({ key, services, expiresAt }).onConflictDoUpdate({ target: shippingQuotes.key, set: { services, expiresAt } });
      local.set(key, services, { ttl: opts.ttlMs });
    },
  };
}

export const PRUNE_QUOTES_JOB = 'shipping.quotes.prune';

/** Deletes the quotes that expired (hourly job). */
export async function pruneExpiredQuotes(db: Db, now = new Date()): Promise<void> {
  await db.delete(shippingQuotes).where(lt(shippingQuotes.expiresAt, now));
}
