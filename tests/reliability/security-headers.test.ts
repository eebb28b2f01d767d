// Security headers against the real built server: CSP by hashes, the other headers on every page and API
// answer. Hostile payloads and private data: hostile-input-and-private-data.test.ts; signed-in actors ×
// every endpoint: access-control.test.ts.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { createLogger } from '../../server/logger.ts';
import { products } from '#src/domain/catalog/schema.ts';
import type { Database } from '#src/db/client.server.ts';
import { createServerDatabase, dumpAllRows, rows } from './support/databases.ts';
import type { ServerDatabase } from './support/databases.ts';
import { AppServer } from './support/server.ts';
import { testServices } from '../support/services.ts';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const address = { cep: '01001000', street: 'Praça da Sé', number: '100', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' };

const XSS_TITLE = `Farol Xsstest <img src=x onerror="window.__xss=1;alert('titulo')"> </script><script>window.__xss=1;alert('titulo2')</script>`;
const XSS_DESCRIPTION = `<script>window.__xss=1;alert('descricao')</script><svg onload="window.__xss=1;alert('svg')"></svg> "'><iframe src="javascript:alert(1)">`;
const XSS_REF = `"><script>alert('ref')</script>`;

describe('security headers of the built server', () => {
  let database: ServerDatabase;
  let server: AppServer;
  let plain: number[] = [];
  /** Every row before any request: the CVV check looks at what requests wrote. */
  let baseline: Set<string>;

  beforeAll(async () => {
    database = await createServerDatabase('pglite', {
      seedProducts: 30,
      // Product data an attacker could have slipped in through a feed or an admin screen.
      prepare: async (db) => {
        await db.update(products).set({ title: XSS_TITLE, description: XSS_DESCRIPTION, refCode: XSS_REF, stock: 500 }).where(eq(products.id, 1));
      },
    });
    plain = (
      await database.use((db) => rows<{ id: number }>(db, sql`select id from products p where id > 1 and not exists (select 1 from product_variants v where v.product_id = p.id) order by id limit 3`))
    ).map((r) => r.id);
    baseline = await database.use(async (db) => {
      await db
        .update(products)
        .set({ stock: 500 })
        .where(
          sql`id in (${sql.join(
            plain.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
      return new Set((await dumpAllRows(db)).map((r) => `${r.table}:${r.text}`));
    });
    server = await AppServer.create({ ...database.server, env: { LOG_LEVEL: 'debug' } });
    await server.start();
  });

  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  const json = (method: string, url: string, body: unknown, headers: Record<string, string> = {}) =>
    server.fetch(url, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const order = (over: Record<string, unknown> = {}) => ({
    idempotencyKey: crypto.randomUUID(),
    email: 'seguro@example.com',
    lines: [{ productId: plain[0], quantity: 1 }],
    address,
    shipping: 'standard',
    payment: 'pix',
    installments: 1,
    customer: { name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' },
    ...over,
  });

  // --- headers ---------------------------------------------------------------------------------------------
  describe('security headers', () => {
    const PAGES = [
      '/',
      '/ProductList',
      '/ProductList?q=farol',
      '/ProductView/1',
      '/Cart',
      '/Checkout',
      '/Sucesso',
      '/Pedidos/12345678',
      '/sobre-nos',
      '/pagina-que-nao-existe',
      '/ProductList?ordem=xyz',
      '/sitemap.xml',
      '/robots.txt',
      '/Login',
      '/Registrar',
      '/EsqueciSenha',
      '/MinhaConta',
      '/Admin/Pedidos',
    ];
    const API: [string, string, unknown?][] = [
      ['GET', '/api/products?q=farol'],
      ['GET', '/api/produtos'],
      ['GET', '/api/products/1'],
      ['GET', '/api/products/abc'],
      ['GET', '/api/openapi.json'],
      ['GET', '/api/nada'],
      ['GET', '/api/orders/12345678'],
      ['GET', '/api/cep/123'],
      ['POST', '/api/cart/quote', { lines: [{ productId: 1, quantity: 1 }] }],
      ['POST', '/api/orders', { nada: true }],
      ['POST', '/api/chat', { mensagens: [{ sender: 'user', content: 'oi' }] }],
      ['GET', '/healthz'],
      ['GET', '/readyz'],
    ];
    const STATIC = ['/favicon.svg', '/art/farois/preto/frente.svg', '/assets/nao-existe.js'];

    function expectSecurityHeaders(res: Response, what: string) {
      const h = res.headers;
      const csp = h.get('content-security-policy') ?? '';
      const directives = Object.fromEntries(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .filter((d) => d[0])
          .map(([name, ...values]) => [name!, values]),
      );
      const scriptSrc = directives['script-src'] ?? directives['default-src'] ?? [];
      expect(scriptSrc, `${what}: script-src`).not.toContain("'unsafe-inline'");
      expect(scriptSrc, `${what}: script-src`).not.toContain("'unsafe-eval'");
      expect(scriptSrc, `${what}: script-src`).not.toContain('*');
      expect(directives['object-src'], `${what}: object-src`).toEqual(["'none'"]);
      expect(directives['base-uri'], `${what}: base-uri`).toBeDefined();
      expect(h.get('x-content-type-options'), `${what}: nosniff`).toBe('nosniff');
      expect(h.get('referrer-policy'), `${what}: Referrer-Policy`).toMatch(/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/);
      const framing = directives['frame-ancestors']?.join(' ') === "'none'" || /^(DENY|SAMEORIGIN)$/i.test(h.get('x-frame-options') ?? '');
      expect(framing, `${what}: frame-ancestors 'none' or X-Frame-Options`).toBe(true);
      // PUBLIC_URL is http here: no HSTS (it would pin a host that does not speak HTTPS).
      expect(h.get('strict-transport-security'), `${what}: HSTS on http`).toBeNull();
      return directives;
    }

    it('on every page: no nonce (none can repeat across shoppers), each inline script allowed by its SHA-256 hash', async () => {
      // Twice: the second pass is served from the page cache to another "shopper" and must be as strict.
      for (const pass of [1, 2]) {
        for (const url of PAGES) {
          const res = await server.fetch(url);
          const body = await res.text();
          const directives = expectSecurityHeaders(res, `${url} (${pass})`);
          if (!(res.headers.get('content-type') ?? '').includes('text/html')) continue;
          const scriptSrc = directives['script-src'] ?? [];
          expect(
            scriptSrc.filter((v) => v.startsWith("'nonce-")),
            `${url}: nonce in script-src`,
          ).toEqual([]);
          expect(body, `${url}: nonce attribute`).not.toMatch(/\snonce=/);
          const scripts = [...body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
          expect(scripts.length, url).toBeGreaterThan(0);
          for (const [, attrs, text] of scripts) {
            if (/\bsrc=/.test(attrs!) || /application\/(ld\+)?json/.test(attrs!)) continue; // files ('self') and data
            const hash = `'sha256-${crypto.createHash('sha256').update(text!).digest('base64')}'`;
            expect(scriptSrc, `${url}: inline script not allowed by hash`).toContain(hash);
          }
        }
      }
    });

    it("an inline script injected into a page (cached or not) does not run; the page's own scripts do", async () => {
      const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
      try {
        for (const url of ['/', '/ProductView/2', '/Cart']) {
          const context = await browser.newContext({ locale: 'pt-BR' });
          const page = await context.newPage();
          // A proxy (or a stored-XSS bug) adds a script to the HTML; the policy the server sent stays.
          await page.route(`${server.url}${url}`, async (route) => {
            const response = await route.fetch();
            const html = (await response.text()).replace('</body>', '<script>window.__injected=1</script></body>');
            await route.fulfill({ response, body: html });
          });
          const violations: string[] = [];
          page.on('console', (m) => {
            if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
          });
          await page.goto(`${server.url}${url}`, { waitUntil: 'load' });
          // React Router's own inline scripts ran (hashes match): the app hydrated.
          await page.waitForFunction(() => (window as unknown as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter !== undefined, undefined, { timeout: 15_000 });
          expect(await page.evaluate(() => (window as unknown as { __injected?: unknown }).__injected), `${url}: injected script ran`).toBeUndefined();
          expect(violations.length, `${url}: CSP reported the injected script`).toBeGreaterThan(0);
          await context.close();
        }
      } finally {
        await browser.close();
      }
    });

    it('on every API answer, error answers included', async () => {
      for (const [method, url, body] of API) {
        const res = body === undefined ? await server.fetch(url, { method }) : await json(method, url, body);
        await res.arrayBuffer();
        expectSecurityHeaders(res, `${method} ${url} (${res.status})`);
        expect(res.status, `${method} ${url}`).toBeLessThan(500);
      }
    });

    it('on static files and product art', async () => {
      for (const url of STATIC) {
        const res = await server.fetch(url);
        await res.arrayBuffer();
        expectSecurityHeaders(res, `${url} (${res.status})`);
      }
    });

    it('on built scripts and stylesheets: nosniff and immutable, without the document-only headers', async () => {
      const built = fs.readdirSync(path.resolve('build/client/assets')).filter((f) => /\.(js|css)$/.test(f));
      const script = built.find((f) => f.endsWith('.js'))!;
      const style = built.find((f) => f.endsWith('.css'))!;
      for (const file of [script, style]) {
        const res = await server.fetch(`/assets/${file}`, { headers: { 'accept-encoding': 'br' } });
        await res.arrayBuffer();
        expect(res.status, file).toBe(200);
        expect(res.headers.get('x-content-type-options'), file).toBe('nosniff');
        expect(res.headers.get('cache-control'), file).toBe('public, max-age=31536000, immutable');
        for (const h of ['content-security-policy', 'x-frame-options', 'permissions-policy', 'referrer-policy', 'cross-origin-opener-policy']) {
          expect(res.headers.get(h), `${file} ${h}`).toBeNull();
        }
      }
    });

    it('no CORS grant: another origin cannot call the API from a browser', async () => {
      const origin = 'https://loja-falsa.example';
      const preflight = await server.fetch('/api/orders', { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
      await preflight.arrayBuffer();
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
      for (const url of ['/api/products', '/api/orders/12345678']) {
        const res = await server.fetch(url, { headers: { origin } });
        await res.arrayBuffer();
        expect(res.headers.get('access-control-allow-origin'), url).toBeNull();
      }
      // Writes from another origin are refused, a cross-site form post (text/plain, no preflight) included,
      // on every JSON endpoint, with a pt-BR JSON answer.
      for (const url of ['/api/orders', '/orders', '/api/cart/quote', '/api/chat', '/chat', '/api/orders/12345678/rating']) {
        for (const type of ['text/plain', 'application/json']) {
          const res = await server.fetch(url, { method: 'POST', headers: { origin, 'content-type': type }, body: JSON.stringify(order()) });
          const body = (await res.json().catch(() => null)) as { erro?: string } | null;
          expect(res.status, `${url} ${type}`).toBe(403);
          expect(body?.erro, `${url} ${type}`).toMatch(/origem|permitid|recusad/i);
        }
      }
    });

    it('HSTS when PUBLIC_URL is https', async () => {
      // The header logic is createApp's; checked in-process with a stand-in database (no query is made).
      const database = { kind: 'pglite', db: null, ping: async () => true, migrate: async () => {}, close: async () => {} } as unknown as Database;
      const app = createApp({ build: () => Promise.reject(new Error('sem páginas')), services: testServices(database), logger: createLogger('silent'), publicUrl: 'https://loja.exemplo.com.br' });
      for (const url of ['/healthz', '/api/openapi.json', '/api/nada']) {
        const res = await app.fetch(new Request(`https://loja.exemplo.com.br${url}`));
        expect(res.headers.get('strict-transport-security'), url).toMatch(/max-age=\d{7,}/);
      }
    });
  });
});
