// Catalog API: the spec's /api/produtos (Portuguese fields, reais) and the store's /api/products (centavos).
// Both take `vehicle` (and `ano`) and understand vehicle words in `q`; they never read the garage cookie,
// so a URL always means the same list.
import zlib from 'node:zlib';
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { Db } from '#src/db/client.server.ts';
import { parseCatalogQuery } from '#src/domain/catalog/query.ts';
import { getProduct } from '#src/domain/catalog/products.server.ts';
import { searchWithFitment, vehicleForSearch } from '#src/domain/fitment/search.server.ts';
import type { SearchCache } from '#src/domain/catalog/search-cache.server.ts';
import { toLegacyProduct } from '#src/domain/catalog/legacy.ts';
import { completeLastWord, readSuggestCodes } from '#src/domain/catalog/suggestion-data.server.ts';
import { suggest, suggestionPrefix } from '#src/domain/catalog/suggestions.ts';
import { loadFleet } from '#src/domain/fitment/fleet.server.ts';
import type { ProductDetail, ProductSummary } from '#src/domain/catalog/types.ts';
import { absoluteUrl, withAbsoluteUrl } from '#src/platform/absolute-url.ts';
import { publicCacheControl } from '../page-cache.ts';
import { apiError, searchParamsOf } from '../http.ts';

export const API_MAX_PAGE_SIZE = 200;
export const API_DEFAULT_PAGE_SIZE = 50;
const pageOpts = { maxPageSize: API_MAX_PAGE_SIZE, defaultPageSize: API_DEFAULT_PAGE_SIZE };

/**
 * A memoised search is answered with the same bytes until the memo drops it: serialised (and gzipped) once per
 * memo entry, keyed by the memo's result object, so the WeakMap entry goes when the memo entry does.
 */
const encoded = new WeakMap<object, { json: string; gzip?: Uint8Array<ArrayBuffer> }>();
const GZIP_MIN_BYTES = 1024;

function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return (name === 'gzip' || name === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

function sendEncoded(c: Context, memo: object, build: () => unknown): Response {
  let e = encoded.get(memo);
  if (!e) {
    e = { json: JSON.stringify(build()) };
    encoded.set(memo, e);
  }
  c.header('Content-Type', 'application/json');
  c.header('Vary', 'Accept-Encoding');
  if (e.json.length >= GZIP_MIN_BYTES && acceptsGzip(c.req.header('accept-encoding'))) {
    e.gzip ??= new Uint8Array(zlib.gzipSync(e.json));
    c.header('Content-Encoding', 'gzip');
    return c.body(e.gzip);
  }
  // With its length, the compression step passes a small answer without reading its body.
  c.header('Content-Length', String(Buffer.byteLength(e.json)));
  return c.body(e.json);
}

export interface CatalogApiOptions {
  /** PUBLIC_URL: product photos are answered as absolute addresses under it (other front ends, other origins). */
  publicUrl: string;
  /** The process's short memo of list results (`Services.searchCache`). */
  searchCache: SearchCache;
  /** PAGE_CACHE_SECONDS: how long browsers and CDNs may keep a public answer such as the suggestions (default 10). */
  publicCacheSeconds?: number;
}

export function catalogApi(getDb: () => Db, opts: CatalogApiOptions) {
  const api = new Hono();
  const summary = <T extends ProductSummary>(p: T): T => ({ ...p, image: withAbsoluteUrl(opts.publicUrl, p.image) });
  const detail = (p: ProductDetail): ProductDetail => ({ ...summary(p), images: p.images.map((i) => ({ ...i, url: absoluteUrl(opts.publicUrl, i.url) })) });

  api.get('/produtos', async (c) => {
    const parsed = parseCatalogQuery(searchParamsOf(c), pageOpts);
    if (!parsed.ok) return apiError(c, 400, parsed.message);
    const search = await opts.searchCache.get(JSON.stringify(['produtos', parsed.query]), () => searchWithFitment(getDb(), parsed.query));
    if (!search.ok) return apiError(c, 400, search.message);
    c.header('X-Total-Count', String(search.result.total));
    c.header('Cache-Control', 'public, max-age=10');
    return sendEncoded(c, search.result, () => search.result.items.map((p) => toLegacyProduct(summary(p))));
  });

  api.get('/products', async (c) => {
    const params = searchParamsOf(c);
    const parsed = parseCatalogQuery(params, pageOpts);
    if (!parsed.ok) return apiError(c, 400, parsed.message);
    const facets = params.get('facetas') === '1';
    const search = await opts.searchCache.get(JSON.stringify(['products', parsed.query, facets]), () => searchWithFitment(getDb(), parsed.query, { facets }));
    if (!search.ok) return apiError(c, 400, search.message);
    const { vehicle, fits, ...result } = search.result;
    c.header('X-Total-Count', String(result.total));
    c.header('Cache-Control', 'public, max-age=10');
    return sendEncoded(c, search.result, () => ({
      ...result,
      items: vehicle ? result.items.map((i) => ({ ...summary(i), fitment: fits[i.id] ?? 'universal' })) : result.items.map(summary),
      vehicle: vehicle && {
        source: vehicle.source,
        label: vehicle.fullLabel,
        year: vehicle.choice.year,
        vehicleIds: vehicle.choice.vehicles.map((v) => v.id),
        words: vehicle.words,
      },
    }));
  });

  // Suggestions while typing: public and cacheable per prefix (the answer depends on nothing else), under the
  // page cache's rules: kept in the catalog memo (cleared by every catalog change, like the list pages) and
  // as long as a cached page by browsers and CDNs.
  api.get('/search/suggestions', async (c) => {
    const q = suggestionPrefix(c.req.query('q') ?? '');
    const memo = await opts.searchCache.get(JSON.stringify(['suggestions', q]), async () => {
      const db = getDb();
      const suggestions = await suggest(q, {
        search: async (text, limit) => {
          const parsed = parseCatalogQuery(new URLSearchParams({ q: text, limite: String(limit) }), pageOpts);
          if (!parsed.ok) return [];
          // The list page's search: accents, typos, part codes and vehicle words alike. Vehicle words alone
          // ("gol") are proposed as the vehicle's list, not as a ranking of every part that fits it.
          const alone = await vehicleForSearch(db, parsed.query, null);
          if (alone.ok && alone.vehicle && alone.q === '') return [];
          const found = await searchWithFitment(db, parsed.query);
          return found.ok ? found.result.items : [];
        },
        vehicles: async () => (await loadFleet(db)).vehicles,
        complete: (text) => completeLastWord(db, text),
        codes: (ids) => readSuggestCodes(db, ids),
      });
      return { ok: true as const, suggestions };
    });
    c.header('Cache-Control', publicCacheControl((opts.publicCacheSeconds ?? 10) * 1000));
    const s = memo.suggestions;
    return sendEncoded(c, memo, () => ({ ...s, products: s.products.map((p) => ({ ...p, image: withAbsoluteUrl(opts.publicUrl, p.image) })) }));
  });

  api.get('/products/:id', async (c) => {
    const raw = c.req.param('id');
    if (!/^\d{1,10}$/.test(raw)) return apiError(c, 400, 'Identificador de produto inválido.');
    const product = await getProduct(getDb(), Number(raw));
    if (!product) return apiError(c, 404, 'Produto não encontrado.');
    return c.json(detail(product));
  });

  return api;
}
