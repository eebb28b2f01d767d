// The headless API's CORS (server/middleware/cors.ts) on a bare Hono app: the allowed front end gets its
// preflight and its answers' headers; anyone else, and every page, gets none.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { cors } from './cors.ts';

const FRONT_END = 'https://app.example.com';
const OTHER = 'https://loja-falsa.example';

function app() {
  const a = new Hono();
  a.use('*', cors([FRONT_END]));
  a.get('/api/produtos', (c) => c.json([], 200, { 'X-Total-Count': '0' }));
  a.post('/orders', (c) => c.json({ id: '1' }, 201));
  a.get('/', (c) => c.html('<p>Home</p>'));
  return a;
}

const preflight = (path: string, origin: string) =>
  app().request(path, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, idempotency-key' } });

describe('CORS for the headless API', () => {
  it('answers the allowed front end’s preflight with 204 and the allow headers, credentials included', async () => {
    for (const path of ['/orders', '/chat', '/api/orders']) {
      const res = await preflight(path, FRONT_END);
      expect(res.status, path).toBe(204);
      expect(res.headers.get('access-control-allow-origin'), path).toBe(FRONT_END);
      expect(res.headers.get('access-control-allow-credentials'), path).toBe('true');
      expect(res.headers.get('access-control-allow-methods'), path).toMatch(/POST/);
      expect(res.headers.get('access-control-allow-headers'), path).toMatch(/content-type/);
      expect(res.headers.get('access-control-allow-headers'), path).toMatch(/idempotency-key/);
      expect(res.headers.get('access-control-max-age'), path).toBe('600');
      expect(res.headers.get('vary'), path).toMatch(/Origin/);
      expect(await res.text()).toBe('');
    }
  });

  it('lets the allowed front end read the API’s answers and their counting headers', async () => {
    const list = await app().request('/api/produtos', { headers: { origin: FRONT_END } });
    expect(list.status).toBe(200);
    expect(list.headers.get('access-control-allow-origin')).toBe(FRONT_END);
    expect(list.headers.get('access-control-allow-credentials')).toBe('true');
    expect(list.headers.get('access-control-expose-headers')).toMatch(/X-Total-Count/);
    expect(list.headers.get('vary')).toMatch(/Origin/);
    const placed = await app().request('/orders', { method: 'POST', headers: { origin: FRONT_END } });
    expect(placed.status).toBe(201);
    expect(placed.headers.get('access-control-allow-origin')).toBe(FRONT_END);
  });

  it('gives any other origin no CORS header at all, preflight or answer', async () => {
    const pre = await preflight('/orders', OTHER);
    expect(pre.status).toBe(204);
    expect(pre.headers.get('allow')).toMatch(/POST/);
    const list = await app().request('/api/produtos', { headers: { origin: OTHER } });
    expect(list.headers.get('vary')).toMatch(/Origin/);
    for (const res of [pre, list]) {
      expect([...res.headers.keys()].filter((h) => h.startsWith('access-control-'))).toEqual([]);
    }
  });

  it('gives pages no CORS headers, even for the allowed front end, and answers OPTIONS with Allow', async () => {
    const pre = await preflight('/', FRONT_END);
    expect(pre.status).toBe(204);
    expect(pre.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
    const page = await app().request('/', { headers: { origin: FRONT_END } });
    expect(page.status).toBe(200);
    for (const res of [pre, page]) {
      expect([...res.headers.keys()].filter((h) => h.startsWith('access-control-'))).toEqual([]);
    }
  });
});
