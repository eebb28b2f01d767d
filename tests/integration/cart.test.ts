// POST /api/cart/quote through the real app, on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { createLogger } from '../../server/logger.ts';
import { getProduct } from '#src/domain/catalog/products.server.ts';
import { generateCatalog } from '#src/domain/catalog/seed/generate.ts';
import type { Quote } from '#src/domain/cart/quote.ts';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { products } from '#src/domain/catalog/schema.ts';
import { coupons } from '#src/domain/pricing/schema.ts';
import { eq } from 'drizzle-orm';
import { testServices } from '../support/services.ts';

const COUNT = 200;
const catalog = [...generateCatalog(COUNT)];
const shoeIndex = catalog.findIndex((p) => p.variants.some((v) => v.stock > 0));
const shoeId = shoeIndex + 1;

describe.each(DATABASE_KINDS)('cart quote on %s', (kind) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: COUNT });
    app = createApp({ build: () => Promise.reject(new Error('no pages')), services: testServices(database), logger: createLogger('silent'), publicUrl: 'http://loja.test' });
  });
  afterAll(async () => {
    await database?.dispose();
  });
  const post = (body: unknown, type = 'application/json') =>
    app.fetch(new Request('http://loja.test/api/cart/quote', { method: 'POST', headers: { 'content-type': type }, body: typeof body === 'string' ? body : JSON.stringify(body) }));
  const quote = async (body: unknown) => {
    const res = await post(body);
    expect(res.status).toBe(200);
    return (await res.json()) as Quote;
  };

  it('prices lines from the database, whatever the browser sends', async () => {
    const q = await quote({ lines: [{ productId: 1, quantity: 2, price: 0.01, valoratual: 0.01, unitPriceCents: 1 }], subtotalCents: 1, totalCents: 1 });
    expect(q.lines[0]).toMatchObject({ productId: 1, quantity: 2, unitPriceCents: 71990, oldPriceCents: 91900, lineTotalCents: 143980, status: 'ok' });
    expect(q).toMatchObject({ subtotalCents: 143980, discountCents: 0, freightCents: 0, totalCents: 143980, installmentHint: { count: 10, eachCents: 14398 }, coupon: null, cep: null });
  });

  it('applies OLIMPO case-insensitively and refuses other codes with the spec message', async () => {
    for (const code of ['OLIMPO', 'olimpo', '  Olimpo  ']) {
      const q = await quote({ lines: [{ productId: 1, quantity: 1 }], coupon: code });
      expect(q.coupon).toEqual({ applied: true, percent: 10, amountCents: null, message: null });
      expect(q.discountCents).toBe(7199);
      expect(q.totalCents).toBe(71990 - 7199);
    }
    const wrong = await quote({ lines: [{ productId: 1, quantity: 1 }], coupon: 'OLIMPO10' });
    expect(wrong.coupon).toEqual({ applied: false, percent: null, amountCents: null, message: 'Código de desconto incorreto!' });
    expect(wrong.discountCents).toBe(0);
  });

  it('honours coupon validity windows and the active flag', async () => {
    await database.db.insert(coupons).values([
      { code: 'EXPIRADO', percent: 20, validUntil: new Date(Date.now() - 86_400_000) },
      { code: 'FUTURO', percent: 20, validFrom: new Date(Date.now() + 86_400_000) },
      { code: 'PAUSADO', percent: 20, active: false },
    ]);
    for (const code of ['expirado', 'futuro', 'pausado']) {
      const q = await quote({ lines: [{ productId: 1, quantity: 1 }], coupon: code });
      expect(q.coupon?.applied, code).toBe(false);
    }
  });

  it('adds R$ 40,00 freight for a valid CEP and explains an invalid one', async () => {
    const ok = await quote({ lines: [{ productId: 1, quantity: 1 }], cep: '01001-000' });
    expect(ok).toMatchObject({ freightCents: 4000, totalCents: 75990, cep: { valid: true, message: null } });
    const bad = await quote({ lines: [{ productId: 1, quantity: 1 }], cep: '123' });
    expect(bad).toMatchObject({ freightCents: 0, totalCents: 71990, cep: { valid: false, message: 'CEP inválido. Por favor, insira um CEP válido.' } });
    const empty = await quote({ lines: [], cep: '01001-000' });
    expect(empty.freightCents).toBe(0);
    expect(empty.totalCents).toBe(0);
  });

  it('caps quantities to stock and flags missing or sold-out products', async () => {
    const p = await getProduct(database.db, 2);
    const capped = await quote({ lines: [{ productId: 2, quantity: p!.stock + 5 }] });
    expect(capped.lines[0]).toMatchObject({ status: 'capped', quantity: p!.stock, message: `Apenas ${p!.stock} unidades em estoque` });
    await database.db.update(products).set({ stock: 0 }).where(eq(products.id, 3));
    const q = await quote({
      lines: [
        { productId: 3, quantity: 1 },
        { productId: 999_999, quantity: 1 },
        { productId: 1, quantity: 1 },
      ],
    });
    expect(q.lines[0]).toMatchObject({ status: 'out_of_stock', quantity: 0, lineTotalCents: 0, message: 'Produto esgotado.' });
    expect(q.lines[1]).toMatchObject({ status: 'unavailable', quantity: 0, message: 'Este produto não está mais disponível.' });
    expect(q.subtotalCents).toBe(71990);
  });

  it('prices footwear by colour and size with the variant stock', async () => {
    const shoe = await getProduct(database.db, shoeId);
    const v = shoe!.variants.find((x) => x.stock > 0)!;
    const q = await quote({
      lines: [
        { productId: shoeId, color: v.color, size: v.size, quantity: 1 },
        { productId: shoeId, color: 'Roxo', size: '99', quantity: 1 },
      ],
    });
    expect(q.lines[0]).toMatchObject({ status: 'ok', color: v.color, size: v.size, stock: v.stock, unitPriceCents: shoe!.priceCents });
    expect(q.lines[1]).toMatchObject({ status: 'unavailable', quantity: 0 });
  });

  it('answers 400 with a pt-BR message for bad input and changes nothing', async () => {
    const before = await getProduct(database.db, 1);
    const cases: [unknown, RegExp][] = [
      [{}, /inválid/],
      [{ lines: 'x' }, /inválid/],
      [{ lines: [{ productId: 'um', quantity: 1 }] }, /Produto inválido/],
      [{ lines: [{ productId: 1, quantity: 0 }] }, /quantidade mínima/],
      [{ lines: [{ productId: 1, quantity: 1.5 }] }, /Quantidade inválida/],
      [{ lines: [{ productId: 1, quantity: 1e9 }] }, /quantidade máxima/],
      [{ lines: [{ productId: -1, quantity: 1 }] }, /Produto inválido/],
      [{ lines: Array.from({ length: 101 }, () => ({ productId: 1, quantity: 1 })) }, /no máximo 100 itens/],
      [{ lines: [], coupon: 'x'.repeat(500) }, /Código de desconto incorreto/],
      [{ lines: [], cep: 'x'.repeat(500) }, /CEP inválido/],
      [JSON.parse('{"__proto__": {"admin": true}, "lines": "no"}'), /inválid/],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(((await res.json()) as { erro: string }).erro).toMatch(message);
    }
    const malformed = await post('{"lines": [');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ erro: 'JSON inválido.' });
    const wrongType = await post('lines=1', 'application/x-www-form-urlencoded');
    expect(wrongType.status).toBe(400);
    const huge = await post(JSON.stringify({ lines: [], pad: 'x'.repeat(100_000) }));
    expect(huge.status).toBe(413);
    expect(await getProduct(database.db, 1)).toEqual(before);
  });
});

describe.each(DATABASE_KINDS)('checkout totals in the quote on %s', (kind) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 5 });
    app = createApp({ build: () => Promise.reject(new Error('no pages')), services: testServices(database), logger: createLogger('silent'), publicUrl: 'http://loja.test' });
  });
  afterAll(async () => {
    await database?.dispose();
  });
  it('adds the order totals for a shipping and payment choice', async () => {
    const res = await app.fetch(
      new Request('http://loja.test/api/cart/quote', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ lines: [{ productId: 1, quantity: 1 }], coupon: 'OLIMPO', shipping: 'express', payment: 'boleto' }),
      }),
    );
    const q = (await res.json()) as Quote;
    // 719,90 − 71,99 + 29,90 = 677,81 → × 0,95 = 643,9195 → 643,92
    expect(q.order).toMatchObject({ subtotalCents: 71990, couponDiscountCents: 7199, shippingCents: 2990, grossCents: 67781, totalCents: 64392, maxInstallments: 10 });
    expect(q.freightCents).toBe(0);
  });
});
