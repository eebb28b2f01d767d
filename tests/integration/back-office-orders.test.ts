// The back office's orders: search by number, e-mail, name and CPF (with or without its mask), filters by
// status, payment and Brasília days, pages; shipping asks the tracking code; cancelling returns the stock.
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#src/domain/catalog/schema.ts';
import { placeOrder } from '#src/domain/checkout/place-order.server.ts';
import { cancelOrderAsAdmin, getAdminOrder, moveOrderAsAdmin, ordersForExport, searchOrders } from '#src/domain/orders/back-office.server.ts';
import { orders } from '#src/domain/orders/schema.ts';
import { createSandboxProvider } from '#src/domain/payments/provider.ts';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';

const provider = createSandboxProvider({ pix: { key: 'pix@olimpopecas.com.br', merchantName: 'OLIMPO PECAS', merchantCity: 'SAO PAULO' } });
const f = { q: '', status: '' as const, payment: '' as const, from: '', to: '', page: 1 };

describe.each(DATABASE_KINDS)('back-office orders on %s', (kind) => {
  let database: TestDatabase;
  const numbers: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 5 });
    for (const [i, payment] of (['pix', 'boleto', 'pix'] as const).entries()) {
      const r = await placeOrder(
        { db: database.db, provider },
        {
          idempotencyKey: crypto.randomBytes(12).toString('hex'),
          email: `cliente${i}@example.com`,
          lines: [{ productId: 1, quantity: 2 }],
          address: { cep: '01001000', street: 'Praça da Sé', number: '1', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' },
          shipping: 'standard',
          payment,
          installments: 1,
        },
        { userId: null },
      );
      if (!r.ok) throw new Error(r.message);
      numbers.push(r.order.number);
    }
    // The buyer's identity as checkout (another branch) records it.
    await database.db.update(orders).set({ customerName: 'Maria Joaquina de Amaral', customerCpf: '52998224725', customerPhone: '11987654321' }).where(eq(orders.number, numbers[0]!));
    await database.db
      .update(orders)
      .set({ createdAt: new Date('2026-01-10T02:30:00Z') })
      .where(eq(orders.number, numbers[2]!)); // 9 Jan in Brasília
  }, 120_000);
  afterAll(() => database?.dispose());

  it('finds an order by CPF (masked or not), name, e-mail and number', async () => {
    for (const q of ['529.982.247-25', '52998224725', 'joaquina', 'CLIENTE0@example.com', numbers[0]!]) {
      const r = await searchOrders(database.db, { ...f, q });
      expect(
        r.rows.map((o) => o.number),
        q,
      ).toEqual([numbers[0]]);
    }
    expect((await searchOrders(database.db, { ...f, q: '%' })).total).toBe(0);
  });

  it('filters by payment, status and Brasília days', async () => {
    expect((await searchOrders(database.db, { ...f, payment: 'boleto' })).rows.map((o) => o.number)).toEqual([numbers[1]]);
    expect((await searchOrders(database.db, { ...f, status: 'awaiting_payment' })).total).toBe(3);
    expect((await searchOrders(database.db, { ...f, from: '2026-01-09', to: '2026-01-09' })).rows.map((o) => o.number)).toEqual([numbers[2]]);
    expect((await searchOrders(database.db, { ...f, from: '2026-01-10', to: '2026-01-10' })).total).toBe(0);
    expect((await ordersForExport(database.db, { ...f, payment: 'pix' })).map((o) => o.number).sort()).toEqual([numbers[0], numbers[2]].sort());
  });

  it("counts every unit of each order's lines in the list and the export", async () => {
    const r = await placeOrder(
      { db: database.db, provider },
      {
        idempotencyKey: crypto.randomBytes(12).toString('hex'),
        email: 'varios@example.com',
        lines: [
          { productId: 2, quantity: 1 },
          { productId: 3, quantity: 3 },
        ],
        address: { cep: '01001000', street: 'Praça da Sé', number: '1', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' },
        shipping: 'standard',
        payment: 'pix',
        installments: 1,
      },
      { userId: null },
    );
    if (!r.ok) throw new Error(r.message);
    const listed = await searchOrders(database.db, { ...f, q: 'varios@example.com' });
    expect(listed.rows.map((o) => o.items)).toEqual([4]);
    expect((await ordersForExport(database.db, { ...f, q: 'varios@example.com' })).map((o) => o.items)).toEqual([4]);
    expect((await searchOrders(database.db, { ...f, q: numbers[0]! })).rows.map((o) => o.items)).toEqual([2]);
    expect((await searchOrders(database.db, { ...f, divergent: true })).total).toBe(0);
  });

  it('shipping needs the tracking code; cancelling returns the stock', async () => {
    await database.db.execute(sql`update orders set status = 'picking' where number = ${numbers[0]!}`);
    expect(await moveOrderAsAdmin(database.db, numbers[0]!, 'shipped', null, null)).toEqual({ ok: false, message: 'Informe o código de rastreio para marcar como enviado.' });
    expect(await moveOrderAsAdmin(database.db, numbers[0]!, 'shipped', 'BR123456789BR', null)).toEqual({ ok: true });
    const shipped = await getAdminOrder(database.db, numbers[0]!);
    expect(shipped).toMatchObject({ status: 'shipped', trackingCode: 'BR123456789BR', customerCpf: '52998224725' });
    expect(shipped!.events.at(-1)).toMatchObject({ status: 'shipped', note: 'Código de rastreio: BR123456789BR' });

    const [before] = await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, 1));
    expect(await cancelOrderAsAdmin(database.db, numbers[1]!, null, { provider, jobs: null, catalogChanges: null })).toEqual({ ok: true });
    const [after] = await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, 1));
    expect(after!.stock).toBe(before!.stock + 2);
    expect(await cancelOrderAsAdmin(database.db, numbers[1]!, null, { provider, jobs: null, catalogChanges: null })).toMatchObject({ ok: false });
    const [again] = await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, 1));
    expect(again!.stock).toBe(after!.stock);
  });
});
