// A short-lived, in-process memo of catalog list results for the JSON API: identical searches within a few
// seconds share one database round trip (and concurrent misses share one query). Product writes in this
// process clear it; other instances see a change after at most the TTL. Cart quotes, product pages and
// checkout never go through it, so prices charged and stock taken are always live.
import type { SearchResult } from './types.ts';

const MAX_ENTRIES = 1000;

interface Entry {
  at: number;
  value: Promise<unknown>;
}

/** The memo: one per process, built at boot (server/boot.ts) and reached through `Services.searchCache`. */
export interface SearchCache {
  /** The memoised value for `key`, computing it once per TTL. */
  get<T extends { ok: boolean; result?: SearchResult }>(key: string, compute: () => Promise<T>): Promise<T>;
  /** Forgets every memoised list (after a product is created or changed: the boot subscribes it to `onCatalogChange`). */
  clear(): void;
}

/** CATALOG_CACHE_SECONDS: how long a list is remembered (0: not at all). */
export function createSearchCache(ttlSeconds: number): SearchCache {
  const ttlMs = Math.max(0, ttlSeconds) * 1000;
  const entries = new Map<string, Entry>();
  return {
    get<T extends { ok: boolean; result?: SearchResult }>(key: string, compute: () => Promise<T>): Promise<T> {
      if (ttlMs === 0) return compute();
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && now - hit.at < ttlMs) return hit.value as Promise<T>;
      const value = compute();
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, { at: now, value });
      // A failure is not remembered.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear: () => entries.clear(),
  };
}
