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

const KEY = Symbol.for('olimpo.catalogSearchCache');
type Holder = { [KEY]?: { ttlMs: number; entries: Map<string, Entry> } };
const state = ((globalThis as Holder)[KEY] ??= { ttlMs: 10_000, entries: new Map() });

export function configureSearchCache(ttlSeconds: number): void {
  state.ttlMs = Math.max(0, ttlSeconds) * 1000;
  state.entries.clear();
}

/** The memoised value for `key`, computing it once per TTL. */
export function cachedSearch<T extends { ok: boolean; result?: SearchResult }>(key: string, compute: () => Promise<T>): Promise<T> {
  if (state.ttlMs === 0) return compute();
  const now = Date.now();
  const hit = state.entries.get(key);
  if (hit && now - hit.at < state.ttlMs) return hit.value as Promise<T>;
  const value = compute();
  if (state.entries.size >= MAX_ENTRIES) state.entries.delete(state.entries.keys().next().value!);
  state.entries.set(key, { at: now, value });
  // A failure is not remembered.
  value.catch(() => {
    if (state.entries.get(key)?.value === value) state.entries.delete(key);
  });
  return value;
}

/** Forgets every memoised list (called after a product is created or changed in this process). */
export function invalidateSearchCache(): void {
  state.entries.clear();
}
