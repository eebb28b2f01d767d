// The page cache for anonymous shoppers: finished, already compressed HTML of the catalog pages, kept in
// this process for PAGE_CACHE_SECONDS and then served stale while one render refreshes it
// (stale-while-revalidate, single-flight). Who may be served from it is decided here too: a request with a
// session, garage or flash cookie never is, and a response that sets a cookie is never stored.
// Catalog writes drop the entries that show the changed products (src/domain/catalog/changes.server.ts).
// The store is lru-cache: bounded by entries and by the bytes of the stored bodies, least recently used out
// first, and an entry is gone for good PAGE_CACHE_SECONDS + the stale window after it was stored.
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export interface StoredPage {
  status: number;
  /** Headers to send again (Content-Type, Content-Security-Policy …), never Set-Cookie. */
  headers: [string, string][];
  /** The HTML itself, for the rare client that takes no compression (unzipped on demand: memory). */
  identity(): Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  /** The products the page shows (its /ProductView/:id links): a change to one of them drops the page. */
  productIds: Set<number>;
}

interface Entry {
  page: StoredPage;
  storedAt: number;
}

/** What a render hands the cache: the page, or null when it must not be stored (then it is the caller's alone). */
export type Rendered<R> = { page: StoredPage; own?: undefined } | { page: null; own: R };

export type Outcome<R> = { state: 'hit' | 'stale' | 'shared'; page: StoredPage } | { state: 'miss'; page: StoredPage } | { state: 'uncacheable'; own: R };

export interface PageCacheOptions {
  ttlMs: number;
  /** How long past its TTL an entry may still be served while it is refreshed. */
  staleMs?: number;
  maxEntries?: number;
  /** Memory budget of the stored bodies (gzip + br). */
  maxBytes?: number;
  now?: () => number;
}

export class PageCache {
  readonly ttlMs: number;
  private readonly staleMs: number;
  private readonly now: () => number;
  private readonly entries: LRUCache<string, Entry> | null;
  private readonly inFlight = new Map<string, Promise<unknown>>();
  /** Bumped by every invalidation: a render that started before it is not stored. */
  private generation = 0;

  constructor(opts: PageCacheOptions) {
    this.ttlMs = opts.ttlMs;
    this.staleMs = opts.staleMs ?? Math.max(opts.ttlMs * 6, 60_000);
    this.now = opts.now ?? Date.now;
    // lru-cache refuses a TTL of 0: a disabled cache stores nothing anyway (see `put` and `get`).
    this.entries =
      this.ttlMs > 0
        ? new LRUCache<string, Entry>({
            max: opts.maxEntries ?? 2000,
            maxSize: opts.maxBytes ?? 48 * 1024 * 1024,
            sizeCalculation: (entry) => sizeOf(entry.page),
            // Past TTL + stale window an entry is never served: lru-cache forgets it (lazily, on access or eviction).
            ttl: this.ttlMs + this.staleMs,
            // Our clock (tests move it), read on every check rather than cached for a millisecond by a timer.
            perf: { now: this.now },
            ttlResolution: 0,
          })
        : null;
  }

  get enabled(): boolean {
    return this.entries !== null;
  }

  get size(): number {
    return this.entries?.size ?? 0;
  }

  /** A fresh page, without rendering or waiting: the fast path in front of every middleware. */
  peek(key: string): StoredPage | null {
    const entry = this.entries?.peek(key);
    return entry && this.now() - entry.storedAt < this.ttlMs ? entry.page : null;
  }

  /**
   * The page for `key`: fresh from memory; stale from memory while one background render refreshes it;
   * or rendered once for every concurrent request that asks for it (single-flight).
   */
  async get<R>(key: string, render: () => Promise<Rendered<R>>): Promise<Outcome<R>> {
    const now = this.now();
    const entry = this.entries?.peek(key);
    if (entry) {
      const age = now - entry.storedAt;
      if (age < this.ttlMs) {
        this.entries!.get(key); // marks it recently used
        return { state: 'hit', page: entry.page };
      }
      if (age < this.ttlMs + this.staleMs) {
        if (!this.inFlight.has(key)) void this.refresh(key, render).catch(() => {});
        return { state: 'stale', page: entry.page };
      }
      this.entries!.delete(key);
    }
    const running = this.inFlight.get(key) as Promise<Rendered<R>> | undefined;
    if (running) {
      const shared = await running.catch(() => null);
      if (shared?.page) return { state: 'shared', page: shared.page };
      // The render failed or its answer was not for sharing: render for this request.
      const own = await render();
      return own.page ? { state: 'miss', page: own.page } : { state: 'uncacheable', own: own.own };
    }
    const rendered = await this.refresh(key, render);
    return rendered.page ? { state: 'miss', page: rendered.page } : { state: 'uncacheable', own: rendered.own };
  }

  private refresh<R>(key: string, render: () => Promise<Rendered<R>>): Promise<Rendered<R>> {
    const generation = this.generation;
    const run = render().then((r) => {
      if (r.page && generation === this.generation) this.store(key, r.page);
      return r;
    });
    this.inFlight.set(key, run);
    const done = () => {
      if (this.inFlight.get(key) === run) this.inFlight.delete(key);
    };
    run.then(done, done);
    return run;
  }

