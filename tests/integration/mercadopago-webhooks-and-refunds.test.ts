// Mercado Pago's notifications and refunds through the real Hono app, on PGlite and PostgreSQL, against a
// local fake of its REST API over HTTP (tests/support/fake-mercadopago.ts): signed webhooks (valid, forged,
// replayed, stale, wrong amount), the reconciliation of a lost webhook, rejections, refunds and chargebacks
// that return the stock once.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProduct } from '#src/domain/catalog/products.server.ts';
import { cancelOrder } from '#src/domain/orders/cancel.server.ts';
import { getAdminOrder, searchOrders } from '#src/domain/orders/back-office.server.ts';
import type { OrderView } from '#src/domain/orders/view.ts';
import { reconcilePaymentsJob } from '#src/domain/orders/reconcile-job.server.ts';
import { createMercadoPagoProvider, signMercadoPagoWebhook } from '#src/domain/payments/mercadopago.server.ts';
import { signWebhook } from '#src/domain/payments/provider.ts';
import { createTestApp, TEST_WEBHOOK_SECRET } from '../support/app.ts';
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

describe.each(DATABASE_KINDS)('Mercado Pago webhooks and refunds on %s', (kind) => {
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

  it('a valid webhook marks the order paid; a forged one gets 401; a replay changes nothing', async () => {
    const { order: o } = await place(order({ payment: 'pix' }));
    const id = fake.paymentFor(o.number)!.id;
    fake.payments.get(id)!.status = 'approved';

    // Forged: wrong secret, no signature, or a signature for another payment id.
    expect((await fake.notify(id, { secret: 'um-segredo-que-nao-e-o-da-loja' })).status).toBe(401);
    const unsigned = await t.app.fetch(
      new Request(`http://loja.test/api/payments/mercadopago/webhook?data.id=${id}&type=payment`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
    );
    expect(unsigned.status).toBe(401);
    const ts = String(Date.now());
    const otherSig = signMercadoPagoWebhook(WEBHOOK_SECRET, '999', 'req-x', ts);
    const swapped = await t.app.fetch(
      new Request(`http://loja.test/api/payments/mercadopago/webhook?data.id=${id}&type=payment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': otherSig, 'x-request-id': 'req-x' },
        body: JSON.stringify({ type: 'payment', data: { id: String(id) } }),
      }),
    );
    expect(swapped.status).toBe(401);
    expect(await statusOf(o.number)).toBe('awaiting_payment');

    const sentAt = String(Date.now());
    const valid = await fake.notify(id, { requestId: 'req-replay', ts: sentAt });
    expect(valid.status).toBe(200);
    expect(await valid.json()).toEqual({ ok: true, resultado: 'paid' });
    expect(await statusOf(o.number)).toBe('paid');
    const after = await counts(o.number);

    // The same notification again, a fresh one, and a late "payment.created" (out of order): 200, nothing changes.
    for (const again of [await fake.notify(id, { requestId: 'req-replay', ts: sentAt }), await fake.notify(id), await fake.notify(id, { action: 'payment.created' })]) {
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({ ok: true, resultado: 'already_applied' });
    }
    const replayed = await counts(o.number);
    expect(replayed.events).toBe(after.events);
    expect(replayed.stock).toBe(after.stock);
    expect(await statusOf(o.number)).toBe('paid');
  });

  it('a validly signed notification older than the tolerance gets 401 and changes nothing', async () => {
    const { order: o } = await place(order({ payment: 'pix' }));
    const id = fake.paymentFor(o.number)!.id;
    fake.payments.get(id)!.status = 'approved';
    const before = await counts(o.number);
    const reads = fake.requests.length;
    for (const ts of [String(Date.now() - 10 * 60_000), String(Math.floor(Date.now() / 1000) - 3600), '1790000000000']) {
      const late = await fake.notify(id, { ts });
      expect(late.status, ts).toBe(401);
      expect(await late.json()).toEqual({ erro: 'Assinatura inválida.' });
    }
    expect(fake.requests.length).toBe(reads); // the payment was not even read back
    expect(await statusOf(o.number)).toBe('awaiting_payment');
    expect(await counts(o.number)).toEqual(before);
    // The same notification sent now is accepted.
    expect(await (await fake.notify(id)).json()).toEqual({ ok: true, resultado: 'paid' });
  });

  it('turns the sandbox webhook and "Simular pagamento" off: only Mercado Pago confirms its orders', async () => {
    const placed = await place(order({ payment: 'pix' }));
    const payload = JSON.stringify({ event: 'payment.paid', orderNumber: placed.order.number, amountCents: placed.order.totalCents });
    const res = await t.request('POST', '/api/payments/webhook', payload, { 'x-olimpo-signature': signWebhook(TEST_WEBHOOK_SECRET, payload) });
    expect(res.status).toBe(404);
    expect((await t.request('POST', `/api/payments/sandbox/${placed.order.number}/pay?token=${placed.accessToken}`)).status).toBe(404);
    expect(await statusOf(placed.order.number)).toBe('awaiting_payment');
  });

  it('never trusts the body: the gateway status decides (a "payment.updated" body for a pending payment marks nothing)', async () => {
    const { order: o } = await place(order({ payment: 'pix' }));
    const res = await fake.notify(fake.paymentFor(o.number)!.id, { action: 'payment.updated' });
    expect(await res.json()).toEqual({ ok: true, resultado: 'pending' });
    expect(await statusOf(o.number)).toBe('awaiting_payment');
  });

  it('records a wrong amount and does not mark the order paid', async () => {
    const { order: o } = await place(order({ payment: 'pix' }));
    const id = fake.paymentFor(o.number)!.id;
    const res = await fake.approve(id, { amountCents: o.totalCents - 100 });
    expect(await res!.json()).toEqual({ ok: true, resultado: 'amount_mismatch' });
    expect(await statusOf(o.number)).toBe('awaiting_payment');
    const [row] = await queryRows<{ provider_amount_cents: number; provider_status: string; outcome: string; status: string }>(
      database.db,
      sql`select p.provider_amount_cents, p.provider_status, p.status, pe.outcome from payments p join orders o on o.id = p.order_id
          join payment_events pe on pe.payment_id = p.id where o.number = ${o.number}`,
    );
    expect(row).toEqual({ provider_amount_cents: o.totalCents - 100, provider_status: 'approved', status: 'pending', outcome: 'amount_mismatch' });
    // Reconciliation sees the same payment and still does not mark it paid.
    await runReconciliation();
    expect(await statusOf(o.number)).toBe('awaiting_payment');
    // The back office shows it, and only it, until the store refunds it at the gateway.
    const divergent = { q: '', status: '' as const, payment: '' as const, from: '', to: '', page: 1, divergent: true };
    expect((await searchOrders(database.db, divergent)).rows.map((r) => [r.number, r.divergentPaidCents])).toEqual([[o.number, o.totalCents - 100]]);
    expect((await getAdminOrder(database.db, o.number))?.divergentPaidCents).toBe(o.totalCents - 100);
    expect((await searchOrders(database.db, { ...divergent, divergent: false })).rows.find((r) => r.number !== o.number)?.divergentPaidCents).toBeNull();
    await fake.refundAtGateway(id);
    expect(await statusOf(o.number)).toBe('cancelled');
    expect((await searchOrders(database.db, divergent)).total).toBe(0);
    expect((await getAdminOrder(database.db, o.number))?.divergentPaidCents).toBeNull();
  });

  it('a lost webhook is repaired by the reconciliation job (PIX and boleto)', async () => {
    const pix = (await place(order({ payment: 'pix' }))).order;
    const boleto = (await place(order({ payment: 'boleto' }))).order;
    await fake.approve(fake.paymentFor(pix.number)!.id, { webhook: false });
    await fake.approve(fake.paymentFor(boleto.number)!.id, { webhook: false });
    expect(await statusOf(pix.number)).toBe('awaiting_payment');
    await runReconciliation();
    expect(await statusOf(pix.number)).toBe('paid');
    expect(await statusOf(boleto.number)).toBe('paid');
    const gets = fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/payments/${fake.paymentFor(pix.number)!.id}`);
    expect(gets.length).toBeGreaterThan(0);
  });

  it('a rejected or cancelled payment cancels the order with the reason and returns the stock, once', async () => {
    const before = await stockOf(2);
    const { order: o } = await place(order({ payment: 'boleto', lines: [{ productId: 2, quantity: 3 }] }));
    expect(await stockOf(2)).toBe(before - 3);
    const id = fake.paymentFor(o.number)!.id;
    expect(await (await fake.cancel(id))!.json()).toEqual({ ok: true, resultado: 'cancelled' });
    expect(await (await fake.notify(id))!.json()).toEqual({ ok: true, resultado: 'already_applied' });
    expect(await statusOf(o.number)).toBe('cancelled');
    expect(await stockOf(2)).toBe(before);
  });

  it('cancelling a paid order refunds it through Mercado Pago and returns the stock, once', async () => {
    const before = await stockOf(2);
    const placed = await place(order({ payment: 'credit', lines: [{ productId: 2, quantity: 2 }], card: { token: await tokenize('APRO'), paymentMethodId: 'master', last4: '6351' } }));
    const number = placed.order.number;
    expect(await stockOf(2)).toBe(before - 2);
    const result = await cancelOrder(database.db, number, { reason: 'Cliente desistiu.', provider, jobs: null, catalogChanges: t.services.catalogChanges });
    expect(result).toEqual({ ok: true });
    const p = fake.paymentFor(number)!;
    expect(p.status).toBe('refunded');
    const refundCall = fake.requests.find((r) => r.method === 'POST' && r.path === `/v1/payments/${p.id}/refunds`)!;
    expect(refundCall.headers['x-idempotency-key']).toBe(`olimpo-refund-${number}`);
    expect(await statusOf(number)).toBe('cancelled');
    expect(await stockOf(2)).toBe(before);
    const [row] = await queryRows<{ status: string; refund_ref: string | null; note: string }>(
      database.db,
      sql`select p.status, p.refund_ref, (select note from order_events e where e.order_id = o.id order by e.id desc limit 1) as note from payments p join orders o on o.id = p.order_id where o.number = ${number}`,
    );
    expect(row).toEqual({ status: 'refunded', refund_ref: String(p.refunds[0]!.id), note: 'Cliente desistiu. Pagamento estornado.' });
    // Mercado Pago's "refunded" webhook and a second cancel change nothing (no second restock).
    expect(await (await fake.notify(p.id)).json()).toEqual({ ok: true, resultado: 'already_applied' });
    expect((await cancelOrder(database.db, number, { provider, jobs: null, catalogChanges: t.services.catalogChanges })).ok).toBe(false);
    expect(await stockOf(2)).toBe(before);
  });

  it('a refund refused by the gateway cancels nothing', async () => {
    const placed = await place(order({ payment: 'credit', card: { token: await tokenize('APRO'), paymentMethodId: 'master', last4: '6351' } }));
    const p = fake.paymentFor(placed.order.number)!;
    p.status = 'in_mediation'; // the fake refuses to refund anything not approved
    const result = await cancelOrder(database.db, placed.order.number, { reason: 'Teste', provider, jobs: null, catalogChanges: t.services.catalogChanges });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(/Não foi possível estornar o pagamento: .* O pedido não foi cancelado\./);
    expect(await statusOf(placed.order.number)).toBe('paid');
  });

  it('a refund or chargeback made at Mercado Pago cancels a paid order and returns the stock', async () => {
    const before = await stockOf(2);
    const placed = await place(order({ payment: 'credit', card: { token: await tokenize('APRO'), paymentMethodId: 'master', last4: '6351' } }));
    expect(await (await fake.refundAtGateway(fake.paymentFor(placed.order.number)!.id))!.json()).toEqual({ ok: true, resultado: 'refunded' });
    expect(await statusOf(placed.order.number)).toBe('cancelled');
    expect(await stockOf(2)).toBe(before);
  });

  it('a PIX paid after its order was cancelled is refunded automatically', async () => {
    const { order: o } = await place(order({ payment: 'pix' }));
    expect(await cancelOrder(database.db, o.number, { reason: 'Pagamento não confirmado no prazo.', provider, jobs: null, catalogChanges: t.services.catalogChanges })).toEqual({ ok: true });
    const id = fake.paymentFor(o.number)!.id;
    expect(await (await fake.approve(id))!.json()).toEqual({ ok: true, resultado: 'refunded_late_payment' });
    expect(fake.payments.get(id)!.status).toBe('refunded');
    expect(await statusOf(o.number)).toBe('cancelled');
  });

  it('keeps the webhook outside the origin check, ignores other topics, and lets the browser reach the API for tokens', async () => {
    const ts = String(Date.now());
    const res = await t.app.fetch(
      new Request('http://loja.test/api/payments/mercadopago/webhook?data.id=42&type=merchant_order', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://mercadopago.com.br', 'x-signature': signMercadoPagoWebhook(WEBHOOK_SECRET, '42', 'r1', ts), 'x-request-id': 'r1' },
        body: '{}',
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, ignorado: true });
    const csp = (await t.request('GET', '/healthz')).headers.get('content-security-policy')!;
    expect(csp).toContain(`connect-src 'self' ${new URL(fake.url).origin}`);
  });
});
