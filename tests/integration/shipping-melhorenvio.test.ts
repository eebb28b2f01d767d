// Melhor Envio as the shipping provider, against a local fake of its API (real paths and shapes): the
// product page, the cart, checkout and the placed order show and charge the same carrier prices; far CEPs
// pay more and wait longer; when the API fails the table's options stand in and the shopper is told.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quote } from '#src/domain/cart/quote.ts';
import type { OrderView } from '#src/domain/orders/view.ts';
import { createMelhorEnvioProvider } from '#src/domain/shipping/melhorenvio.server.ts';
import { FALLBACK_NOTICE } from '#src/domain/shipping/options.ts';
import { productFreight } from '#src/domain/shipping/quote.server.ts';
import { createShippingService } from '#src/domain/shipping/service.ts';
import type { ShippingService } from '#src/domain/shipping/service.ts';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { createTestApp } from '../support/app.ts';
import { FAKE_MELHORENVIO_TOKEN, startFakeMelhorEnvio } from '../support/fake-melhorenvio.ts';

const SAO_PAULO = '01310100';
const MANAUS = '69005000';
const customer = { name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' };
const addressIn = (cep: string) => ({ cep, street: 'Rua Um', number: '10', neighborhood: 'Centro', city: 'Cidade', state: cep === MANAUS ? 'AM' : 'SP' });

describe.each(DATABASE_KINDS)('Melhor Envio shipping on %s', (kind) => {
  let database: TestDatabase;
  let fake: Awaited<ReturnType<typeof startFakeMelhorEnvio>>;
  let shipping: ShippingService;
  let t: ReturnType<typeof createTestApp>;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 40 });
    fake = await startFakeMelhorEnvio();
    const provider = createMelhorEnvioProvider({ baseUrl: fake.url, token: FAKE_MELHORENVIO_TOKEN, userAgent: 'Olimpo Pecas (atendimento@olimpopecas.com.br)' });
    shipping = createShippingService(provider, { originCep: '01310100' }, { timeoutMs: 500, cacheSeconds: 0 });
    t = createTestApp(database, { shipping });
  });
  afterAll(async () => {
    await fake?.close();
    await database?.dispose();
  });
  const quote = async (body: unknown) => {
    const res = await t.request('POST', '/api/cart/quote', body);
    expect(res.status).toBe(200);
    return (await res.json()) as Quote;
  };
  const place = (cep: string, shippingId: string) =>
    t.request('POST', '/api/orders', {
      idempotencyKey: crypto.randomUUID(),
      email: 'maria@example.com',
      lines: [{ productId: 1, quantity: 1 }],
      address: addressIn(cep),
      shipping: shippingId,
      payment: 'pix',
      customer,
    });

  it('sends the real calculate request: origin, destination, each product in cm and kg with its value, token and User-Agent', async () => {
    fake.requests.length = 0;
    await quote({ lines: [{ productId: 1, quantity: 2 }], cep: MANAUS });
    const [sent] = fake.requests;
    expect(sent?.body.from).toEqual({ postal_code: '01310100' });
    expect(sent?.body.to).toEqual({ postal_code: MANAUS });
    // Product 1 is the sample headlight: 2,85 kg in a 58 × 36 × 30 cm box, R$ 719,90.
    expect(sent?.body.products).toEqual([{ id: '1', width: 36, height: 30, length: 58, weight: 2.85, insurance_value: 719.9, quantity: 2 }]);
    expect(sent?.headers['user-agent']).toBe('Olimpo Pecas (atendimento@olimpopecas.com.br)');
  });

  it('shows the same carrier options on the product page, the cart and checkout, and the order charges the chosen one', async () => {
    const page = await productFreight(shipping, database.db, { productId: 1, cep: SAO_PAULO, now: new Date() });
    expect(page.options.map((o) => o.label)).toEqual(['Jadlog .Package', 'Correios PAC', 'Correios SEDEX']);
    const cart = await quote({ lines: [{ productId: 1, quantity: 1 }], cep: '01310-100' });
    expect(cart.shipping?.options.map((o) => [o.id, o.priceCents, o.days])).toEqual(page.options.map((o) => [o.id, o.priceCents, o.days]));
    // With a carrier, the cart's estimate is the cheapest option, not the table's R$ 40,00.
    expect(cart.freightCents).toBe(page.options[0]!.priceCents);
    const sedex = page.options.find((o) => o.label === 'Correios SEDEX')!;
    const checkout = await quote({ lines: [{ productId: 1, quantity: 1 }], cep: SAO_PAULO, shipping: sedex.id, payment: 'pix' });
    expect(checkout.order?.shippingCents).toBe(sedex.priceCents);
    const res = await place(SAO_PAULO, sedex.id);
    expect(res.status).toBe(201);
    const { order } = (await res.json()) as { order: OrderView };
    expect(order.shippingCents).toBe(sedex.priceCents);
    expect(order.totalCents).toBe(checkout.order?.totalCents);
    expect(order.shippingLabel).toBe('Correios SEDEX');
  });

  it('prices Manaus higher and slower than São Paulo', async () => {
    const sp = await quote({ lines: [{ productId: 1, quantity: 1 }], cep: SAO_PAULO });
    const am = await quote({ lines: [{ productId: 1, quantity: 1 }], cep: MANAUS });
    const pac = (q: Quote) => q.shipping!.options.find((o) => o.label === 'Correios PAC')!;
    expect(pac(am).priceCents).toBeGreaterThan(pac(sp).priceCents);
    expect(pac(am).maxDays).toBeGreaterThan(pac(sp).maxDays);
  });

  it('leaves out a service the API answers with an error (Jadlog over 30 kg)', async () => {
    // Eleven headlights: 31,35 kg.
    const q = await quote({ lines: [{ productId: 1, quantity: 11 }], cep: SAO_PAULO });
    expect(q.shipping?.options.map((o) => o.label)).toEqual(['Correios PAC', 'Correios SEDEX']);
  });

  it('falls back to the table when the API fails or hangs, tells the shopper, and the order still goes through', async () => {
    for (const mode of ['fail', 'hang'] as const) {
      fake.mode.value = mode;
      try {
        const q = await quote({ lines: [{ productId: 1, quantity: 1 }], cep: MANAUS });
        expect(q.shipping?.notice).toBe(FALLBACK_NOTICE);
        expect(q.shipping?.options.map((o) => [o.id, o.priceCents])).toEqual([
          ['standard', 1590],
          ['express', 2990],
        ]);
        if (mode === 'fail') {
          const res = await place(MANAUS, 'standard');
          expect(res.status).toBe(201);
          expect(((await res.json()) as { order: OrderView }).order.shippingCents).toBe(1590);
        }
      } finally {
        fake.mode.value = 'ok';
      }
    }
  });

  it('refuses a carrier option that was not quoted for that CEP', async () => {
    const res = await place(SAO_PAULO, 'me-999');
    expect(res.status).toBe(400);
  });
});
