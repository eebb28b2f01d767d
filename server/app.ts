// The HTTP edge: health checks, the JSON API, product art, static assets and, for everything else, the
// React Router app. Handlers parse input and call the domain; no business rule lives here.
import path from 'node:path';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { MiddlewareHandler } from 'hono';
import { createRequestHandler, RouterContextProvider } from 'react-router';
import type { ServerBuild } from 'react-router';
import type { Services } from '#src/platform/services.ts';
import type { AppEnv } from './app-env.ts';
import { isConnectionError, isStatementTimeout } from '#src/db/client.server.ts';
import { sessionUserOf } from '#src/domain/accounts/auth.server.ts';
import { safeError } from '#src/platform/log-safe.ts';
import { asAddressed } from '#src/platform/origins.ts';
import type { OriginPolicy } from '#src/platform/origins.ts';
import { accountApi } from './api/account.ts';
import { cartApi } from './api/cart.ts';
import { catalogApi } from './api/catalog.ts';
import { chatApi } from './api/chat.ts';
import { favoritesApi } from './api/favorites.ts';
import type { ChatApiOptions } from './api/chat.ts';
import { ordersApi } from './api/orders.ts';
import { shippingApi } from './api/shipping.ts';
import { vehiclesApi } from './api/vehicles.ts';
import { openApiDocument } from './api/openapi.ts';
import { compressLarge } from './compression.ts';
import { createDatabaseGate } from './database-gate.ts';
import { createPageServer, withScriptHashes } from './pages.ts';
import { paymentBrowserOrigins } from './csp.ts';
import type { CspOrigins } from './csp.ts';
import { databaseScope, DEFAULT_DATABASE_LIMITS } from './middleware/database-scope.ts';
import type { DatabaseLimits } from './middleware/database-scope.ts';
import { apiError } from './http.ts';
import { authErrorCode, inPortuguese } from './middleware/auth-answers.ts';
import { clientIp } from './middleware/client-ip.ts';
import { controlCharsInQuery } from './middleware/control-chars.ts';
import { cors } from './middleware/cors.ts';
import { builtAssets, builtPublic, productArt, uploadedPhotos } from './middleware/files.ts';
import { isApiPath, refuseBody } from './middleware/http-basics.ts';
import { originCheck } from './middleware/origin-check.ts';
import { requestLog } from './middleware/request-log.ts';
import { lostConnectionsAs503, RETRY_AFTER_SECONDS, unavailableResponse } from './middleware/outage.ts';
import { pageBodies } from './middleware/page-bodies.ts';
import { pageForms } from './middleware/page-forms.ts';
import { isHttpsUrl } from '#src/platform/https.ts';
import type { Logger } from './logger.ts';

/** app/entry.server.tsx exports it: each request's React Router context, built with the app's own keys. */
type LoadContextFactory = (services: Services, databaseDown: boolean, context: RouterContextProvider) => RouterContextProvider;

export interface AppOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  services: Services;
  logger: Logger;
  mode?: 'production' | 'development';
  clientDir?: string;
  publicUrl: string;
  /** Behind a reverse proxy: take the client IP from the last X-Forwarded-For hop (TRUST_PROXY). */
  trustProxy?: boolean;
  /** Other front ends allowed to call the API from the browser (CORS_ORIGINS), as origins. */
  corsOrigins?: readonly string[];
  chat?: ChatApiOptions;
  /** PAGE_CACHE_SECONDS: how long anonymous catalog pages are served from memory (0 or unset: off). */
  pageCacheSeconds?: number;
  /** The back office's statement timeout (DB_BACKOFFICE_STATEMENT_TIMEOUT_MS; server/middleware/database-scope.ts). */
  databaseLimits?: DatabaseLimits;
}

const INTERNAL_ERROR_MESSAGE = 'Erro interno. Tente novamente em instantes.';

