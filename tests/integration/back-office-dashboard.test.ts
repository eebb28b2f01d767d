// The dashboard's figures (sales by Brasília day, payment split, waiting orders, low stock, top products,
// the 30-day series) and the customers list/record with its audit trail.
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCustomers, viewCustomer } from '#src/domain/admin/customers.server.ts';
import { loadDashboard } from '#src/domain/admin/dashboard.server.ts';
import { products } from '#src/domain/catalog/schema.ts';
import { placeOrder } from '#src/domain/checkout/place-order.server.ts';
import { orders } from '#src/domain/orders/schema.ts';
import { createSandboxProvider } from '#src/domain/payments/provider.ts';
import { createTestDatabase, DATABASE_KINDS, queryRows } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';

const provider = createSandboxProvider({ pix: { key: 'pix@olimpopecas.com.br', merchantName: 'OLIMPO PECAS', merchantCity: 'SAO PAULO' } });
// 23/11/2026 10:00 in Brasília.
const NOW = new Date('2026-11-23T13:00:00Z');

describe.each(DATABASE_KINDS)('dashboard and customers on %s', (kind) => {
  let database: TestDatabase;
  const placed: { number: string; total: number }[] = [];
  let buy: (email: string, userId: string | null, productId: number, quantity: number, payment: 'pix' | 'boleto', customer?: { name: string; cpf: string; phone: string }) => Promise<string>;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 8 });
    await database.db.update(products).set({ stock: 50 });
    await database.db.execute(sql`delete from product_variants`);
    await database.db.execute(
      sql`insert into users (id, name, email, role, created_at, updated_at) values ('adm1', 'Ana Admin', 'ana@example.com', 'admin', now(), now()), ('cli1', 'Carla Cliente', 'carla@example.com', 'customer', now(), now()), ('cli2', 'Bruno Comprador', 'bruno@example.com', 'customer', now(), now())`,
    );
    buy = async (email, userId, productId, quantity, payment, customer) => {
      const r = await placeOrder(
        { db: database.db, provider },
        {
          idempotencyKey: crypto.randomBytes(12).toString('hex'),
          email,
          lines: [{ productId, quantity }],
          address: { cep: '01001000', street: 'Praça da Sé', number: '1', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' },
          shipping: 'standard',
          payment,
          installments: 1,
          ...(customer ? { customer } : {}),
        },
        { userId },
      );
      if (!r.ok) throw new Error(r.message);
      placed.push({ number: r.order.number, total: r.order.totalCents });
      return r.order.number;
    };
    const at = async (number: string, status: string, iso: string) =>
      database.db
        .update(orders)
        .set({ status, createdAt: new Date(iso) })
        .where(eq(orders.number, number));
    await at(await buy('carla@example.com', 'cli1', 1, 2, 'pix'), 'paid', '2026-11-23T12:00:00Z'); // today 09:00
    await at(await buy('CARLA@example.com', null, 2, 1, 'boleto'), 'picking', '2026-11-23T02:59:00Z'); // 22/11 23:59 Brasília: not today
    await at(await buy('bruno@example.com', 'cli2', 1, 1, 'pix'), 'shipped', '2026-11-10T15:00:00Z');
    await at(await buy('bruno@example.com', 'cli2', 3, 1, 'pix'), 'cancelled', '2026-11-23T12:30:00Z');
    await buy('bruno@example.com', 'cli2', 4, 1, 'pix'); // awaiting payment
    await database.db.update(products).set({ stock: 0 }).where(eq(products.id, 5));
  }, 120_000);
  afterAll(() => database?.dispose());

  it('sales by Brasília day, split by payment; waiting orders; low stock; top products; the series', async () => {
    const d = await loadDashboard(database.db, NOW);
    expect(d.today).toEqual({ revenueCents: placed[0]!.total, orders: 1, averageTicketCents: placed[0]!.total, byPayment: [{ method: 'pix', revenueCents: placed[0]!.total, orders: 1 }] });
    expect(d.week.orders).toBe(2);
    expect(d.week.byPayment.map((p) => p.method)).toEqual(['boleto', 'pix']);
    expect(d.month.orders).toBe(3);
    expect(d.month.revenueCents).toBe(placed[0]!.total + placed[1]!.total + placed[2]!.total);
    expect(d.waiting).toMatchObject({ toPick: 1, toShip: 1, awaitingPayment: 1 });
    expect(d.lowStock[0]).toMatchObject({ id: 5, stock: 0 });
    expect(d.topProducts[0]).toMatchObject({ productId: 1, units: 3 });
    expect(d.daily).toHaveLength(30);
    expect(d.daily.at(-1)).toEqual({ day: '2026-11-23', revenueCents: placed[0]!.total, orders: 1 });
    expect(d.daily.at(-2)).toEqual({ day: '2026-11-22', revenueCents: placed[1]!.total, orders: 1 });
  });

  it('customers with order count and total spent (guest orders with their e-mail included); every view logged', async () => {
    const list = await listCustomers(database.db, { q: '', page: 1 }, 'adm1');
    const carla = list.rows.find((r) => r.id === 'cli1')!;
    expect(carla).toMatchObject({ orders: 2, spentCents: placed[0]!.total + placed[1]!.total });
    const bruno = list.rows.find((r) => r.id === 'cli2')!;
    expect(bruno).toMatchObject({ orders: 2, spentCents: placed[2]!.total });
    expect(list.rows.map((r) => r.id)).not.toContain('adm1');
    const record = await viewCustomer(database.db, 'cli1', 'adm1');
    expect(record).toMatchObject({ name: 'Carla Cliente', orders: 2 });
    expect(JSON.stringify(record)).not.toMatch(/password|senha|token/i);
    await viewCustomer(database.db, 'cli1', 'adm1');
    const log = await queryRows<{ viewer_id: string; customer_id: string | null; kind: string }>(database.db, sql`select viewer_id, customer_id, kind from customer_record_views order by id`);
    expect(log).toEqual([
      { viewer_id: 'adm1', customer_id: null, kind: 'lista' },
      { viewer_id: 'adm1', customer_id: 'cli1', kind: 'registro' },
      { viewer_id: 'adm1', customer_id: 'cli1', kind: 'registro' },
    ]);
    expect(await viewCustomer(database.db, 'nao-existe', 'adm1')).toBeNull();
  });

  it('a buyer without an account is a customer too, and a record shows the CPF and celular of the orders', async () => {
    const dora = { name: 'Dora Convidada', cpf: '52998224725', phone: '11987654321' };
    const number = await buy('dora@example.com', null, 6, 1, 'pix', dora);
    await buy('bruno@example.com', 'cli2', 6, 1, 'pix', { name: 'Bruno Comprador', cpf: '11144477735', phone: '21998765432' });
    const list = await listCustomers(database.db, { q: 'dora', page: 1 }, 'adm1');
    expect(list.total).toBe(1);
    const guest = list.rows[0]!;
    expect(guest).toMatchObject({ name: 'Dora Convidada', email: 'dora@example.com', guest: true, orders: 1 });
    expect(guest.id).not.toContain('dora');
    const everyone = await listCustomers(database.db, { q: '', page: 1 }, 'adm1');
    expect(everyone.total).toBe(3);
    // A guest whose e-mail has an account is that account's, not a second row.
    expect(everyone.rows.filter((r) => r.email.toLowerCase() === 'carla@example.com')).toHaveLength(1);

    const record = await viewCustomer(database.db, guest.id, 'adm1');
    expect(record).toMatchObject({ name: 'Dora Convidada', guest: true, phone: '11987654321', city: 'São Paulo', cpfMasked: '***.982.247-**' });
    expect(record!.recentOrders.map((o) => o.number)).toEqual([number]);
    // An account without a profile shows what its latest order says.
    expect(await viewCustomer(database.db, 'cli2', 'adm1')).toMatchObject({ guest: false, cpfMasked: '***.444.777-**', phone: '21998765432' });
    expect(await viewCustomer(database.db, 'convidado-00000000000000000000000000000000', 'adm1')).toBeNull();
  });
});
