// Placing orders through the real API on PGlite and PostgreSQL: totals from the server, stock taken in one
// transaction (no oversell under concurrency), idempotency, card/PIX/boleto, webhook, access control.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { isValidBoleto, getBoletoInfo } from '@brazilian-utils/brazilian-utils';
import { parsePix, hasError } from 'pix-utils';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/domain/catalog/schema.ts';
import { getProduct } from '../../src/domain/catalog/products.server.ts';
import { signWebhook, SANDBOX_DECLINED_CARD } from '../../src/domain/payments/provider.ts';
import { listRecentOrders, loadOrderView, readOrder } from '../../src/domain/orders/read.server.ts';
import { createEmailRelay, enqueueSend, maybeEmailRelay, SEND_ORDER_EMAIL_JOB, setEmailRelay } from '../../src/domain/orders/outbox.server.ts';
import type { EmailRelay } from '../../src/domain/orders/outbox.server.ts';
import type { OrderView } from '../../src/domain/orders/view.ts';
import { orders } from '../../src/domain/orders/schema.ts';
import { createTestDatabase, DATABASE_KINDS, queryRows } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { createTestApp, TEST_WEBHOOK_SECRET } from '../support/app.ts';
import { startTestJobs, until } from '../support/jobs.ts';
import type { JobRunner } from '../../src/platform/job-runner.server.ts';
import { brasiliaDay } from '../../src/platform/datetime.ts';
import { renderOrderMailHtml } from '../../src/emails/render.server.ts';

