// The HTTP edge: health checks, the JSON API, product art, static assets and, for everything else, the
// React Router app. Handlers parse input and call the domain; no business rule lives here.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import type { MiddlewareHandler } from 'hono';
import { createRequestHandler, RouterContextProvider } from 'react-router';
import type { ServerBuild } from 'react-router';
import { databaseDownContext, nonceContext } from '../app/lib/request-context.ts';
import type { Database } from '../src/db/client.server.ts';
import { authFor, providerFormOrigins } from '../src/domain/accounts/auth.server.ts';
import { authErrorMessage, isAuthSentence, MSG } from '../src/domain/accounts/messages.ts';
import { parseArtPath, renderArt } from '../src/domain/catalog/art.ts';
import { CLIENT_IP_HEADER, resolveClientIp } from '../src/platform/client-ip.ts';
import { getUploadStore } from '../src/platform/uploads.server.ts';
import { accountApi } from './api/account.ts';
import { cartApi } from './api/cart.ts';
import { catalogApi } from './api/catalog.ts';
import { chatApi } from './api/chat.ts';
import type { ChatApiOptions } from './api/chat.ts';
import { ordersApi } from './api/orders.ts';
import { vehiclesApi } from './api/vehicles.ts';
import { openApiDocument } from './api/openapi.ts';
import { createDatabaseGate } from './database-gate.ts';
import { apiError } from './http.ts';
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
  chat?: ChatApiOptions;
}

