// The HTTP API through the real Hono app (app.fetch), on PGlite and on PostgreSQL.
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { createLogger } from '../../server/logger.ts';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { testServices } from '../support/services.ts';

describe.each(DATABASE_KINDS)('API on %s', (kind) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 120 });
    app = createApp({
      build: () => Promise.reject(new Error('pages are not under test here')),
      services: testServices(database),
      logger: createLogger('silent'),
      publicUrl: 'http://loja.test',
    });
  });
  afterAll(async () => {
    await database?.dispose();
  });
  const get = (path: string) => app.fetch(new Request(`http://loja.test${path}`));

  it('GET /api/produtos answers the spec shape, in reais, with X-Total-Count', async () => {
    const res = await get('/api/produtos?limite=5');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('120');
    const body = (await res.json()) as Record<string, unknown>[];
    expect(body).toHaveLength(5);
    expect(body[0]).toMatchObject({ id: 1, valorantigo: 919, valoratual: 719.9, desconto: true, valordesconto: 22 });
    for (const p of body) expect(Object.keys(p)).toEqual(expect.arrayContaining(['id', 'titulo', 'descricao', 'valorantigo', 'valoratual', 'desconto', 'valordesconto']));
    expect((await (await get('/api/produtos')).json()) as unknown[]).toHaveLength(50);
    expect((await (await get('/api/produtos?limite=200')).json()) as unknown[]).toHaveLength(120);
  });

  it('GET /api/products searches, filters, sorts and pages in centavos', async () => {
    const res = await get('/api/products?q=farol&ordem=menor-preco&limite=10&facetas=1');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { priceCents: number; title: string }[]; total: number; facets: unknown };
    expect(body.total).toBe(Number(res.headers.get('x-total-count')));
    expect(body.items.length).toBeGreaterThan(0);
    const prices = body.items.map((p) => p.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(body.facets).toBeTruthy();
  });

  it('answers a repeated search with the same gzipped bytes when the client accepts gzip, and plain JSON otherwise', async () => {
    const path = '/api/products?q=filtro&limite=24';
    const fetchRaw = async (encoding?: string) => {
      const res = await app.fetch(new Request(`http://loja.test${path}`, { headers: encoding ? { 'accept-encoding': encoding } : {} }));
      return { res, bytes: Buffer.from(await res.arrayBuffer()) };
    };
    const plain = await fetchRaw();
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    expect(plain.res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = JSON.parse(plain.bytes.toString()) as { items: unknown[]; total: number };
    expect(body.items.length).toBe(Math.min(24, body.total));
    expect(body.items.length).toBeGreaterThan(5);
    const zipped = await fetchRaw('gzip, deflate, br');
    expect(zipped.res.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(JSON.parse(zlib.gunzipSync(zipped.bytes).toString())).toEqual(body);
    expect((await fetchRaw('gzip')).bytes.equals(zipped.bytes)).toBe(true);
    expect((await fetchRaw('gzip;q=0, identity')).res.headers.get('content-encoding')).toBeNull();
    // The spec's list too.
    const legacy = await app.fetch(new Request('http://loja.test/api/produtos?limite=30', { headers: { 'accept-encoding': 'gzip' } }));
    expect(legacy.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(Buffer.from(await legacy.arrayBuffer())).toString())).toHaveLength(30);
  });

  it('GET /api/products/:id returns the product or a pt-BR 404', async () => {
    const ok = await get('/api/products/1');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ id: 1, priceCents: 71990, oldPriceCents: 91900, refCode: expect.any(String), images: expect.any(Array), variants: [] });
    const missing = await get('/api/products/99999');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ erro: 'Produto não encontrado.' });
    const bad = await get('/api/products/abc');
    expect(bad.status).toBe(400);
  });

  it('answers 400 with a pt-BR message for bad input, never 500', async () => {
    const cases = ['ordem=qualquer', 'pagina=0', 'preco_min=-10', `q=${'x'.repeat(10_000)}`, 'limite=201', 'limite=0', 'marca=Acme%20Pe%C3%A7as', 'pagina=1e9', 'preco_max=NaN'];
    for (const qs of cases) {
      for (const path of ['/api/products', '/api/produtos']) {
        const res = await get(`${path}?${qs}`);
        expect(res.status, `${path}?${qs.slice(0, 30)}`).toBe(400);
        const body = (await res.json()) as { erro: string };
        expect(body.erro).toMatch(/inválid|máximo|Limite/);
      }
    }
    expect((await get('/api/nada')).status).toBe(404);
  });

  it('publishes an OpenAPI document built from the request schemas', async () => {
    const res = await get('/api/openapi.json');
    const doc = (await res.json()) as { openapi: string; paths: Record<string, { get: { parameters: { name: string }[] } }> };
    expect(doc.openapi).toMatch(/^3\./);
    const names = doc.paths['/api/products']!.get.parameters.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['q', 'marca', 'categoria', 'veiculo', 'estado', 'preco_min', 'preco_max', 'ordem', 'pagina', 'limite']));
    // The headless API: the calls another front end sells with, the idempotency header, CORS explained.
    const paths = doc.paths as unknown as Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    for (const p of ['/api/cart/quote', '/api/orders', '/api/orders/{number}/pay', '/orders', '/api/chat', '/chat']) expect(paths[p], p).toBeDefined();
    for (const p of ['/api/orders', '/orders']) expect(paths[p]!.post!.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Idempotency-Key', in: 'header' })]));
    expect(JSON.stringify(doc)).toMatch(/CORS_ORIGINS/);
  });

  it('reports health and readiness, with security headers', async () => {
    expect((await get('/healthz')).status).toBe(200);
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.headers.get('x-content-type-options')).toBe('nosniff');
    expect(ready.headers.get('content-security-policy')).toMatch(/script-src 'self'(;| 'sha256-)/);
    expect(ready.headers.get('content-security-policy')).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(ready.headers.get('x-frame-options')).toBe('DENY');
  });

  it('serves product art as cacheable SVG and refuses unknown paths', async () => {
    const res = await get('/art/freios/ambar/0.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toMatch(/immutable/);
    expect(await res.text()).toMatch(/^<svg/);
    expect((await get('/art/freios/..%2f..%2fetc%2fpasswd.svg')).status).toBe(404);
    expect((await get('/art/freios/ambar/9.svg')).status).toBe(404);
  });
});
