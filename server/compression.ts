// Response compression. Small answers (a product's 1.3 KB JSON) leave as they are: gzipping them on every
// request halved that endpoint's throughput and saves less than a packet. Larger answers are read whole and
// gzipped in one call: synchronously up to SYNC_LIMIT (a stream's bookkeeping costs more than the work),
// on libuv's thread pool above it (a 90 KB page took 5 % of the server's CPU on the main thread under
// --cpu-prof). Streams (the chat's NDJSON) and answers already encoded (cached pages, memoised lists) pass.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

/** Below this, gzip saves at most about one TCP segment: not worth its CPU. */
export const COMPRESS_MIN_BYTES = 2048;
const SYNC_LIMIT = 16 * 1024;
const gzipAsync = promisify(zlib.gzip);

const COMPRESSIBLE = /^(text\/(html|plain|css|xml)|application\/(json|xml|javascript)|image\/svg\+xml)\b/i;

function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    return q === undefined || Number(q) > 0;
  });
}

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
    if (length < COMPRESS_MIN_BYTES || !acceptsGzip(c.req.header('Accept-Encoding'))) return;
    const body = Buffer.from(await res.arrayBuffer());
    // Hono copies the old answer's headers onto the new one: fix the length and encoding afterwards.
    if (body.length < COMPRESS_MIN_BYTES) {
      c.res = new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
      c.res.headers.set('Content-Length', String(body.length));
      return;
    }
    const gz = body.length <= SYNC_LIMIT ? zlib.gzipSync(body, { level: 6 }) : await gzipAsync(body, { level: 6 });
    c.res = new Response(new Uint8Array(gz.buffer, gz.byteOffset, gz.byteLength), { status: res.status, statusText: res.statusText, headers: res.headers });
    c.res.headers.set('Content-Encoding', 'gzip');
    c.res.headers.set('Content-Length', String(gz.length));
    const etag = c.res.headers.get('ETag');
    if (etag && !etag.startsWith('W/')) c.res.headers.set('ETag', `W/${etag}`);
  };
}
