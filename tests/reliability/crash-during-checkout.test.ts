// Crash during checkout: a storm of concurrent PIX orders against the real built server, `kill -9` in the
// middle of it, a restart on the same database, the unanswered requests retried with their idempotency
// keys; then the database must hold every answered order whole, no half-written order, no duplicate, and
// stock = initial − what the existing non-cancelled orders hold. Five cycles per database.
import crypto from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#src/domain/catalog/schema.ts';
import { orderEvents, orderLines, orders } from '#src/domain/orders/schema.ts';
import { payments } from '#src/domain/payments/schema.ts';
import { createServerDatabase, DATABASE_KINDS, rows } from './support/databases.ts';
import type { ServerDatabase } from './support/databases.ts';
import { AppServer } from './support/server.ts';

const CYCLES = 5;
/** Buyers sending orders at the same time, and the most orders a cycle sends before the kill. */
const IN_FLIGHT = 12;
const MAX_REQUESTS = 200;
const SCARCE_STOCK = 40;
const PLENTY_STOCK = 500;

const address = { cep: '01001000', street: 'Praça da Sé', number: '100', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' };

type Line = { productId: number; quantity: number };
type Answer = { status: number; number?: string; erro?: string };
interface Shot {
  key: string;
  body: Record<string, unknown>;
  lines: Line[];
  /** The answer during the storm; undefined when the connection died first. */
  storm?: Answer;
  stormError?: string;
  /** The answer to the retry after the restart (only for unanswered requests). */
  retry?: Answer;
}

/** Small deterministic generator, so a failing cycle's orders can be told apart from the next run's. */
function prng(seed: number) {
  let s = seed >>> 0 || 1;
  return (n: number) => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) % n;
  };
}

async function post(server: AppServer, body: unknown): Promise<Answer> {
  const res = await server.fetch('/api/orders', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as { order?: { number: string }; erro?: string };
  return { status: res.status, number: json.order?.number, erro: json.erro };
}

/** A few cheap requests first, so the storm meets a warmed-up process rather than a cold JIT. */
async function warmUp(server: AppServer): Promise<void> {
  for (const path of ['/api/products?q=farol', '/api/products/1']) await (await server.fetch(path)).arrayBuffer();
  await (await server.fetch('/api/cart/quote', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ lines: [{ productId: 1, quantity: 1 }] }) })).arrayBuffer();
}

