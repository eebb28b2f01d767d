// One freight everywhere: for the same CEP and items, the product page, the cart quote, the checkout's totals
// and the order that is placed show (and charge) the same shipping options, on PGlite and PostgreSQL.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quote } from '#src/domain/cart/quote.ts';
import { productFreight } from '#src/domain/shipping/quote.server.ts';
import { createTableShipping } from '#src/domain/shipping/service.ts';
import type { OrderView } from '#src/domain/orders/view.ts';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { createTestApp } from '../support/app.ts';

const CEP = '01310100';
const address = { cep: CEP, street: 'Av. Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' };
const customer = { name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' };

describe.each(DATABASE_KINDS)('one freight everywhere on %s (table provider)', (kind) => {
  let database: TestDatabase;
  let t: ReturnType<typeof createTestApp>;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 40 });
    t = createTestApp(database);
  });
  afterAll(async () => {
    await database?.dispose();
  });
  const quote = async (body: unknown) => {
    const res = await t.request('POST', '/api/cart/quote', body);
    expect(res.status).toBe(200);
    return (await res.json()) as Quote;
  };

  it('shows the spec’s options on the product page, the cart and checkout, and the order charges the chosen one', async () => {
    const page = await productFreight(createTableShipping(), database.db, { productId: 1, cep: CEP, now: new Date() });
    expect(page.options.map((o) => [o.id, o.label, o.priceCents, o.days])).toEqual([
      ['standard', 'Envio Padrão', 1590, '5-7 dias úteis'],
      ['express', 'Envio Expresso', 2990, '2-3 dias úteis'],
    ]);

    const lines = [{ productId: 1, quantity: 1 }];
    const cart = await quote({ lines, cep: '01310-100' });
    // The cart's summary keeps the spec's flat estimate, labelled as an estimate, beside the real options.
    expect(cart.freightCents).toBe(4000);
    expect(cart.shipping?.estimateCents).toBe(4000);
    expect(cart.shipping?.options.map((o) => [o.id, o.priceCents, o.days])).toEqual(page.options.map((o) => [o.id, o.priceCents, o.days]));

    for (const option of page.options) {
      const checkout = await quote({ lines, cep: CEP, shipping: option.id, payment: 'pix' });
      expect(checkout.order?.shippingCents).toBe(option.priceCents);
      const res = await t.request('POST', '/api/orders', {
        idempotencyKey: crypto.randomUUID(),
        email: 'maria@example.com',
        lines,
        address,
        shipping: option.id,
        payment: 'pix',
        customer,
      });
      expect(res.status).toBe(201);
      const placed = (await res.json()) as { order: OrderView };
      expect(placed.order.shippingCents).toBe(option.priceCents);
      expect(placed.order.totalCents).toBe(checkout.order?.totalCents);
    }
  });

  it('refuses a shipping option the quote does not offer, with a pt-BR message', async () => {
    const res = await t.request('POST', '/api/orders', {
      idempotencyKey: crypto.randomUUID(),
      email: 'maria@example.com',
      lines: [{ productId: 1, quantity: 1 }],
      address,
      shipping: 'me-99',
      payment: 'pix',
      customer,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { erro: string }).erro).toMatch(/forma de envio/i);
  });
});
