// "Gerar novo PIX": a PIX order cancelled because its code expired is asked again from its page as a new order
// with the same items, priced today; a second click gives the same new order; the expired one stays as it was.
// Not from the masked "Acompanhar pedido" view, not for other orders, and not when the stock is gone.
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action, loader } from '#app/routes/order.tsx';
import { loadContext } from '#app/lib/context.server.ts';
import { placeOrder } from '#src/domain/checkout/place-order.server.ts';
import { PIX_AGAIN_NOT_ELIGIBLE } from '#src/domain/checkout/pix-again.ts';
import { customerSchema } from '#src/domain/checkout/rules.ts';
import { expireOrder } from '#src/domain/orders/expiry.server.ts';
import { findOrderFor, trackingTokenFor } from '#src/domain/orders/read.server.ts';
import { orders } from '#src/domain/orders/schema.ts';
import { createSandboxProvider } from '#src/domain/payments/provider.ts';
import { createTestApp } from '../support/app.ts';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';

const provider = createSandboxProvider({ pix: { key: 'pix@olimpopecas.com.br', merchantName: 'OLIMPO PECAS', merchantCity: 'SAO PAULO' } });
const ADDRESS = { cep: '01001000', street: 'Praça da Sé', number: '100', complement: 'Sala 2', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' };

describe.each(DATABASE_KINDS)('"Gerar novo PIX" on %s', (kind) => {
  let database: TestDatabase;
  let t: ReturnType<typeof createTestApp>;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 10 });
    t = createTestApp(database);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const priceOf = async (id: number) => (await database.db.execute(sql`select price_cents from products where id = ${id}`)) as unknown as { rows: { price_cents: number }[] };
  /** A PIX order for product `productId`, cancelled by its expiry. */
  const expiredPix = async (productId: number) => {
    const placed = await placeOrder(
      { db: database.db, provider },
      {
        idempotencyKey: crypto.randomBytes(12).toString('hex'),
        email: 'maria@example.com',
        customer: customerSchema.parse({ name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' }),
        lines: [{ productId, quantity: 2 }],
        address: ADDRESS,
        shipping: 'standard',
        payment: 'pix',
        installments: 1,
      },
      { userId: null },
    );
    if (!placed.ok) throw new Error(placed.message);
    const [row] = await database.db.select({ id: orders.id }).from(orders).where(eq(orders.number, placed.order.number));
    expect(await expireOrder(database.db, row!.id, null, t.services.catalogChanges, new Date(Date.now() + 24 * 3600_000))).toBe('expired');
    return { number: placed.order.number, token: placed.accessToken! };
  };
  const ask = (number: string, token: string) =>
    action({
      request: new Request(`http://loja.test/Pedidos/${number}?token=${encodeURIComponent(token)}`, { method: 'POST', body: new URLSearchParams({ intent: 'novo-pix' }) }),
      params: { number },
      url: new URL(`http://loja.test/Pedidos/${number}?token=${encodeURIComponent(token)}`),
      context: loadContext(t.services, false),
    } as never) as Promise<unknown>;
  const successorShown = async (number: string, token: string) => {
    const url = new URL(`http://loja.test/Pedidos/${number}?token=${encodeURIComponent(token)}`);
    const page = (await loader({ request: new Request(url), params: { number }, url, context: loadContext(t.services, false) } as never)) as { pixAgainDone: string | null };
    return page.pixAgainDone;
  };
  const errorOf = (r: unknown) => (r as { data?: { error?: string } }).data?.error;
  const newOrderOf = (r: unknown) => {
    expect(r).toBeInstanceOf(Response);
    const location = (r as Response).headers.get('location')!;
    const m = /^\/Pedidos\/(\d{8})\?token=(.+)$/.exec(location);
    expect(m, location).not.toBeNull();
    return { number: m![1]!, token: decodeURIComponent(m![2]!) };
  };

  it("places a new PIX order with the same items at today's price, once however many clicks, and leaves the expired one as it was", async () => {
    const expired = await expiredPix(1);
    await database.db.execute(sql`update products set price_cents = price_cents + 1000 where id = 1`);
    const today = (await priceOf(1)).rows[0]!.price_cents;
    const first = newOrderOf(await ask(expired.number, expired.token));
    expect(first.number).not.toBe(expired.number);
    const fresh = (await findOrderFor(database.db, first.number, { userId: null }, first.token, t.services.cookieSecret))!;
    expect(fresh).toMatchObject({ status: 'awaiting_payment', paymentMethod: 'pix', email: 'maria@example.com' });
    expect(fresh.lines.map((l) => ({ productId: l.productId, quantity: l.quantity, unitPriceCents: l.unitPriceCents }))).toEqual([{ productId: 1, quantity: 2, unitPriceCents: today }]);
    expect(fresh.payment?.pixCode).toBeTruthy();
    // A second click: the same new order (its link now the signed one), not another.
    expect(newOrderOf(await ask(expired.number, expired.token)).number).toBe(first.number);
    const old = (await findOrderFor(database.db, expired.number, { userId: null }, expired.token, t.services.cookieSecret))!;
    expect(old.status).toBe('cancelled');
  });

  it('says on the expired order which new order its PIX was generated as, instead of offering a new one again', async () => {
    const expired = await expiredPix(2);
    expect(await successorShown(expired.number, expired.token)).toBeNull();
    const made = newOrderOf(await ask(expired.number, expired.token));
    expect(await successorShown(expired.number, expired.token)).toBe(made.number);
    expect(await successorShown(made.number, made.token)).toBeNull();
  });

  it('is refused from the masked tracking link, for an order that is not an expired PIX, and when the stock is gone', async () => {
    const expired = await expiredPix(2);
    const masked = (await trackingTokenFor(database.db, expired.number, t.services.cookieSecret))!;
    const count = async () => ((await database.db.execute(sql`select count(*)::int as n from orders`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    const before = await count();
    expect(errorOf(await ask(expired.number, masked))).toBe(PIX_AGAIN_NOT_ELIGIBLE);

    const waiting = await placeOrder(
      { db: database.db, provider },
      {
        idempotencyKey: crypto.randomBytes(12).toString('hex'),
        email: 'maria@example.com',
        customer: customerSchema.parse({ name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' }),
        lines: [{ productId: 3, quantity: 1 }],
        address: ADDRESS,
        shipping: 'standard',
        payment: 'pix',
        installments: 1,
      },
      { userId: null },
    );
    if (!waiting.ok) throw new Error(waiting.message);
    const afterWaiting = await count();
    expect(errorOf(await ask(waiting.order.number, waiting.accessToken!))).toBe(PIX_AGAIN_NOT_ELIGIBLE);

    await database.db.execute(sql`update products set stock = 0 where id = 2`);
    const gone = errorOf(await ask(expired.number, expired.token));
    expect(gone).toMatch(/estoque|disponível/i);
    expect(await count()).toBe(afterWaiting);
    expect(afterWaiting).toBe(before + 1);
  });
});
