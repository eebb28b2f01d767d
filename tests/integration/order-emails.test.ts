// Order e-mails through the real API on PGlite and PostgreSQL: the confirmation sent by the placing process's
// relay, handed to its job when the relay fails or is absent, and at most 10 an hour to one address.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#src/domain/catalog/schema.ts';
import { getProduct } from '#src/domain/catalog/products.server.ts';
import { createEmailRelay, enqueueSend, SEND_ORDER_EMAIL_JOB } from '#src/domain/orders/outbox.server.ts';
import type { EmailRelay } from '#src/domain/orders/outbox.server.ts';
import { orders } from '#src/domain/orders/schema.ts';
import { createTestDatabase, DATABASE_KINDS, queryRows } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { createTestApp } from '../support/app.ts';
import { startTestJobs, until } from '../support/jobs.ts';
import type { JobRunner } from '#src/platform/job-runner.server.ts';
import { renderOrderMailHtml } from '#src/emails/render.server.ts';
import { order } from '../support/orders.ts';
import type { Placed } from '../support/orders.ts';

describe.each(DATABASE_KINDS)('order e-mails on %s', (kind) => {
  let database: TestDatabase;
  let t: ReturnType<typeof createTestApp>;
  let jobs: JobRunner;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 60 });
    t = createTestApp(database);
    jobs = await startTestJobs(database, t.services);
  });
  afterAll(async () => {
    await jobs?.stop();
    await database?.dispose();
  });
  const place = async (body: unknown, expected = 201) => {
    const res = await t.request('POST', '/api/orders', body);
    const json = (await res.json()) as Placed & { erro?: string };
    expect(res.status, json.erro).toBe(expected);
    return json;
  };
  const stockOf = async (id: number) => (await getProduct(database.db, id))!.stock;

  const emailJobsOf = async (number: string) =>
    (
      await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from pgboss.job where name = ${SEND_ORDER_EMAIL_JOB} and data->>'orderId' = (select id::text from orders where number = ${number})`,
      )
    )[0]!.n;

  it('sends a confirmation e-mail with the order link, from the relay of the process that placed it (no job)', async () => {
    const placed = await place(order({ email: 'joao@example.com' }));
    // Sent from the outbox after the request answered, by this process's relay: no job was needed.
    const file = `${t.mailDir}/pedido-${placed.order.number}-confirmation.eml`;
    await until(() => fs.existsSync(file), 20_000, 'o e-mail de confirmação');
    const mail = fs.readFileSync(file, 'utf8');
    expect(mail).toMatch(/^To: joao@example.com\r?$/m);
    expect(mail).toContain(placed.order.number);
    expect(await emailJobsOf(placed.order.number)).toBe(0);
  });

  /** Places an order with `relay` as this process's relay (none: undefined), then stops it and puts the serving one back. */
  const placeWithRelay = async (relay: EmailRelay | undefined, email: string): Promise<Placed> => {
    const serving = t.services.emailRelay;
    t.services.emailRelay = relay ?? null;
    // Its own unit, so the later tests find product 1's stock as they expect.
    await database.db.update(products).set({ stock: sql`stock + 1` }).where(eq(products.id, 1));
    try {
      return await place(order({ email }));
    } finally {
      await relay?.stop();
      t.services.emailRelay = serving;
    }
  };

  it('hands a confirmation the relay could not send to its job, which sends it', async () => {
    // This process's relay now has a mailer that fails; the job runner's mailer is the real one.
    const failing = createEmailRelay(
      database.db,
      () => ({ mailer: { send: async () => Promise.reject(new Error('SMTP fora do ar')) }, publicUrl: 'http://localhost', storeName: 'Olimpo Peças', html: renderOrderMailHtml }),
      (job) => enqueueSend(jobs, job),
    );
    const placed = await placeWithRelay(failing, 'relay-falhou@example.com');
    expect(await emailJobsOf(placed.order.number)).toBe(1);
    const confirmation = async () =>
      (
        await queryRows<{ attempts: number; sent: boolean }>(
          database.db,
          sql`select attempts, sent_at is not null as sent from order_emails where kind = 'confirmation' and order_id = (select id from orders where number = ${placed.order.number})`,
        )
      )[0]!;
    await until(async () => (await confirmation()).sent, 20_000, 'o e-mail enviado pela tarefa');
    expect(await confirmation()).toEqual({ attempts: 2, sent: true });
    expect(fs.existsSync(`${t.mailDir}/pedido-${placed.order.number}-confirmation.eml`)).toBe(true);
  });

  it('without a relay (a script) the order enqueues its confirmation job in its transaction', async () => {
    const placed = await placeWithRelay(undefined, 'sem-relay@example.com');
    expect(await emailJobsOf(placed.order.number)).toBe(1);
    await until(() => fs.existsSync(`${t.mailDir}/pedido-${placed.order.number}-confirmation.eml`), 20_000, 'o e-mail enviado pela tarefa');
  });

  it('sends at most 10 order e-mails an hour to one address; the orders themselves are placed', async () => {
    const email = `alvo-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const count = () => fs.readdirSync(t.mailDir).filter((f) => fs.readFileSync(`${t.mailDir}/${f}`, 'utf8').includes(`To: ${email}`)).length;
    const [spare] = await queryRows<{ id: number }>(
      database.db,
      sql`update products set stock = stock + 100 where id = (select max(id) from products p where not exists (select 1 from product_variants v where v.product_id = p.id)) returning id`,
    );
    const lines = [{ productId: Number(spare!.id), quantity: 1 }];
    for (let i = 0; i < 12; i++) expect((await t.request('POST', '/api/orders', order({ email: i % 2 ? email.toUpperCase() : email, lines }))).status).toBe(201);
    // The confirmations leave through the outbox and the job runner: wait until all 12 were handled.
    await until(
      async () => {
        const [row] = await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from order_emails e join orders o on o.id = e.order_id where o.email = ${email} and e.kind = 'confirmation' and e.sent_at is not null`,
        );
        return row!.n === 12;
      },
      30_000,
      'as 12 confirmações',
    );
    expect(count()).toBe(10);
  });
});
