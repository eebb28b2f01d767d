// An order's life after the request, on PGlite and PostgreSQL, with the real job runner: the outbox sends
// the confirmation and one e-mail per status change exactly once; unpaid PIX and boleto orders expire on
// time (a controllable clock), return their stock once even when expired twice at the same moment, and
// tell the buyer why; the order limits answer 429; the LGPD export and deletion cover the buyer's identity.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#src/domain/catalog/schema.ts';
import { EXPIRE_DUE_ORDERS_JOB, expireOrder } from '#src/domain/orders/expiry.server.ts';
import { expiryWindowEnd } from '#src/domain/orders/expiry.ts';
import { deliverOrderEmail } from '#src/domain/orders/outbox.server.ts';
import { moveOrder } from '#src/domain/orders/orders.server.ts';
import type { OrderView } from '#src/domain/orders/view.ts';
import { orders } from '#src/domain/orders/schema.ts';
import { SANDBOX_DECLINED_CARD, signWebhook } from '#src/domain/payments/provider.ts';
import { anonymizeUser, exportUserData } from '#src/domain/accounts/privacy.server.ts';
import type { JobRunner } from '#src/platform/job-runner.server.ts';
import { createTestApp, TEST_WEBHOOK_SECRET } from '../support/app.ts';
import { createTestDatabase, DATABASE_KINDS, queryRows } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { startTestJobs, until } from '../support/jobs.ts';
import { mailText } from '../support/accounts.ts';
import { users } from '#src/domain/accounts/schema.ts';
import { renderOrderMailHtml } from '#src/emails/render.server.ts';