  /** Stores a page rendered outside `get` (a 404 of a path that is not a catalog page). */
  put(key: string, page: StoredPage): void {
    this.store(key, page);
  }

  private store(key: string, page: StoredPage): void {
    this.entries?.set(key, { page, storedAt: this.now() });
  }

  /** Bytes held by the stored bodies. */
  get storedBytes(): number {
    return this.entries?.calculatedSize ?? 0;
  }

  /** Drops every page (ids undefined) or the pages that show any of these products. */
  invalidate(productIds?: readonly number[]): void {
    this.generation++;
    this.inFlight.clear();
    if (!this.entries) return;
    if (productIds === undefined) {
      this.entries.clear();
      return;
    }
    const shown: string[] = [];
    for (const [key, entry] of this.entries.entries()) {
      if (productIds.some((id) => entry.page.productIds.has(id))) shown.push(key);
    }
    for (const key of shown) this.entries.delete(key);
  }
}

const sizeOf = (page: StoredPage) => page.gzip.length + page.br.length;

// ---- who and what may be cached ---------------------------------------------------------------------------

/** Pages every anonymous shopper sees the same (plus any 404, decided from the response). */
const CACHEABLE_PATHS = [/^\/$/, /^\/ProductList\/?$/i, /^\/ProductView(\/\d{1,10})?\/?$/i, /^\/(sobre-nos|seguranca|blog|trabalhe-conosco)\/?$/i];

export function isCacheablePath(pathname: string): boolean {
  return CACHEABLE_PATHS.some((re) => re.test(pathname));
}

/** Cookies that make a page personal: the session (plain or __Secure-), the guest garage, a flash notice. */
const PERSONAL_COOKIE = /(?:^|;)\s*(?:__Secure-)?(?:better-auth\.session_token|olimpo_garagem|olimpo_flash)=/;

export function hasPersonalCookie(cookieHeader: string | null | undefined): boolean {
  return !!cookieHeader && PERSONAL_COOKIE.test(cookieHeader);
}

/** Query parameters that never change a page (campaign tags): dropped from the key. */
const IGNORED_PARAMS = /^(utm_[a-z]+|gclid|fbclid|msclkid|_ga)$/i;

/**
 * The cache key: the path and the query with its parameters sorted by name (the order of one repeated
 * parameter is kept), campaign tags dropped, and empty parameters kept (`?q=` shows an empty search).
 * Paths keep their case: React Router matches them case-insensitively, but each spelling is its own page.
 */
export function cacheKey(url: URL): string {
  const params = [...url.searchParams].filter(([k]) => !IGNORED_PARAMS.test(k));
  params.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/** The products a page links to, for targeted invalidation (`html` may be a latin1 view of its bytes). */
export function linkedProductIds(html: string, pathname: string): Set<number> {
  const ids = new Set<number>();
  const own = /^\/ProductView\/?(\d{1,10})?\/?$/i.exec(pathname);
  if (own) ids.add(own[1] ? Number(own[1]) : 1);
  for (const m of html.matchAll(/\/ProductView\/(\d{1,10})/g)) ids.add(Number(m[1]));
  return ids;
}

/** Response headers a stored page must not carry to another shopper. */
const NOT_STORED = new Set(['set-cookie', 'content-length', 'content-encoding', 'transfer-encoding', 'date', 'etag', 'cache-control', 'vary', 'connection', 'keep-alive']);

/** Builds a stored page from a finished response: both encodings made once, off the main thread. */
export async function storedPage(status: number, headers: Headers, body: Buffer, pathname: string): Promise<StoredPage> {
  const [gz, br] = await Promise.all([gzip(body, { level: 6 }), brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })]);
  const kept: [string, string][] = [];
  headers.forEach((value, name) => {
    if (!NOT_STORED.has(name.toLowerCase())) kept.push([name, value]);
  });
  const etag = `"${crypto.createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
  return { status, headers: kept, identity: () => zlib.gunzipSync(gz), gzip: gz, br, etag, productIds: linkedProductIds(body.toString('latin1'), pathname) };
}

/** br, gzip or nothing, from Accept-Encoding (q=0 refuses one). */
export function pickEncoding(acceptEncoding: string | null | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    accepted.set(name!.trim(), q === undefined ? 1 : Number(q) || 0);
  }
  const star = accepted.get('*');
  const ok = (name: string) => (accepted.get(name) ?? star ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

/** Does If-None-Match name this ETag (weak or strong, or *)? */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/** Cache-Control for a shared page: browsers and CDNs keep it as long as this process does. */
export function publicCacheControl(ttlMs: number): string {
  const s = Math.max(1, Math.round(ttlMs / 1000));
  return `public, max-age=${s}, s-maxage=${s}, stale-while-revalidate=${Math.max(s * 6, 60)}`;
}

export const PRIVATE_CACHE_CONTROL = 'private, no-store';
export const PAGE_VARY = 'Cookie, Accept-Encoding';
