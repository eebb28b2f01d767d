import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { compressLarge } from './compression.ts';
import { contentSecurityPolicy, inlineScriptHashes } from './csp.ts';
import { cacheKey, etagMatches, hasPersonalCookie, isCacheablePath, linkedProductIds, PageCache, pickEncoding, storedPage } from './page-cache.ts';
import { createPageServer } from './pages.ts';

const page = async (html: string, path = '/') => storedPage(200, new Headers({ 'content-type': 'text/html; charset=utf-8' }), Buffer.from(html), path);

function clock() {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('page cache', () => {
  it('serves a fresh entry, then the stale one while a single render refreshes it', async () => {
    const time = clock();
    const cache = new PageCache({ ttlMs: 10_000, staleMs: 60_000, now: time.now });
    let renders = 0;
    let release: () => void = () => {};
    const render = async () => {
      renders++;
      if (renders === 2) await new Promise<void>((r) => (release = r));
      return { page: await page(`<p>versão ${renders}</p>`) };
    };
    const first = await cache.get('/', render);
    expect(first.state).toBe('miss');
    expect((await cache.get('/', render)).state).toBe('hit');
    time.advance(10_001);
    // Past the TTL: everyone gets the stale page at once, and only one refresh runs.
    const stale = await Promise.all([cache.get('/', render), cache.get('/', render), cache.get('/', render)]);
    expect(stale.map((o) => o.state)).toEqual(['stale', 'stale', 'stale']);
    expect(renders).toBe(2);
    release();
    // The refresh compresses on the thread pool: wait for it (a loaded machine takes a while).
    let fresh = await cache.get('/', render);
    for (let i = 0; i < 300 && fresh.state !== 'hit'; i++) {
      await new Promise((r) => setTimeout(r, 10));
      fresh = await cache.get('/', render);
    }
    expect(fresh.state).toBe('hit');
    expect(renders).toBe(2);
    expect(fresh.state !== 'uncacheable' && fresh.page.identity().toString()).toBe('<p>versão 2</p>');
    // Too old to serve even stale: rendered again before answering.
    time.advance(10_000 + 60_000 + 1);
    expect((await cache.get('/', render)).state).toBe('miss');
  });

  it('renders once for concurrent misses of one key (single-flight)', async () => {
    const cache = new PageCache({ ttlMs: 10_000 });
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((r) => setTimeout(r, 20));
      return { page: await page('<p>x</p>') };
    };
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => cache.get('/ProductList?q=farol', render)));
    expect(renders).toBe(1);
    expect(outcomes.filter((o) => o.state === 'miss')).toHaveLength(1);
    expect(outcomes.filter((o) => o.state === 'shared')).toHaveLength(19);
  });

  it('never stores an answer the render marks as not for sharing; each waiting request renders its own', async () => {
    const cache = new PageCache({ ttlMs: 10_000 });
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((r) => setTimeout(r, 5));
      return { page: null, own: `resposta ${renders}` };
    };
    const outcomes = await Promise.all([cache.get('/', render), cache.get('/', render)]);
    expect(outcomes.map((o) => (o.state === 'uncacheable' ? o.own : null)).sort()).toEqual(['resposta 1', 'resposta 2']);
    expect(cache.size).toBe(0);
  });

  it('drops the pages showing a changed product, everything on a full invalidation, and never stores a render that raced one', async () => {
    const cache = new PageCache({ ttlMs: 10_000 });
    await cache.get('/ProductView/7', async () => ({ page: await page('<a href="/ProductView/8">outro</a>', '/ProductView/7') }));
    await cache.get('/', async () => ({ page: await page('<a href="/ProductView/9">x</a>') }));
    await cache.get('/sobre-nos', async () => ({ page: await page('<p>sobre</p>', '/sobre-nos') }));
    cache.invalidate([8]);
    expect(cache.size).toBe(2);
    cache.invalidate([9]);
    expect(cache.size).toBe(1);
    cache.invalidate();
    expect(cache.size).toBe(0);

    let release: () => void = () => {};
    const slow = cache.get('/', async () => {
      await new Promise<void>((r) => (release = r));
      return { page: await page('<p>preço antigo</p>') };
    });
    await new Promise((r) => setTimeout(r, 5));
    cache.invalidate([1]);
    release();
    expect((await slow).state).toBe('miss');
    expect(cache.size).toBe(0);
  });

  it('keeps within its memory budget, oldest first', async () => {
    const cache = new PageCache({ ttlMs: 10_000, maxEntries: 3 });
    for (const key of ['/a', '/b', '/c', '/d']) await cache.get(key, async () => ({ page: await page(`<p>${key}</p>`) }));
    expect(cache.size).toBe(3);
    expect((await cache.get('/a', async () => ({ page: await page('<p>/a</p>') }))).state).toBe('miss');
  });

  it('keeps the pages shoppers keep asking for: a hit makes an entry the last to go', async () => {
    const cache = new PageCache({ ttlMs: 10_000, maxEntries: 3 });
    const render = (key: string) => async () => ({ page: await page(`<p>${key}</p>`) });
    for (const key of ['/a', '/b', '/c']) await cache.get(key, render(key));
    expect((await cache.get('/a', render('/a'))).state).toBe('hit');
    await cache.get('/d', render('/d'));
    expect(cache.peek('/a')).not.toBeNull();
    expect(cache.peek('/b')).toBeNull();
  });

  it('bounds the bytes of the stored bodies, dropping the least recently used pages', async () => {
    const big = (seed: string) => page(crypto.randomBytes(20_000).toString('base64') + seed);
    const one = await big('0');
    const bytes = one.gzip.length + one.br.length;
    const cache = new PageCache({ ttlMs: 10_000, maxBytes: Math.floor(bytes * 2.5) });
    for (const key of ['/a', '/b', '/c']) await cache.get(key, async () => ({ page: await big(key) }));
    expect(cache.size).toBe(2);
    expect(cache.storedBytes).toBeLessThanOrEqual(bytes * 2.5);
    expect(cache.peek('/a')).toBeNull();
    expect(cache.peek('/c')).not.toBeNull();
  });

  it('normalises keys: parameters sorted by name, campaign tags dropped, repeated values kept in order', () => {
    const k = (u: string) => cacheKey(new URL(u, 'http://loja.test'));
    expect(k('/ProductList?q=farol&marca=bosch')).toBe(k('/ProductList?marca=bosch&q=farol'));
    expect(k('/ProductList?q=farol&utm_source=x&gclid=1')).toBe('/ProductList?q=farol');
    expect(k('/ProductList?marca=a&marca=b')).not.toBe(k('/ProductList?marca=b&marca=a'));
    expect(k('/ProductList?q=')).not.toBe(k('/ProductList'));
    expect(k('/ProductList?q=farol%20h4')).toBe(k('/ProductList?q=farol+h4'));
  });

  it('decides who and what may be shared', () => {
    expect(hasPersonalCookie('better-auth.session_token=abc')).toBe(true);
    expect(hasPersonalCookie('x=1; __Secure-better-auth.session_token=abc')).toBe(true);
    expect(hasPersonalCookie('olimpo_garagem=v1')).toBe(true);
    expect(hasPersonalCookie('olimpo_flash=login-ok')).toBe(true);
    expect(hasPersonalCookie('_ga=1; tema=escuro')).toBe(false);
    expect(hasPersonalCookie(null)).toBe(false);
    for (const p of ['/', '/ProductList', '/ProductView', '/ProductView/12', '/sobre-nos', '/blog']) expect(isCacheablePath(p), p).toBe(true);
    for (const p of ['/Cart', '/Checkout', '/MinhaConta', '/Pedidos/1', '/garagem', '/Login']) expect(isCacheablePath(p), p).toBe(false);
    expect([...linkedProductIds('<a href="/ProductView/3">a</a><a href="/ProductView/4">b</a>', '/ProductView')]).toEqual([1, 3, 4]);
  });

  it('negotiates the encoding and ETags', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(etagMatches('W/"abc", "def"', '"abc"')).toBe(true);
    expect(etagMatches('"x"', '"abc"')).toBe(false);
  });
});