export function createApp(opts: AppOptions) {
  const app = new Hono<AppEnv>();
  const { services } = opts;
  const database = () => services.database;
  const mode = opts.mode ?? 'production';
  const https = isHttpsUrl(opts.publicUrl);
  const clientDir = opts.clientDir ?? path.resolve('build/client');
  const db = () => database().db;
  // Database outages become 503s (maintenance page, pt-BR JSON) instead of 500s or hanging requests.
  const gate = createDatabaseGate(() => database().ping());
  const unavailable = (c: Context) => unavailableResponse(c.req.path);
  // Connections lost so far: a request that failed while one died met a dead connection, not a bug.
  const losses = () => database().connectionLosses?.() ?? 0;
  const lostDuring = (c: Context<AppEnv>) => losses() !== c.var.losses;

  // The policy's outside origins: the sign-in providers' pages (form-action), the card gateway's API (connect-src).
  const csp = (): CspOrigins => ({ form: services.auth.formOrigins, connect: paymentBrowserOrigins(services.checkout.provider) });

  app.use('*', async (c, next) => {
    c.set('services', services);
    await next();
  });
  app.use('*', requestLog({ https, csp, logger: opts.logger, onStart: (c) => c.set('losses', losses()) }));
  app.use('*', lostConnectionsAs503({ applies: isApiPath, lostDuring }));
  // Anonymous pages fresh in the page cache leave before any other middleware (the 99 % case under load):
  // a GET needs no origin, body or form check, and the bytes are already compressed. Not while the
  // database is known to be down: then every page is the maintenance page, as below.
  const pages = createPageServer({ ttlSeconds: opts.pageCacheSeconds ?? 0, csp });
  services.catalogChanges.subscribe((ids) => pages.cache.invalidate(ids));
  app.use('*', async (c, next) => {
    const hit = pages.fromMemory(c.req.raw);
    if (hit && (await gate.isUp())) return hit;
    await next();
  });
  app.use('*', compressLarge());
  app.use('*', clientIp(opts.trustProxy ?? false));
  const policy: OriginPolicy = { publicOrigin: new URL(opts.publicUrl).origin, corsOrigins: opts.corsOrigins ?? [], trustProxy: opts.trustProxy ?? false };
  app.use('*', cors(policy.corsOrigins));
  // Each request's lane, statement timeout and client signal for the database; a timed-out read answers 503
  // (inside cors: the other front end reads that answer too).
  app.use('*', databaseScope(opts.databaseLimits ?? DEFAULT_DATABASE_LIMITS, opts.logger, isApiPath));
  app.use('*', originCheck(policy));
  // Page forms: the session before the body on the back office and the product forms, a limit per route,
  // then the form itself (server/middleware/).
  app.use('*', pageBodies({ roleOf: async (headers) => (await sessionUserOf(services.auth, headers))?.role ?? null }));
  app.use('*', controlCharsInQuery());
  app.use('*', pageForms());

  // A failure is the database's when it does not answer a ping right now: 503, else a real 500.
  // The log line says what failed, never with what (a failed query's parameters are an e-mail, an address).
  app.onError(async (err, c) => {
    if (isConnectionError(err)) database().noteConnectionLoss?.();
    const lost = lostDuring(c);
    if (lost) opts.logger.warn({ err: safeError(err), path: c.req.path }, 'conexão com o banco perdida');
    // A statement that ran out of time is logged (and answered) by the database scope (middleware/database-scope.ts).
    else if (!isStatementTimeout(err)) opts.logger.error({ err: safeError(err), path: c.req.path }, 'unhandled error');
    // The ping also closes the gate when the database is really gone, so the next requests do not wait on it.
    const databaseUp = (await gate.check()) && !lost;
    if (isApiPath(c.req.path))
      return databaseUp ? c.json(c.req.path.startsWith('/api/auth/') ? { code: 'INTERNAL_SERVER_ERROR', message: INTERNAL_ERROR_MESSAGE } : { erro: INTERNAL_ERROR_MESSAGE }, 500) : unavailable(c);
    if (databaseUp) return c.text(INTERNAL_ERROR_MESSAGE, 500);
    c.header('Retry-After', RETRY_AFTER_SECONDS);
    return c.text('Estamos em manutenção rápida. Tente novamente em instantes.', 503);
  });

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    const ok = await gate.check();
    return c.json({ status: ok ? 'ok' : 'indisponível', database: ok }, ok ? 200 : 503);
  });

  app.get('/api/openapi.json', (c) => c.json(openApiDocument(opts.publicUrl)));
  // A GET or HEAD has no body: asking its Request for one builds the runtime's full Request (about 2 % of
  // an API search's CPU under load), so only the other methods are measured.
  const limitBody = bodyLimit({ maxSize: 64 * 1024, onError: refuseBody((c) => apiError(c, 413, 'Dados grandes demais.')) });
  const limit: MiddlewareHandler = (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next));
  app.use('/api/*', limit);
  app.use('/orders', limit);
  app.use('/chat', limit);
  // While the database is known to be down the API answers 503 at once (the CEP lookup does not need it).
  app.use('*', async (c, next) => {
    if (isApiPath(c.req.path) && !c.req.path.startsWith('/api/cep/') && !(await gate.isUp())) return unavailable(c);
    await next();
  });
  app.route('/', ordersApi(db, opts.logger));
  app.route('/', shippingApi(db, opts.logger));
  app.route('/', chatApi(db, opts.logger, opts.chat ?? { llm: null }));
  app.route('/api', catalogApi(db, { publicUrl: opts.publicUrl, searchCache: services.searchCache, publicCacheSeconds: opts.pageCacheSeconds || undefined }));
  app.route('/api', vehiclesApi(db));
  app.route('/api', cartApi(db, opts.logger));
  app.route('/api', accountApi(db, services.auth, services.catalogChanges));
  app.route('/api', favoritesApi(db, { secure: isHttpsUrl(opts.publicUrl), auth: services.auth }));
  // Better Auth turns some failed queries into answers of its own: a 500 (a session it could not read) or a
  // 4xx coded FAILED_TO_* (a user it could not create, 422). When the database is why (a connection died
  // meanwhile, or it does not answer a ping) that is a 503; another 500 is a pt-BR 500. Failed queries it
  // does not answer reach app.onError (src/domain/accounts/auth.server.ts: onAPIError.throw).
  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    const res = await services.auth.betterAuth.handler(c.req.raw);
    if (res.status < 400 || res.status === 503) return res;
    const internal = res.status >= 500 || /^FAILED_TO_/.test(await authErrorCode(res));
    if (internal && (lostDuring(c) || !(await gate.check()))) {
      await res.body?.cancel().catch(() => {});
      return unavailable(c);
    }
    if (res.status < 500) return inPortuguese(res);
    await res.body?.cancel().catch(() => {});
    return c.json({ code: 'INTERNAL_SERVER_ERROR', message: INTERNAL_ERROR_MESSAGE }, 500);
  });
  app.all('/api/*', (c) => apiError(c, 404, 'Rota da API não encontrada.'));

  // Uploaded product photos and the product art (server/middleware/files.ts).
  app.get('/uploads/:kind/:name', uploadedPhotos());
  app.get('/art/*', productArt());

  if (mode === 'production') {
    app.use('/assets/*', builtAssets(clientDir));
    app.use('*', builtPublic(clientDir));
  }

  const handlerOf = (build: ServerBuild) => ({ handle: createRequestHandler(build, mode), loadContext: (build.entry.module as { loadContext?: LoadContextFactory }).loadContext! });
  const handlerPromise = typeof opts.build === 'function' ? null : Promise.resolve(handlerOf(opts.build));
  app.all('*', async (c) => {
    const handler = handlerPromise ? await handlerPromise : handlerOf(await (opts.build as () => Promise<ServerBuild>)());
    // With databaseDown, the root route's middleware answers the maintenance page (503) before any loader.
    // React Router sees the URL the browser used (https:// behind a TLS proxy): its action check compares it
    // with the browser's Origin.
    const render = (request: Request, databaseDown: boolean) => handler.handle(asAddressed(request, policy), handler.loadContext(services, databaseDown, new RouterContextProvider()));
    const maintenance = async (request: Request) => {
      const res = await render(request, true);
      res.headers.set('Retry-After', RETRY_AFTER_SECONDS);
      return res;
    };
    // While the database is known to be down every page is the maintenance page, cached or not.
    if (!(await gate.isUp())) return (await withScriptHashes(await maintenance(c.req.raw), csp())).res;
    // Anonymous catalog pages go through the page cache (PAGE_CACHE_SECONDS); the rest is rendered for its shopper.
    return pages.serve(c, async (request) => {
      const res = await render(request, false);
      // A loader failed: when the database is the reason (a connection died meanwhile, or it does not answer
      // a ping), the shopper gets the maintenance page, not a 500. The ping comes first, always: it is what
      // closes the gate during a real outage, so pages that need no query answer the maintenance page too.
      if (res.status >= 500 && res.status !== 503 && (!(await gate.check()) || lostDuring(c))) {
        await res.body?.cancel();
        return maintenance(request);
      }
      return res;
    });
  });

  return app;
}
