// Mercado Pago charges through the real Hono app, on PGlite and PostgreSQL, against a local fake of Mercado
// Pago's REST API over HTTP (tests/support/fake-mercadopago.ts; our client is never mocked): the webhook
// signature, PIX, boleto and tokenized cards, a lost charge answer found again, the gateway out of reach.
// Webhooks, reconciliation and refunds: mercadopago-webhooks-and-refunds.test.ts.
import crypto from 'node:crypto';
import { isValidBoleto } from '@brazilian-utils/brazilian-utils';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv, paymentProviderOf } from '#src/config/env.ts';
import { getProduct } from '#src/domain/catalog/products.server.ts';
import type { OrderView } from '#src/domain/orders/view.ts';
import { reconcilePaymentsJob } from '#src/domain/orders/reconcile-job.server.ts';
import { createMercadoPagoProvider, signMercadoPagoWebhook, verifyMercadoPagoSignature, webhookManifest } from '#src/domain/payments/mercadopago.server.ts';
import { CARD_TOKEN_REQUIRED, PAYMENT_UNAVAILABLE_MESSAGE } from '#src/domain/checkout/place-order.server.ts';
import { JOBS } from '#src/domain/jobs/registry.server.ts';
import { createTestApp } from '../support/app.ts';
import { createTestDatabase, DATABASE_KINDS, queryRows } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { startFakeMercadoPago } from '../support/fake-mercadopago.ts';
import type { FakeMercadoPago } from '../support/fake-mercadopago.ts';

const ACCESS_TOKEN = 'TEST-1234567890-access-token';
const PUBLIC_KEY = 'TEST-public-key-0987654321';
const WEBHOOK_SECRET = 'mp-webhook-secret-for-tests-0123';
const PAN = '5031433215406351';

