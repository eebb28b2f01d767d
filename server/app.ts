// The HTTP edge: health checks, the JSON API, product art, static assets and, for everything else, the
// React Router app. Handlers parse input and call the domain; no business rule lives here.
import { existsSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { MiddlewareHandler } from 'hono';
import { createRequestHandler, RouterContextProvider } from 'react-router';
import type { ServerBuild } from 'react-router';
import { databaseDownContext } from '../app/lib/request-context.ts';
import { isConnectionError, isStatementTimeout, noteConnectionLoss } from '../src/db/client.server.ts';
import type { Database } from '../src/db/client.server.ts';
import { authFor, providerFormOrigins, sessionUserOf } from '../src/domain/accounts/auth.server.ts';
import { authErrorMessage, isAuthSentence, MSG } from '../src/domain/accounts/messages.ts';
import { parseArtPath, renderArt } from '../src/domain/catalog/art.ts';
import { CLIENT_IP_HEADER, resolveClientIp } from '../src/platform/client-ip.ts';
import { CONTROL_CHARS_MESSAGE, hasControlChars } from '../src/platform/control-chars.ts';
import { safeError } from '../src/platform/log-safe.ts';
import { asAddressed, isTrustedWrite, trustedOriginsFor } from '../src/platform/origins.ts';
import type { OriginPolicy } from '../src/platform/origins.ts';
import { getUploadStore } from '../src/platform/uploads.server.ts';
import { accountApi } from './api/account.ts';
import { cartApi } from './api/cart.ts';
import { catalogApi } from './api/catalog.ts';
import { chatApi } from './api/chat.ts';
import type { ChatApiOptions } from './api/chat.ts';
import { ordersApi } from './api/orders.ts';
import { vehiclesApi } from './api/vehicles.ts';
import { openApiDocument } from './api/openapi.ts';
import { onCatalogChange } from '../src/domain/catalog/changes.server.ts';
import { compressLarge } from './compression.ts';
import { contentSecurityPolicy } from './csp.ts';
import { createDatabaseGate } from './database-gate.ts';
import { createPageServer, withScriptHashes } from './pages.ts';
import { databaseScope, DEFAULT_DATABASE_LIMITS } from './middleware/database-scope.ts';
import type { DatabaseLimits } from './middleware/database-scope.ts';
import { apiError } from './http.ts';
import { isApiPath, refuseBody, SAFE_METHODS, simplePage } from './middleware/http-basics.ts';
import { lostConnectionsAs503, RETRY_AFTER_SECONDS, unavailableResponse } from './middleware/outage.ts';
import { pageBodies } from './middleware/page-bodies.ts';
import { pageForms } from './middleware/page-forms.ts';
import { isHttpsUrl } from '../src/platform/https.ts';
import type { Logger } from './logger.ts';

export interface AppOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  database: () => Database;
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

function securityHeaders(https: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  if (https) headers['Strict-Transport-Security'] = 'max-age=63072000; includeSubDomains';
  return headers;
}

const INTERNAL_ERROR_MESSAGE = 'Erro interno. Tente novamente em instantes.';


export function createApp(opts: AppOptions) {
  const app = new Hono();
  const mode = opts.mode ?? 'production';
  const https = isHttpsUrl(opts.publicUrl);
  const clientDir = opts.clientDir ?? path.resolve('build/client');
  const db = () => opts.database().db;
  // Database outages become 503s (maintenance page, pt-BR JSON) instead of 500s or hanging requests.
  const gate = createDatabaseGate(() => opts.database().ping());
  const unavailable = (c: Context) => unavailableResponse(c.req.path);
  // Connections lost so far: a request that failed while one died met a dead connection, not a bug.
  const losses = () => opts.database().connectionLosses?.() ?? 0;
  const lostDuring = (c: Context) => losses() !== (c.get('losses' as never) as unknown as number);

  const staticHeaders = Object.entries(securityHeaders(https));
  app.use('*', async (c, next) => {
    const started = performance.now();
    c.set('losses' as never, losses() as never);
    await next();
    // A built script or stylesheet (hashed, immutable) is never a document: the document-only headers
    // (CSP, frame, referrer, permissions, opener policies) do nothing on it and cost ~420 bytes per file,
    // several files per first load on a mobile link (issue 16's JavaScript budget counts them). It keeps
    // nosniff (and HSTS). Everything else, SVG images included (an SVG can carry script), gets them all.
    if (c.res.status === 200 && c.req.path.startsWith('/assets/') && /^(text\/(javascript|css)|application\/javascript)\b/.test(c.res.headers.get('Content-Type') ?? '')) {
      c.res.headers.set('X-Content-Type-Options', 'nosniff');
      if (https) c.res.headers.set('Strict-Transport-Security', securityHeaders(true)['Strict-Transport-Security']!);
      return;
    }
    for (const [k, v] of staticHeaders) c.res.headers.set(k, v);
    // Pages carry their own policy, with the hashes of their inline scripts (server/pages.ts); every other
    // answer has no inline script to allow.
    if (!c.res.headers.has('Content-Security-Policy')) c.res.headers.set('Content-Security-Policy', contentSecurityPolicy([], providerFormOrigins()));
    const ms = performance.now() - started;
    // The client closed the connection before the answer (a prefetch dropped when the shopper navigated, a
    // closed tab): React Router gives up on the aborted request with a 500 that nobody receives. Not a failure.
    if (c.res.status >= 500 && c.req.raw.signal.aborted) opts.logger.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request abandoned by the client');
    else if (c.res.status === 503) opts.logger.warn({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request unavailable');
    else if (c.res.status >= 500) opts.logger.error({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request failed');
    else opts.logger.debug({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request');
  });
  app.use('*', lostConnectionsAs503({ applies: isApiPath, lostDuring }));
  // Anonymous pages fresh in the page cache leave before any other middleware (the 99 % case under load):
  // a GET needs no origin, body or form check, and the bytes are already compressed. Not while the
  // database is known to be down: then every page is the maintenance page, as below.
  const pages = createPageServer({ ttlSeconds: opts.pageCacheSeconds ?? 0, formOrigins: providerFormOrigins });
  onCatalogChange((ids) => pages.cache.invalidate(ids));
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
  app.use('*', pageBodies({ roleOf: async (headers) => (await sessionUserOf(db(), headers))?.role ?? null }));
  app.use('*', controlCharsInQuery());
  app.use('*', pageForms());

  // A failure is the database's when it does not answer a ping right now: 503, else a real 500.
  // The log line says what failed, never with what (a failed query's parameters are an e-mail, an address).
  app.onError(async (err, c) => {
    if (isConnectionError(err)) noteConnectionLoss();
    const lost = lostDuring(c);
    if (lost) opts.logger.warn({ err: safeError(err), path: c.req.path }, 'conexão com o banco perdida');
    // A statement that ran out of time is logged (and answered) by the database scope (middleware/database-scope.ts).
    else if (!isStatementTimeout(err)) opts.logger.error({ err: safeError(err), path: c.req.path }, 'unhandled error');
    // The ping also closes the gate when the database is really gone, so the next requests do not wait on it.
    const databaseUp = (await gate.check()) && !lost;
    if (isApiPath(c.req.path)) return databaseUp ? c.json(c.req.path.startsWith('/api/auth/') ? { code: 'INTERNAL_SERVER_ERROR', message: INTERNAL_ERROR_MESSAGE } : { erro: INTERNAL_ERROR_MESSAGE }, 500) : unavailable(c);
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
  app.route('/', chatApi(db, opts.logger, opts.chat ?? { llm: null }));
  app.route('/api', catalogApi(db, { publicUrl: opts.publicUrl }));
  app.route('/api', vehiclesApi(db));
  app.route('/api', cartApi(db, opts.logger));
  app.route('/api', accountApi(db));
  // Better Auth turns some failed queries into answers of its own: a 500 (a session it could not read) or a
  // 4xx coded FAILED_TO_* (a user it could not create, 422). When the database is why (a connection died
  // meanwhile, or it does not answer a ping) that is a 503; another 500 is a pt-BR 500. Failed queries it
  // does not answer reach app.onError (src/domain/accounts/auth.server.ts: onAPIError.throw).
  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    const res = await authFor(db()).handler(c.req.raw);
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

  // Uploaded product photos: only names we generated, served as images that cannot run anything.
  app.get('/uploads/:kind/:name', async (c) => {
    const file = getUploadStore().pathOf(c.req.param('kind'), c.req.param('name'));
    if (!file) return c.text('Imagem não encontrada.', 404);
    let data: Buffer;
    try {
      data = await fs.readFile(file);
    } catch {
      return c.text('Imagem não encontrada.', 404);
    }
    c.header('Content-Type', 'image/webp');
    c.header('Content-Disposition', 'inline');
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    return c.body(new Uint8Array(data));
  });

  app.get('/art/*', (c) => {
    const spec = parseArtPath(c.req.path);
    if (!spec) return c.text('Imagem não encontrada.', 404);
    c.header('Content-Type', 'image/svg+xml; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    return c.body(renderArt(spec));
  });

  if (mode === 'production') {
    app.use(
      '/assets/*',
      serveStatic({
        root: path.relative(process.cwd(), clientDir),
        precompressed: true, // .br/.gz written at build time (vite/precompress.ts)
        onFound: (_p, c) => {
          c.header('Cache-Control', 'public, max-age=31536000, immutable');
        },
      }),
    );
    // The build's other files (favicon, placeholder) are listed once: a page request does not stat the disk.
    const publicFiles = builtPublicFiles(clientDir);
    const servePublic = serveStatic({
      root: path.relative(process.cwd(), clientDir),
      onFound: (_p, c) => {
        c.header('Cache-Control', 'public, max-age=3600');
      },
    });
    app.use('*', (c, next) => (publicFiles.has(c.req.path) ? servePublic(c, next) : next()));
  }

  const handlerPromise =
    typeof opts.build === 'function' ? null : Promise.resolve(createRequestHandler(opts.build, mode));
  app.all('*', async (c) => {
    const handler = handlerPromise
      ? await handlerPromise
      : createRequestHandler(await (opts.build as () => Promise<ServerBuild>)(), mode);
    // With databaseDown, the root route's middleware answers the maintenance page (503) before any loader.
    // React Router sees the URL the browser used (https:// behind a TLS proxy): its action check compares it
    // with the browser's Origin.
    const render = (request: Request, databaseDown: boolean) => {
      const context = new RouterContextProvider();
      context.set(databaseDownContext, databaseDown);
      return handler(asAddressed(request, policy), context);
    };
    const maintenance = async (request: Request) => {
      const res = await render(request, true);
      res.headers.set('Retry-After', RETRY_AFTER_SECONDS);
      return res;
    };
    // While the database is known to be down every page is the maintenance page, cached or not.
    if (!(await gate.isUp())) return (await withScriptHashes(await maintenance(c.req.raw), providerFormOrigins())).res;
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

/** The `code` of a Better Auth error answer ('' when it has none). */
async function authErrorCode(res: Response): Promise<string> {
  try {
    const code = ((await res.clone().json()) as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? code : '';
  } catch {
    return '';
  }
}

/**
 * Better Auth's hooks translate the errors of its endpoints, but some are raised before they run (a body
 * that is not JSON, a content type it does not read, an unknown route: English or empty answers). Every
 * 4xx of /api/auth leaves as `{ code, message }` with a pt-BR message.
 */
async function inPortuguese(res: Response): Promise<Response> {
  if (res.status < 400 || res.status >= 500) return res;
  let body: { code?: unknown; message?: unknown } = {};
  try {
    body = ((await res.clone().json()) as typeof body) ?? {};
  } catch {
    // empty or not JSON
  }
  if (isAuthSentence(body.message)) return res;
  const code = typeof body.code === 'string' ? body.code : res.status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST';
  const headers = new Headers(res.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  headers.delete('Content-Length');
  await res.body?.cancel();
  return new Response(JSON.stringify({ code, message: authErrorMessage(code) }), { status: res.status, headers });
}

/** Decides the client IP once and hands it on in a header nobody outside can set (src/platform/client-ip.ts). */
function clientIp(trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    let remoteAddress: string | undefined;
    try {
      remoteAddress = getConnInfo(c).remote.address;
    } catch {
      remoteAddress = undefined; // app.fetch in tests: no socket
    }
    c.req.raw.headers.set(CLIENT_IP_HEADER, resolveClientIp({ forwardedFor: c.req.header('x-forwarded-for'), remoteAddress, trustProxy }));
    await next();
  };
}

// Cross-site by design: the payment gateways' signed webhooks and OAuth providers posting back (form_post).
const CROSS_SITE_ALLOWED = [/^\/api\/payments\/webhook\/?$/, /^\/api\/payments\/mercadopago\/webhook\/?$/, /^\/api\/auth\/callback\/[\w-]+\/?$/, /^\/api\/auth\/oauth2\/callback\/[\w-]+\/?$/];

/**
 * Refuses cross-site form posts and API writes (CSRF). Trusted: the origin the request was sent to (the shop
 * at localhost, 127.0.0.1 or a LAN address), PUBLIC_URL and, for the API, CORS_ORIGINS (src/platform/origins.ts).
 */
function originCheck(policy: OriginPolicy): MiddlewareHandler {
  const pagePolicy = { ...policy, corsOrigins: [] };
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || CROSS_SITE_ALLOWED.some((re) => re.test(c.req.path))) return next();
    const api = isApiPath(c.req.path);
    if (isTrustedWrite(c.req.raw.headers, trustedOriginsFor(api ? policy : pagePolicy, c.req.url, c.req.raw.headers))) return next();
    if (api) return apiError(c, 403, MSG.forbiddenOrigin);
    return c.html(simplePage('Envio recusado', MSG.forbiddenOrigin), 403);
  };
}

const CORS_METHODS = 'GET, POST, PUT, DELETE, OPTIONS';
const CORS_REQUEST_HEADERS = ['content-type', 'idempotency-key', 'accept', 'accept-language'];
const CORS_EXPOSED = 'X-Total-Count, Retry-After, Location';

/**
 * CORS for the headless API (/api/*, the spec's /orders and /chat): an allowed origin (CORS_ORIGINS) gets
 * its preflight answered with 204 and the Access-Control-Allow-* headers, credentials included (the session
 * cookie rides along where the browser sends it); any other origin gets no CORS headers at all, so the
 * browser keeps its answers from the page. OPTIONS on a page is a plain 204 with `Allow`.
 */
function cors(allowed: readonly string[]): MiddlewareHandler {
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

/** Query strings (searches, filters, tokens) with control characters: a pt-BR 400 before any handler. */
function controlCharsInQuery(): MiddlewareHandler {
  return async (c, next) => {
    const url = c.req.url;
    const at = url.indexOf('?');
    if (at === -1) return next();
    for (const [k, v] of new URLSearchParams(url.slice(at + 1))) {
      if (hasControlChars(k, { multiline: true }) || hasControlChars(v, { multiline: true })) {
        if (isApiPath(c.req.path)) return apiError(c, 400, CONTROL_CHARS_MESSAGE);
        return c.html(simplePage('Endereço inválido', CONTROL_CHARS_MESSAGE), 400);
      }
    }
    return next();
  };
}

/** URL paths of the client build's files outside /assets/ (which has its own handler). */
function builtPublicFiles(clientDir: string): Set<string> {
  const files = new Set<string>();
  if (!existsSync(clientDir)) return files;
  for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const rel = path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (!rel.startsWith('assets/')) files.add(`/${rel}`);
  }
  return files;
}
