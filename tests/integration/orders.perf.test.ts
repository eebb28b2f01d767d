// Efficiency of the order path: round trips to PostgreSQL and statements per read. Behaviour is asserted in
// order-*.test.ts; these fail when a change adds work to the hot path.
import crypto from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#src/domain/catalog/schema.ts';
import { listRecentOrders } from '#src/domain/orders/read.server.ts';
import { expiryWindowEnd } from '#src/domain/orders/expiry.ts';
import { deliverOrderEmail, deliverOrderEmails, queueOrderEmail } from '#src/domain/orders/outbox.server.ts';
import { renderOrderMailHtml } from '#src/emails/render.server.ts';
import { createMailer } from '#src/platform/mailer.server.ts';
import type { OrderView } from '#src/domain/orders/view.ts';
import { orders } from '#src/domain/orders/schema.ts';
import { countRoundTrips, countStatements, createTestDatabase, DATABASE_KINDS, queryRows } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { createTestApp } from '../support/app.ts';

const address = { cep: '01001000', street: 'Praça da Sé', number: '100', complement: 'Sala 2', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' };
const card = { number: '4111 1111 1111 1111', name: 'MARIA DA SILVA', expiry: '12/30', cvv: '123' };
const customer = { name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' };
const order = (over: Record<string, unknown> = {}) => ({
  idempotencyKey: crypto.randomUUID(),
  email: 'maria@example.com',
  lines: [{ productId: 1, quantity: 1 }],
  address,
  shipping: 'standard',
  payment: 'pix',
  installments: 1,
  customer,
  ...over,
});

type Placed = { order: OrderView };

describe.each(DATABASE_KINDS)('order path efficiency on %s', (kind) => {
  let database: TestDatabase;
  let t: ReturnType<typeof createTestApp>;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 60 });
    t = createTestApp(database);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  // Round trips are counted at node-postgres's client, so on PostgreSQL only (registered there, not skipped here).
  if (kind === 'postgres')
    it('places a PIX order in 5 round trips to PostgreSQL, and sends an order e-mail, or a batch of them, in 2', async () => {
      // BEGIN, the stock (1 per line), the order with its lines, event, payment and e-mail (1), COMMIT, and
      // how to pay (1); the order limits, off in this app, add one. The idempotency key is looked up only when
      // the order is refused, the confirmation has no job (the relay sends it), and the expiry's job is one
      // per deadline window: the first order of a window enqueues it (one more), the next ones do not.
      await database.db.update(products).set({ stock: sql`stock + 2` }).where(eq(products.id, 1));
      const first = await t.request('POST', '/api/orders', order());
      expect(first.status).toBe(201);
      const { result: res, roundTrips, texts } = await countRoundTrips(async () => t.request('POST', '/api/orders', order()));
      expect(res.status).toBe(201);
      const windows = await queryRows<{ expires_at: Date }>(
        database.db,
        sql`select expires_at from orders where number in ${[((await first.json()) as Placed).order.number, ((await res.clone().json()) as Placed).order.number]}`,
      );
      const sameWindow = new Set(windows.map((w) => expiryWindowEnd(new Date(w.expires_at)).getTime())).size === 1;
      expect(roundTrips, texts.join('\n')).toBe(sameWindow ? 5 : 6);
      // An order e-mail: taken with its order read whole (1), then recorded as sent (1).
      const { number } = ((await res.json()) as Placed).order;
      const [row] = await queryRows<{ id: number }>(database.db, sql`select id from orders where number = ${number}`);
      await queueOrderEmail(database.db, Number(row!.id), 'shipped', { trackingCode: 'BR123456789BR' }, null);
      const mailer = createMailer({ from: 'loja@example.com', mailDir: t.mailDir });
      const sent = await countRoundTrips(() =>
        deliverOrderEmail(database.db, { orderId: Number(row!.id), kind: 'shipped' }, { mailer, publicUrl: 'http://localhost', storeName: 'Olimpo Peças', html: renderOrderMailHtml }),
      );
      expect(sent.result).toBe('sent');
      expect(sent.roundTrips, sent.texts.join('\n')).toBe(2);
      // A batch of the e-mail jobs shares them: three orders' e-mails in the same 2, each with its own outcome.
      await t.request('POST', '/api/orders', order());
      const recent = await queryRows<{ id: number }>(database.db, sql`select id from orders order by id desc limit 3`);
      for (const r of recent) await queueOrderEmail(database.db, Number(r.id), 'delivered', {}, null);
      const jobs = recent.map((r) => ({ orderId: Number(r.id), kind: 'delivered' as const }));
      const batch = await countRoundTrips(() => deliverOrderEmails(database.db, jobs, { mailer, publicUrl: 'http://localhost', storeName: 'Olimpo Peças', html: renderOrderMailHtml }));
      expect(batch.result).toEqual(['sent', 'sent', 'sent']);
      expect(batch.roundTrips, batch.texts.join('\n')).toBe(2);
      const twice = await deliverOrderEmails(database.db, [jobs[0]!, jobs[0]!], { mailer, publicUrl: 'http://localhost', storeName: 'Olimpo Peças', html: renderOrderMailHtml });
      expect(twice).toEqual(['already-sent', 'already-sent']);
    });

  it('reads a list of orders whole in one statement', async () => {
    const two = await queryRows<{ id: number }>(
      database.db,
      sql`update products set stock = stock + 50 where id in (select p.id from products p where not exists (select 1 from product_variants v where v.product_id = p.id) order by p.id limit 2) returning id`,
    );
    const [a, b] = two.map((r) => Number(r.id)) as [number, number];
    for (const body of [
      order({
        payment: 'credit',
        card,
        lines: [
          { productId: a, quantity: 1 },
          { productId: b, quantity: 2 },
        ],
      }),
      order({
        lines: [
          { productId: b, quantity: 1 },
          { productId: a, quantity: 3 },
        ],
      }),
    ]) {
      expect((await t.request('POST', '/api/orders', body)).status).toBe(201);
    }
    const rows = await database.db.select().from(orders).orderBy(desc(orders.createdAt), desc(orders.id)).limit(30);
    const { result, statements } = await countStatements(database.db, () => listRecentOrders(database.db, 30));
    expect(result).toHaveLength(rows.length);
    expect(statements).toBe(1);
  });
});
