// Catalog API: the spec's /api/produtos (Portuguese fields, reais) and the store's /api/products (centavos).
// Both take `vehicle` (and `ano`) and understand vehicle words in `q`; they never read the garage cookie,
// so a URL always means the same list.
import { Hono } from 'hono';
import type { Db } from '../../src/db/client.server.ts';
import { parseCatalogQuery } from '../../src/domain/catalog/query.ts';
import { getProduct } from '../../src/domain/catalog/repository.server.ts';
import { searchWithFitment } from '../../src/domain/fitment/search.server.ts';
import { cachedSearch } from '../../src/domain/catalog/search-cache.server.ts';
import { toLegacyProduct } from '../../src/domain/catalog/legacy.ts';
import { apiError, searchParamsOf } from '../http.ts';

export const API_MAX_PAGE_SIZE = 200;
export const API_DEFAULT_PAGE_SIZE = 50;
const pageOpts = { maxPageSize: API_MAX_PAGE_SIZE, defaultPageSize: API_DEFAULT_PAGE_SIZE };

export function catalogApi(getDb: () => Db) {
  const api = new Hono();

  api.get('/produtos', async (c) => {
    const parsed = parseCatalogQuery(searchParamsOf(c), pageOpts);
    if (!parsed.ok) return apiError(c, 400, parsed.message);
    const search = await cachedSearch(JSON.stringify(['produtos', parsed.query]), () => searchWithFitment(getDb(), parsed.query));
    if (!search.ok) return apiError(c, 400, search.message);
    c.header('X-Total-Count', String(search.result.total));
    c.header('Cache-Control', 'public, max-age=10');
    return c.json(search.result.items.map(toLegacyProduct));
  });

  api.get('/products', async (c) => {
    const params = searchParamsOf(c);
    const parsed = parseCatalogQuery(params, pageOpts);
    if (!parsed.ok) return apiError(c, 400, parsed.message);
    const facets = params.get('facetas') === '1';
    const search = await cachedSearch(JSON.stringify(['products', parsed.query, facets]), () => searchWithFitment(getDb(), parsed.query, { facets }));
    if (!search.ok) return apiError(c, 400, search.message);
    const { vehicle, fits, ...result } = search.result;
    c.header('X-Total-Count', String(result.total));
    c.header('Cache-Control', 'public, max-age=10');
    return c.json({
      ...result,
      items: vehicle ? result.items.map((i) => ({ ...i, fitment: fits[i.id] ?? 'universal' })) : result.items,
      vehicle: vehicle && {
        source: vehicle.source,
        label: vehicle.fullLabel,
        year: vehicle.choice.year,
        vehicleIds: vehicle.choice.vehicles.map((v) => v.id),
        words: vehicle.words,
      },
    });
  });

  api.get('/products/:id', async (c) => {
    const raw = c.req.param('id');
    if (!/^\d{1,10}$/.test(raw)) return apiError(c, 400, 'Identificador de produto inválido.');
    const product = await getProduct(getDb(), Number(raw));
    if (!product) return apiError(c, 404, 'Produto não encontrado.');
    return c.json(product);
  });

  return api;
}
