// Each request's terms with the database (src/db/request-scope.server.ts): its lane, its statement timeout
// and its client's signal. A request whose statement ran out of time gets a pt-BR 503 for itself ("a consulta
// demorou demais"), never a 500 and never the maintenance page: the database is up, one read was slow.
import type { MiddlewareHandler } from 'hono';
import type { DbLane } from '#src/db/request-scope.server.ts';
import { runInDbScope } from '#src/db/request-scope.server.ts';
import type { Logger } from '../logger.ts';

export interface DatabaseLimits {
  /** The back office, its CSV exports included (DB_BACKOFFICE_STATEMENT_TIMEOUT_MS). The shop's own timeout belongs to the pool. */
  backofficeStatementTimeoutMs: number;
}

/** env.ts's default, for apps made without a configuration (tests). */
export const DEFAULT_DATABASE_LIMITS: DatabaseLimits = { backofficeStatementTimeoutMs: 60_000 };

export const BUSY_MESSAGE = 'A consulta demorou demais porque a loja está muito movimentada agora. Tente novamente em instantes.';
const RETRY_AFTER_SECONDS = '5';

// The order path: placing an order (API and the checkout pages' actions), paying it, the gateways' webhooks.
const ORDER_WRITES = [/^\/(api\/)?orders\/?$/, /^\/api\/orders\/[^/]+\/pay\/?$/, /^\/api\/payments\//, /^\/(checkout|confirmarcompra)(\.data)?\/?$/i];
const BACKOFFICE = /^\/admin(\/|\.data|$)/i;

/** The lane of a request, from its method and path, and its statement timeout when it has one of its own. */
export function requestClass(method: string, path: string, limits: DatabaseLimits): { lane: DbLane; statementTimeoutMs: number } {
  if (method === 'POST' && ORDER_WRITES.some((re) => re.test(path))) return { lane: 'priority', statementTimeoutMs: 0 };
  if (BACKOFFICE.test(path)) return { lane: 'long', statementTimeoutMs: limits.backofficeStatementTimeoutMs };
  return { lane: 'shared', statementTimeoutMs: 0 };
}

export function databaseScope(limits: DatabaseLimits, logger: Logger, isApiPath: (path: string) => boolean): MiddlewareHandler {
  return async (c, next) => {
    const signal = c.req.raw.signal;
    const { lane, statementTimeoutMs } = requestClass(c.req.method, c.req.path, limits);
    const outcome = { timedOut: false };
    // Only reads are cancelled when their client leaves: a write (an order being placed and charged, a form
    // being saved) finishes, so that it is done or not done, never half done.
    const reading = c.req.method === 'GET' || c.req.method === 'HEAD';
    await runInDbScope({ lane, statementTimeoutMs, signal: reading ? signal : undefined, outcome }, () => next());
    if (!outcome.timedOut || c.res.status < 500 || c.res.status === 503 || signal.aborted) return;
    logger.warn({ method: c.req.method, path: c.req.path, lane }, 'consulta ao banco excedeu o tempo limite');
    await c.res.body?.cancel().catch(() => {});
    c.res = undefined;
    c.res = busy(isApiPath(c.req.path));
  };
}

function busy(api: boolean): Response {
  // A new Response, not c.json/c.html: the context's own one was just dropped.
  const headers = { 'Retry-After': RETRY_AFTER_SECONDS, 'Cache-Control': 'no-store' };
  if (api) return Response.json({ erro: BUSY_MESSAGE }, { status: 503, headers });
  const page = `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Página demorou demais | Olimpo Peças</title><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>Página demorou demais</h1><p role="alert">${BUSY_MESSAGE}</p><p><a href="">Tentar de novo</a> · <a href="/">Voltar para Home</a></p></body></html>`;
  return new Response(page, { status: 503, headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' } });
}
