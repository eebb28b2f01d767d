// Response compression. Small answers (a product's 1.3 KB JSON) leave as they are: gzipping them on every
// request halved that endpoint's throughput and saves less than a packet. Larger answers are read whole and
// gzipped in one call: synchronously up to SYNC_LIMIT (a stream's bookkeeping costs more than the work),
// on libuv's thread pool above it (a 90 KB page took 5 % of the server's CPU on the main thread under
// --cpu-prof). Streams (the chat's NDJSON) and answers already encoded (cached pages, memoised lists) pass.
// Clients that accept brotli (every current browser) get it at quality 3: for a 121 KB uncached list page,
// 0.76 ms of CPU for 20.8 KB against gzip level 6's 1.34 ms for 20.6 KB (measured here); gzip stays for the rest.
//
// The thread pool stays even though it costs more CPU (1.04 against 0.55 ms for a 95 KB page, 50 at once):
// compressing pages synchronously was tried and left the server, on PGlite, with no I/O wait in a request at
// all (the database runs in this thread too), and new connections then waited in the kernel's accept queue
// for seconds while the 50 open ones were served (after a warm-up: 42 connections unaccepted after 1 s, 5–12
// of 50 timed out at 10 s; with the thread pool, none). Waiting for the pool lets the event loop poll.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { pickEncoding } from './page-cache.ts';

/** Below this, gzip saves at most about one TCP segment: not worth its CPU. */
export const COMPRESS_MIN_BYTES = 2048;
const SYNC_LIMIT = 16 * 1024;
const gzipAsync = promisify(zlib.gzip);
const brotliAsync = promisify(zlib.brotliCompress);
const brotliOptions = (size: number): zlib.BrotliOptions => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 },
});

/**
 * Puts `res` in the context as it is. Assigning over an existing answer makes Hono merge the old answer's
 * headers into the new one; `res` here already carries the headers it should have.
 */
function replaceResponse(c: Context, res: Response): void {
  c.res = undefined;
  c.res = res;
}

const bytesOf = (b: Buffer) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength) as Uint8Array<ArrayBuffer>;

const COMPRESSIBLE = /^(text\/(html|plain|css|xml)|application\/(json|xml|javascript)|image\/svg\+xml)\b/i;

export function compressLarge(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || res.status === 204 || res.status === 206 || res.status === 304) return;
    if (res.headers.has('Content-Encoding') || res.headers.has('Transfer-Encoding')) return;
    if (!COMPRESSIBLE.test(res.headers.get('Content-Type') ?? '')) return;
    if (/no-transform/i.test(res.headers.get('Cache-Control') ?? '')) return;
    const vary = res.headers.get('Vary');
    if (!vary || !/accept-encoding/i.test(vary)) res.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const length = Number(res.headers.get('Content-Length') ?? NaN);
    if (length < COMPRESS_MIN_BYTES || res.body === null) return;
    const encoding = pickEncoding(c.req.header('Accept-Encoding'));
    if (!encoding) return;
    const body = Buffer.from(await res.arrayBuffer());
    if (body.length < COMPRESS_MIN_BYTES) {
      res.headers.set('Content-Length', String(body.length));
      replaceResponse(c, new Response(bytesOf(body), { status: res.status, headers: res.headers }));
      return;
    }
    const sync = body.length <= SYNC_LIMIT;
    const gz =
      encoding === 'br'
        ? sync
          ? zlib.brotliCompressSync(body, brotliOptions(body.length))
          : await brotliAsync(body, brotliOptions(body.length))
        : sync
          ? zlib.gzipSync(body, { level: 6 })
          : await gzipAsync(body, { level: 6 });
    const headers = res.headers;
    headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(gz.length));
    const etag = headers.get('ETag');
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    replaceResponse(c, new Response(bytesOf(gz), { status: res.status, headers }));
  };
}