function securityHeaders(nonce: string, https: boolean): Record<string, string> {
  // Sign-in forms post to our own action, which redirects to Google's or Facebook's authorization page:
  // browsers check form-action on that redirect too, so the configured providers are listed.
  const formAction = ["'self'", ...new Set(providerFormOrigins())].join(' ');
  const headers: Record<string, string> = {
    'Content-Security-Policy': [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: https:",
      "font-src 'self'",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      `form-action ${formAction}`,
      "object-src 'none'",
    ].join('; '),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  if (https) headers['Strict-Transport-Security'] = 'max-age=63072000; includeSubDomains';
  return headers;
}

const UNAVAILABLE_MESSAGE = 'Serviço temporariamente indisponível. Tente novamente em instantes.';
const INTERNAL_ERROR_MESSAGE = 'Erro interno. Tente novamente em instantes.';
const RETRY_AFTER_SECONDS = '5';

/** The JSON API (pt-BR `{ erro }` bodies), as opposed to pages. */
const isApiPath = (p: string) => p.startsWith('/api/') || p === '/orders' || p === '/chat';

export function createApp(opts: AppOptions) {
  const app = new Hono();
  const mode = opts.mode ?? 'production';
  const https = opts.publicUrl.startsWith('https://');
  const clientDir = opts.clientDir ?? path.resolve('build/client');
  const db = () => opts.database().db;
  // Database outages become 503s (maintenance page, pt-BR JSON) instead of 500s or hanging requests.
  const gate = createDatabaseGate(() => opts.database().ping());
  const unavailable = (c: Context) => {
    c.header('Retry-After', RETRY_AFTER_SECONDS);
    return apiError(c, 503, UNAVAILABLE_MESSAGE);
  };

  app.use('*', async (c, next) => {
    const started = performance.now();
    const nonce = crypto.randomBytes(16).toString('base64');
    c.set('nonce' as never, nonce as never);
    await next();
    for (const [k, v] of Object.entries(securityHeaders(nonce, https))) c.res.headers.set(k, v);
    const ms = performance.now() - started;
    if (c.res.status >= 500) opts.logger.error({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request failed');
    else opts.logger.debug({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request');
  });
  app.use('*', compress());
  app.use('*', clientIp(opts.trustProxy ?? false));
  app.use('*', originCheck(new URL(opts.publicUrl).origin));
  app.use('*', pageBodyLimit());
  app.use('*', pageForms());

  // A failure is the database's when it does not answer a ping right now: 503, else a real 500.
  app.onError(async (err, c) => {
    opts.logger.error({ err, path: c.req.path }, 'unhandled error');
    const databaseUp = await gate.check();
    if (isApiPath(c.req.path)) return databaseUp ? c.json({ erro: INTERNAL_ERROR_MESSAGE }, 500) : unavailable(c);
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
  const limit = bodyLimit({ maxSize: 64 * 1024, onError: refuseBody((c) => apiError(c, 413, 'Dados grandes demais.')) });
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
  app.route('/api', catalogApi(db));
  app.route('/api', vehiclesApi(db));
  app.route('/api', cartApi(db, opts.logger));
  app.route('/api', accountApi(db));
  app.on(['GET', 'POST'], '/api/auth/*', async (c) => inPortuguese(await authFor(db()).handler(c.req.raw)));
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
    app.use(
      '*',
      serveStatic({
        root: path.relative(process.cwd(), clientDir),
        onFound: (_p, c) => {
          c.header('Cache-Control', 'public, max-age=3600');
        },
      }),
    );
  }

  const handlerPromise =
    typeof opts.build === 'function' ? null : Promise.resolve(createRequestHandler(opts.build, mode));
  app.all('*', async (c) => {
    const handler = handlerPromise
      ? await handlerPromise
      : createRequestHandler(await (opts.build as () => Promise<ServerBuild>)(), mode);
    // With databaseDown, the root route's middleware answers the maintenance page (503) before any loader.
    const render = (databaseDown: boolean) => {
      const context = new RouterContextProvider();
      context.set(nonceContext, c.get('nonce' as never) as string);
      context.set(databaseDownContext, databaseDown);
      return handler(c.req.raw, context);
    };
    const maintenance = async () => {
      const res = await render(true);
      res.headers.set('Retry-After', RETRY_AFTER_SECONDS);
      return res;
    };
    if (!(await gate.isUp())) return maintenance();
    const res = await render(false);
    // A loader failed: when the database is the reason, the shopper gets the maintenance page, not a 500.
    if (res.status >= 500 && (c.req.method === 'GET' || c.req.method === 'HEAD') && !(await gate.check())) {
      await res.body?.cancel();
      return maintenance();
    }
    return res;
  });

  return app;
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

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// Cross-site by design: the payment gateway's signed webhook and OAuth providers posting back (form_post).
const CROSS_SITE_ALLOWED = [/^\/api\/payments\/webhook\/?$/, /^\/api\/auth\/callback\/[\w-]+\/?$/, /^\/api\/auth\/oauth2\/callback\/[\w-]+\/?$/];

/** Is this request from our own pages? Browsers send Origin on every POST; other clients send nothing. */
export function sameOrigin(headers: Headers, publicOrigin: string): boolean {
  const origin = headers.get('origin');
  if (origin) return origin === publicOrigin;
  const site = headers.get('sec-fetch-site');
  if (site) return site === 'same-origin' || site === 'none';
  const referer = headers.get('referer');
  if (referer) {
    try {
      return new URL(referer).origin === publicOrigin;
    } catch {
      return false;
    }
  }
  return true;
}

/** Refuses cross-site form posts and API writes (CSRF): the Origin must be PUBLIC_URL. */
function originCheck(publicOrigin: string): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || CROSS_SITE_ALLOWED.some((re) => re.test(c.req.path))) return next();
    if (sameOrigin(c.req.raw.headers, publicOrigin)) return next();
    if (isApiPath(c.req.path)) return apiError(c, 403, MSG.forbiddenOrigin);
    return c.html(simplePage('Envio recusado', MSG.forbiddenOrigin), 403);
  };
}

// Page forms: small, except the product form, which carries a photo of up to 5 MB.
const PHOTO_FORMS = /^\/(criarproduto|meusprodutos)(\/|\.data|$)/i;
const smallForms = bodyLimit({ maxSize: 64 * 1024, onError: refuseBody((c) => c.html(simplePage('Dados grandes demais', 'O formulário enviado é grande demais.'), 413)) });
const photoForms = bodyLimit({ maxSize: 6 * 1024 * 1024, onError: refuseBody((c) => c.html(simplePage('Foto grande demais', 'A foto deve ter no máximo 5 MB.'), 413)) });

// The back office's catalog import takes a spreadsheet (100,000 rows is about 30 MB of CSV).
const IMPORT_FORMS = /^\/admin\/importar(\.data|$)/i;
const importForms = bodyLimit({ maxSize: 80 * 1024 * 1024, onError: refuseBody((c) => c.html(simplePage('Arquivo grande demais', 'A planilha deve ter no máximo 80 MB.'), 413)) });

function pageBodyLimit(): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || isApiPath(c.req.path)) return next();
    if (IMPORT_FORMS.test(c.req.path)) return importForms(c, next);
    return (PHOTO_FORMS.test(c.req.path) ? photoForms : smallForms)(c, next);
  };
}

const DISCARD_AT_MOST = 16 * 1024 * 1024;

/**
 * Answers a refused request after reading and dropping what is left of its body (up to 16 MB): a client
 * still sending when the answer comes and the socket closes reads "connection reset" instead of the pt-BR
 * answer. When the body cannot be read to its end, the answer says the connection closes.
 */
function refuseBody(respond: (c: Context) => Response | Promise<Response>) {
  return async (c: Context): Promise<Response> => {
    let drained = false;
    const body = c.req.raw.body;
    if (body && !body.locked) {
      const reader = body.getReader();
      let seen = 0;
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) {
            drained = true;
            break;
          }
          seen += value.byteLength;
          if (seen > DISCARD_AT_MOST) {
            await reader.cancel();
            break;
          }
        }
      } catch {
        drained = false;
      }
    } else drained = !body;
    const res = await respond(c);
    if (!drained) res.headers.set('Connection', 'close');
    return res;
  };
}

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/**
 * Page actions read HTML forms only: another content type, or a multipart body that cannot be read, is
 * answered here in pt-BR (415/400) instead of failing inside an action's `request.formData()` as a 500.
 */
function pageForms(): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || isApiPath(c.req.path)) return next();
    const type = c.req.header('content-type') ?? '';
    if (!FORM_TYPES.test(type)) return refuseBody((c) => c.html(simplePage('Formulário inválido', 'Envie os dados pelo formulário da página.'), 415))(c);
    if (/^multipart\//i.test(type)) {
      try {
        await c.req.raw.clone().formData();
      } catch {
        return refuseBody((c) => c.html(simplePage('Formulário inválido', 'Não foi possível ler o formulário enviado. Tente novamente.'), 400))(c);
      }
    }
    return next();
  };
}

function simplePage(title: string, message: string): string {
  const esc = (s: string) => s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);
  return `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)} | Olimpo Peças</title><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>${esc(title)}</h1><p role="alert">${esc(message)}</p><p><a href="/">Voltar para Home</a></p></body></html>`;
}
