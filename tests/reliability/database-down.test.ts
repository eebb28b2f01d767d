// Database down: the built server talks to PostgreSQL through a TCP proxy the test controls. While the
// database is away, pages answer the pt-BR maintenance page (503), the API a pt-BR 503 JSON, /readyz 503 and
// /healthz 200, quickly and without a stack trace; when it returns, everything works again without a
// restart. PostgreSQL only: PGlite lives inside the server process and cannot go away on its own.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerDatabase, DATABASE_KINDS } from './support/databases.ts';
import type { ServerDatabase } from './support/databases.ts';
import { AppServer, sleep } from './support/server.ts';
import { startTcpProxy } from './support/tcp-proxy.ts';
import type { TcpProxy } from './support/tcp-proxy.ts';

const address = { cep: '01001000', street: 'Praça da Sé', number: '100', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' };
const order = () => ({
  idempotencyKey: crypto.randomUUID(),
  email: 'queda@example.com',
  lines: [{ productId: 1, quantity: 1 }],
  address,
  shipping: 'standard',
  payment: 'pix',
  installments: 1,
  customer: { name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' },
});
const legacyOrder = () => ({ email: 'queda@example.com', items: [{ id: 1, quantity: 1 }], address, shipping: 'standard', payment: 'boleto' });

const PAGES = ['/', '/ProductList?q=farol', '/ProductView/1', '/Cart', '/sobre-nos'];
type Call = { method: 'GET' | 'POST'; path: string; body?: () => unknown; ok: number };
const API: Call[] = [
  { method: 'GET', path: '/api/products?q=farol', ok: 200 },
  { method: 'GET', path: '/api/produtos?limite=5', ok: 200 },
  { method: 'GET', path: '/api/products/1', ok: 200 },
  { method: 'POST', path: '/api/cart/quote', body: () => ({ lines: [{ productId: 1, quantity: 1 }] }), ok: 200 },
  { method: 'POST', path: '/api/orders', body: order, ok: 201 },
  { method: 'POST', path: '/orders', body: legacyOrder, ok: 201 },
  { method: 'POST', path: '/api/chat', body: () => ({ mensagens: [{ sender: 'user', content: 'Vocês têm farol?' }] }), ok: 200 },
  { method: 'POST', path: '/chat', body: () => ({ mensagens: [{ sender: 'user', content: 'Qual o prazo de entrega?' }] }), ok: 200 },
];

/** What a stack trace or a driver error looks like; none of it may reach a shopper. */
const LEAK = /\bat [\w.<>]+ \(|node_modules|ECONN|Error:|pg-pool|Connection terminated|timeout exceeded|\bstack\b/i;

describe.runIf(DATABASE_KINDS.includes('postgres'))('database down (PostgreSQL behind a TCP proxy)', () => {
  let database: ServerDatabase;
  let proxy: TcpProxy;
  let server: AppServer;

  beforeAll(async () => {
    database = await createServerDatabase('postgres', { seedProducts: 30 });
    const real = new URL(database.url!);
    proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
    const viaProxy = new URL(database.url!);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    // The catalog memo would answer repeated searches without the database; this suite is about what happens
    // when a request does need it, so it is off here.
    server = await AppServer.create({ databaseUrl: viaProxy.toString(), env: { LOG_LEVEL: 'warn', CATALOG_CACHE_SECONDS: '0' } });
    await server.start();
  });

  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await database?.dispose();
  });

  const call = (c: Call) => server.fetch(c.path, c.body ? { method: c.method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(c.body()) } : { method: c.method });

  /** Every answer while the database is away: fast, 503, pt-BR, no internals. */
  async function expectDown(first: 'page' | 'api') {
    const started = Date.now();
    const pageChecks = async () => {
      for (const path of PAGES) {
        const t = Date.now();
        const res = await server.fetch(path);
        const html = await res.text();
        expect(res.status, path).toBe(503);
        expect(res.headers.get('content-type'), path).toMatch(/text\/html/);
        expect(res.headers.get('retry-after'), path).toBeTruthy();
        expect(res.headers.get('content-security-policy'), path).toMatch(/script-src 'self' 'sha256-/);
        expect(html, path).toContain('<html lang="pt-BR"');
        expect(html, path).toContain('Estamos em manutenção rápida');
        expect(html, path).toContain('Em manutenção | Olimpo Peças');
        expect(html, path).not.toMatch(LEAK);
        expect(Date.now() - t, `${path} answered in time`).toBeLessThan(12_000);
      }
    };
    const apiChecks = async () => {
      for (const c of API) {
        const t = Date.now();
        const res = await call(c);
        const text = await res.text();
        expect(res.status, `${c.method} ${c.path}: ${text}`).toBe(503);
        expect(res.headers.get('content-type'), c.path).toMatch(/application\/json/);
        expect(JSON.parse(text), c.path).toEqual({ erro: 'Serviço temporariamente indisponível. Tente novamente em instantes.' });
        expect(Date.now() - t, `${c.path} answered in time`).toBeLessThan(12_000);
      }
      // The streaming chat too, once the server knows.
      const res = await server.fetch('/api/chat?stream=1', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mensagens: [{ sender: 'user', content: 'farol' }] }),
      });
      expect(res.status).toBe(503);
      await res.arrayBuffer();
    };
    if (first === 'page') {
      await pageChecks();
      await apiChecks();
    } else {
      await apiChecks();
      await pageChecks();
    }
    const ready = await server.fetch('/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'indisponível', database: false });
    const health = await server.fetch('/healthz');
    expect(health.status).toBe(200);
    await health.arrayBuffer();
    // Things that need no database keep working.
    const cep = await server.fetch('/api/cep/123');
    expect(cep.status).toBe(400);
    await cep.arrayBuffer();
    return Date.now() - started;
  }

  async function expectHealthy() {
    for (const path of PAGES) {
      const res = await server.fetch(path);
      expect(res.status, path).toBe(200);
      await res.arrayBuffer();
    }
    for (const c of API) {
      const res = await call(c);
      const text = await res.text();
      expect(res.status, `${c.method} ${c.path}: ${text}`).toBe(c.ok);
    }
    const ready = await server.fetch('/readyz');
    expect(ready.status).toBe(200);
    await ready.arrayBuffer();
  }

  async function waitReady(timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await server.fetch('/readyz');
      await res.arrayBuffer();
      if (res.status === 200) return;
      if (Date.now() > deadline) throw new Error('/readyz não voltou a 200 depois que o banco voltou');
      await sleep(200);
    }
  }

  it('works normally while the database answers', async () => {
    await expectHealthy();
  });

  it('database refused (crashed or restarting): maintenance page, 503 JSON, /readyz 503, /healthz 200', async () => {
    const pid = server.pid;
    proxy.cut('reset');
    const ms = await expectDown('page');
    console.info(`[database down] refused: every check answered in ${ms} ms`);
    expect(server.pid).toBe(pid);
  });

  it('comes back by itself when the database returns, without a restart', async () => {
    const pid = server.pid;
    proxy.restore();
    await waitReady();
    await expectHealthy();
    expect(server.pid).toBe(pid);
  });

  it('database silent (host gone from the network): 503 within seconds, no request hangs', async () => {
    proxy.cut('silent');
    const ms = await expectDown('api');
    console.info(`[database down] silent: every check answered in ${ms} ms`);
  });

  it('comes back again after the silent outage', async () => {
    proxy.restore();
    await waitReady();
    await expectHealthy();
    expect(server.output).not.toMatch(/FATAL|uncaught/i);
  });
});
