// Catalog API: the spec's /api/produtos (Portuguese fields, reais) and the store's /api/products (centavos).
import { Hono } from 'hono';
import type { Db } from '../../src/db/client.server.ts';
import { parseCatalogQuery } from '../../src/domain/catalog/query.ts';
import { getProduct, searchProducts } from '../../src/domain/catalog/repository.server.ts';
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
    const result = await searchProducts(getDb(), parsed.query);
    c.header('X-Total-Count', String(result.total));
    return c.json(result.items.map(toLegacyProduct));
  });

  api.get('/products', async (c) => {
    const params = searchParamsOf(c);
    const parsed = parseCatalogQuery(params, pageOpts);
    if (!parsed.ok) return apiError(c, 400, parsed.message);
    const result = await searchProducts(getDb(), parsed.query, { facets: params.get('facetas') === '1' });
    c.header('X-Total-Count', String(result.total));
    return c.json(result);
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