describe.each(DATABASE_KINDS)('crash during checkout on %s', (kind) => {
  let database: ServerDatabase;
  let server: AppServer;
  let pool: number[] = [];

  beforeAll(async () => {
    database = await createServerDatabase(kind, { seedProducts: 40 });
    // Products without colour/size variants, two fresh ones per cycle.
    pool = (
      await database.use((db) => rows<{ id: number }>(db, sql`select id from products p where not exists (select 1 from product_variants v where v.product_id = p.id) order by id limit ${CYCLES * 2}`))
    ).map((r) => r.id);
    expect(pool).toHaveLength(CYCLES * 2);
    // Each cycle has its own two products (one scarce, one plentiful), stocked before any server runs.
    await database.use(async (db) => {
      for (let i = 0; i < pool.length; i++)
        await db
          .update(products)
          .set({ stock: i % 2 === 0 ? SCARCE_STOCK : PLENTY_STOCK })
          .where(eq(products.id, pool[i]!));
    });
    server = await AppServer.create(database.server);
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  it.each(Array.from({ length: CYCLES }, (_, i) => i + 1))(
    'cycle %i: every answered order is whole, none is duplicated, stock is exact',
    async (cycle) => {
      const rnd = prng(cycle * 7919 + (kind === 'pglite' ? 1 : 2));
      const [scarce, plenty] = [pool[(cycle - 1) * 2]!, pool[(cycle - 1) * 2 + 1]!];

      const newShot = (): Shot => {
        const lines: Line[] = [{ productId: scarce, quantity: 1 + rnd(2) }];
        if (rnd(2) === 0) lines.push({ productId: plenty, quantity: 1 + rnd(3) });
        const key = `crash-${kind}-${crypto.randomUUID()}`;
        return {
          key,
          lines,
          body: {
            idempotencyKey: key,
            email: `crash${cycle}@example.com`,
            lines,
            address,
            shipping: 'standard',
            payment: 'pix',
            installments: 1,
            customer: { name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' },
          },
        };
      };

      // 1. The storm: IN_FLIGHT buyers at once, each sending a new order as soon as the last one is answered,
      // and kill -9 once a random number of answers has come back, so the requests still in flight are caught
      // at every stage (before, inside and after the transaction, during the charge). On PostgreSQL the server
      // restarted by the previous cycle is still up; on PGlite it was stopped so the test could read the folder.
      const started = Date.now();
      if (!server.isRunning) await server.start();
      await warmUp(server);
      const killAfter = 4 + rnd(27);
      const shots: Shot[] = [];
      let answered = 0;
      let killing: Promise<void> | null = null;
      const kill = () => (killing ??= server.kill9());
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (!killing && shots.length < MAX_REQUESTS) {
            const shot = newShot();
            shots.push(shot);
            try {
              shot.storm = await post(server, shot.body);
              if (++answered >= killAfter) void kill();
            } catch (err) {
              shot.stormError = String((err as { cause?: { code?: string } }).cause?.code ?? err);
            }
          }
        }),
      );
      await kill();
      const stormDone = Date.now();

      const answeredShots = shots.filter((s) => s.storm);
      const unanswered = shots.filter((s) => !s.storm);
      expect(answeredShots.length, 'some requests were answered before the kill').toBeGreaterThan(0);
      expect(unanswered.length, 'the kill happened mid-storm').toBeGreaterThan(0);
      for (const s of answeredShots) expect([201, 409], s.storm!.erro).toContain(s.storm!.status);

      // 2. Restart on the same database; retry what got no answer, replay what did.
      await server.start();
      const restarted = Date.now();
      await Promise.all(
        unanswered.map(async (s) => {
          s.retry = await post(server, s.body);
        }),
      );
      for (const s of unanswered) expect([200, 201, 409], s.retry!.erro).toContain(s.retry!.status);
      const created = answeredShots.filter((s) => s.storm!.status === 201);
      const replays = await Promise.all(created.map((s) => post(server, s.body)));
      replays.forEach((r, i) => {
        expect(r.status).toBe(200);
        expect(r.number).toBe(created[i]!.storm!.number);
      });
      // PGlite: one process per folder, so the server stops before the test opens it.
      if (kind === 'pglite') await server.stop();
      const retriesDone = Date.now();

      // 3. What the database holds.
      const final = (s: Shot) => s.retry ?? s.storm!;
      await database.use(async (db) => {
        const keys = shots.map((s) => s.key);
        const found = await db.select({ id: orders.id, key: orders.idempotencyKey, number: orders.number, status: orders.status }).from(orders).where(inArray(orders.idempotencyKey, keys));
        const byKey = new Map(found.map((o) => [o.key, o]));
        expect(byKey.size, 'one order per idempotency key').toBe(found.length);
        const ids = found.map((o) => o.id);
        const lines = ids.length ? await db.select().from(orderLines).where(inArray(orderLines.orderId, ids)) : [];
        const pays = ids.length ? await db.select().from(payments).where(inArray(payments.orderId, ids)) : [];
        const events = ids.length ? await db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids)) : [];

        for (const s of shots) {
          const answer = final(s);
          const order = byKey.get(s.key);
          if (answer.status === 409) {
            expect(order, `${s.key}: answered 409 but an order exists`).toBeUndefined();
            continue;
          }
          expect(order, `${s.key}: answered ${answer.status} but no order exists`).toBeDefined();
          expect(order!.number).toBe(answer.number);
          const own = lines.filter((l) => l.orderId === order!.id).map((l) => ({ productId: l.productId, quantity: l.quantity }));
          expect(own.sort((a, b) => a.productId! - b.productId!)).toEqual([...s.lines].sort((a, b) => a.productId - b.productId));
          const payment = pays.find((p) => p.orderId === order!.id);
          expect(payment, `${order!.number}: no payment row`).toBeDefined();
          expect(payment!.method).toBe('pix');
          // Charged: the PIX code is recorded (a retry resumes a charge the crash interrupted).
          expect(payment!.providerRef, `${order!.number}: charge never recorded`).not.toBeNull();
          expect(payment!.pixCode).toBeTruthy();
          expect(events.filter((e) => e.orderId === order!.id).map((e) => e.status)[0]).toBe('awaiting_payment');
        }
        // Every order of this cycle belongs to a request whose final answer was a success.
        expect(found.length).toBe(shots.filter((s) => [200, 201].includes(final(s).status)).length);

        // Across the whole database: no half-written order, no charge left hanging.
        const [broken] = await rows<{ n: number }>(
          db,
          sql`select count(*)::int as n from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)
            or not exists (select 1 from payments p where p.order_id = o.id) or not exists (select 1 from order_events e where e.order_id = o.id)`,
        );
        expect(broken!.n, 'orders without lines, payment or events').toBe(0);
        const [hanging] = await rows<{ n: number }>(db, sql`select count(*)::int as n from payments where status = 'pending' and provider_ref is null`);
        expect(hanging!.n, 'payments whose charge was never recorded').toBe(0);

        // Stock = initial − units held by existing, non-cancelled orders.
        for (const [id, initial] of [
          [scarce, SCARCE_STOCK],
          [plenty, PLENTY_STOCK],
        ] as const) {
          const [{ stock }] = (await db.select({ stock: products.stock }).from(products).where(eq(products.id, id))) as [{ stock: number }];
          const [held] = await rows<{ n: number }>(
            db,
            sql`select coalesce(sum(l.quantity), 0)::int as n from order_lines l join orders o on o.id = l.order_id where l.product_id = ${id} and o.status <> 'cancelled'`,
          );
          expect(stock, `stock of product ${id}`).toBe(initial - held!.n);
        }

        const writtenUnanswered = unanswered.filter((s) => s.retry!.status === 200).length;
        console.info(
          `[crash ${kind} #${cycle}] ${answeredShots.length} answered before kill -9, ${unanswered.length} unanswered ` +
            `(${writtenUnanswered} had been written before the crash, ${unanswered.filter((s) => s.retry!.status === 201).length} created on retry, ` +
            `${shots.filter((s) => final(s).status === 409).length} sold out); ${found.length} orders; ` +
            `storm ${stormDone - started} ms, restart ${restarted - stormDone} ms, retries ${retriesDone - restarted} ms, checks ${Date.now() - retriesDone} ms`,
        );
      });
    },
    120_000,
  );
});
