// How rendered pages leave the server: every HTML answer is read whole, its inline scripts hashed into the
// Content-Security-Policy (server/csp.ts); anonymous catalog pages go through the page cache
// (server/page-cache.ts) and leave compressed, with an ETag and public caching headers; everything else
// leaves as `private, no-store`.
import type { Context } from 'hono';
import { contentSecurityPolicy, inlineScriptHashes } from './csp.ts';
import type { CspOrigins } from './csp.ts';
import { cacheKey, etagMatches, hasPersonalCookie, isCacheablePath, PAGE_VARY, PageCache, pickEncoding, PRIVATE_CACHE_CONTROL, publicCacheControl, storedPage } from './page-cache.ts';
import type { StoredPage } from './page-cache.ts';
import { detachedFromClient } from '#src/db/request-scope.server.ts';

const readBody = async (res: Response) => Buffer.from(await res.arrayBuffer());

const isHtml = (res: Response) => (res.headers.get('content-type') ?? '').startsWith('text/html');

/** Reads an HTML answer whole and gives it its script hashes; other answers pass through. */
export async function withScriptHashes(res: Response, origins: CspOrigins): Promise<{ res: Response; body: Buffer | null }> {
  if (!isHtml(res) || res.body === null) return { res, body: null };
  const body = await readBody(res);
  const headers = new Headers(res.headers);
  headers.set('Content-Security-Policy', contentSecurityPolicy(inlineScriptHashes(body), origins));
  headers.delete('Content-Length');
  return { res: new Response(new Uint8Array(body.buffer, body.byteOffset, body.byteLength) as Uint8Array<ArrayBuffer>, { status: res.status, headers }), body };
}

export interface PageServer {
  cache: PageCache;
  /** A fresh cached page for an anonymous GET/HEAD, or null (then the request takes the normal way). */
  fromMemory(request: Request): Response | null;
  serve(c: Context, render: (request: Request) => Promise<Response>): Promise<Response>;
}

export function createPageServer(opts: { ttlSeconds: number; csp: () => CspOrigins }): PageServer {
  const cache = new PageCache({ ttlMs: opts.ttlSeconds * 1000 });

  /** A personal (or uncacheable) page: its own render, never stored by anyone. */
  const personal = async (request: Request, render: (request: Request) => Promise<Response>) => {
    const { res } = await withScriptHashes(await render(request), opts.csp());
    if (isHtml(res) || new URL(request.url).pathname.endsWith('.data')) {
      if (!res.headers.has('Cache-Control')) res.headers.set('Cache-Control', PRIVATE_CACHE_CONTROL);
      res.headers.set('Vary', PAGE_VARY);
    }
    return res;
  };

  return {
    cache,
    fromMemory(request) {
      if (!cache.enabled || cache.size === 0 || (request.method !== 'GET' && request.method !== 'HEAD')) return null;
      if (hasPersonalCookie(request.headers.get('cookie'))) return null;
      const page = cache.peek(cacheKey(new URL(request.url)));
      return page ? answer(page, 'hit', request, cache.ttlMs) : null;
    },
    async serve(c, render) {
      const request = c.req.raw;
      const method = request.method;
      if (!cache.enabled || (method !== 'GET' && method !== 'HEAD') || hasPersonalCookie(request.headers.get('cookie'))) return personal(request, render);
      const url = new URL(request.url);
      if (url.pathname.endsWith('.data') || url.pathname.startsWith('/__manifest')) return personal(request, render);
      const key = cacheKey(url);
      if (!isCacheablePath(url.pathname)) {
        // Another page (/Cart, /Login …) is rendered for its visitor; only a 404 is kept, to be shared.
        const known404 = cache.peek(key);
        if (known404) return answer(known404, 'hit', request, cache.ttlMs);
        const res = await personal(request, render);
        if (method === 'GET' && res.status === 404 && isHtml(res) && !res.headers.has('set-cookie')) {
          const body = await readBody(res);
          const page = await storedPage(404, res.headers, body, url.pathname);
          cache.put(key, page);
          return answer(page, 'miss', request, cache.ttlMs);
        }
        return res;
      }
      const outcome = await cache.get(key, async () => {
        // The shared page is rendered from a request with nothing personal in it: no cookies at all.
        const headers = new Headers(request.headers);
        headers.delete('cookie');
        headers.delete('authorization');
        const shared = new Request(request.url, { method: 'GET', headers });
        // Rendered once for every shopper waiting on it: one of them leaving does not cancel its queries.
        const { res, body } = await withScriptHashes(await detachedFromClient(() => render(shared)), opts.csp());
        const storable = body !== null && (res.status === 200 || res.status === 404) && !res.headers.has('set-cookie') && !/no-store|private/i.test(res.headers.get('cache-control') ?? '');
        if (!storable) return { page: null, own: res };
        return { page: await storedPage(res.status, res.headers, body, url.pathname) };
      });
      if (outcome.state === 'uncacheable') {
        // Not for sharing (a redirect, an error, a cookie): this shopper's answer, for this shopper only.
        const res = outcome.own;
        if (isHtml(res) && !res.headers.has('Cache-Control')) res.headers.set('Cache-Control', PRIVATE_CACHE_CONTROL);
        res.headers.set('Vary', PAGE_VARY);
        if (method === 'HEAD') return new Response(null, { status: res.status, headers: res.headers });
        return res;
      }
      return answer(outcome.page, outcome.state, request, cache.ttlMs);
    },
  };
}

/** A stored page, compressed the way the client accepts, or 304 when it already has this version. */
function answer(page: StoredPage, state: string, request: Request, ttlMs: number): Response {
  const headers = new Headers(page.headers);
  const encoding = pickEncoding(request.headers.get('accept-encoding'));
  // One strong ETag per encoding (each is its own set of bytes); any of them means "this version".
  const etag = encoding ? page.etag.replace(/"$/, `-${encoding}"`) : page.etag;
  headers.set('ETag', etag);
  headers.set('Cache-Control', publicCacheControl(ttlMs));
  headers.set('Vary', PAGE_VARY);
  headers.set('X-Page-Cache', state === 'stale' ? 'STALE' : state === 'miss' ? 'MISS' : 'HIT');
  const known = request.headers.get('if-none-match');
  if (page.status === 200 && ['', '-br', '-gzip'].some((suffix) => etagMatches(known, page.etag.replace(/"$/, `${suffix}"`)))) {
    // The browser keeps the stored body and takes these headers: the page's own script policy (its inline
    // scripts' hashes) must stay, or the default policy would block them.
    headers.delete('content-type');
    return new Response(null, { status: 304, headers });
  }
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity();
  if (encoding) headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String(body.length));
  return new Response(request.method === 'HEAD' ? null : (new Uint8Array(body.buffer, body.byteOffset, body.byteLength) as Uint8Array<ArrayBuffer>), { status: page.status, headers });
}
