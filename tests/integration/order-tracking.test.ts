// "Acompanhar pedido": the link it gives (number + e-mail) opens the order with the CPF, phone and address
// masked, while the checkout's own link, the signed-in owner and the admins see it whole; and only failed
// look-ups count towards the limit, so the buyer can open their order as often as they like.
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action } from '#app/routes/track-order.tsx';
import { loadContext } from '#app/lib/context.server.ts';
import { testServices } from '../support/services.ts';
import { placeOrder } from '#src/domain/checkout/place-order.server.ts';
import { customerSchema } from '#src/domain/checkout/rules.ts';
import { findOrderFor, trackingToken } from '#src/domain/orders/read.server.ts';
import { orders } from '#src/domain/orders/schema.ts';
import { createSandboxProvider } from '#src/domain/payments/provider.ts';
import { CLIENT_IP_HEADER } from '#src/platform/client-ip.ts';
import { createTestDatabase } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';

const provider = createSandboxProvider({ pix: { key: 'pix@olimpopecas.com.br', merchantName: 'OLIMPO PECAS', merchantCity: 'SAO PAULO' } });
const ADDRESS = { cep: '01001000', street: 'Praça da Sé', number: '1234', complement: 'Apto 56 bloco B', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' };

describe('"Acompanhar pedido"', () => {
  let database: TestDatabase;
  const linkSecret = 'tracking-test-secret-0123456789-0123456789';
  const place = async (email: string) => {
    const placed = await placeOrder(
      { db: database.db, provider },
      {
        idempotencyKey: crypto.randomBytes(12).toString('hex'),
        email,
        customer: customerSchema.parse({ name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' }),
        lines: [{ productId: 1, quantity: 1 }],
        address: ADDRESS,
        shipping: 'standard',
        payment: 'pix',
        installments: 1,
      },
      { userId: null },
    );
    if (!placed.ok) throw new Error(placed.message);
    return placed;
  };
  const lookUp = (numero: string, email: string, ip = '203.0.113.7') => {
    const body = new URLSearchParams({ numero, email });
    return action({
      request: new Request('http://loja.test/AcompanharPedido', { method: 'POST', body, headers: { [CLIENT_IP_HEADER]: ip } }),
      context: loadContext(testServices(database, { cookieSecret: linkSecret }), false),
    } as never) as Promise<unknown>;
  };
  const statusOf = (r: unknown) => (r instanceof Response ? r.status : ((r as { init?: { status?: number } }).init?.status ?? 200));

  beforeAll(async () => {
    database = await createTestDatabase('pglite', { seedProducts: 3 });
    await database.db.execute(sql`insert into users (id, name, email, role) values ('dona1', 'Maria da Silva', 'maria@example.com', 'customer')`);
  }, 120_000);
  afterAll(async () => {
    await database?.dispose();
  });

  it('masks CPF, phone and address behind the tracking link; the checkout link, the owner and admins see them whole', async () => {
    const placed = await place('maria@example.com');
    const [row] = await database.db.select({ hash: orders.accessTokenHash }).from(orders).where(eq(orders.number, placed.order.number));
    const link = trackingToken(placed.order.number, row!.hash, linkSecret);

    const tracked = (await findOrderFor(database.db, placed.order.number, { userId: null }, link, linkSecret))!;
    expect(tracked.masked).toBe(true);
    // The link is signed with the store's secret: another secret, or none, opens nothing.
    expect(await findOrderFor(database.db, placed.order.number, { userId: null }, link, 'another-secret-0123456789-0123456789')).toBeNull();
    expect(await findOrderFor(database.db, placed.order.number, { userId: null }, link)).toBeNull();
    expect(tracked.customer).toEqual({ name: 'Maria da Silva', cpf: '***.982.247-**', phone: '(**) *****-4321' });
    expect(tracked.address).toEqual({ street: 'Praça da Sé', number: '', complement: null, neighborhood: '', city: 'São Paulo', state: 'SP', cep: '01001***' });
    // The random order number, and the PIX code that carries it, may hold any digits: left out of the search.
    const text = JSON.stringify({ ...tracked, number: null, payment: tracked.payment && { ...tracked.payment, pixCode: null } });
    for (const secret of ['52998224725', '98765', '1234', 'Apto', '01001000']) expect(text).not.toContain(secret);

    const whole = { name: 'Maria da Silva', cpf: '52998224725', phone: '11987654321' };
    expect((await findOrderFor(database.db, placed.order.number, { userId: null }, placed.accessToken))!).toMatchObject({ customer: whole, address: ADDRESS });
    expect((await findOrderFor(database.db, placed.order.number, { userId: 'alguem', isAdmin: true }, null))!.customer).toEqual(whole);
    await database.db.update(orders).set({ userId: 'dona1' }).where(eq(orders.number, placed.order.number));
    const own = (await findOrderFor(database.db, placed.order.number, { userId: 'dona1' }, link, linkSecret))!;
    expect(own.masked).toBeUndefined();
    expect(own).toMatchObject({ customer: whole, address: ADDRESS });
  });

  it('counts failed look-ups only: the buyer opens the order again and again; wrong e-mails are stopped after 5', async () => {
    const placed = await place('joana@example.com');
    for (let i = 0; i < 8; i++) {
      const res = await lookUp(placed.order.number, 'JOANA@example.com');
      expect(statusOf(res), `consulta ${i + 1}`).toBe(302);
      expect((res as Response).headers.get('location')).toMatch(new RegExp(`^/Pedidos/${placed.order.number}\\?token=a\\.`));
    }
    for (let i = 0; i < 5; i++) expect(statusOf(await lookUp(placed.order.number, `outra${i}@example.com`, `198.51.100.${i}`))).toBe(404);
    expect(statusOf(await lookUp(placed.order.number, 'outra9@example.com', '198.51.100.9'))).toBe(429);
  });

  it('the per-IP limit counts only failures too', async () => {
    const placed = await place('ana@example.com');
    for (let i = 0; i < 12; i++) expect(statusOf(await lookUp(placed.order.number, 'ana@example.com', '192.0.2.44'))).toBe(302);
    for (let i = 0; i < 10; i++) expect(statusOf(await lookUp(String(10000000 + i), 'ana@example.com', '192.0.2.44'))).toBe(404);
    expect(statusOf(await lookUp(placed.order.number, 'ana@example.com', '192.0.2.44'))).toBe(429);
  });
});
