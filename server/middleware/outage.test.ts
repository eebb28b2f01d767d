// An API answer of 5xx given while a database connection died leaves as a pt-BR 503 with Retry-After.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { lostConnectionsAs503, UNAVAILABLE_MESSAGE } from './outage.ts';

function appWith(lost: () => boolean) {
  const app = new Hono();
  app.use('*', lostConnectionsAs503({ applies: (p) => p.startsWith('/api/'), lostDuring: lost }));
  // A CORS layer inside it, as in server/app.ts: its headers must survive the rewrite.
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('Access-Control-Allow-Origin', 'https://app.example.com');
    c.res.headers.append('Vary', 'Origin');
  });
  const failed = (c: import('hono').Context) => {
    c.header('Set-Cookie', 'better-auth.session_token=abc; Path=/');
    c.header('X-Detail', 'Failed query: insert into users');
    return c.json({ detalhe: 'x'.repeat(500) }, 500);
  };
  app.get('/api/products', failed);
  app.post('/api/auth/sign-up/email', failed);
  app.get('/ProductList', (c) => c.text('erro', 500));
  return app;
}

describe('a 5xx answered while a connection was lost', () => {
  it('becomes a 503 with Retry-After and the pt-BR body, keeping CORS and nothing else of the failed answer', async () => {
    const res = await appWith(() => true).request('/api/products');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(res.headers.get('vary')).toMatch(/Origin/);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('x-detail')).toBeNull();
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ erro: UNAVAILABLE_MESSAGE });
    const length = res.headers.get('content-length');
    if (length !== null) expect(Number(length)).toBe(Buffer.byteLength(text));
  });

  it('on /api/auth answers in its { code, message } shape', async () => {
    const res = await appWith(() => true).request('/api/auth/sign-up/email', { method: 'POST' });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE_MESSAGE });
  });

  it('leaves real failures and pages alone', async () => {
    const app = appWith(() => false);
    expect((await app.request('/api/products')).status).toBe(500);
    expect((await appWith(() => true).request('/ProductList')).status).toBe(500);
  });
});
