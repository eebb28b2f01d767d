// Coupon rules enforced server-side by the pricing domain, in the cart quote and in place-order alike:
// a fixed-value coupon, the minimum order, the overall and per-customer limits (a cancelled order frees
// its use), the validity window, and OLIMPO as seeded.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteCart } from '#src/domain/cart/quote.server.ts';
import { placeOrder } from '#src/domain/checkout/place-order.server.ts';
import type { PlaceOrderInput } from '#src/domain/checkout/rules.ts';
import { moveOrder } from '#src/domain/orders/orders.server.ts';
import { createSandboxProvider } from '#src/domain/payments/provider.ts';
import { evaluateCoupon, listCoupons, saveCoupon } from '#src/domain/pricing/coupons.server.ts';
import type { CouponInput } from '#src/domain/pricing/coupons.server.ts';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';

const provider = createSandboxProvider({ pix: { key: 'pix@olimpopecas.com.br', merchantName: 'OLIMPO PECAS', merchantCity: 'SAO PAULO' } });
const coupon = (code: string, over: Partial<CouponInput> = {}): CouponInput => ({
  code,
  terms: { kind: 'percent', percent: 10 },
  minOrderCents: 0,
  validFrom: null,
  validUntil: null,
  usageLimit: null,
  perCustomerLimit: null,
  active: true,
  ...over,
});
const input = (code: string, email: string, quantity = 1): PlaceOrderInput => ({
  idempotencyKey: crypto.randomBytes(12).toString('hex'),
  email,
  lines: [{ productId: 1, quantity }],
  coupon: code,
  address: { cep: '01001000', street: 'Praça da Sé', number: '1', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' },
  shipping: 'standard',
  payment: 'pix',
  installments: 1,
});

describe.each(DATABASE_KINDS)('coupons on %s', (kind) => {
  let database: TestDatabase;
  const place = (i: PlaceOrderInput, userId: string | null = null) => placeOrder({ db: database.db, provider }, i, { userId });
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 5 });
  }, 120_000);
  afterAll(() => database?.dispose());

  it('OLIMPO works as seeded: 10 % in the quote and the order', async () => {
    const q = await quoteCart(database.db, { lines: [{ productId: 1, quantity: 2 }], coupon: 'olimpo' });
    expect(q.coupon).toEqual({ applied: true, percent: 10, amountCents: null, message: null });
    expect(q.discountCents).toBe(Math.floor((q.subtotalCents * 10 + 50) / 100));
    const placed = await place(input('OLIMPO', 'a@example.com', 2));
    expect(placed.ok && placed.order.couponDiscountCents).toBe(q.discountCents);
  });

  it('a fixed value with a minimum order', async () => {
    const saved = await saveCoupon(database.db, null, coupon('FIXO25', { terms: { kind: 'fixed', amountCents: 2500 }, minOrderCents: 100_000 }));
    expect(saved.ok).toBe(true);
    const small = await quoteCart(database.db, { lines: [{ productId: 1, quantity: 1 }], coupon: 'fixo25' });
    const price = small.subtotalCents;
    const needed = Math.ceil(100_000 / price);
    if (needed > 1) {
      expect(small.coupon).toMatchObject({ applied: false, message: 'Este cupom vale para compras a partir de R$\u00a01.000,00.' });
      const refused = await place(input('FIXO25', 'b@example.com', 1));
      expect(refused).toMatchObject({ ok: false, status: 400, message: 'Este cupom vale para compras a partir de R$\u00a01.000,00.' });
    }
    const big = await quoteCart(database.db, { lines: [{ productId: 1, quantity: needed }], coupon: 'FIXO25' });
    expect(big.coupon).toEqual({ applied: true, percent: null, amountCents: 2500, message: null });
    expect(big.discountCents).toBe(2500);
    const ok = await place(input('FIXO25', 'b@example.com', needed));
    expect(ok.ok && ok.order.couponDiscountCents).toBe(2500);
  });

  it('usage limits overall and per customer; a cancelled order frees its use', async () => {
    await saveCoupon(database.db, null, coupon('DOISUSOS', { usageLimit: 2, perCustomerLimit: 1 }));
    const first = await place(input('DOISUSOS', 'c1@example.com'));
    expect(first.ok).toBe(true);
    const again = await place(input('DOISUSOS', 'C1@example.com'));
    expect(again).toMatchObject({ ok: false, message: 'Você já usou este cupom o número máximo de vezes.' });
    const second = await place(input('DOISUSOS', 'c2@example.com'));
    expect(second.ok).toBe(true);
    const third = await place(input('DOISUSOS', 'c3@example.com'));
    expect(third).toMatchObject({ ok: false, message: 'Este cupom atingiu o limite de usos.' });
    expect((await quoteCart(database.db, { lines: [{ productId: 1, quantity: 1 }], coupon: 'DOISUSOS' })).coupon?.applied).toBe(false);
    expect((await listCoupons(database.db)).find((c) => c.code === 'DOISUSOS')?.uses).toBe(2);
    if (!second.ok) throw new Error('unreachable');
    expect(await moveOrder(database.db, second.order.number, 'cancelled', { jobs: null, catalogChanges: null })).toEqual({ ok: true });
    expect((await place(input('DOISUSOS', 'c3@example.com'))).ok).toBe(true);
  });

  it('concurrent buyers cannot both take the last use', async () => {
    await saveCoupon(database.db, null, coupon('ULTIMO', { usageLimit: 1 }));
    const results = await Promise.all([place(input('ULTIMO', 'd1@example.com')), place(input('ULTIMO', 'd2@example.com')), place(input('ULTIMO', 'd3@example.com'))]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  // Concurrent buyers need two connections: PostgreSQL only (PGlite is one connection).
  if (kind === 'postgres')
    it('buyers of a coupon without limits do not wait for each other; a limited one is taken one at a time', async () => {
      await saveCoupon(database.db, null, coupon('LIVRE'));
      await saveCoupon(database.db, null, coupon('CONTADO', { usageLimit: 100 }));
      const subtotal = { subtotalCents: 10_000, customer: null, lock: true };
      // One order holds each coupon in its open transaction; a second order asks for the same coupon meanwhile.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const holder = database.db.transaction(async (tx) => {
        expect((await evaluateCoupon(tx, 'LIVRE', subtotal)).ok).toBe(true);
        expect((await evaluateCoupon(tx, 'CONTADO', subtotal)).ok).toBe(true);
        await held;
      });
      const within = <T>(p: Promise<T>, ms: number) => Promise.race([p.then(() => 'done' as const), new Promise<'waiting'>((r) => setTimeout(() => r('waiting'), ms))]);
      let free: Promise<boolean> | undefined;
      let counted: Promise<boolean> | undefined;
      try {
        await new Promise((r) => setTimeout(r, 200));
        free = database.db.transaction(async (tx) => (await evaluateCoupon(tx, 'LIVRE', subtotal)).ok);
        expect(await within(free, 2_000)).toBe('done');
        counted = database.db.transaction(async (tx) => (await evaluateCoupon(tx, 'CONTADO', subtotal)).ok);
        expect(await within(counted, 500)).toBe('waiting');
      } finally {
        release();
        await holder;
      }
      expect(await counted).toBe(true);
      expect(await free).toBe(true);
    });

  it('the validity window and the active flag', async () => {
    const past = new Date(Date.now() - 86_400_000);
    await saveCoupon(database.db, null, coupon('VENCIDO', { validUntil: past }));
    await saveCoupon(database.db, null, coupon('FUTURO', { validFrom: new Date(Date.now() + 86_400_000) }));
    await saveCoupon(database.db, null, coupon('PARADO', { active: false }));
    for (const [code, message] of [
      ['VENCIDO', 'Este cupom expirou.'],
      ['FUTURO', 'Este cupom ainda não está valendo.'],
      ['PARADO', 'Código de desconto incorreto!'],
    ]) {
      const q = await quoteCart(database.db, { lines: [{ productId: 1, quantity: 1 }], coupon: code });
      expect(q.coupon, code).toMatchObject({ applied: false, message });
      expect(await place(input(code!, 'e@example.com')), code).toMatchObject({ ok: false, status: 400, message });
    }
  });

  it('a code already taken is refused', async () => {
    expect(await saveCoupon(database.db, null, coupon('olimpo'))).toEqual({ ok: false, message: 'Já existe um cupom com este código.' });
  });
});
