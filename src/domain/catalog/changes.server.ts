// The one event every catalog write announces: "these products changed" (title, price, stock, photo, a new
// product). `catalogChanged` tells this process's subscribers (the page cache, the catalog memo) and,
// when several instances share one PostgreSQL, the other instances through NOTIFY. Callers: the seller
// product forms, checkout and order cancellations (stock), and the admin back office.
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

interface State {
  listeners: Set<CatalogChangeListener>;
  /** Set at boot on PostgreSQL: NOTIFY the other instances. PGlite is one process: nothing to tell. */
  broadcast: boolean;
  /** This process's id, so an instance ignores its own notifications. */
  instance: string;
  /** Coalescing: one NOTIFY in flight; changes meanwhile are sent together right after it. */
  sending: boolean;
  pending: Set<number> | 'all' | null;
}

// On a global: the bundled React Router app (seller forms) and the unbundled server share one state.
const KEY = Symbol.for('olimpo.catalogChanges');
type Holder = { [KEY]?: State };
const state: State = ((globalThis as Holder)[KEY] ??= {
  listeners: new Set(),
  broadcast: false,
  instance: Math.random().toString(36).slice(2, 10),
  sending: false,
  pending: null,
});

/** Subscribes to catalog changes of this process and of the other instances. Returns the unsubscribe. */
export function onCatalogChange(listener: CatalogChangeListener): () => void {
  state.listeners.add(listener);
  return () => state.listeners.delete(listener);
}

/** The catalog list memo (Services.searchCache), cleared on every catalog change, this process's or another instance's. */
export function createCatalogSearchCache(ttlSeconds: number): SearchCache {
  const cache = createSearchCache(ttlSeconds);
  onCatalogChange(() => cache.clear());
  return cache;
}

/** Turns the cross-instance NOTIFY on (PostgreSQL) or off. */
export function broadcastCatalogChanges(on: boolean): void {
  state.broadcast = on;
}

function applyLocally(productIds: readonly number[] | undefined): void {
  for (const listener of state.listeners) {
    try {
      listener(productIds);
    } catch {
      // a subscriber's failure must not stop the write that announced the change
    }
  }
}

/**
 * Announces that products changed, after the write committed. This process forgets what it memoised at
 * once; other instances hear it within a round trip, stock changes within STOCK_NOTIFY_DELAY_MS more (their short
 * TTLs bound the staleness if they miss it).
 * `productIds`: only the pages that show these products are dropped. Pass them for stock taken by orders
 * (it can only take a product off the pages that show it); for anything that can move a product INTO a
 * list (a new product, a title, a price, restocking from zero) pass none: every cached page goes.
 */
export async function catalogChanged(db: Db, productIds?: readonly number[]): Promise<void> {
  const ids = productIds?.filter((id) => Number.isSafeInteger(id));
  applyLocally(ids);
  if (!state.broadcast) return;
  if (ids === undefined || state.pending === 'all') state.pending = 'all';
  else {
    state.pending ??= new Set();
    for (const id of ids) state.pending.add(id);
  }
  if (state.sending) return;
  state.sending = true;
  try {
    // Stock taken by orders waits a moment, so the orders of that moment share one notification: sent one
    // per order, each NOTIFY was a commit of its own (a round trip and a WAL flush per order under a sale).
    if (state.pending !== 'all') await new Promise((resolve) => setTimeout(resolve, STOCK_NOTIFY_DELAY_MS));
    while (state.pending !== null) {
      const batch = state.pending;
      state.pending = null;
      await db.execute(sql`select pg_notify(${CATALOG_CHANNEL}, ${encodeChange(state.instance, batch === 'all' ? undefined : [...batch])})`);
    }
  } finally {
    state.sending = false;
  }
}

/** NOTIFY payloads are limited to 8,000 bytes: a long list becomes "everything changed". */
export function encodeChange(instance: string, ids: readonly number[] | undefined): string {
  const text = JSON.stringify({ from: instance, ids: ids ?? null });
  return text.length > 7000 ? JSON.stringify({ from: instance, ids: null }) : text;
}

/** What the listener of CATALOG_CHANNEL calls with each payload: another instance's change, applied here. */
export function receiveCatalogNotification(payload: string | undefined): void {
  let from: unknown = null;
  let ids: readonly number[] | undefined;
  try {
    const parsed = JSON.parse(payload ?? '') as { from?: unknown; ids?: unknown };
    from = parsed.from;
    ids = Array.isArray(parsed.ids) ? parsed.ids.filter((n): n is number => Number.isSafeInteger(n)) : undefined;
  } catch {
    ids = undefined;
  }
  if (from === state.instance) return;
  applyLocally(ids);
}

/** After the listening connection was lost and came back: notifications may have been missed. */
export function catalogChangesMissed(): void {
  applyLocally(undefined);
}
