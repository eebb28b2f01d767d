// The back office's catalog: search by text and reference code, filters, the edit (with the price history
// naming who changed it), bulk actions (a seller touches only their own products), and inactive products
// gone from the shop (search, product API, cart quote, checkout) until reactivated.
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkUpdateProducts, getAdminProduct, listAdminProducts, listBrands, saveAdminProduct } from '#src/domain/catalog/back-office.server.ts';
import { products } from '#src/domain/catalog/schema.ts';
import { quoteCart } from '#src/domain/cart/quote.server.ts';
import { placeOrder } from '#src/domain/checkout/place-order.server.ts';
import { createSandboxProvider } from '#src/domain/payments/provider.ts';
import { createTestApp } from '../support/app.ts';
import { createTestDatabase, DATABASE_KINDS, queryRows } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';

const provider = createSandboxProvider({ pix: { key: 'pix@olimpopecas.com.br', merchantName: 'OLIMPO PECAS', merchantCity: 'SAO PAULO' } });
const filter = { q: '', brand: '', category: '', status: '' as const, lowStock: false, page: 1, sellerId: null };

describe.each(DATABASE_KINDS)('back-office products on %s', (kind) => {
  let database: TestDatabase;
  let api: ReturnType<typeof createTestApp>;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 40 });
    api = createTestApp(database);
    await database.db.execute(sql`insert into users (id, name, email, role) values ('adm1', 'Ana Admin', 'ana@example.com', 'admin'), ('sel1', 'Sérgio Vendedor', 'sergio@example.com', 'seller')`);
    await database.db.update(products).set({ sellerId: 'sel1' }).where(eq(products.id, 3));
  }, 120_000);
  afterAll(() => database?.dispose());

  it('finds products by reference code and by words, and filters', async () => {
    const [p] = await database.db.select({ ref: products.refCode, title: products.title }).from(products).where(eq(products.id, 5));
    const byRef = await listAdminProducts(database.db, { ...filter, q: p!.ref.toLowerCase() });
    expect(byRef.rows.map((r) => r.id)).toContain(5);
    const word = p!.title.split(' ')[0]!;
    expect((await listAdminProducts(database.db, { ...filter, q: word })).rows.map((r) => r.id)).toContain(5);
    const all = await listAdminProducts(database.db, filter);
    expect(all.total).toBe(40);
    const seller = await listAdminProducts(database.db, { ...filter, sellerId: 'sel1' });
    expect(seller.rows.map((r) => r.id)).toEqual([3]);
  });

  it('an edit records the price change with who made it', async () => {
    const before = (await getAdminProduct(database.db, 7, null))!;
    const ok = await saveAdminProduct(
      database.db,
      null,
      7,
      { userId: 'adm1', sellerId: null },
      {
        title: before.title,
        description: before.description,
        priceCents: before.priceCents + 1000,
        oldPriceCents: null,
        stock: 3,
        active: true,
        oemCodes: ['VW 5U0698151'],
        equivalentCodes: ['Cobreq N-1234'],
        variantStock: new Map(),
      },
    );
    expect(ok).toBe(true);
    const after = (await getAdminProduct(database.db, 7, null))!;
    expect(after).toMatchObject({ priceCents: before.priceCents + 1000, stock: 3, oemCodes: ['VW 5U0698151'] });
    expect(after.priceHistory).toEqual([expect.objectContaining({ oldPriceCents: before.priceCents, newPriceCents: before.priceCents + 1000, source: 'edicao', who: 'Ana Admin' })]);
    // Low stock filter and the OEM code search find it.
    expect((await listAdminProducts(database.db, { ...filter, lowStock: true })).rows.map((r) => r.id)).toContain(7);
    expect((await listAdminProducts(database.db, { ...filter, q: '5U0698151' })).rows.map((r) => r.id)).toEqual([7]);
  });

  it("a seller cannot edit or bulk-change another seller's (or the store's) product", async () => {
    expect(await getAdminProduct(database.db, 4, 'sel1')).toBeNull();
    const p4 = (await getAdminProduct(database.db, 4, null))!;
    expect(await saveAdminProduct(database.db, api.services.catalogChanges, 4, { userId: 'sel1', sellerId: 'sel1' }, { ...p4, variantStock: new Map(), priceCents: 1 })).toBe(false);
    expect(await bulkUpdateProducts(database.db, api.services.catalogChanges, [3, 4], { userId: 'sel1', sellerId: 'sel1' }, { kind: 'deactivate' })).toBe(1);
    const rows = await queryRows<{ id: number; active: boolean; price_cents: number }>(database.db, sql`select id, active, price_cents from products where id in (3, 4) order by id`);
    expect(rows).toEqual([expect.objectContaining({ id: 3, active: false }), expect.objectContaining({ id: 4, active: true, price_cents: p4.priceCents })]);
    await bulkUpdateProducts(database.db, api.services.catalogChanges, [3], { userId: 'sel1', sellerId: 'sel1' }, { kind: 'activate' });
  });

  it('a bulk price change moves every selected price half-up and logs each one', async () => {
    const before = await queryRows<{ id: number; price_cents: number }>(database.db, sql`select id, price_cents from products where id in (10, 11, 12) order by id`);
    expect(await bulkUpdateProducts(database.db, api.services.catalogChanges, [10, 11, 12], { userId: 'adm1', sellerId: null }, { kind: 'price', percent: 10 })).toBe(3);
    const after = await queryRows<{ id: number; price_cents: number }>(database.db, sql`select id, price_cents from products where id in (10, 11, 12) order by id`);
    after.forEach((r, i) => {
      expect(r.price_cents).toBe(Math.floor((before[i]!.price_cents * 11000 + 5000) / 10000));
    });
    const logs = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from price_changes where source = 'lote' and user_id = 'adm1'`);
    expect(logs[0]!.n).toBe(3);
  });

  it('an inactive product disappears from the shop and comes back when reactivated', async () => {
    const [p] = await database.db.select({ title: products.title }).from(products).where(eq(products.id, 2));
    await bulkUpdateProducts(database.db, api.services.catalogChanges, [2], { userId: 'adm1', sellerId: null }, { kind: 'deactivate' });
    expect((await api.request('GET', '/api/products/2')).status).toBe(404);
    const list = (await (await api.request('GET', `/api/products?q=${encodeURIComponent(p!.title)}&limit=50`)).json()) as { items: { id: number }[] };
    expect(list.items.map((i) => i.id)).not.toContain(2);
    const q = await quoteCart(database.db, { lines: [{ productId: 2, quantity: 1 }] });
    expect(q.lines[0]).toMatchObject({ status: 'unavailable', quantity: 0 });
    const order = await placeOrder(
      { db: database.db, provider },
      {
        idempotencyKey: crypto.randomBytes(12).toString('hex'),
        email: 'x@example.com',
        lines: [{ productId: 2, quantity: 1 }],
        address: { cep: '01001000', street: 'Praça da Sé', number: '1', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' },
        shipping: 'standard',
        payment: 'pix',
        installments: 1,
      },
      { userId: null },
    );
    expect(order).toMatchObject({ ok: false, status: 409, message: 'Um produto do carrinho não está mais disponível. Revise o carrinho.' });
    await bulkUpdateProducts(database.db, api.services.catalogChanges, [2], { userId: 'adm1', sellerId: null }, { kind: 'activate' });
    expect((await api.request('GET', '/api/products/2')).status).toBe(200);
  });
  it('"Anterior" pages back by keyset: from page 3 it reads page 2 exactly, and page 2 goes back to plain page 1', async () => {
    const db = database.db;
    await db.execute(
      sql`insert into products (slug, title, description, kind, brand, brand_slug, category, vehicle_type, condition, ref_code, price_cents, stock, active)
          select slug || '-volta-' || n, title, description, kind, brand, brand_slug, category, vehicle_type, condition, ref_code || 'V' || n, price_cents, stock, true
          from products, generate_series(1, 3) n where id <= 60`,
    );
    const first = await listAdminProducts(db, filter);
    const second = await listAdminProducts(db, { ...filter, page: 2, after: first.nextAfter });
    const third = await listAdminProducts(db, { ...filter, page: 3, after: second.nextAfter });
    expect(third.rows.length).toBeGreaterThan(0);
    expect(second.prevBefore).toBeNull();
    expect(third.prevBefore).toBe(third.rows[0]!.id);
    const back = await listAdminProducts(db, { ...filter, page: 2, before: third.prevBefore });
    expect(back.rows.map((r) => r.id)).toEqual(second.rows.map((r) => r.id));
    expect(back.nextAfter).toBe(second.nextAfter);
  });
  it('pages by keyset: the page after the last id of page 1 is page 2, and totals by status, brand and category are exact', async () => {
    const db = database.db;
    await db.execute(
      sql`insert into products (slug, title, description, kind, brand, brand_slug, category, vehicle_type, condition, ref_code, price_cents, stock, active)
          select slug || '-lote', title, description, kind, brand, brand_slug, category, vehicle_type, condition, ref_code || 'L', price_cents, stock, id % 3 <> 0
          from products where id <= 40`,
    );
    const first = await listAdminProducts(db, filter);
    expect(first.rows).toHaveLength(50);
    expect(first.nextAfter).toBe(first.rows[49]!.id);
    const byNumber = await listAdminProducts(db, { ...filter, page: 2 });
    const byKeyset = await listAdminProducts(db, { ...filter, page: 2, after: first.nextAfter });
    expect(byKeyset.rows.map((r) => r.id)).toEqual(byNumber.rows.map((r) => r.id));
    expect(byKeyset.rows.length).toBeGreaterThan(0);
    expect(Math.max(...byKeyset.rows.map((r) => r.id))).toBeLessThan(first.nextAfter!);
    const [brand] = await db.select({ slug: products.brandSlug }).from(products).limit(1);
    for (const f of [{}, { status: 'ativo' as const }, { status: 'inativo' as const }, { brand: brand!.slug }, { category: 'freios', status: 'ativo' as const }]) {
      const listed = await listAdminProducts(db, { ...filter, ...f });
      const all = await db.select({ id: products.id, active: products.active, brandSlug: products.brandSlug, category: products.category }).from(products);
      const expected = all.filter(
        (p) => (!('status' in f) || p.active === (f.status === 'ativo')) && (!('brand' in f) || p.brandSlug === f.brand) && (!('category' in f) || p.category === f.category),
      ).length;
      expect({ f, total: listed.total, lowerBound: listed.totalIsLowerBound }).toEqual({ f, total: expected, lowerBound: false });
    }
    const brands = await listBrands(db);
    const distinct = new Set((await db.selectDistinct({ slug: products.brandSlug }).from(products)).map((r) => r.slug));
    expect(new Set(brands.map((b) => b.slug))).toEqual(distinct);
  });
});
