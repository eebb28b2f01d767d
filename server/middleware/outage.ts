// Database outages as the API answers them: a pt-BR 503 with Retry-After, never a 500. Pages have their own
// maintenance page (server/app.ts).
import type { AppEnv } from '../app-env.ts';
import type { Context, MiddlewareHandler } from 'hono';

export const UNAVAILABLE_MESSAGE = 'Serviço temporariamente indisponível. Tente novamente em instantes.';
export const RETRY_AFTER_SECONDS = '5';

/**
 * The 503 of an API path, built on its own rather than through the Context: `c.header()` on a context whose
 * response was just cleared (`c.res = undefined`) throws in Hono ("reading 'bodyUsed'"), and the old answer's
 * headers (Content-Length, Set-Cookie) must not leak into this one. /api/auth answers `{ code, message }`
 * like every other of its errors; the rest of the API `{ erro }`.
 */
export function unavailableResponse(path: string): Response {
  const body = path.startsWith('/api/auth/') ? { code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE_MESSAGE } : { erro: UNAVAILABLE_MESSAGE };
  return new Response(JSON.stringify(body), {
    status: 503,
    headers: { 'Content-Type': 'application/json; charset=UTF-8', 'Retry-After': RETRY_AFTER_SECONDS },
  });
}

/**
 * An API answer of 5xx (other than 503) given while a database connection died is the outage's, not a bug:
 * it leaves as the 503 above, keeping only its CORS headers (the other front end reads the 503 too).
 */
export function lostConnectionsAs503(opts: { applies: (path: string) => boolean; lostDuring: (c: Context<AppEnv>) => boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.res.status < 500 || c.res.status === 503 || !opts.applies(c.req.path) || !opts.lostDuring(c)) return;
    const kept = [...c.res.headers].filter(([k]) => k.startsWith('access-control-') || k === 'vary');
    await c.res.body?.cancel().catch(() => {});
    const res = unavailableResponse(c.req.path);
    for (const [k, v] of kept) res.headers.set(k, v);
    c.res = undefined; // drop the failed answer's headers: the setter would merge them into the new one
    c.res = res;
  };
}
