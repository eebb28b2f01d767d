// The one event every catalog write announces: "these products changed" (title, price, stock, photo, a new
// product). A `CatalogChanges` (Services.catalogChanges, built by the composition root) tells this process's
// subscribers (the page cache, the catalog memo) and, when several instances share one PostgreSQL, the other
// instances through NOTIFY. Writers get it passed in: the seller product forms, checkout and order
// cancellations (stock), reviews and answers (ratings on the cards), the admin back office, imports.
import { sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { createSearchCache } from './search-cache.server.ts';
import type { SearchCache } from './search-cache.server.ts';

/** The PostgreSQL channel instances announce catalog changes on. */
export const CATALOG_CHANNEL = 'olimpo_catalog';

/** How long stock changes wait to be announced together (anything else goes at once). */
export const STOCK_NOTIFY_DELAY_MS = 100;

/** `productIds` undefined: anything may have changed (a bulk import, a new product). */
export type CatalogChangeListener = (productIds: readonly number[] | undefined) => void;

export interface CatalogChanges {
  /**
   * Announces that products changed, after the write committed. This process forgets what it memoised at
   * once; other instances hear it within a round trip, stock changes within STOCK_NOTIFY_DELAY_MS more (their
   * short TTLs bound the staleness if they miss it).
   * `productIds`: only the pages that show these products are dropped. Pass them for stock taken by orders
   * (it can only take a product off the pages that show it); for anything that can move a product INTO a
   * list (a new product, a title, a price, restocking from zero) pass none: every cached page goes.
   */
  announce(productIds?: readonly number[]): Promise<void>;
  /** Subscribes to the changes of this process and of the other instances. Returns the unsubscribe. */
  subscribe(listener: CatalogChangeListener): () => void;
  /** What the listener of CATALOG_CHANNEL calls with each payload: another instance's change, applied here. */
  receive(payload: string | undefined): void;
  /** After the listening connection was lost and came back: notifications may have been missed. */
  missed(): void;
}

/**
 * `notify`: the PostgreSQL database the other instances listen on (NOTIFY), or none where nobody else
 * listens (PGlite is one process; a test of one app).
 */
export function createCatalogChanges(notify?: Db): CatalogChanges {
  const listeners = new Set<CatalogChangeListener>();
  // This instance's id, so it ignores its own notifications.
  const instance = Math.random().toString(36).slice(2, 10);
  // Coalescing: one NOTIFY in flight; changes meanwhile are sent together right after it.
  let sending = false;
  let pending: Set<number> | 'all' | null = null;

  const applyLocally = (productIds: readonly number[] | undefined) => {
    for (const listener of listeners) {
      try {
        listener(productIds);
      } catch {
        // a subscriber's failure must not stop the write that announced the change
      }
    }
  };

  return {
    async announce(productIds) {
      const ids = productIds?.filter((id) => Number.isSafeInteger(id));
      applyLocally(ids);
      if (!notify) return;
      if (ids === undefined || pending === 'all') pending = 'all';
      else {
        pending ??= new Set();
        for (const id of ids) pending.add(id);
      }
      if (sending) return;
      sending = true;
      try {
        // Stock taken by orders waits a moment, so the orders of that moment share one notification: sent one
        // per order, each NOTIFY was a commit of its own (a round trip and a WAL flush per order under a sale).
        if (pending !== 'all') await new Promise((resolve) => setTimeout(resolve, STOCK_NOTIFY_DELAY_MS));
        while (pending !== null) {
          const batch: Set<number> | 'all' = pending;
          pending = null;
          await notify.execute(sql`select pg_notify(${CATALOG_CHANNEL}, ${encodeChange(instance, batch === 'all' ? undefined : [...batch])})`);
        }
      } finally {
        sending = false;
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    receive(payload) {
      let from: unknown = null;
      let ids: readonly number[] | undefined;
      try {
        const parsed = JSON.parse(payload ?? '') as { from?: unknown; ids?: unknown };
        from = parsed.from;
        ids = Array.isArray(parsed.ids) ? parsed.ids.filter((n): n is number => Number.isSafeInteger(n)) : undefined;
      } catch {
        ids = undefined;
      }
      if (from === instance) return;
      applyLocally(ids);
    },
    missed: () => applyLocally(undefined),
  };
}

/** The catalog list memo (Services.searchCache), cleared on every catalog change, this process's or another instance's. */
export function createCatalogSearchCache(ttlSeconds: number, changes: CatalogChanges): SearchCache {
  const cache = createSearchCache(ttlSeconds);
  changes.subscribe(() => cache.clear());
  return cache;
}

/** NOTIFY payloads are limited to 8,000 bytes: a long list becomes "everything changed". */
export function encodeChange(instance: string, ids: readonly number[] | undefined): string {
  const text = JSON.stringify({ from: instance, ids: ids ?? null });
  return text.length > 7000 ? JSON.stringify({ from: instance, ids: null }) : text;
}
