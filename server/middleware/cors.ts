// CORS for the headless API: other front ends (CORS_ORIGINS) may call it from the browser.
import type { MiddlewareHandler } from 'hono';
import { isApiPath } from './http-basics.ts';

const CORS_METHODS = 'GET, POST, PUT, DELETE, OPTIONS';
const CORS_REQUEST_HEADERS = ['content-type', 'idempotency-key', 'accept', 'accept-language'];
const CORS_EXPOSED = 'X-Total-Count, Retry-After, Location';

/**
 * CORS for the headless API (/api/*, the spec's /orders and /chat): an allowed origin (CORS_ORIGINS) gets
 * its preflight answered with 204 and the Access-Control-Allow-* headers, credentials included (the session
 * cookie rides along where the browser sends it); any other origin gets no CORS headers at all, so the
 * browser keeps its answers from the page. OPTIONS on a page is a plain 204 with `Allow`.
 */
export function cors(allowed: readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    const api = isApiPath(c.req.path);
    const origin = c.req.header('origin');
    const ok = api && origin !== undefined && allowed.includes(origin);
    if (c.req.method === 'OPTIONS') {
      const headers: Record<string, string> = { Allow: api ? CORS_METHODS : 'GET, HEAD, POST, OPTIONS', Vary: 'Origin' };
      if (ok) {
        const asked = (c.req.header('access-control-request-headers') ?? '').toLowerCase().split(',').map((h) => h.trim()).filter(Boolean);
        Object.assign(headers, {
          'Access-Control-Allow-Origin': origin,
          'Access-Control-Allow-Credentials': 'true',
          'Access-Control-Allow-Methods': CORS_METHODS,
          'Access-Control-Allow-Headers': [...new Set([...CORS_REQUEST_HEADERS, ...asked.filter((h) => CORS_REQUEST_HEADERS.includes(h))])].join(', '),
          'Access-Control-Max-Age': '600',
        });
      }
      return c.body(null, 204, headers);
    }
    await next();
    if (!api) return;
    c.res.headers.append('Vary', 'Origin');
    if (ok) {
      c.res.headers.set('Access-Control-Allow-Origin', origin);
      c.res.headers.set('Access-Control-Allow-Credentials', 'true');
      c.res.headers.set('Access-Control-Expose-Headers', CORS_EXPOSED);
    }
  };
}
