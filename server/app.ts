// The HTTP edge: health checks, the JSON API, product art, static assets and, for everything else, the
// React Router app. Handlers parse input and call the domain; no business rule lives here.
import crypto from 'node:crypto';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { createRequestHandler, RouterContextProvider } from 'react-router';
import type { ServerBuild } from 'react-router';
import { nonceContext } from '../app/lib/request-context.ts';
import type { Database } from '../src/db/client.server.ts';
import { parseArtPath, renderArt } from '../src/domain/catalog/art.ts';
import { cartApi } from './api/cart.ts';
import { catalogApi } from './api/catalog.ts';
import { chatApi } from './api/chat.ts';
import type { ChatApiOptions } from './api/chat.ts';
import { ordersApi } from './api/orders.ts';
import { vehiclesApi } from './api/vehicles.ts';
import { openApiDocument } from './api/openapi.ts';
import { apiError } from './http.ts';
import type { Logger } from './logger.ts';

export interface AppOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  database: () => Database;
  logger: Logger;
  mode?: 'production' | 'development';
  clientDir?: string;
  publicUrl: string;
  chat?: ChatApiOptions;
}

function securityHeaders(nonce: string, https: boolean): Record<string, string> {
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
      "form-action 'self'",
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

export function createApp(opts: AppOptions) {
  const app = new Hono();
  const mode = opts.mode ?? 'production';
  const https = opts.publicUrl.startsWith('https://');
  const clientDir = opts.clientDir ?? path.resolve('build/client');
  const db = () => opts.database().db;

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

  app.onError((err, c) => {
    opts.logger.error({ err, path: c.req.path }, 'unhandled error');
    if (c.req.path.startsWith('/api/')) return apiError(c, 503, 'Serviço temporariamente indisponível. Tente novamente em instantes.');
    return c.text('Erro interno. Tente novamente em instantes.', 500);
  });

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    const ok = await opts.database().ping();
    return c.json({ status: ok ? 'ok' : 'indisponível', database: ok }, ok ? 200 : 503);
  });

  app.get('/api/openapi.json', (c) => c.json(openApiDocument(opts.publicUrl)));
  const limit = bodyLimit({ maxSize: 64 * 1024, onError: (c) => apiError(c, 413, 'Dados grandes demais.') });
  app.use('/api/*', limit);
  app.use('/orders', limit);
  app.use('/chat', limit);
  app.route('/', ordersApi(db, opts.logger));
  app.route('/', chatApi(db, opts.logger, opts.chat ?? { llm: null }));
  app.route('/api', catalogApi(db));
  app.route('/api', vehiclesApi(db));
  app.route('/api', cartApi(db, opts.logger));
  app.all('/api/*', (c) => apiError(c, 404, 'Rota da API não encontrada.'));

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
    const context = new RouterContextProvider();
    context.set(nonceContext, c.get('nonce' as never) as string);
    return handler(c.req.raw, context);
  });

  return app;
}
