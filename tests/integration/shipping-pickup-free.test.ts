// "Retirar na loja" and the free-shipping threshold, through the real API on PGlite and PostgreSQL: the cart
// says what is missing for free shipping, the cheapest delivery becomes free once reached (the estimate
// too), and a pickup order costs nothing to ship and carries a code for the counter.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quote } from '#src/domain/cart/quote.ts';
import type { OrderView } from '#src/domain/orders/view.ts';
import { freeShippingHint } from '#src/domain/shipping/options.ts';
import { createTableShipping } from '#src/domain/shipping/service.ts';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { createTestApp } from '../support/app.ts';

const customer = { name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' };
const address = { cep: '01310100', street: 'Av. Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' };

describe.each(DATABASE_KINDS)('pickup and free shipping on %s', (kind) => {
  let database: TestDatabase;
  let t: ReturnType<typeof createTestApp>;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 40 });
    // Product 1 costs R$ 719,90: one unit is under R$ 1.000,00, two are over.
    t = createTestApp(database, { shipping: createTableShipping({ pickup: true, freeShippingMinCents: 100_000 }) });
  });
  afterAll(async () => {
    await database?.dispose();
  });
  const quote = async (body: unknown) => {
    const res = await t.request('POST', '/api/cart/quote', body);
    expect(res.status).toBe(200);
    return (await res.json()) as Quote;
  };

  it('tells what is missing for free shipping, then makes the cheapest delivery and the estimate free', async () => {
    const under = await quote({ lines: [{ productId: 1, quantity: 1 }], cep: '01310-100' });
    expect(under.shipping?.freeShipping).toEqual({ minCents: 100_000, missingCents: 28_010 });
    expect(freeShippingHint(under.shipping!)).toMatch(/^Faltam R\$\s280,10 para frete grátis$/);
    expect(under.freightCents).toBe(4000);
    const over = await quote({ lines: [{ productId: 1, quantity: 2 }], cep: '01310-100', shipping: 'standard', payment: 'credit' });
    expect(over.shipping?.options.map((o) => [o.id, o.priceCents])).toEqual([
      ['standard', 0],
      ['express', 2990],
      ['pickup', 0],
    ]);
    expect(over.freightCents).toBe(0);
    expect(over.order?.shippingCents).toBe(0);
  });

  it('offers "Retirar na loja" for R$ 0,00 and gives the order a pickup code', async () => {
    const q = await quote({ lines: [{ productId: 1, quantity: 1 }], cep: '01310-100' });
    expect(q.shipping?.options.at(-1)).toMatchObject({ id: 'pickup', label: 'Retirar na loja', priceCents: 0, kind: 'pickup' });
    const res = await t.request('POST', '/api/orders', {
      idempotencyKey: crypto.randomUUID(),
      email: 'maria@example.com',
      lines: [{ productId: 1, quantity: 1 }],
      address,
      shipping: 'pickup',
      payment: 'pix',
      customer,
    });
    expect(res.status).toBe(201);
    const { order } = (await res.json()) as { order: OrderView };
    expect(order).toMatchObject({ shippingCents: 0, shippingLabel: 'Retirar na loja', shippingMethod: 'pickup' });
    expect(order.pickupCode).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
  });

  it('refuses pickup where the store does not offer it', async () => {
    const plain = createTestApp(database);
    const res = await plain.request('POST', '/api/orders', {
      idempotencyKey: crypto.randomUUID(),
      email: 'maria@example.com',
      lines: [{ productId: 1, quantity: 1 }],
      address,
      shipping: 'pickup',
      payment: 'pix',
      customer,
    });
    expect(res.status).toBe(400);
  });
});
