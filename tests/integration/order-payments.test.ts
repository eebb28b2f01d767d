// Paying for orders through the real API on PGlite and PostgreSQL: totals from the server, a real PIX BR Code,
// a valid boleto, cards (approved, refused, declined), the signed webhook, a credit order paid later; no card
// number stored.
import { isValidBoleto, getBoletoInfo } from '@brazilian-utils/brazilian-utils';
import { parsePix, hasError } from 'pix-utils';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#src/domain/catalog/schema.ts';
import { getProduct } from '#src/domain/catalog/products.server.ts';
import { signWebhook, SANDBOX_DECLINED_CARD } from '#src/domain/payments/provider.ts';
import type { OrderView } from '#src/domain/orders/view.ts';
import { orders } from '#src/domain/orders/schema.ts';
import { createTestDatabase, DATABASE_KINDS, queryRows } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { createTestApp, TEST_WEBHOOK_SECRET } from '../support/app.ts';
import { startTestJobs } from '../support/jobs.ts';
import type { JobRunner } from '#src/platform/job-runner.server.ts';
import { brasiliaDay } from '#src/platform/datetime.ts';
import { address, card, order } from '../support/orders.ts';
import type { Placed } from '../support/orders.ts';

describe.each(DATABASE_KINDS)('paying for orders on %s', (kind) => {
  let database: TestDatabase;
  let t: ReturnType<typeof createTestApp>;
  let jobs: JobRunner;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 60 });
    t = createTestApp(database);
    jobs = await startTestJobs(database, t.services);
  });
  afterAll(async () => {
    await jobs?.stop();
    await database?.dispose();
  });
  const place = async (body: unknown, expected = 201) => {
    const res = await t.request('POST', '/api/orders', body);
    const json = (await res.json()) as Placed & { erro?: string };
    expect(res.status, json.erro).toBe(expected);
    return json;
  };
  const stockOf = async (id: number) => (await getProduct(database.db, id))!.stock;

  /** A product with plenty of stock (the first ones run out across this file's tests). */
  const spare = async () => {
    const [row] = await queryRows<{ id: number }>(
      database.db,
      sql`update products set stock = stock + 50 where id = (select max(id) from products p where not exists (select 1 from product_variants v where v.product_id = p.id)) returning id`,
    );
    return Number(row!.id);
  };

  it('computes every total on the server and ignores browser-sent prices', async () => {
    const before = await stockOf(1);
    const placed = await place({
      ...order({ payment: 'pix', coupon: 'olimpo', lines: [{ productId: 1, quantity: 2, price: 1, valoratual: 0.01 }] }),
      total: 1,
      subtotal: 1,
      shippingCost: 0,
      discount: 99999,
    });
    const o = placed.order;
    // 2 × 719,90 = 1.439,80; coupon 10 % = 143,98; + R$ 15,90 = 1.311,72; PIX × 0,9 = 1.180,548 → 1.180,55
    expect(o).toMatchObject({
      subtotalCents: 143980,
      couponDiscountCents: 14398,
      shippingCents: 1590,
      totalCents: 118055,
      paymentDiscountCents: 131172 - 118055,
      status: 'awaiting_payment',
      couponCode: 'OLIMPO',
    });
    expect(o.number).toMatch(/^\d{8}$/);
    expect(o.lines).toEqual([expect.objectContaining({ productId: 1, quantity: 2, unitPriceCents: 71990, lineTotalCents: 143980, title: expect.stringContaining('Farol') })]);
    expect(await stockOf(1)).toBe(before - 2);
    expect(placed.accessToken).toBeTruthy();
  });

  it('makes a real PIX BR Code with a valid CRC and the order amount', async () => {
    const { order: o } = await place(order({ payment: 'pix' }));
    const pix = parsePix(o.payment!.pixCode!);
    expect(hasError(pix)).toBe(false);
    if (!hasError(pix) && pix.type === 'STATIC') {
      expect(pix.transactionAmount).toBeCloseTo(o.totalCents / 100, 2);
      expect(pix.pixKey).toBe('pix@olimpopecas.com.br');
    }
    expect(new Date(o.payment!.pixExpiresAt!).getTime() - Date.parse(o.createdAt)).toBe(30 * 60_000);
  });

  it('makes a boleto whose linha digitável is valid and carries amount and due date', async () => {
    const { order: o } = await place(order({ payment: 'boleto', shipping: 'express' }));
    const line = o.payment!.boletoLine!;
    expect(line).toMatch(/^\d{47}$/);
    expect(isValidBoleto(line)).toBe(true);
    const info = getBoletoInfo(line)!;
    expect(info.amount).toBe(o.totalCents);
    // Three days on, as a calendar day in Brasília (late in the evening there the UTC date is a day ahead).
    const due = brasiliaDay(Date.parse(o.createdAt) + 3 * 86_400_000);
    expect(o.payment!.boletoDueDate).toBe(due);
    expect(info.expirationDate?.toISOString().slice(0, 10)).toBe(due);
    // express R$ 29,90 and boleto −5 %
    expect(o.totalCents).toBe(Math.floor(((71990 + 2990) * 95 + 50) / 100));
  });

  it('charges a card: approved with brand and last 4 only, installments checked', async () => {
    const { order: o } = await place(order({ payment: 'credit', card, installments: 3 }));
    expect(o.status).toBe('paid');
    expect(o.payment).toMatchObject({ status: 'paid', cardBrand: 'Visa', cardLast4: '1111' });
    expect(o.installments).toBe(3);
    const res = await t.request('POST', '/api/orders', order({ payment: 'credit', card, installments: 10, lines: [{ productId: 2, quantity: 1 }] }));
    const p2 = (await getProduct(database.db, 2))!;
    const gross = p2.priceCents + 1590;
    if (Math.floor(gross / 1000) < 10) {
      expect(res.status).toBe(400);
      expect(((await res.json()) as { erro: string }).erro).toBe('Número de parcelas inválido para este valor.');
    } else expect(res.status).toBe(201);
  });

  it('refuses bad cards with clear messages and takes no stock', async () => {
    const before = await stockOf(1);
    const cases: [Record<string, string>, string][] = [
      [{ ...card, cvv: '' }, 'Por favor, preencha todos os dados do cartão.'],
      [{ ...card, number: '4111 1111 1111 1112' }, 'Número do cartão inválido. Confira os dígitos.'],
      [{ ...card, expiry: '01/20' }, 'Validade inválida ou vencida. Use o formato MM/AA.'],
    ];
    for (const [c, message] of cases) {
      const res = await t.request('POST', '/api/orders', order({ payment: 'credit', card: c }));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ erro: message });
    }
    expect(await stockOf(1)).toBe(before);
  });

  it('cancels the order and returns the stock when the sandbox declines the card', async () => {
    const before = await stockOf(1);
    const res = await t.request('POST', '/api/orders', order({ payment: 'credit', card: { ...card, number: SANDBOX_DECLINED_CARD } }));
    expect(res.status).toBe(402);
    const body = (await res.json()) as { erro: string; pedido: OrderView };
    expect(body.erro).toMatch(/Pagamento recusado/);
    expect(body.pedido.status).toBe('cancelled');
    expect(await stockOf(1)).toBe(before);
  });

  it('marks a PIX order paid through the signed webhook, once', async () => {
    const { order: o } = await place(order({ payment: 'pix' }));
    const payload = JSON.stringify({ event: 'payment.paid', orderNumber: o.number, amountCents: o.totalCents });
    expect((await t.request('POST', '/api/payments/webhook', payload, { 'x-olimpo-signature': 'sha256=bad' })).status).toBe(401);
    const wrongAmount = JSON.stringify({ event: 'payment.paid', orderNumber: o.number, amountCents: 1 });
    expect((await t.request('POST', '/api/payments/webhook', wrongAmount, { 'x-olimpo-signature': signWebhook(TEST_WEBHOOK_SECRET, wrongAmount) })).status).toBe(422);
    for (let i = 0; i < 2; i++) {
      const res = await t.request('POST', '/api/payments/webhook', payload, { 'x-olimpo-signature': signWebhook(TEST_WEBHOOK_SECRET, payload) });
      expect(res.status).toBe(200);
    }
    const [row] = await queryRows<{ status: string; paid_events: number }>(
      database.db,
      sql`select status, (select count(*)::int from order_events e where e.order_id = o.id and e.status = 'paid') as paid_events from orders o where number = ${o.number}`,
    );
    expect(row).toEqual({ status: 'paid', paid_events: 1 });
  });

  it('records a credit order sent to POST /orders without a card as awaiting payment, paid later with the card', async () => {
    const res = await t.request('POST', '/orders', { email: 'depois@example.com', items: [{ id: await spare(), quantity: 1 }], address, shipping: 'standard', payment: 'credit', installments: 1 });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string; status: string; paymentUrl: string; accessToken: string; total: number };
    expect(body.status).toBe('awaiting_payment');
    expect(body.paymentUrl).toMatch(new RegExp(`/Pedidos/${body.id}\\?token=`));
    const view = await t.request('GET', `/api/orders/${body.id}?token=${encodeURIComponent(body.accessToken)}`);
    expect(view.headers.get('cache-control')).toMatch(/no-store/);
    expect(await view.json()).toMatchObject({ status: 'awaiting_payment', paymentMethod: 'credit', payment: { status: 'pending' } });

    const pay = (c: Record<string, string>, token = body.accessToken) => t.request('POST', `/api/orders/${body.id}/pay`, { card: c, token });
    expect((await pay(card, 'token-errado')).status).toBe(404);
    const bad = await pay({ ...card, cvv: '1' });
    expect(bad.status).toBe(400);
    const [paid, twice] = await Promise.all([pay(card), pay(card)]);
    expect([paid.status, twice.status].sort()).toEqual([200, 409]);
    const after = (await (await t.request('GET', `/api/orders/${body.id}?token=${encodeURIComponent(body.accessToken)}`)).json()) as OrderView;
    expect(after).toMatchObject({ status: 'paid', payment: { status: 'paid', cardLast4: '1111' } });
    expect(after.totalCents).toBe(Math.round(body.total * 100));
    // The JSON API keeps asking for the card (its checkout sends it).
    expect((await t.request('POST', '/api/orders', order({ payment: 'credit', lines: [{ productId: await spare(), quantity: 1 }] }))).status).toBe(400);
  });

  it('never stores a card number or CVV', async () => {
    await place(order({ payment: 'credit', card: { ...card, number: '5555 5555 5555 4444', cvv: '987' } }));
    const dump =
      JSON.stringify(await queryRows(database.db, sql`select row_to_json(p)::text as r from payments p`)) +
      JSON.stringify(await queryRows(database.db, sql`select row_to_json(o)::text as r from orders o`));
    expect(dump).not.toContain('5555555555554444');
    expect(dump).not.toContain('5555 5555 5555 4444');
    expect(dump).toContain('4444');
    expect(dump).not.toMatch(/"cvv"|987"/);
  });
});
