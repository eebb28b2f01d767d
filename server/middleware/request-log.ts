// The first middleware of the edge: notes the database's lost connections when a request starts (to tell a
// dead connection from a bug), sets the security headers on its answer, and logs it: method, path, status
// and time, never a query string or a body.
import type { AppEnv } from '../app-env.ts';
import type { Context, MiddlewareHandler } from 'hono';
import type { Logger } from '../logger.ts';
import { securityHeadersSetter } from './security-headers.ts';
import type { CspOrigins } from '../csp.ts';

export function requestLog(opts: { https: boolean; csp: () => CspOrigins; logger: Logger; onStart: (c: Context<AppEnv>) => void }): MiddlewareHandler<AppEnv> {
  const { logger } = opts;
  const setHeaders = securityHeadersSetter(opts.https, opts.csp);
  return async (c, next) => {
    const started = performance.now();
    opts.onStart(c);
    await next();
    // A built script or stylesheet is not logged.
    if (setHeaders(c) === 'asset') return;
    const ms = performance.now() - started;
    // The client closed the connection before the answer (a prefetch dropped when the shopper navigated, a
    // closed tab): React Router gives up on the aborted request with a 500 that nobody receives. Not a failure.
    if (c.res.status >= 500 && c.req.raw.signal.aborted) logger.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request abandoned by the client');
    else if (c.res.status === 503) logger.warn({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request unavailable');
    else if (c.res.status >= 500) logger.error({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request failed');
    else logger.debug({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request');
  };
}