const address = { cep: '01001000', street: 'Praça da Sé', number: '100', complement: 'Sala 2', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' };
const card = { number: '4111 1111 1111 1111', name: 'MARIA DA SILVA', expiry: '12/30', cvv: '123' };
const key = () => crypto.randomUUID();
const customer = { name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' };
const order = (over: Record<string, unknown> = {}) => ({
  idempotencyKey: key(),
  email: 'maria@example.com',
  lines: [{ productId: 1, quantity: 1 }],
  address,
  shipping: 'standard',
  payment: 'pix',
  installments: 1,
  customer,
  ...over,
});

type Placed = { order: OrderView; accessToken: string | null; orderUrl: string; replayed: boolean };

describe.each(DATABASE_KINDS)('orders on %s', (kind) => {
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

  it('computes every total on the server and ignores browser-sent prices', async () => {
    const before = await stockOf(1);
    const placed = await place({ ...order({ payment: 'pix', coupon: 'olimpo', lines: [{ productId: 1, quantity: 2, price: 1, valoratual: 0.01 }] }), total: 1, subtotal: 1, shippingCost: 0, discount: 99999 });
    const o = placed.order;
    // 2 × 719,90 = 1.439,80; coupon 10 % = 143,98; + R$ 15,90 = 1.311,72; PIX × 0,9 = 1.180,548 → 1.180,55
    expect(o).toMatchObject({ subtotalCents: 143980, couponDiscountCents: 14398, shippingCents: 1590, totalCents: 118055, paymentDiscountCents: 131172 - 118055, status: 'awaiting_payment', couponCode: 'OLIMPO' });
    expect(o.number).toMatch(/^\d{8}$/);
    expect(o.lines).toEqual([expect.objectContaining({ productId: 1, quantity: 2, unitPriceCents: 71990, lineTotalCents: 143980, title: expect.stringContaining('Farol') })]);
    expect(await stockOf(1)).toBe(before - 2);
    expect(placed.accessToken).toBeTruthy();
  });

  it('makes a real PIX BR Code with a valid CRC and the order amount', async () => {
    const { order: o } = await place(order({ payment: 'pix' }));
    const pix = parsePix(o.payment!.pixCode!);
    expect(hasError(pix)).toBe(false);
    if (!hasError(pix) && pix.type === 'STATIC') {
      expect(pix.transactionAmount).toBeCloseTo(o.totalCents / 100, 2);
      expect(pix.pixKey).toBe('pix@olimpopecas.com.br');
    }
    expect(new Date(o.payment!.pixExpiresAt!).getTime() - Date.parse(o.createdAt)).toBe(30 * 60_000);
  });

  it('makes a boleto whose linha digitável is valid and carries amount and due date', async () => {
    const { order: o } = await place(order({ payment: 'boleto', shipping: 'express' }));
    const line = o.payment!.boletoLine!;
    expect(line).toMatch(/^\d{47}$/);
    expect(isValidBoleto(line)).toBe(true);
    const info = getBoletoInfo(line)!;
    expect(info.amount).toBe(o.totalCents);
    // Three days on, as a calendar day in Brasília (late in the evening there the UTC date is a day ahead).
    const due = brasiliaDay(Date.parse(o.createdAt) + 3 * 86_400_000);
    expect(o.payment!.boletoDueDate).toBe(due);
    expect(info.expirationDate?.toISOString().slice(0, 10)).toBe(due);
    // express R$ 29,90 and boleto −5 %
    expect(o.totalCents).toBe(Math.floor(((71990 + 2990) * 95 + 50) / 100));
  });

  it('charges a card: approved with brand and last 4 only, installments checked', async () => {
    const { order: o } = await place(order({ payment: 'credit', card, installments: 3 }));
    expect(o.status).toBe('paid');
    expect(o.payment).toMatchObject({ status: 'paid', cardBrand: 'Visa', cardLast4: '1111' });
    expect(o.installments).toBe(3);
    const res = await t.request('POST', '/api/orders', order({ payment: 'credit', card, installments: 10, lines: [{ productId: 2, quantity: 1 }] }));
    const p2 = (await getProduct(database.db, 2))!;
    const gross = p2.priceCents + 1590;
    if (Math.floor(gross / 1000) < 10) {
      expect(res.status).toBe(400);
      expect(((await res.json()) as { erro: string }).erro).toBe('Número de parcelas inválido para este valor.');
    } else expect(res.status).toBe(201);
  });

  it('refuses bad cards with clear messages and takes no stock', async () => {
    const before = await stockOf(1);
    const cases: [Record<string, string>, string][] = [
      [{ ...card, cvv: '' }, 'Por favor, preencha todos os dados do cartão.'],
      [{ ...card, number: '4111 1111 1111 1112' }, 'Número do cartão inválido. Confira os dígitos.'],
      [{ ...card, expiry: '01/20' }, 'Validade inválida ou vencida. Use o formato MM/AA.'],
    ];
    for (const [c, message] of cases) {
      const res = await t.request('POST', '/api/orders', order({ payment: 'credit', card: c }));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ erro: message });
    }
    expect(await stockOf(1)).toBe(before);
  });

  it('cancels the order and returns the stock when the sandbox declines the card', async () => {
    const before = await stockOf(1);
    const res = await t.request('POST', '/api/orders', order({ payment: 'credit', card: { ...card, number: SANDBOX_DECLINED_CARD } }));
    expect(res.status).toBe(402);
    const body = (await res.json()) as { erro: string; pedido: OrderView };
    expect(body.erro).toMatch(/Pagamento recusado/);
    expect(body.pedido.status).toBe('cancelled');
    expect(await stockOf(1)).toBe(before);
  });

  it('returns the same order for the same idempotency key, and refuses the key with another body', async () => {
    const body = order({ payment: 'boleto' });
    const first = await place(body);
    const before = await stockOf(1);
    const again = await place(body, 200);
    expect(again.replayed).toBe(true);
    expect(again.order.number).toBe(first.order.number);
    expect(await stockOf(1)).toBe(before);
    const changed = await t.request('POST', '/api/orders', { ...body, lines: [{ productId: 1, quantity: 3 }] });
    expect(changed.status).toBe(422);
    // Two submissions at once with one key: one order.
    const body2 = order({ payment: 'pix' });
    const both = await Promise.all([t.request('POST', '/api/orders', body2), t.request('POST', '/api/orders', body2)]);
    const numbers = await Promise.all(both.map(async (r) => ((await r.json()) as Placed).order.number));
    expect(numbers[0]).toBe(numbers[1]);
    const [count] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from orders where idempotency_key = ${body2.idempotencyKey}`);
    expect(count!.n).toBe(1);
  });

  it('answers a retry of the order that took the last unit with that order, not "sem estoque"', async () => {
    const [spare] = await queryRows<{ id: number }>(database.db, sql`update products set stock = 1 where id = (select max(id) from products p where stock > 0 and not exists (select 1 from product_variants v where v.product_id = p.id)) returning id`);
    const body = order({ lines: [{ productId: Number(spare!.id), quantity: 1 }] });
    const first = await place(body);
    expect(await stockOf(Number(spare!.id))).toBe(0);
    const again = await place(body, 200);
    expect(again.replayed).toBe(true);
    expect(again.order.number).toBe(first.order.number);
    // Another buyer is told the truth.
    const other = await t.request('POST', '/api/orders', { ...body, idempotencyKey: key() });
    expect(other.status).toBe(409);
  });

  it('never oversells: 50 simultaneous orders for stock 5 give exactly 5 orders', async () => {
    await database.db.update(products).set({ stock: 5 }).where(eq(products.id, 7));
    const title = (await getProduct(database.db, 7))!.title;
    const results = await Promise.all(Array.from({ length: 50 }, () => t.request('POST', '/api/orders', order({ payment: 'pix', lines: [{ productId: 7, quantity: 1 }] }))));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(45);
    const refused = results.find((r) => r.status === 409)!;
    expect(((await refused.json()) as { erro: string }).erro).toContain(title);
    expect(await stockOf(7)).toBe(0);
  });

  it('sells colours and sizes from their own stock, and says which line cannot be sold', async () => {
    // A product with colours and sizes (footwear in the demo catalog), one variant given stock 2.
    const [shoe] = await queryRows<{ id: number; title: string; color: string; size: string; variant: number }>(
      database.db,
      sql`select p.id, p.title, v.color, v.size, v.id as variant from products p join product_variants v on v.product_id = p.id order by p.id, v.id limit 1`,
    );
    expect(shoe, 'the seed has a product with variants').toBeTruthy();
    await database.db.execute(sql`update product_variants set stock = 2 where id = ${shoe!.variant}`);
    await database.db.update(products).set({ stock: 10 }).where(eq(products.id, shoe!.id));
    const variantStock = async () => (await queryRows<{ stock: number }>(database.db, sql`select stock from product_variants where id = ${shoe!.variant}`))[0]!.stock;

    const placed = await place(order({ lines: [{ productId: shoe!.id, color: shoe!.color, size: shoe!.size, quantity: 2 }] }));
    expect(placed.order.lines).toEqual([expect.objectContaining({ productId: shoe!.id, color: shoe!.color, size: shoe!.size, quantity: 2 })]);
    expect(await variantStock()).toBe(0);
    expect(await stockOf(shoe!.id)).toBe(8);

    const refuse = async (line: Record<string, unknown>, message: string) => {
      const before = await queryRows(database.db, sql`select count(*)::int as n from orders`);
      const json = await place(order({ lines: [{ productId: 2, quantity: 1 }, line] }), 409);
      expect(json.erro).toBe(message);
      expect(await queryRows(database.db, sql`select count(*)::int as n from orders`)).toEqual(before);
    };
    await database.db.update(products).set({ stock: 50 }).where(eq(products.id, 2));
    await refuse({ productId: shoe!.id, color: shoe!.color, size: shoe!.size, quantity: 1 }, `Desculpe, o produto "${shoe!.title} (${shoe!.color}, ${shoe!.size})" não tem estoque suficiente. Ajuste a quantidade no carrinho.`);
    await refuse({ productId: shoe!.id, quantity: 1 }, `Escolha uma cor e um tamanho disponíveis para "${shoe!.title}".`);
    await refuse({ productId: shoe!.id, color: 'Furta-cor', size: shoe!.size, quantity: 1 }, `Escolha uma cor e um tamanho disponíveis para "${shoe!.title}".`);
    await refuse({ productId: 999999, quantity: 1 }, 'Um produto do carrinho não está mais disponível. Revise o carrinho.');
    // Every refusal rolled back the other line's stock too.
    expect(await stockOf(2)).toBe(50);
    expect(await stockOf(shoe!.id)).toBe(8);

    // A colour or size sent for a product sold without them is ignored.
    const plain = await place(order({ lines: [{ productId: 2, color: 'Preto', size: '42', quantity: 1 }] }));
    expect(plain.order.lines).toEqual([expect.objectContaining({ productId: 2, color: null, size: null, quantity: 1 })]);
    expect(await stockOf(2)).toBe(49);
  });

  it('lets the token holder read the order and nobody else', async () => {
    const placed = await place(order());
    const n = placed.order.number;
    expect((await t.request('GET', `/api/orders/${n}?token=${placed.accessToken}`)).status).toBe(200);
    expect((await t.request('GET', `/api/orders/${n}`)).status).toBe(404);
    expect((await t.request('GET', `/api/orders/${n}?token=wrong`)).status).toBe(404);
    expect((await t.request('GET', `/api/orders`)).status).toBe(401);
    expect((await t.request('GET', `/orders`)).status).toBe(401);
    expect(placed.orderUrl).toBe(`http://loja.test/Pedidos/${n}?token=${placed.accessToken}`);
  });

  it('marks a PIX order paid through the signed webhook, once', async () => {
    const { order: o } = await place(order({ payment: 'pix' }));
    const payload = JSON.stringify({ event: 'payment.paid', orderNumber: o.number, amountCents: o.totalCents });
    expect((await t.request('POST', '/api/payments/webhook', payload, { 'x-olimpo-signature': 'sha256=bad' })).status).toBe(401);
    const wrongAmount = JSON.stringify({ event: 'payment.paid', orderNumber: o.number, amountCents: 1 });
    expect((await t.request('POST', '/api/payments/webhook', wrongAmount, { 'x-olimpo-signature': signWebhook(TEST_WEBHOOK_SECRET, wrongAmount) })).status).toBe(422);
    for (let i = 0; i < 2; i++) {
      const res = await t.request('POST', '/api/payments/webhook', payload, { 'x-olimpo-signature': signWebhook(TEST_WEBHOOK_SECRET, payload) });
      expect(res.status).toBe(200);
    }
    const [row] = await queryRows<{ status: string; paid_events: number }>(database.db, sql`select status, (select count(*)::int from order_events e where e.order_id = o.id and e.status = 'paid') as paid_events from orders o where number = ${o.number}`);
    expect(row).toEqual({ status: 'paid', paid_events: 1 });
  });

  const emailJobsOf = async (number: string) =>
    (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from pgboss.job where name = ${SEND_ORDER_EMAIL_JOB} and data->>'orderId' = (select id::text from orders where number = ${number})`))[0]!.n;

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
    const serving = maybeEmailRelay();
    setEmailRelay(relay);
    // Its own unit, so the later tests find product 1's stock as they expect.
    await database.db.update(products).set({ stock: sql`stock + 1` }).where(eq(products.id, 1));
    try {
      return await place(order({ email }));
    } finally {
      await relay?.stop();
      setEmailRelay(serving ?? undefined);
    }
  };

  it('hands a confirmation the relay could not send to its job, which sends it', async () => {
    // This process's relay now has a mailer that fails; the job runner's mailer is the real one.
    const failing = createEmailRelay(database.db, () => ({ mailer: { send: async () => Promise.reject(new Error('SMTP fora do ar')) }, publicUrl: 'http://localhost', storeName: 'Olimpo Peças', html: renderOrderMailHtml }), (job) => enqueueSend(jobs, job));
    const placed = await placeWithRelay(failing, 'relay-falhou@example.com');
    expect(await emailJobsOf(placed.order.number)).toBe(1);
    const confirmation = async () =>
      (await queryRows<{ attempts: number; sent: boolean }>(database.db, sql`select attempts, sent_at is not null as sent from order_emails where kind = 'confirmation' and order_id = (select id from orders where number = ${placed.order.number})`))[0]!;
    await until(async () => (await confirmation()).sent, 20_000, 'o e-mail enviado pela tarefa');
    expect(await confirmation()).toEqual({ attempts: 2, sent: true });
    expect(fs.existsSync(`${t.mailDir}/pedido-${placed.order.number}-confirmation.eml`)).toBe(true);
  });

  it('without a relay (a script) the order enqueues its confirmation job in its transaction', async () => {
    const placed = await placeWithRelay(undefined, 'sem-relay@example.com');
    expect(await emailJobsOf(placed.order.number)).toBe(1);
    await until(() => fs.existsSync(`${t.mailDir}/pedido-${placed.order.number}-confirmation.eml`), 20_000, 'o e-mail enviado pela tarefa');
  });

  it('uses the accounts’ e-mail rule: lists and odd forms are refused on both order calls', async () => {
    for (const email of ['victim,attacker@example.com', 'victim@example.com,attacker@example.com', 'a b@example.com', '"vitima"@example.com', '<vitima@example.com>', 'vitima@example']) {
      const api = await t.request('POST', '/api/orders', order({ email }));
      expect(api.status, email).toBe(400);
      expect(await api.json()).toEqual({ erro: 'Por favor, insira um e-mail válido.' });
      const legacy = await t.request('POST', '/orders', { email, items: [{ id: 1, quantity: 1 }], address, shipping: 'standard', payment: 'pix' });
      expect(legacy.status, email).toBe(400);
    }
  });

  it('sends at most 10 order e-mails an hour to one address; the orders themselves are placed', async () => {
    const email = `alvo-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const count = () => fs.readdirSync(t.mailDir).filter((f) => fs.readFileSync(`${t.mailDir}/${f}`, 'utf8').includes(`To: ${email}`)).length;
    const [spare] = await queryRows<{ id: number }>(database.db, sql`update products set stock = stock + 100 where id = (select max(id) from products p where not exists (select 1 from product_variants v where v.product_id = p.id)) returning id`);
    const lines = [{ productId: Number(spare!.id), quantity: 1 }];
    for (let i = 0; i < 12; i++) expect((await t.request('POST', '/api/orders', order({ email: i % 2 ? email.toUpperCase() : email, lines }))).status).toBe(201);
    // The confirmations leave through the outbox and the job runner: wait until all 12 were handled.
    await until(async () => {
      const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from order_emails e join orders o on o.id = e.order_id where o.email = ${email} and e.kind = 'confirmation' and e.sent_at is not null`);
      return row!.n === 12;
    }, 30_000, 'as 12 confirmações');
    expect(count()).toBe(10);
  });

  it('accepts the spec payload on POST /orders through the same path, recomputing totals', async () => {
    const res = await t.request('POST', '/orders', {
      email: 'ana@example.com',
      items: [{ id: 1, titulo: 'Farol', valoratual: 0.01, quantity: 1 }],
      address: { ...address, cep: '01001-000' },
      shipping: 'express',
      payment: 'pix',
      installments: 1,
      subtotal: 0.01,
      shippingCost: 0,
      discount: 0,
      total: 0.01,
      numero: '#12345678',
      data: '01/01/2025',
    });
    expect(res.status).toBe(201);
    // The answer is the order the shop recorded, in the prototype's names: its number and totals, not the client's.
    const body = (await res.json()) as Record<string, unknown> & { pix: { codigo: string; qrCodeUrl: string }; items: Record<string, unknown>[] };
    const totalCents = Math.floor(((71990 + 2990) * 90 + 50) / 100);
    expect(body.total).toBe(totalCents / 100);
    expect(body).toMatchObject({ subtotal: 719.9, shippingCost: 29.9, payment: 'pix', shipping: 'express', installments: 1, status: 'awaiting_payment', email: 'ana@example.com' });
    expect(body.discount).toBeCloseTo(719.9 + 29.9 - totalCents / 100, 2);
    expect(body.numero).toMatch(/^#\d{8}$/);
    expect(body.numero).not.toBe('#12345678');
    expect(body.data).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(body.items[0]).toMatchObject({ id: 1, quantity: 1, valoratual: 719.9 });
    expect(hasError(parsePix(body.pix.codigo))).toBe(false);
    expect(body.pix.qrCodeUrl).toMatch(/\/api\/orders\/\d{8}\/pix\.svg\?token=/);
    expect(body.orderUrl).toMatch(new RegExp(`/Pedidos/${String(body.numero).slice(1)}\\?token=`));
    const boleto = await t.request('POST', '/orders', { email: 'ana@example.com', items: [{ id: await spare(), quantity: 1 }], address, shipping: 'standard', payment: 'boleto' });
    const b = (await boleto.json()) as { boleto: { linhaDigitavel: string; url: string } };
    expect(isValidBoleto(b.boleto.linhaDigitavel)).toBe(true);
    expect(b.boleto.url).toMatch(/\/Pedidos\/\d{8}\/boleto\?token=/);
  });

  /** A product with plenty of stock (the first ones run out across this file's tests). */
  const spare = async () => {
    const [row] = await queryRows<{ id: number }>(database.db, sql`update products set stock = stock + 50 where id = (select max(id) from products p where not exists (select 1 from product_variants v where v.product_id = p.id)) returning id`);
    return Number(row!.id);
  };

  it('numbers orders with 8 unique digits that do not step by a constant (order volume stays private)', async () => {
    const id = await spare();
    const numbers: number[] = [];
    for (let i = 0; i < 4; i++) numbers.push(Number((await place(order({ payment: 'boleto', lines: [{ productId: id, quantity: 1 }] }))).order.number));
    const steps = numbers.slice(1).map((n, i) => n - numbers[i]!);
    expect(new Set(steps).size, `passos ${steps.join(', ')}`).toBeGreaterThan(1);
    for (const n of numbers) expect(String(n)).toMatch(/^[1-9]\d{7}$/);
    // A permutation: the first 30,000 sequence values give 30,000 different 8-digit numbers.
    const [check] = await queryRows<{ distinct: number; bad: number }>(
      database.db,
      sql`select count(distinct n)::int as distinct, count(*) filter (where n !~ '^[1-9][0-9]{7}$')::int as bad from (select olimpo_order_number(g) as n from generate_series(1, 30000) g) s`,
    );
    expect(check).toEqual({ distinct: 30000, bad: 0 });
  });

  it('takes the Idempotency-Key header on POST /api/orders and POST /orders: the same key gives the first order', async () => {
    const k = key();
    const id = await spare();
    const { idempotencyKey: _omit, ...body } = order({ payment: 'boleto', lines: [{ productId: id, quantity: 1 }] });
    const first = await t.request('POST', '/api/orders', body, { 'idempotency-key': k });
    expect(first.status).toBe(201);
    const again = await t.request('POST', '/api/orders', body, { 'idempotency-key': k });
    expect(again.status).toBe(200);
    expect(((await again.json()) as Placed).order.number).toBe(((await first.json()) as Placed).order.number);
    const mismatch = await t.request('POST', '/api/orders', { ...body, idempotencyKey: key() }, { 'idempotency-key': k });
    expect(mismatch.status).toBe(400);
    expect(((await mismatch.json()) as { erro: string }).erro).toMatch(/Idempotency-Key/);

    const legacy = { email: 'duplo@example.com', items: [{ id, quantity: 1 }], address, shipping: 'standard', payment: 'pix' };
    const lk = key();
    const [a, b] = await Promise.all([t.request('POST', '/orders', legacy, { 'idempotency-key': lk }), t.request('POST', '/orders', legacy, { 'idempotency-key': lk })]);
    const [ja, jb] = (await Promise.all([a.json(), b.json()])) as { numero: string }[];
    expect(ja!.numero).toBe(jb!.numero);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    const [{ n }] = (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from orders where email = 'duplo@example.com'`)) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('records a credit order sent to POST /orders without a card as awaiting payment, paid later with the card', async () => {
    const res = await t.request('POST', '/orders', { email: 'depois@example.com', items: [{ id: await spare(), quantity: 1 }], address, shipping: 'standard', payment: 'credit', installments: 1 });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string; status: string; paymentUrl: string; accessToken: string; total: number };
    expect(body.status).toBe('awaiting_payment');
    expect(body.paymentUrl).toMatch(new RegExp(`/Pedidos/${body.id}\\?token=`));
    const view = await t.request('GET', `/api/orders/${body.id}?token=${encodeURIComponent(body.accessToken)}`);
    expect(view.headers.get('cache-control')).toMatch(/no-store/);
    expect(await view.json()).toMatchObject({ status: 'awaiting_payment', paymentMethod: 'credit', payment: { status: 'pending' } });

    const pay = (c: Record<string, string>, token = body.accessToken) => t.request('POST', `/api/orders/${body.id}/pay`, { card: c, token });
    expect((await pay(card, 'token-errado')).status).toBe(404);
    const bad = await pay({ ...card, cvv: '1' });
    expect(bad.status).toBe(400);
    const [paid, twice] = await Promise.all([pay(card), pay(card)]);
    expect([paid.status, twice.status].sort()).toEqual([200, 409]);
    const after = (await (await t.request('GET', `/api/orders/${body.id}?token=${encodeURIComponent(body.accessToken)}`)).json()) as OrderView;
    expect(after).toMatchObject({ status: 'paid', payment: { status: 'paid', cardLast4: '1111' } });
    expect(after.totalCents).toBe(Math.round(body.total * 100));
    // The JSON API keeps asking for the card (its checkout sends it).
    expect((await t.request('POST', '/api/orders', order({ payment: 'credit', lines: [{ productId: await spare(), quantity: 1 }] }))).status).toBe(400);
  });

  it('answers 400 in pt-BR for bad orders and writes nothing', async () => {
    const [{ n: before }] = (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from orders`)) as [{ n: number }];
    const cases: [unknown, string][] = [
      [order({ email: 'maria' }), 'Por favor, insira um e-mail válido.'],
      [order({ lines: [] }), 'Seu carrinho está vazio!'],
      [order({ address: { ...address, street: '' } }), 'Por favor, preencha todos os campos do endereço e selecione uma forma de envio.'],
      [order({ address: { ...address, cep: '0100' } }), 'Digite um CEP válido com 8 números.'],
      [order({ address: { ...address, state: 'XX' } }), 'Por favor, preencha todos os campos do endereço e selecione uma forma de envio.'],
      [order({ shipping: 'drone' }), 'Por favor, preencha todos os campos do endereço e selecione uma forma de envio.'],
      [order({ payment: 'bitcoin' }), 'Por favor, selecione um método de pagamento.'],
      [order({ payment: 'credit' }), 'Por favor, preencha todos os dados do cartão.'],
      [order({ idempotencyKey: 'x' }), 'Chave de idempotência inválida.'],
      [order({ lines: [{ productId: 1, quantity: -1 }] }), 'Quantidade inválida.'],
    ];
    for (const [body, message] of cases) {
      const res = await t.request('POST', '/api/orders', body);
      expect(res.status, message).toBe(400);
      expect(((await res.json()) as { erro: string }).erro).toBe(message);
    }
    const [{ n: after }] = (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from orders`)) as [{ n: number }];
    expect(after).toBe(before);
  });

  it('stores the buyer (name, CPF, celular as digits) and refuses a missing or invalid CPF with a 400 naming the CPF', async () => {
    await database.db.update(products).set({ stock: 100 }).where(eq(products.id, 1));
    const placed = await place(order({ customer: { name: '  Maria   da Silva ', cpf: '529.982.247-25', phone: '(11) 98765-4321' } }));
    expect(placed.order.customer).toEqual({ name: 'Maria da Silva', cpf: '52998224725', phone: '11987654321' });
    const [row] = await queryRows<{ customer_cpf: string }>(database.db, sql`select customer_cpf from orders where number = ${placed.order.number}`);
    expect(row!.customer_cpf).toBe('52998224725');
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ customer: undefined }, /CPF/],
      [{ customer: { name: 'Maria da Silva', phone: '11987654321' } }, /CPF/],
      [{ customer: { ...customer, cpf: '529.982.247-26' } }, /CPF inválido/],
      [{ customer: { ...customer, cpf: '111.111.111-11' } }, /CPF inválido/],
      [{ customer: { ...customer, cpf: 'abc' } }, /CPF/],
      [{ customer: { ...customer, name: 'Maria' } }, /nome completo/],
      [{ customer: { ...customer, phone: '(11) 3333-4444' } }, /Celular inválido/],
    ];
    for (const [over, message] of bad) {
      const res = await t.request('POST', '/api/orders', order(over));
      expect(res.status, String(message)).toBe(400);
      expect(((await res.json()) as { erro: string }).erro).toMatch(message);
    }
  });

  it('caps units per product after equal lines are merged, and answers 400 for a total too large to represent', async () => {
    const before = await stockOf(2);
    const res = await t.request('POST', '/api/orders', order({ lines: [{ productId: 2, quantity: 60 }, { productId: 2, quantity: 60 }] }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { erro: string }).erro).toBe('Quantidade máxima por produto: 100 unidades por pedido.');
    expect(await stockOf(2)).toBe(before);
    await database.db.update(products).set({ priceCents: 2_000_000_000, stock: 1000 }).where(eq(products.id, 3));
    const huge = await t.request('POST', '/api/orders', order({ lines: [{ productId: 3, quantity: 2 }] }));
    expect(huge.status).toBe(400);
    expect(((await huge.json()) as { erro: string }).erro).toMatch(/ultrapassa o limite/);
    expect(await stockOf(3)).toBe(1000);
  });

  it('never stores a card number or CVV', async () => {
    await place(order({ payment: 'credit', card: { ...card, number: '5555 5555 5555 4444', cvv: '987' } }));
    const dump = JSON.stringify(await queryRows(database.db, sql`select row_to_json(p)::text as r from payments p`)) + JSON.stringify(await queryRows(database.db, sql`select row_to_json(o)::text as r from orders o`));
    expect(dump).not.toContain('5555555555554444');
    expect(dump).not.toContain('5555 5555 5555 4444');
    expect(dump).toContain('4444');
    expect(dump).not.toMatch(/"cvv"|987"/);
  });
  it('reads a list of orders whole: the same views as reading each order and its rows', async () => {
    // Orders with several lines and events: a paid card (two events), a PIX with a boleto-free payment, two lines.
    const two = await queryRows<{ id: number }>(database.db, sql`update products set stock = stock + 50 where id in (select p.id from products p where not exists (select 1 from product_variants v where v.product_id = p.id) order by p.id limit 2) returning id`);
    const [a, b] = two.map((r) => Number(r.id)) as [number, number];
    await place(order({ payment: 'credit', card, lines: [{ productId: a, quantity: 1 }, { productId: b, quantity: 2 }] }));
    await place(order({ payment: 'pix', lines: [{ productId: b, quantity: 1 }, { productId: a, quantity: 3 }] }));
    const rows = await database.db.select().from(orders).orderBy(desc(orders.createdAt), desc(orders.id)).limit(30);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    const oneByOne = await Promise.all(rows.map((r) => loadOrderView(database.db, r)));
    expect(oneByOne.some((v) => v.lines.length > 1) && oneByOne.some((v) => v.events.length > 1)).toBe(true);
    const together = await listRecentOrders(database.db, 30);
    expect(together).toEqual(oneByOne);
    const one = await readOrder(database.db, rows[0]!.id);
    expect(one?.view).toEqual(oneByOne[0]);
    expect(one?.payment?.status).toBe(oneByOne[0]!.payment?.status);
    expect(await readOrder(database.db, 2_000_000_000)).toBeNull();
  });
});

