// Placing orders through the real API on PGlite and PostgreSQL: stock taken in one transaction (no oversell
// under concurrency, variants from their own stock, units capped), idempotency keys in the body and the
// header, and order numbers that hide the volume.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#src/domain/catalog/schema.ts';
import { getProduct } from '#src/domain/catalog/products.server.ts';
import { orders } from '#src/domain/orders/schema.ts';
import { createTestDatabase, DATABASE_KINDS, queryRows } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { createTestApp } from '../support/app.ts';
import { startTestJobs } from '../support/jobs.ts';
import type { JobRunner } from '#src/platform/job-runner.server.ts';
import { address, key, order } from '../support/orders.ts';
import type { Placed } from '../support/orders.ts';

describe.each(DATABASE_KINDS)('order stock and idempotency on %s', (kind) => {
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
    const [spare] = await queryRows<{ id: number }>(
      database.db,
      sql`update products set stock = 1 where id = (select max(id) from products p where stock > 0 and not exists (select 1 from product_variants v where v.product_id = p.id)) returning id`,
    );
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
    await refuse(
      { productId: shoe!.id, color: shoe!.color, size: shoe!.size, quantity: 1 },
      `Desculpe, o produto "${shoe!.title} (${shoe!.color}, ${shoe!.size})" não tem estoque suficiente. Ajuste a quantidade no carrinho.`,
    );
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

  it('caps units per product after equal lines are merged, and answers 400 for a total too large to represent', async () => {
    const before = await stockOf(2);
    const res = await t.request(
      'POST',
      '/api/orders',
      order({
        lines: [
          { productId: 2, quantity: 60 },
          { productId: 2, quantity: 60 },
        ],
      }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { erro: string }).erro).toBe('Quantidade máxima por produto: 100 unidades por pedido.');
    expect(await stockOf(2)).toBe(before);
    await database.db.update(products).set({ priceCents: 2_000_000_000, stock: 1000 }).where(eq(products.id, 3));
    const huge = await t.request('POST', '/api/orders', order({ lines: [{ productId: 3, quantity: 2 }] }));
    expect(huge.status).toBe(400);
    expect(((await huge.json()) as { erro: string }).erro).toMatch(/ultrapassa o limite/);
    expect(await stockOf(3)).toBe(1000);
  });

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
});