const address = { cep: '01001000', street: 'Praça da Sé', number: '100', complement: 'Sala 2', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' };
const order = (over: Record<string, unknown> = {}) => ({
  idempotencyKey: crypto.randomUUID(),
  email: 'maria@example.com',
  lines: [{ productId: 2, quantity: 1 }],
  address,
  shipping: 'standard',
  payment: 'pix',
  installments: 1,
  customer: { name: 'Maria da Silva Souza', cpf: '529.982.247-25', phone: '(11) 98765-4321' },
  ...over,
});

describe('Mercado Pago webhook signature', () => {
  it('signs "id:<data.id>;request-id:<x-request-id>;ts:<ts>;" with the id lowercased when alphanumeric', () => {
    expect(webhookManifest('ABC123', 'req-1', '1704908010')).toBe('id:abc123;request-id:req-1;ts:1704908010;');
    expect(webhookManifest('123456', undefined, '1')).toBe('id:123456;ts:1;');
    const v1 = crypto.createHmac('sha256', 'segredo-de-teste-123').update('id:abc123;request-id:req-1;ts:1704908010;').digest('hex');
    const at = { now: 1704908010_000 + 1000 }; // one second after it was signed
    expect(verifyMercadoPagoSignature('segredo-de-teste-123', { signature: `ts=1704908010,v1=${v1}`, requestId: 'req-1', dataId: 'ABC123' }, at)).toBe(true);
    expect(verifyMercadoPagoSignature('segredo-de-teste-123', { signature: `ts=1704908011,v1=${v1}`, requestId: 'req-1', dataId: 'ABC123' }, at)).toBe(false);
    expect(verifyMercadoPagoSignature('segredo-de-teste-123', { signature: `ts=1704908010,v1=${v1}`, requestId: 'req-2', dataId: 'ABC123' }, at)).toBe(false);
    expect(verifyMercadoPagoSignature('segredo-de-teste-123', { signature: 'lixo', requestId: 'req-1', dataId: 'ABC123' }, at)).toBe(false);
    expect(verifyMercadoPagoSignature('segredo-de-teste-123', { signature: undefined, requestId: 'req-1', dataId: 'ABC123' }, at)).toBe(false);
  });

  it('accepts a valid signature only within the tolerance of our clock (ts in milliseconds or seconds)', () => {
    const now = Date.parse('2026-11-28T15:00:00Z');
    const sign = (ts: string) => ({ signature: signMercadoPagoWebhook('segredo-de-teste-123', '42', 'req-1', ts), requestId: 'req-1', dataId: '42' });
    for (const [ts, ok] of [
      [String(now), true],
      [String(now - 299_000), true],
      [String(now + 60_000), true],
      [String(Math.floor(now / 1000) - 200), true],
      [String(now - 301_000), false],
      [String(now - 86_400_000), false],
      [String(now + 301_000), false],
      [String(Math.floor(now / 1000) - 400), false],
      ['1', false],
      ['17649', false],
    ] as const) {
      expect(verifyMercadoPagoSignature('segredo-de-teste-123', sign(ts), { now }), ts).toBe(ok);
    }
    expect(verifyMercadoPagoSignature('segredo-de-teste-123', sign(String(now - 3_600_000)), { now, toleranceSeconds: 7200 })).toBe(true);
  });

  it('refuses to start with PAYMENT_PROVIDER=mercadopago and no webhook secret, naming the variable in pt-BR', () => {
    expect(() => parseEnv({ PAYMENT_PROVIDER: 'mercadopago', MERCADOPAGO_ACCESS_TOKEN: ACCESS_TOKEN, MERCADOPAGO_PUBLIC_KEY: PUBLIC_KEY })).toThrow(
      /MERCADOPAGO_WEBHOOK_SECRET: obrigatório com PAYMENT_PROVIDER=mercadopago/,
    );
    expect(() => parseEnv({ PAYMENT_PROVIDER: 'mercadopago' })).toThrow(/MERCADOPAGO_ACCESS_TOKEN[\s\S]*MERCADOPAGO_PUBLIC_KEY[\s\S]*MERCADOPAGO_WEBHOOK_SECRET/);
    const env = parseEnv({ PAYMENT_PROVIDER: 'mercadopago', MERCADOPAGO_ACCESS_TOKEN: ACCESS_TOKEN, MERCADOPAGO_PUBLIC_KEY: PUBLIC_KEY, MERCADOPAGO_WEBHOOK_SECRET: WEBHOOK_SECRET });
    expect(env.MERCADOPAGO_API_URL).toBe('https://api.mercadopago.com');
    expect(paymentProviderOf(parseEnv({}))).toBe('sandbox');
  });

  it('registers the reconciliation as a periodic job', () => {
    expect(JOBS.find((j) => j.name === 'payments.reconcile')).toMatchObject({ cron: '* * * * *' });
  });
});

describe.each(DATABASE_KINDS)('Mercado Pago charges on %s', (kind) => {
  let database: TestDatabase;
  let fake: FakeMercadoPago;
  let t: ReturnType<typeof createTestApp>;
  let provider: ReturnType<typeof createMercadoPagoProvider>;

  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 40 });
    fake = await startFakeMercadoPago({ accessToken: ACCESS_TOKEN, publicKey: PUBLIC_KEY, webhookSecret: WEBHOOK_SECRET });
    provider = createMercadoPagoProvider({ accessToken: ACCESS_TOKEN, publicKey: PUBLIC_KEY, apiUrl: fake.url, timeoutMs: 3000 });
    t = createTestApp(database, { provider, mercadoPagoWebhookSecret: WEBHOOK_SECRET });
    fake.setWebhookTarget((req) => t.app.fetch(req));
  });
  afterAll(async () => {
    await fake?.close();
    await database?.dispose();
  });

  const place = async (body: unknown, expected = 201) => {
    const res = await t.request('POST', '/api/orders', body);
    const json = (await res.json()) as { order: OrderView; accessToken: string; erro?: string; pedido?: OrderView };
    expect(res.status, json.erro).toBe(expected);
    return json;
  };
  const stockOf = async (id: number) => (await getProduct(database.db, id))!.stock;
  const statusOf = async (number: string) => (await queryRows<{ status: string }>(database.db, sql`select status from orders where number = ${number}`))[0]!.status;
  const counts = async (number: string) =>
    (
      await queryRows<{ events: number; payment_events: number; stock: number }>(
        database.db,
        sql`select (select count(*)::int from order_events e where e.order_id = o.id) as events,
                   (select count(*)::int from payment_events pe join payments p on p.id = pe.payment_id where p.order_id = o.id) as payment_events,
                   (select stock from products where id = 2) as stock
            from orders o where o.number = ${number}`,
      )
    )[0]!;
  const runReconciliation = (app = t) => reconcilePaymentsJob.handler({}, { db: database.db, enqueue: async () => null, checkout: app.services.checkout }, { id: 'test', retryCount: 0 });
  const tokenize = async (name = 'APRO', number = PAN) => {
    const res = await fetch(`${fake.url}/v1/card_tokens?public_key=${PUBLIC_KEY}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ card_number: number, security_code: '123', expiration_month: 11, expiration_year: 2030, cardholder: { name, identification: { type: 'CPF', number: '52998224725' } } }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };

  it('creates a PIX payment: copia e cola and expiry from Mercado Pago, our order number as external_reference, an idempotency key', async () => {
    const placed = await place(order({ payment: 'pix' }));
    const o = placed.order;
    const p = fake.paymentFor(o.number)!;
    expect(p).toBeDefined();
    expect(p).toMatchObject({ payment_method_id: 'pix', transaction_amount: o.totalCents / 100, external_reference: o.number });
    expect(o.payment!.pixCode).toBe(p.point_of_interaction!.transaction_data.qr_code);
    expect(new Date(o.payment!.pixExpiresAt!).getTime()).toBe(new Date(p.date_of_expiration!).getTime());
    const created = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/payments' && r.body.includes(`"external_reference":"${o.number}"`))!;
    expect(created.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(created.headers['x-idempotency-key']).toMatch(/^olimpo-[0-9a-f]{40}$/);
    // The buyer of checkout step 1 is the payer: name and CPF (identification) go with every payment.
    expect(JSON.parse(created.body).payer).toMatchObject({ email: 'maria@example.com', first_name: 'Maria', last_name: 'da Silva Souza', identification: { type: 'CPF', number: '52998224725' } });
    // The QR is drawn from the stored code.
    const qr = await t.request('GET', `/api/orders/${o.number}/pix.svg?token=${placed.accessToken}`);
    expect(qr.status).toBe(200);
  });

  it('sends the payer name and CPF when the order has them', async () => {
    const provider = createMercadoPagoProvider({ accessToken: ACCESS_TOKEN, publicKey: PUBLIC_KEY, apiUrl: fake.url });
    const result = await provider.charge({
      orderNumber: '12345678',
      amountCents: 10_000,
      method: 'pix',
      installments: 1,
      payer: { name: 'Maria da Silva Souza', email: 'maria@example.com', cpf: '52998224725' },
      idempotencyKey: `olimpo-${crypto.randomUUID()}`,
      now: new Date(),
    });
    expect(result.status).toBe('pending');
    expect(fake.paymentFor('12345678')!.payer).toEqual({ email: 'maria@example.com', first_name: 'Maria', last_name: 'da Silva Souza', identification: { type: 'CPF', number: '52998224725' } });
  });

  it('creates a boleto (bolbradesco) with the digitable line, the document link and the payer address', async () => {
    const { order: o } = await place(order({ payment: 'boleto' }));
    const p = fake.paymentFor(o.number)!;
    expect(p.payment_method_id).toBe('bolbradesco');
    expect(p.payer.address).toMatchObject({ zip_code: '01001000', street_name: 'Praça da Sé', street_number: '100', federal_unit: 'SP' });
    expect(o.payment!.boletoLine).toBe(p.transaction_details.digitable_line);
    expect(isValidBoleto(o.payment!.boletoLine!)).toBe(true);
    expect(o.payment!.boletoUrl).toBe(`${fake.url}/boleto/${p.id}`);
    expect(o.payment!.boletoDueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('finds a payment whose charge answer was lost by our order number', async () => {
    const { order: o } = await place(order({ payment: 'pix' }));
    const id = fake.paymentFor(o.number)!.id;
    // As if the process died after Mercado Pago created the payment and before we stored its id.
    await database.db.execute(sql`update payments set provider_ref = null, created_at = now() - interval '5 minutes' where order_id = (select id from orders where number = ${o.number})`);
    await fake.approve(id, { webhook: false });
    await runReconciliation();
    expect(await statusOf(o.number)).toBe('paid');
    const [p] = await queryRows<{ provider_ref: string }>(database.db, sql`select provider_ref from payments where order_id = (select id from orders where number = ${o.number})`);
    expect(p!.provider_ref).toBe(String(id));
    expect(fake.requests.some((r) => r.path.startsWith(`/v1/payments/search?external_reference=${o.number}`))).toBe(true);
  });

  it('takes a card as a browser-made token: approved, declined (stock back), and refuses card digits', async () => {
    const before = await stockOf(2);
    const token = await tokenize('APRO');
    const paid = await place(order({ payment: 'credit', installments: 3, card: { token, paymentMethodId: 'master', brand: 'Mastercard', last4: '6351' } }));
    expect(paid.order.status).toBe('paid');
    expect(paid.order.payment).toMatchObject({ cardBrand: 'Mastercard', cardLast4: '6351' });
    const body = JSON.parse(fake.requests.find((r) => r.path === '/v1/payments' && r.body.includes(token))!.body);
    expect(body).toMatchObject({ token, installments: 3, payment_method_id: 'master', external_reference: paid.order.number });
    expect(body).not.toHaveProperty('card_number');

    const declined = await place(order({ payment: 'credit', card: { token: await tokenize('FUND'), paymentMethodId: 'master', last4: '6351' } }), 402);
    expect(declined.pedido!.status).toBe('cancelled');
    expect(declined.pedido!.payment!.failureReason).toBe('Saldo ou limite insuficiente no cartão.');
    expect(await stockOf(2)).toBe(before - 1);

    const digits = await place(order({ payment: 'credit', card: { number: PAN, name: 'APRO', expiry: '11/30', cvv: '123' } }), 400);
    expect(digits.erro).toBe(CARD_TOKEN_REQUIRED);
  });

  it('a card under review waits for the webhook', async () => {
    const placed = await place(order({ payment: 'credit', card: { token: await tokenize('CONT'), paymentMethodId: 'visa', last4: '6351' } }));
    expect(placed.order.status).toBe('awaiting_payment');
    await fake.approve(fake.paymentFor(placed.order.number)!.id);
    expect(await statusOf(placed.order.number)).toBe('paid');
  });

  it('when Mercado Pago cannot be reached: the checkout answers 503 in pt-BR and returns the stock, the webhook 503, the job reports it', async () => {
    const before = await stockOf(2);
    const dead = createMercadoPagoProvider({ accessToken: ACCESS_TOKEN, publicKey: PUBLIC_KEY, apiUrl: 'http://127.0.0.1:9', timeoutMs: 1000 });
    const down = createTestApp(database, { provider: dead, mercadoPagoWebhookSecret: WEBHOOK_SECRET });
    try {
      const body = order({ payment: 'pix' });
      for (let i = 0; i < 2; i++) {
        const res = await down.request('POST', '/api/orders', body);
        expect(res.status).toBe(503);
        const json = (await res.json()) as { erro: string; pedido: OrderView };
        expect(json.erro).toBe(PAYMENT_UNAVAILABLE_MESSAGE);
        expect(json.pedido.status).toBe('cancelled');
      }
      expect(await stockOf(2)).toBe(before);
      const ts = String(Date.now());
      const hook = await down.app.fetch(
        new Request('http://loja.test/api/payments/mercadopago/webhook?data.id=1325000001&type=payment', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-signature': signMercadoPagoWebhook(WEBHOOK_SECRET, '1325000001', 'r-down', ts), 'x-request-id': 'r-down' },
          body: '{}',
        }),
      );
      expect(hook.status).toBe(503);
      await expect(runReconciliation(down)).rejects.toThrow(/Conciliação: \d+ de \d+ pagamentos sem resposta do gateway/);
    } finally {
      t = createTestApp(database, { provider, mercadoPagoWebhookSecret: WEBHOOK_SECRET });
      fake.setWebhookTarget((req) => t.app.fetch(req));
    }
  });

  it('never stores a card number', async () => {
    const dump =
      JSON.stringify(await queryRows(database.db, sql`select row_to_json(p)::text as r from payments p`)) +
      JSON.stringify(await queryRows(database.db, sql`select row_to_json(o)::text as r from orders o`));
    expect(dump).not.toContain(PAN);
  });
});
