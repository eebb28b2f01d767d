// One slow read must never take the store down (PostgreSQL). Reads are made slow honestly: the test's own
// connection holds an ACCESS EXCLUSIVE lock on the search tables, which searches read and orders never touch,
// so every search waits on it. Then:
// - the searches end with the pt-BR "demorou demais" 503 within their statement timeout (not a 500, not the
//   maintenance page), while /readyz answers at once and an order is placed;
// - a client that leaves a read has its statement cancelled: its backend stops waiting at once, not at the
//   timeout; a client that leaves a write (an order) does not: the order is placed all the same.
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { products } from '#src/domain/catalog/schema.ts';
import { createServerDatabase } from './support/databases.ts';
import type { ServerDatabase } from './support/databases.ts';
import { AppServer, sleep } from './support/server.ts';
import { isPtBrMessage } from './support/checks.ts';
import { until } from '../support/jobs.ts';

const PRODUCT = 5;
const READS = 15;
const TIMEOUT_MS = 2500;
const LOCK = 'lock table search_postings, search_lexicon, search_posting_counts in access exclusive mode';
const address = { cep: '01001000', street: 'Praça da Sé', number: '100', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' };

const order = () =>
  JSON.stringify({
    idempotencyKey: crypto.randomUUID(),
    email: 'comprador@example.com',
    lines: [{ productId: PRODUCT, quantity: 1 }],
    address,
    shipping: 'standard',
    payment: 'pix',
    installments: 1,
    customer: { name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' },
  });

describe.skipIf(!process.env.TEST_DATABASE_URL)('slow reads on PostgreSQL (built server)', () => {
  let database: ServerDatabase;
  let server: AppServer;
  let locker: pg.Client;
  // Another connection watches: inside the locker's transaction pg_stat_activity would stay one snapshot.
  let watcher: pg.Client;
  /** The server's backends waiting on a lock. */
  const waiting = async () => Number((await watcher.query<{ n: string }>("select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'")).rows[0]!.n);

  beforeAll(async () => {
    database = await createServerDatabase('postgres', { seedProducts: 40, prepare: async (db) => void (await db.update(products).set({ stock: 100 }).where(eq(products.id, PRODUCT))) });
    server = await AppServer.create({
      ...database.server,
      env: { CATALOG_CACHE_SECONDS: '0', PAGE_CACHE_SECONDS: '0', DB_POOL_SIZE: '5', DB_RESERVED_CONNECTIONS: '2', DB_STATEMENT_TIMEOUT_MS: String(TIMEOUT_MS) },
    });
    await server.start();
    locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    watcher = new pg.Client({ connectionString: database.url });
    await watcher.connect();
  });
  // A failed test must not leave the lock behind: the next one (and the server's start) would wait on it.
  afterEach(async () => {
    await locker?.query('rollback').catch(() => {});
  });
  afterAll(async () => {
    await locker?.end();
    await watcher?.end();
    await server?.stop();
    await database?.dispose();
  });

  it('end with the pt-BR busy answer in time, while /readyz and an order go through', async () => {
    await locker.query('begin');
    await locker.query(LOCK);
    const started = Date.now();
    const reads = Array.from({ length: READS }, (_, i) => {
      const path = i % 3 === 0 ? `/ProductList?q=pastilha&pagina=${i + 1}` : `/api/products?q=pastilha&pagina=${i + 1}`;
      return server
        .fetch(path, { signal: AbortSignal.timeout(20_000) })
        .then(async (r) => ({ path, status: r.status, body: await r.text(), ms: Date.now() - started }))
        .catch((err: unknown) => ({ path, status: 0, body: String(err), ms: Date.now() - started }));
    });
    // The pool's shared lane (5 - 2 reserved) is full of searches waiting on the lock; the rest queue.
    await until(async () => (await waiting()) >= 3, 5000, 'as buscas esperando o bloqueio');

    const readyStarted = Date.now();
    const ready = await server.fetch('/readyz');
    expect(ready.status).toBe(200);
    expect(Date.now() - readyStarted).toBeLessThan(1000);

    const orderStarted = Date.now();
    const placed = await server.fetch('/api/orders', { method: 'POST', headers: { 'content-type': 'application/json' }, body: order() });
    expect(placed.status, await placed.clone().text()).toBe(201);
    expect(Date.now() - orderStarted).toBeLessThan(TIMEOUT_MS);

    const results = await Promise.all(reads);
    for (const r of results) {
      expect(r.status, `${r.path}: ${r.body.slice(0, 200)}`).toBe(503);
      expect(r.body).not.toMatch(/manutenção/i);
      if (r.path.startsWith('/api/')) expect(isPtBrMessage((JSON.parse(r.body) as { erro: string }).erro)).toBe(true);
      else expect(r.body).toMatch(/demorou demais/);
    }
    // Each waited at most its timeout for a connection, then at most its timeout for the lock.
    expect(Math.max(...results.map((r) => r.ms))).toBeLessThan(2 * TIMEOUT_MS + 1500);
    expect(server.output).not.toContain('request failed');
    expect(server.output).not.toContain('unhandled error');
    expect(server.output).not.toContain('erro numa página');
    expect(server.output).toContain('consulta ao banco excedeu o tempo limite');

    await locker.query('rollback');
    expect((await server.fetch('/api/products?q=pastilha')).status).toBe(200);
    expect((await server.fetch('/ProductList?q=pastilha')).status).toBe(200);
  });

  it('cancel the statement of a client that leaves', async () => {
    // A long timeout: only the cancellation can end these statements within the test's wait.
    await server.stop();
    await server.start(60_000, { DB_STATEMENT_TIMEOUT_MS: '60000' });
    await locker.query('begin');
    await locker.query(LOCK);
    const client = new AbortController();
    const sent = Array.from({ length: 3 }, (_, i) => server.fetch(`/api/products?q=pastilha&pagina=${i + 1}`, { signal: client.signal }).catch(() => null));
    await until(async () => (await waiting()) >= 3, 5000, 'as buscas esperando o bloqueio');
    client.abort();
    await Promise.all(sent);
    const abortedAt = Date.now();
    await until(async () => (await waiting()) === 0, 3000, 'o cancelamento das consultas abandonadas');
    expect(Date.now() - abortedAt).toBeLessThan(3000);
    await locker.query('rollback');
    await sleep(100);
    expect((await server.fetch('/readyz')).status).toBe(200);
    expect((await server.fetch('/api/products?q=pastilha')).status).toBe(200);
  });

  it('let a write whose client leaves finish: the order is placed once the lock is gone', async () => {
    await locker.query('begin');
    await locker.query('lock table orders in access exclusive mode');
    const body = order();
    const key = (JSON.parse(body) as { idempotencyKey: string }).idempotencyKey;
    const client = new AbortController();
    const sent = server.fetch('/api/orders', { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: client.signal }).catch(() => null);
    await until(async () => (await waiting()) >= 1, 5000, 'o pedido esperando o bloqueio');
    client.abort();
    await sent;
    await sleep(500);
    expect(await waiting()).toBe(1);
    await locker.query('rollback');
    await until(async () => (await watcher.query('select 1 from orders where idempotency_key = $1', [key])).rowCount === 1, 5000, 'o pedido gravado');
  });
});
