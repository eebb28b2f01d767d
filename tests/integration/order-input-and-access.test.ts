// Orders' input and access through the real API on PGlite and PostgreSQL: pt-BR 400s that write nothing, the
// buyer's CPF and e-mail rules, the spec's POST /orders payload, the order token, and reading lists whole.
import { isValidBoleto } from '@brazilian-utils/brazilian-utils';
import { parsePix, hasError } from 'pix-utils';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#src/domain/catalog/schema.ts';
import { getProduct } from '#src/domain/catalog/products.server.ts';
import { listRecentOrders, loadOrderView, readOrder } from '#src/domain/orders/read.server.ts';
import { orders } from '#src/domain/orders/schema.ts';
import { createTestDatabase, DATABASE_KINDS, queryRows } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { createTestApp } from '../support/app.ts';
import { startTestJobs } from '../support/jobs.ts';
import type { JobRunner } from '#src/platform/job-runner.server.ts';
import { address, card, customer, order } from '../support/orders.ts';
import type { Placed } from '../support/orders.ts';

describe.each(DATABASE_KINDS)('order input and access on %s', (kind) => {
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

  /** A product with plenty of stock (the first ones run out across this file's tests). */
  const spare = async () => {
    const [row] = await queryRows<{ id: number }>(
      database.db,
      sql`update products set stock = stock + 50 where id = (select max(id) from products p where not exists (select 1 from product_variants v where v.product_id = p.id)) returning id`,
    );
    return Number(row!.id);
  };

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

  it('uses the accounts’ e-mail rule: lists and odd forms are refused on both order calls', async () => {
    for (const email of ['victim,attacker@example.com', 'victim@example.com,attacker@example.com', 'a b@example.com', '"vitima"@example.com', '<vitima@example.com>', 'vitima@example']) {
      const api = await t.request('POST', '/api/orders', order({ email }));
      expect(api.status, email).toBe(400);
      expect(await api.json()).toEqual({ erro: 'Por favor, insira um e-mail válido.' });
      const legacy = await t.request('POST', '/orders', { email, items: [{ id: 1, quantity: 1 }], address, shipping: 'standard', payment: 'pix' });
      expect(legacy.status, email).toBe(400);
    }
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

  it('reads a list of orders whole: the same views as reading each order and its rows', async () => {
    // Orders with several lines and events: a paid card (two events), a PIX with a boleto-free payment, two lines.
    const two = await queryRows<{ id: number }>(
      database.db,
      sql`update products set stock = stock + 50 where id in (select p.id from products p where not exists (select 1 from product_variants v where v.product_id = p.id) order by p.id limit 2) returning id`,
    );
    const [a, b] = two.map((r) => Number(r.id)) as [number, number];
    await place(
      order({
        payment: 'credit',
        card,
        lines: [
          { productId: a, quantity: 1 },
          { productId: b, quantity: 2 },
        ],
      }),
    );
    await place(
      order({
        payment: 'pix',
        lines: [
          { productId: b, quantity: 1 },
          { productId: a, quantity: 3 },
        ],
      }),
    );
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