describe('CSP hashes', () => {
  it('hashes executable inline scripts only, as the browser does', () => {
    const code = 'window.__x = 1;\nconsole.log("olá")';
    const html = `<script>${code}</script><script src="/a.js"></script><script type="application/ld+json">{"a":1}</script><script type="module">import("/b.js")</script><script>${code}</script>`;
    const hashes = inlineScriptHashes(Buffer.from(html));
    const sha = (s: string) => `'sha256-${crypto.createHash('sha256').update(s).digest('base64')}'`;
    expect(hashes).toEqual([sha(code), sha('import("/b.js")')]);
    const policy = contentSecurityPolicy(hashes, { form: ['https://accounts.google.com'], connect: [] });
    expect(policy).toContain(`script-src 'self' ${hashes.join(' ')};`);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("form-action 'self' https://accounts.google.com");
  });
});

describe('pages through the page server', () => {
  /** A real Hono app whose "render" is a function: what the page server does around React Router. */
  function shop(renderHtml: (req: Request) => { status?: number; html: string; cookie?: string }) {
    const pages = createPageServer({ ttlSeconds: 10, csp: () => ({ form: [], connect: [] }) });
    let renders = 0;
    const app = new Hono();
    app.use('*', compressLarge());
    app.all('*', (c) =>
      pages.serve(c, async (req) => {
        renders++;
        const r = renderHtml(req);
        const headers = new Headers({ 'content-type': 'text/html; charset=utf-8' });
        if (r.cookie) headers.set('set-cookie', r.cookie);
        return new Response(r.html, { status: r.status ?? 200, headers });
      }),
    );
    return { app, pages, renders: () => renders };
  }

  it('shares anonymous pages compressed, with an ETag, public caching and a 304; personal requests are rendered alone', async () => {
    const s = shop((req) => ({ html: `<html><script>var a=1</script><p>${req.headers.get('cookie') ?? 'anônimo'}</p>${'x'.repeat(3000)}</html>` }));
    const first = await s.app.request('/', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=10, s-maxage=10, stale-while-revalidate=\d+$/);
    expect(first.headers.get('vary')).toBe('Cookie, Accept-Encoding');
    expect(first.headers.get('content-security-policy')).toContain(`'sha256-${crypto.createHash('sha256').update('var a=1').digest('base64')}'`);
    expect(zlib.brotliDecompressSync(Buffer.from(await first.arrayBuffer())).toString()).toContain('anônimo');
    const etag = first.headers.get('etag')!;
    const again = await s.app.request('/', { headers: { 'accept-encoding': 'gzip', cookie: '_ga=1' } });
    expect(again.headers.get('x-page-cache')).toBe('HIT');
    expect(zlib.gunzipSync(Buffer.from(await again.arrayBuffer())).toString()).toContain('anônimo');
    expect(etag).toMatch(/-br"$/);
    expect(again.headers.get('etag')).toBe(etag.replace('-br"', '-gzip"'));
    expect((await s.app.request('/', { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await s.app.request('/', { headers: { 'if-none-match': '"outra-versao"' } })).status).toBe(200);
    // The fast path in front of every middleware: fresh pages only, anonymous only.
    const fast = s.pages.fromMemory(new Request('http://loja.test/?utm_source=x', { headers: { 'accept-encoding': 'gzip' } }));
    expect(fast?.headers.get('x-page-cache')).toBe('HIT');
    expect(fast?.headers.get('content-encoding')).toBe('gzip');
    expect(s.pages.fromMemory(new Request('http://loja.test/', { headers: { cookie: 'olimpo_garagem=1' } }))).toBeNull();
    expect(s.pages.fromMemory(new Request('http://loja.test/sobre-nos'))).toBeNull();
    expect(s.pages.fromMemory(new Request('http://loja.test/', { method: 'POST' }))).toBeNull();
    const head = await s.app.request('/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(s.renders()).toBe(1);

    const signedIn = await s.app.request('/', { headers: { cookie: 'better-auth.session_token=segredo' } });
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
    expect(signedIn.headers.get('etag')).toBeNull();
    expect(await signedIn.text()).toContain('better-auth.session_token=segredo');
    expect(s.renders()).toBe(2);
    // The shared render never saw the cookies of the request that triggered it.
    s.pages.cache.invalidate();
    await s.app.request('/', { headers: { cookie: '_ga=visitante-1' } });
    expect(await (await s.app.request('/')).text()).not.toContain('visitante-1');
  });

  it('never stores an answer that sets a cookie, nor pages outside the shared list (404s aside)', async () => {
    const s = shop((req) => {
      const path = new URL(req.url).pathname;
      if (path === '/ProductView/2') return { html: '<p>com cookie</p>', cookie: 'olimpo_flash=; Max-Age=0' };
      if (path === '/nada') return { html: '<p>404</p>', status: 404 };
      return { html: '<p>carrinho</p>' };
    });
    for (let i = 0; i < 2; i++) {
      const res = await s.app.request('/ProductView/2');
      expect(res.headers.get('set-cookie')).toContain('olimpo_flash');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    }
    expect(s.renders()).toBe(2);
    expect((await s.app.request('/Cart')).headers.get('cache-control')).toBe('private, no-store');
    expect((await s.app.request('/Cart')).headers.get('x-page-cache')).toBeNull();
    const missing = await s.app.request('/nada');
    expect(missing.status).toBe(404);
    expect((await s.app.request('/nada')).headers.get('x-page-cache')).toBe('HIT');
  });

  it('leaves small API answers uncompressed and gzips large ones', async () => {
    const app = new Hono();
    app.use('*', compressLarge());
    app.get('/small', (c) => c.json({ a: 'x'.repeat(1500) }));
    app.get('/large', (c) => c.json({ a: 'x'.repeat(5000) }));
    const small = await app.request('/small', { headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.headers.get('content-length')).toBe(String((await small.text()).length));
    const large = await app.request('/large', { headers: { 'accept-encoding': 'gzip' } });
    expect(large.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(Buffer.from(await large.arrayBuffer())).toString()).a).toHaveLength(5000);
    // A browser's Accept-Encoding gets brotli; a refused brotli (q=0) gets gzip.
    const chrome = await app.request('/large', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(chrome.headers.get('content-encoding')).toBe('br');
    expect(chrome.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(JSON.parse(zlib.brotliDecompressSync(Buffer.from(await chrome.arrayBuffer())).toString()).a).toHaveLength(5000);
    const noBr = await app.request('/large', { headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(noBr.headers.get('content-encoding')).toBe('gzip');
    const none = await app.request('/large', { headers: { 'accept-encoding': 'identity' } });
    expect(none.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(await none.text()).a).toHaveLength(5000);
  });
});
