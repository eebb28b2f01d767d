// CORS for the headless API: other front ends (CORS_ORIGINS) may call it from the browser.
import type { MiddlewareHandler } from 'hono';
import { cors as honoCors } from 'hono/cors';
import { isApiPath } from './http-basics.ts';

const API_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'];
const PAGE_METHODS = 'GET, HEAD, POST, OPTIONS';

/**
 * CORS for the headless API (/api/*, the spec's /orders and /chat): an allowed origin (CORS_ORIGINS) gets
 * its preflight answered with 204 and the Access-Control-Allow-* headers, credentials included (the session
 * cookie rides along where the browser sends it), by `hono/cors`. Any other origin, and every page, gets no
 * CORS headers at all (hono/cors would still send Allow-Credentials and Expose-Headers), so the browser keeps
 * the answers from the page. OPTIONS from anyone else is a plain 204 with `Allow`.
 */
export function cors(allowed: readonly string[]): MiddlewareHandler {
  const grant = honoCors({
    origin: [...allowed],
    credentials: true,
    allowMethods: API_METHODS,
    allowHeaders: ['content-type', 'idempotency-key', 'accept', 'accept-language'],
    exposeHeaders: ['X-Total-Count', 'Retry-After', 'Location'],
    maxAge: 600,
  });
  return async (c, next) => {
    const api = isApiPath(c.req.path);
    const origin = c.req.header('origin');
    if (api && origin !== undefined && allowed.includes(origin)) return grant(c, next);
    if (c.req.method === 'OPTIONS') return c.body(null, 204, { Allow: api ? API_METHODS.join(', ') : PAGE_METHODS, Vary: 'Origin' });
    await next();
    if (api) c.res.headers.append('Vary', 'Origin');
  };
}
