// Under @hono/node-server the global Response is a lightweight class whose bytes go to the socket as they are;
// reading a Response's `body`, `bodyUsed` or `statusText` builds the runtime's full Response instead (a copy of
// the bytes inside a web stream), and the answer then leaves through that stream (server/response-body.ts).
// These tests count the full Responses built while a page and an API answer cross the real middleware and a
// real socket. The runtime's Response is replaced by a counting subclass before @hono/node-server loads.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const RuntimeResponse = globalThis.Response;
let built = 0;
class CountingResponse extends RuntimeResponse {
  constructor(body?: BodyInit | null, init?: ResponseInit) {
    super(body, init);
    built++;
  }
}
Object.defineProperty(globalThis, 'Response', { value: CountingResponse, configurable: true, writable: true });
const { serve } = await import('@hono/node-server');
const { Hono } = await import('hono');
const { compressLarge } = await import('./compression.ts');
const { createPageServer } = await import('./pages.ts');
const { bufferedResponse } = await import('./response-body.ts');

const PAGE = Buffer.from(`<!doctype html><html><head><script>var a=1</script></head><body>${'<p>Peças em promoção</p>'.repeat(800)}</body></html>`);
const SMALL_PAGE = Buffer.from('<!doctype html><p>Peças</p>');
const JSON_BODY = JSON.stringify({ items: Array.from({ length: 150 }, (_, id) => ({ id, title: `Farol ${id}` })) });

function get(port: number, path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get({ port, path, headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('answers under @hono/node-server keep its lightweight Response', () => {
  let server: ReturnType<typeof serve>;
  let port: number;
  beforeAll(async () => {
    const pages = createPageServer({ ttlSeconds: 0, formOrigins: () => [] });
    const html = { 'content-type': 'text/html; charset=utf-8' };
    const app = new Hono();
    app.use('*', compressLarge());
    app.get('/page', (c) => pages.serve(c, async () => bufferedResponse(PAGE, { status: 200, headers: html })));
    app.get('/small-page', (c) => pages.serve(c, async () => bufferedResponse(SMALL_PAGE, { status: 200, headers: html })));
    app.get('/api', (c) => {
      c.header('Content-Type', 'application/json');
      c.header('Content-Encoding', 'gzip');
      return c.body(new Uint8Array(zlib.gzipSync(JSON_BODY)));
    });
    app.get('/json', (c) => c.json(JSON.parse(JSON_BODY)));
    app.get('/small-json', (c) => {
      c.header('Content-Type', 'application/json');
      c.header('Content-Length', '2');
      return c.body('[]');
    });
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('a rendered page is hashed into its policy, compressed and sent without building a full Response', async () => {
    built = 0;
    const res = await get(port, '/page');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    expect(zlib.brotliDecompressSync(res.body).equals(PAGE)).toBe(true);
    expect(built).toBe(0);
  });

  it('so is a page too small to compress, an API answer already gzipped and a small one of known length', async () => {
    built = 0;
    const small = await get(port, '/small-page');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.equals(SMALL_PAGE)).toBe(true);
    const api = await get(port, '/api');
    expect(api.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(api.body).toString()).toBe(JSON_BODY);
    // A small answer whose length is known passes without its body being read.
    expect((await get(port, '/small-json')).body.toString()).toBe('[]');
    expect(built).toBe(0);
  });

  it("a rendered page passes React Router's isResponse check without building one, and its body stream is the page", async () => {
    // The document request's path in React Router: the page (entry.server's bufferedResponse) comes back from
    // generateMiddlewareResponse and `query` checks it with isResponse (status, statusText, headers, body).
    const { createStaticHandler } = await import('react-router');
    const handler = createStaticHandler([{ id: 'root', path: '/', loader: () => null }]);
    const page = bufferedResponse(PAGE, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } });
    built = 0;
    const result = await handler.query(new Request('http://127.0.0.1/'), { generateMiddlewareResponse: async () => page });
    expect(result).toBe(page);
    expect(page.statusText).toBe('');
    expect(built).toBe(0);
    // Whoever reads the body as a stream gets the page's bytes.
    const chunks: Uint8Array[] = [];
    for await (const chunk of page.body!) chunks.push(chunk);
    expect(Buffer.concat(chunks).equals(PAGE)).toBe(true);
    expect(built).toBe(0);
  });

  it('a JSON answer compressed on the way builds one, to read its string body, and still leaves as bytes', async () => {
    built = 0;
    const res = await get(port, '/json');
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(JSON_BODY);
    expect(built).toBe(1);
  });
});
