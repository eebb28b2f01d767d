// Response compression. Small answers (a product's 1.3 KB JSON) leave as they are: gzipping them on every
// request halved that endpoint's throughput and saves less than a packet. Larger answers are read whole and
// compressed in one synchronous call. On libuv's thread pool (tried for bodies above 16 KB) the same brotli
// work cost twice the CPU: 1.04 against 0.55 ms for a 95 KB home page (50 at once, measured here), and an
// uncached page's CPU per request went 9.4–11.2 → 7.9–9.3 ms moving it back (A/B, the same minutes), at equal
// or better req/s. Streams (the chat's NDJSON) and answers already encoded (cached pages, memoised lists) pass.
// Clients that accept brotli (every current browser) get it at quality 3: for a 121 KB uncached list page,
// 0.76 ms of CPU for 20.8 KB against gzip level 6's 1.34 ms for 20.6 KB (measured here); gzip stays for the rest.
import zlib from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { pickEncoding } from './page-cache.ts';

/** Below this, gzip saves at most about one TCP segment: not worth its CPU. */
export const COMPRESS_MIN_BYTES = 2048;
const brotliOptions = (size: number): zlib.BrotliOptions => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 },
});

const COMPRESSIBLE = /^(text\/(html|plain|css|xml)|application\/(json|xml|javascript)|image\/svg\+xml)\b/i;

export function compressLarge(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || !res.body || res.status === 204 || res.status === 206 || res.status === 304) return;
    if (res.headers.has('Content-Encoding') || res.headers.has('Transfer-Encoding')) return;
    if (!COMPRESSIBLE.test(res.headers.get('Content-Type') ?? '')) return;
    if (/no-transform/i.test(res.headers.get('Cache-Control') ?? '')) return;
    const vary = res.headers.get('Vary');
    if (!vary || !/accept-encoding/i.test(vary)) res.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const length = Number(res.headers.get('Content-Length') ?? NaN);
    if (length < COMPRESS_MIN_BYTES) return;
    const encoding = pickEncoding(c.req.header('Accept-Encoding'));
    if (!encoding) return;
    const body = Buffer.from(await res.arrayBuffer());
    // Hono copies the old answer's headers onto the new one: fix the length and encoding afterwards.
    if (body.length < COMPRESS_MIN_BYTES) {
      c.res = new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
      c.res.headers.set('Content-Length', String(body.length));
      return;
    }
    const gz = encoding === 'br' ? zlib.brotliCompressSync(body, brotliOptions(body.length)) : zlib.gzipSync(body, { level: 6 });
    c.res = new Response(new Uint8Array(gz.buffer, gz.byteOffset, gz.byteLength), { status: res.status, statusText: res.statusText, headers: res.headers });
    c.res.headers.set('Content-Encoding', encoding);
    c.res.headers.set('Content-Length', String(gz.length));
    const etag = c.res.headers.get('ETag');
    if (etag && !etag.startsWith('W/')) c.res.headers.set('ETag', `W/${etag}`);
  };
}