const address = { cep: '01001000', street: 'Praça da Sé', number: '100', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' };
const customer = { name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' };
const order = (over: Record<string, unknown> = {}) => ({
  idempotencyKey: crypto.randomUUID(),
  email: 'vida@example.com',
  lines: [{ productId: 2, quantity: 3 }],
  address,
  shipping: 'standard',
  payment: 'pix',
  installments: 1,
  customer,
  ...over,
});
type Placed = { order: OrderView; accessToken: string | null };

describe.each(DATABASE_KINDS)('order lifecycle on %s', (kind) => {
  let database: TestDatabase;
  let t: ReturnType<typeof createTestApp>;
  let jobs: JobRunner;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 40 });
    t = createTestApp(database);
    // PIX_EXPIRY_MINUTES=1, as a check would run it.
    t.services.checkout.pixExpiryMinutes = 1;
    await database.db.update(products).set({ stock: 500 }).where(eq(products.id, 2));
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
  const stockOf = async (id: number) => (await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;
  const mailOf = (number: string, kind: string) => `${t.mailDir}/pedido-${number}-${kind}.eml`;
  const waitMail = async (number: string, kind: string) => {
    await until(() => fs.existsSync(mailOf(number, kind)), 60_000, `o e-mail ${kind} do pedido ${number}`);
    return mailText(fs.readFileSync(mailOf(number, kind), 'utf8'));
  };
  const mailsOf = (number: string) => fs.readdirSync(t.mailDir).filter((f) => f.includes(number));

  it('e-mails the confirmation, then paid, shipped (Correios tracking link), delivered: each once', async () => {
    const { order: o } = await place(order());
    const confirmation = await waitMail(o.number, 'confirmation');
    expect(confirmation).toContain('Maria da Silva');
    expect(confirmation).toContain('CPF 529.982.247-25');
    // The guest's link carries the order's access token (kept in the outbox row only until sent).
    expect(confirmation).toContain(`http://loja.test/Pedidos/${o.number}?token=`);
    expect(confirmation).toMatch(/válido até \d\d\/\d\d\/\d{4} \d\d:\d\d, horário de Brasília/);

    const payload = JSON.stringify({ event: 'payment.paid', orderNumber: o.number, amountCents: o.totalCents });
    for (let i = 0; i < 2; i++) expect((await t.request('POST', '/api/payments/webhook', payload, { 'x-olimpo-signature': signWebhook(TEST_WEBHOOK_SECRET, payload) })).status).toBe(200);
    expect(await waitMail(o.number, 'paid')).toMatch(/Pagamento aprovado/);
    // The NF-e job invoices the paid order (the embedded sandbox) before it can be picked.
    expect(await waitMail(o.number, 'invoiced')).toMatch(/NF-e nº \d+, série 1, autorizada/);

    expect(await moveOrder(database.db, o.number, 'picking', { jobs })).toEqual({ ok: true });
    expect(await moveOrder(database.db, o.number, 'shipped', { trackingCode: 'AB123456789BR', jobs })).toEqual({ ok: true });
    const shipped = await waitMail(o.number, 'shipped');
    expect(shipped).toContain('AB123456789BR');
    expect(shipped).toContain('https://rastreamento.correios.com.br/app/index.php?objeto=AB123456789BR');
    expect(await moveOrder(database.db, o.number, 'delivered', { jobs })).toEqual({ ok: true });
    await waitMail(o.number, 'delivered');

    // The outbox rows are sent, the confirmation's access token is gone from them, and nothing is sent twice.
    // The .eml file is written before its row is marked sent, so the last row is waited for, not read once.
    const outboxRows = () =>
      queryRows<{ kind: string; sent: boolean; token: string | null }>(
        database.db,
        sql`select kind, sent_at is not null as sent, data->>'token' as token from order_emails e join orders o on o.id = e.order_id where o.number = ${o.number} order by e.id`,
      );
    await expect.poll(outboxRows, { timeout: 10_000 }).toEqual(['confirmation', 'paid', 'invoiced', 'shipped', 'delivered'].map((k) => ({ kind: k, sent: true, token: null })));
    const [row] = await database.db.select({ id: orders.id }).from(orders).where(eq(orders.number, o.number));
    const again = await deliverOrderEmail(
      database.db,
      { orderId: row!.id, kind: 'paid' },
      { mailer: t.services.mailer, publicUrl: 'http://loja.test', storeName: 'Olimpo Peças', html: renderOrderMailHtml },
    );
    expect(again).toBe('already-sent');
    expect(mailsOf(o.number).sort()).toEqual(['confirmation', 'delivered', 'invoiced', 'paid', 'shipped'].map((k) => `pedido-${o.number}-${k}.eml`));
  });

  it('sends an outbox e-mail once when two senders race for it', async () => {
    const { order: o } = await place(order());
    await waitMail(o.number, 'confirmation');
    const [row] = await database.db.select({ id: orders.id }).from(orders).where(eq(orders.number, o.number));
    await database.db.execute(sql`insert into order_emails (order_id, kind, data) values (${row!.id}, 'cancelled', '{"note":"teste de corrida"}')`);
    const settings = { mailer: t.services.mailer, publicUrl: 'http://loja.test', storeName: 'Olimpo Peças', html: renderOrderMailHtml };
    const results = await Promise.all(Array.from({ length: 4 }, () => deliverOrderEmail(database.db, { orderId: row!.id, kind: 'cancelled' }, settings).catch((e: Error) => e.message)));
    expect(results.filter((r) => r === 'sent')).toHaveLength(1);
    expect(mailsOf(o.number).filter((f) => f.includes('cancelled'))).toHaveLength(1);
  });

  it('cancels a declined card with its reason: e-mail, order list and no confirmation', async () => {
    const res = await t.request('POST', '/api/orders', order({ payment: 'credit', card: { number: SANDBOX_DECLINED_CARD, name: 'MARIA DA SILVA', expiry: '12/30', cvv: '123' } }));
    expect(res.status).toBe(402);
    const { pedido } = (await res.json()) as { pedido: OrderView };
    // What "Meus Pedidos" shows as the reason (cancelReason: the cancellation event's note).
    expect(pedido.events.at(-1)).toMatchObject({ status: 'cancelled', note: 'Pagamento recusado pelo emissor do cartão.' });
    const mail = await waitMail(pedido.number, 'cancelled');
    expect(mail).toMatch(/Motivo: Pagamento recusado pelo emissor do cart/);
    // The confirmation is settled (skipped) once the job sees the decline; it may have waited one retry for the charge.
    await until(
      async () =>
        (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from order_emails e join orders o on o.id = e.order_id where o.number = ${pedido.number} and sent_at is null`))[0]!
          .n === 0,
      90_000,
      'a confirmação ser descartada',
    );
    expect(fs.existsSync(mailOf(pedido.number, 'confirmation'))).toBe(false);
  }, 150_000);

  it('expires an unpaid PIX after PIX_EXPIRY_MINUTES: cancelled, "pagamento não confirmado no prazo", stock back once, e-mail', async () => {
    const before = await stockOf(2);
    const { order: o } = await place(order({ lines: [{ productId: 2, quantity: 4 }] }));
    expect(await stockOf(2)).toBe(before - 4);
    // The code's validity shown to the buyer is the order's deadline: one minute.
    expect(new Date(o.payment!.pixExpiresAt!).getTime() - new Date(o.createdAt).getTime()).toBe(60_000);
    const [row] = await database.db.select({ id: orders.id, expiresAt: orders.expiresAt }).from(orders).where(eq(orders.number, o.number));
    expect(row!.expiresAt!.getTime()).toBe(new Date(o.payment!.pixExpiresAt!).getTime());

    // Before the deadline nothing happens; after it, the job and the sweep racing expire it once.
    expect(await expireOrder(database.db, row!.id, jobs, t.services.catalogChanges, new Date(row!.expiresAt!.getTime() - 1000))).toBe('not-due');
    const late = new Date(row!.expiresAt!.getTime() + 1000);
    const results = await Promise.all([1, 2, 3].map(() => expireOrder(database.db, row!.id, jobs, t.services.catalogChanges, late)));
    expect(results.sort()).toEqual(['expired', 'not-waiting', 'not-waiting']);
    expect(await stockOf(2)).toBe(before);
    const [after] = await queryRows<{ status: string; note: string; payment: string }>(
      database.db,
      sql`select o.status, (select note from order_events e where e.order_id = o.id and e.status = 'cancelled') as note, (select status from payments p where p.order_id = o.id) as payment from orders o where o.id = ${row!.id}`,
    );
    expect(after).toEqual({ status: 'cancelled', note: 'pagamento não confirmado no prazo', payment: 'expired' });
    expect(await waitMail(o.number, 'cancelled')).toMatch(/Motivo: pagamento não confirmado no prazo/);
    // A payment that arrives afterwards does not revive it (nor take the stock again).
    const payload = JSON.stringify({ event: 'payment.paid', orderNumber: o.number, amountCents: o.totalCents });
    await t.request('POST', '/api/payments/webhook', payload, { 'x-olimpo-signature': signWebhook(TEST_WEBHOOK_SECRET, payload) });
    expect(await stockOf(2)).toBe(before);
    const [again] = await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, row!.id));
    expect(again!.status).toBe('cancelled');
  });

  it('expires by itself through the runner: one job per deadline window, enqueued with its first order, expires them all', async () => {
    const before = await stockOf(2);
    const placed = [];
    for (let i = 0; i < 3; i++) placed.push((await place(order({ lines: [{ productId: 2, quantity: 1 }] }))).order);
    const numbers = placed.map((o) => o.number);
    const deadlines = await queryRows<{ expires_at: Date }>(database.db, sql`select expires_at from orders where number in ${numbers}`);
    const windows = [...new Set(deadlines.map((d) => expiryWindowEnd(new Date(d.expires_at)).toISOString()))];
    // Three orders a few milliseconds apart share one window (two if they straddle its end): one job each.
    const jobsOf = async () =>
      queryRows<{ until: string; start: Date }>(
        database.db,
        sql`select data->>'until' as until, start_after as start from pgboss.job where name = ${EXPIRE_DUE_ORDERS_JOB} and data->>'until' in ${windows}`,
      );
    const queued = await jobsOf();
    expect(queued.map((j) => j.until).sort()).toEqual([...windows].sort());
    for (const j of queued) expect(new Date(j.start).toISOString()).toBe(j.until);
    // Bring the deadlines and the window's job to now instead of waiting: the runner runs the job.
    await database.db.execute(sql`update orders set expires_at = now() - interval '1 second' where number in ${numbers}`);
    await database.db.execute(sql`update payments set pix_expires_at = now() - interval '1 second' where order_id in (select id from orders where number in ${numbers})`);
    await database.db.execute(sql`update pgboss.job set start_after = now() where name = ${EXPIRE_DUE_ORDERS_JOB} and data->>'until' in ${windows}`);
    await until(async () => (await stockOf(2)) === before, 20_000, 'o estoque voltar');
    const states = await queryRows<{ status: string }>(database.db, sql`select status from orders where number in ${numbers}`);
    expect(states.map((r) => r.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
  });

  it('gives a boleto until the end of the next business day after its due date', async () => {
    const { order: o } = await place(order({ payment: 'boleto' }));
    const [row] = await database.db.select({ id: orders.id, expiresAt: orders.expiresAt }).from(orders).where(eq(orders.number, o.number));
    const due = o.payment!.boletoDueDate!;
    expect(row!.expiresAt!.getTime()).toBeGreaterThan(new Date(`${due}T23:59:59-03:00`).getTime());
    expect(await expireOrder(database.db, row!.id, jobs, t.services.catalogChanges, new Date(`${due}T23:00:00-03:00`))).toBe('not-due');
    expect(await expireOrder(database.db, row!.id, jobs, t.services.catalogChanges, new Date(row!.expiresAt!.getTime() + 1))).toBe('expired');
  });

  it('limits orders per IP and per e-mail (429 in pt-BR), counted in the database', async () => {
    t.services.checkout.orderLimits = { perIp: 100, perEmail: 2, windowMinutes: 60 };
    try {
      const email = `limite-${kind}@example.com`;
      await place(order({ email }));
      await place(order({ email }));
      const res = await t.request('POST', '/api/orders', order({ email }));
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(((await res.json()) as { erro: string }).erro).toBe('Muitos pedidos em pouco tempo. Aguarde alguns minutos e tente novamente.');
      const legacy = await t.request('POST', '/orders', { email, items: [{ id: 2, quantity: 1 }], address, shipping: 'standard', payment: 'pix' });
      expect(legacy.status).toBe(429);
    } finally {
      t.services.checkout.orderLimits = undefined;
    }
  });

  it('pays a PIX order from the sandbox\'s "Simular pagamento" route with the order\'s link, and only with it', async () => {
    const { order: o, accessToken } = await place(order({ payment: 'pix' }));
    expect((await t.request('POST', `/api/payments/sandbox/${o.number}/pay`)).status).toBe(404);
    const res = await t.request('POST', `/api/payments/sandbox/${o.number}/pay?token=${accessToken}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const [row] = await database.db.select({ status: orders.status }).from(orders).where(eq(orders.number, o.number));
    expect(row!.status).toBe('paid');
  });

  it('turns the sandbox pay route and webhook off when the deployment did not choose the sandbox (404)', async () => {
    const { order: o, accessToken } = await place(order());
    t.services.checkout.sandboxRoutes = false;
    try {
      const payload = JSON.stringify({ event: 'payment.paid', orderNumber: o.number, amountCents: o.totalCents });
      expect((await t.request('POST', '/api/payments/webhook', payload, { 'x-olimpo-signature': signWebhook(TEST_WEBHOOK_SECRET, payload) })).status).toBe(404);
      expect((await t.request('POST', `/api/payments/sandbox/${o.number}/pay?token=${accessToken}`)).status).toBe(404);
      const [row] = await database.db.select({ status: orders.status }).from(orders).where(eq(orders.number, o.number));
      expect(row!.status).toBe('awaiting_payment');
    } finally {
      t.services.checkout.sandboxRoutes = true;
    }
  });

  it('exports the buyer identity of the account orders and removes it on deletion', async () => {
    const user = { id: `lgpd-${kind}`, email: `lgpd-${kind}@example.com` };
    await database.db.insert(users).values({ id: user.id, name: 'Maria da Silva', email: user.email });
    const { order: o } = await place(order({ email: user.email }));
    await database.db.update(orders).set({ userId: user.id }).where(eq(orders.number, o.number));
    const exported = (await exportUserData(database.db, user.id))!;
    expect((exported.pedidos as OrderView[])[0]!.customer).toEqual({ name: 'Maria da Silva', cpf: '52998224725', phone: '11987654321' });
    await anonymizeUser(database.db, t.services.catalogChanges, user.id);
    const [row] = await queryRows<Record<string, unknown>>(database.db, sql`select customer_name, customer_cpf, customer_phone, email from orders where number = ${o.number}`);
    expect(row).toEqual({ customer_name: null, customer_cpf: null, customer_phone: null, email: 'removido@anonimo.invalid' });
  });
});
