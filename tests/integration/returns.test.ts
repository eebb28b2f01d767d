// Returns ("Devolução e arrependimento") on PGlite and PostgreSQL, with Mercado Pago's local fake: a buyer asks
// for a return of a delivered order (windows, quantities, only their own order), the store approves it (a
// Correios authorisation code) or refuses it, and "Itens recebidos" puts the stock back exactly once and refunds
// those items' value through the gateway (a partial refund), or turns a footwear exchange into a new order at no
// charge. Every step is a line in the order's timeline and an e-mail in the outbox.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalog } from '#src/domain/catalog/seed/generate.ts';
import { deliverOrderEmail } from '#src/domain/orders/outbox.server.ts';
import { invoiceOrder } from '#src/domain/invoicing/issue.server.ts';
import { moveOrder } from '#src/domain/orders/orders.server.ts';
import type { OrderView } from '#src/domain/orders/view.ts';
import { formatBRL } from '#src/domain/pricing/money.ts';
import { createMercadoPagoProvider } from '#src/domain/payments/mercadopago.server.ts';
import { approveReturn, listReturns, refuseReturn } from '#src/domain/returns/decide.server.ts';
import { POSTAGE_MESSAGES, receiveReturn } from '#src/domain/returns/receive.server.ts';
import { CORREIOS_CODE_MESSAGE } from '#src/domain/returns/wording.ts';
import { requestReturn, returnOptions, REQUEST_MESSAGES } from '#src/domain/returns/request.server.ts';
import { renderOrderMailHtml } from '#src/emails/render.server.ts';
import type { MailMessage } from '#src/platform/mailer.server.ts';
import { createTestApp } from '../support/app.ts';
import { createTestDatabase, DATABASE_KINDS, queryRows } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { startFakeMercadoPago } from '../support/fake-mercadopago.ts';
import type { FakeMercadoPago } from '../support/fake-mercadopago.ts';

const ACCESS_TOKEN = 'TEST-1234567890-access-token';
const PUBLIC_KEY = 'TEST-public-key-0987654321';
const LINK_SECRET = 'segredo-dos-links-de-acompanhamento';
const PAN = '5031433215406351';
const DAY = 86_400_000;

// The same catalog as the other 200-product files (one template per run): a shoe with a second size in stock.
const COUNT = 200;
const catalog = [...generateCatalog(COUNT)];
const shoeIndex = catalog.findIndex((p) => p.variants.filter((v) => v.stock > 1).length >= 2);
const shoe = catalog[shoeIndex]!;
const shoeId = shoeIndex + 1;
const [bought, wanted] = shoe.variants.filter((v) => v.stock > 1);
const partIds = catalog.flatMap((p, i) => (p.variants.length === 0 && p.stock > 5 ? [i + 1] : [])).slice(0, 2);

const address = { cep: '01001000', street: 'Praça da Sé', number: '100', complement: 'Sala 2', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' };
const customer = { name: 'Maria da Silva Souza', cpf: '529.982.247-25', phone: '(11) 98765-4321' };

describe.each(DATABASE_KINDS)('returns on %s', (kind) => {
  let database: TestDatabase;
  let fake: FakeMercadoPago;
  let t: ReturnType<typeof createTestApp>;
  let provider: ReturnType<typeof createMercadoPagoProvider>;

  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: COUNT });
    fake = await startFakeMercadoPago({ accessToken: ACCESS_TOKEN, publicKey: PUBLIC_KEY, webhookSecret: 'mp-webhook-secret-for-tests-0123' });
    provider = createMercadoPagoProvider({ accessToken: ACCESS_TOKEN, publicKey: PUBLIC_KEY, apiUrl: fake.url, timeoutMs: 3000 });
    t = createTestApp(database, { provider });
  });
  afterAll(async () => {
    await fake?.close();
    await database?.dispose();
  });

  const tokenize = async () => {
    const res = await fetch(`${fake.url}/v1/card_tokens?public_key=${PUBLIC_KEY}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        card_number: PAN,
        security_code: '123',
        expiration_month: 11,
        expiration_year: 2030,
        cardholder: { name: 'APRO', identification: { type: 'CPF', number: '52998224725' } },
      }),
    });
    return ((await res.json()) as { id: string }).id;
  };
  /** A card order paid at Mercado Pago's fake, invoiced (the sandbox nota), then picked, shipped and delivered. */
  const deliveredOrder = async (lines: unknown[], opts: { deliver?: boolean } = {}) => {
    const res = await t.request('POST', '/api/orders', {
      idempotencyKey: crypto.randomUUID(),
      email: 'maria@example.com',
      lines,
      address,
      shipping: 'standard',
      payment: 'credit',
      installments: 1,
      customer,
      card: { token: await tokenize(), paymentMethodId: 'master', last4: '6351' },
    });
    const json = (await res.json()) as { order: OrderView; accessToken: string; erro?: string };
    expect(res.status, json.erro).toBe(201);
    expect(json.order.status).toBe('paid');
    const [row] = await queryRows<{ id: number }>(database.db, sql`select id from orders where number = ${json.order.number}`);
    expect(await invoiceOrder(database.db, row!.id, t.services.invoicing)).toMatchObject({ status: 'authorized' });
    if (opts.deliver !== false) {
      expect(await moveOrder(database.db, json.order.number, 'picking', { jobs: null })).toEqual({ ok: true });
      expect(await moveOrder(database.db, json.order.number, 'shipped', { trackingCode: 'AA123456789BR', jobs: null })).toEqual({ ok: true });
      expect(await moveOrder(database.db, json.order.number, 'delivered', { jobs: null })).toEqual({ ok: true });
    }
    return { number: json.order.number, token: json.accessToken, order: json.order };
  };
  const guest = { userId: null };
  const stockOf = async (id: number) => (await queryRows<{ stock: number }>(database.db, sql`select stock from products where id = ${id}`))[0]!.stock;
  const variantStock = async (color: string, size: string) =>
    (await queryRows<{ stock: number }>(database.db, sql`select stock from product_variants where product_id = ${shoeId} and color = ${color} and size = ${size}`))[0]!.stock;
  const events = async (number: string) =>
    queryRows<{ status: string; note: string | null }>(database.db, sql`select e.status, e.note from order_events e join orders o on o.id = e.order_id where o.number = ${number} order by e.id`);
  const emailKinds = async (number: string) =>
    (await queryRows<{ kind: string }>(database.db, sql`select m.kind from order_emails m join orders o on o.id = m.order_id where o.number = ${number} order by m.id`)).map((r) => r.kind);
  const lineIds = async (number: string) => (await returnOptions(database.db, number, guest, (await tokenOf(number))!, LINK_SECRET))!.lines.map((l) => l.orderLineId);
  const tokens = new Map<string, string>();
  const tokenOf = async (number: string) => tokens.get(number);

  it('refuses a return before delivery, beyond what was bought, outside its window, and on another buyer’s order', async () => {
    const notYet = await deliveredOrder([{ productId: partIds[0], quantity: 1 }], { deliver: false });
    tokens.set(notYet.number, notYet.token);
    const notYetOptions = await returnOptions(database.db, notYet.number, guest, notYet.token, LINK_SECRET);
    expect(notYetOptions!.reasons).toEqual([]);
    const early = await requestReturn(database.db, notYet.number, guest, notYet.token, LINK_SECRET, {
      reason: 'withdrawal',
      comment: null,
      lines: [{ orderLineId: notYetOptions!.lines[0]!.orderLineId, quantity: 1 }],
    });
    expect(early).toEqual({ ok: false, status: 409, message: REQUEST_MESSAGES.notDelivered });

    const o = await deliveredOrder([{ productId: partIds[0], quantity: 2 }]);
    tokens.set(o.number, o.token);
    const options = (await returnOptions(database.db, o.number, guest, o.token, LINK_SECRET))!;
    expect(options.reasons).toEqual(['withdrawal', 'defect']);
    const line = options.lines[0]!;
    expect(line).toMatchObject({ bought: 2, returnable: 2, alternatives: null });

    // Someone else (signed in, or with no link) cannot see or ask anything.
    expect(await returnOptions(database.db, o.number, { userId: 'outra-pessoa' }, null, LINK_SECRET)).toBeNull();
    const stranger = await requestReturn(database.db, o.number, { userId: 'outra-pessoa' }, null, LINK_SECRET, {
      reason: 'withdrawal',
      comment: null,
      lines: [{ orderLineId: line.orderLineId, quantity: 1 }],
    });
    expect(stranger).toEqual({ ok: false, status: 404, message: 'Pedido não encontrado.' });
    // Even an admin does not ask in the buyer's name.
    expect(
      await requestReturn(database.db, o.number, { userId: 'admin', isAdmin: true }, null, LINK_SECRET, { reason: 'defect', comment: null, lines: [{ orderLineId: line.orderLineId, quantity: 1 }] }),
    ).toMatchObject({
      ok: false,
      status: 404,
    });

    const ask = (quantity: number, reason: 'withdrawal' | 'defect' | 'exchange', now?: Date, orderLineId = line.orderLineId) =>
      requestReturn(database.db, o.number, guest, o.token, LINK_SECRET, { reason, comment: 'Não serviu.', lines: [{ orderLineId, quantity }] }, now);
    expect(await ask(3, 'withdrawal')).toEqual({ ok: false, status: 409, message: '"' + line.title + '": você pode devolver no máximo 2 unidades.' });
    expect(await ask(0, 'withdrawal')).toEqual({ ok: false, status: 400, message: REQUEST_MESSAGES.noItems });
    expect(await ask(1, 'exchange')).toEqual({ ok: false, status: 409, message: REQUEST_MESSAGES.exchangeOnlyFootwear });
    expect(await ask(1, 'withdrawal', undefined, notYetOptions!.lines[0]!.orderLineId)).toEqual({ ok: false, status: 400, message: REQUEST_MESSAGES.unknownLine });

    // Eight days after delivery: the withdrawal window is closed, the defect one is open.
    const later = new Date(Date.now() + 8 * DAY);
    expect((await returnOptions(database.db, o.number, guest, o.token, LINK_SECRET, later))!.reasons).toEqual(['defect']);
    expect(await ask(1, 'withdrawal', later)).toEqual({ ok: false, status: 409, message: 'O prazo para pedir devolução por "Arrependimento (desistência da compra)" terminou.' });
    const first = await ask(1, 'defect', later);
    expect(first.ok).toBe(true);
    // One unit is taken by the first request: one is left.
    expect((await returnOptions(database.db, o.number, guest, o.token, LINK_SECRET))!.lines[0]!.returnable).toBe(1);
    expect(await ask(2, 'withdrawal')).toMatchObject({ ok: false, status: 409 });
    // A refused request gives its units back to what may be returned.
    if (!first.ok) throw new Error('unreachable');
    expect(await refuseReturn(database.db, first.returnId, 'ok')).toMatchObject({ ok: false, status: 400 });
    expect(await refuseReturn(database.db, first.returnId, 'Peça com sinais de instalação indevida.')).toMatchObject({ ok: true });
    expect(await refuseReturn(database.db, first.returnId, 'Outra recusa qualquer.')).toMatchObject({ ok: false, status: 409 });
    expect((await returnOptions(database.db, o.number, guest, o.token, LINK_SECRET))!.lines[0]!.returnable).toBe(2);

    expect((await events(o.number)).filter((e) => e.status.startsWith('return_')).map((e) => e.status)).toEqual(['return_requested', 'return_refused']);
    expect(await emailKinds(o.number)).toEqual(expect.arrayContaining([`return:${first.returnId}:requested`, `return:${first.returnId}:refused`]));
  });

  it('approves with a Correios authorisation; items received put the stock back once and refund those items at Mercado Pago', async () => {
    const [a, b] = partIds as [number, number];
    const o = await deliveredOrder([
      { productId: a, quantity: 2 },
      { productId: b, quantity: 1 },
    ]);
    tokens.set(o.number, o.token);
    const [lineA] = await lineIds(o.number);
    const asked = await requestReturn(database.db, o.number, guest, o.token, LINK_SECRET, { reason: 'withdrawal', comment: 'Desisti.', lines: [{ orderLineId: lineA!, quantity: 1 }] });
    if (!asked.ok) throw new Error(asked.message);
    const id = asked.returnId;
    expect((await listReturns(database.db)).find((r) => r.id === id)).toMatchObject({ status: 'requested', orderNumber: o.number, items: [{ quantity: 1 }] });

    // Not received before approval.
    expect(await receiveReturn({ db: database.db, catalogChanges: t.services.catalogChanges, provider }, id)).toMatchObject({ ok: false, status: 409 });
    const approved = await approveReturn(database.db, id);
    expect(approved.ok).toBe(true);
    expect(await approveReturn(database.db, id)).toMatchObject({ ok: false, status: 409 });
    const summary = (await listReturns(database.db)).find((r) => r.id === id)!;
    expect(summary.authorizationCode).toMatch(/^\d{10}$/);
    expect(approved.ok && approved.message).toContain(summary.authorizationCode!);

    const stockBefore = await stockOf(a);
    const refundsBefore = fake.requests.filter((r) => r.path.endsWith('/refunds')).length;
    let invoiced = 0;
    // A double click, as two requests at once: the stock comes back once, the gateway refunds once.
    const deps = {
      catalogChanges: t.services.catalogChanges,
      db: database.db,
      provider,
      returnInvoice: async (db: typeof database.db, input: { orderId: number; lines: { orderLineId: number; quantity: number }[] }) => {
        invoiced++;
        return t.services.returnInvoice(db, input);
      },
    };
    const results = await Promise.all([receiveReturn(deps, id), receiveReturn(deps, id)]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await receiveReturn(deps, id)).toMatchObject({ ok: true });
    expect(await stockOf(a)).toBe(stockBefore + 1);
    expect(invoiced).toBe(1);
    // The return nota: one, for the unit received, referencing the sale's.
    const notas = await queryRows<{ kind: string; status: string }>(
      database.db,
      sql`select i.kind, i.status from invoices i join orders o on o.id = i.order_id where o.number = ${o.number} order by i.id`,
    );
    expect(notas.map((n) => n.kind)).toEqual(['sale', 'return']);

    const unit = o.order.lines.find((l) => l.productId === a)!.unitPriceCents;
    const payment = fake.paymentFor(o.number)!;
    expect(payment.refunds).toHaveLength(1);
    expect(payment.refunds[0]!.amount).toBe(unit / 100);
    expect(payment.status).toBe('approved');
    expect(payment.status_detail).toBe('partially_refunded');
    const refundCalls = fake.requests.filter((r) => r.path.endsWith('/refunds')).slice(refundsBefore);
    expect(refundCalls.length).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(refundCalls[0]!.body)).toEqual({ amount: unit / 100 });
    expect(new Set(refundCalls.map((r) => r.headers['x-idempotency-key'])).size).toBe(1);

    const done = (await listReturns(database.db)).find((r) => r.id === id)!;
    expect(done).toMatchObject({ status: 'received', refundCents: unit });
    expect(done.refundedAt).not.toBeNull();
    const timeline = (await events(o.number)).filter((e) => e.status.startsWith('return_'));
    expect(timeline.map((e) => e.status)).toEqual(['return_requested', 'return_approved', 'return_received', 'return_refunded']);
    expect(timeline.at(-1)!.note).toContain(formatBRL(unit));
    expect(await emailKinds(o.number)).toEqual(expect.arrayContaining(['approved', 'received', 'refunded'].map((s) => `return:${id}:${s}`)));

    // The refund's e-mail goes out through the outbox, worded by the returns domain.
    const sent: MailMessage[] = [];
    const [orderRow] = await queryRows<{ id: number }>(database.db, sql`select id from orders where number = ${o.number}`);
    const settings = { mailer: { send: async (m: MailMessage) => (sent.push(m), { id: 'x' }) }, publicUrl: 'http://loja.test', storeName: 'Olimpo Peças', html: renderOrderMailHtml };
    expect(await deliverOrderEmail(database.db, { orderId: orderRow!.id, kind: `return:${id}:approved` }, settings)).toBe('sent');
    expect(sent[0]!.subject).toBe(`Devolução aprovada - pedido #${o.number} - Olimpo Peças`);
    expect(sent[0]!.text).toContain(`Número da autorização de devolução: ${summary.authorizationCode}.`);
    expect(sent[0]!.text).not.toMatch(/agência emite a postagem sem cobrar|logística reversa/);
    expect(sent[0]!.html).toContain(summary.authorizationCode!);
  });

  it('turns a footwear exchange into a new order at no charge, taking the wanted size from stock', async () => {
    const o = await deliveredOrder([{ productId: shoeId, quantity: 1, color: bought!.color, size: bought!.size }]);
    tokens.set(o.number, o.token);
    const options = (await returnOptions(database.db, o.number, guest, o.token, LINK_SECRET))!;
    expect(options.reasons).toContain('exchange');
    const line = options.lines[0]!;
    const alternative = line.alternatives!.find((v) => v.color === wanted!.color && v.size === wanted!.size)!;
    expect(alternative).toBeDefined();
    expect(await requestReturn(database.db, o.number, guest, o.token, LINK_SECRET, { reason: 'exchange', comment: null, lines: [{ orderLineId: line.orderLineId, quantity: 1 }] })).toEqual({
      ok: false,
      status: 400,
      message: REQUEST_MESSAGES.exchangeVariant(line.title),
    });
    const asked = await requestReturn(database.db, o.number, guest, o.token, LINK_SECRET, {
      reason: 'exchange',
      comment: 'Ficou apertado.',
      lines: [{ orderLineId: line.orderLineId, quantity: 1, wantedVariantId: alternative.variantId }],
    });
    if (!asked.ok) throw new Error(asked.message);
    expect((await approveReturn(database.db, asked.returnId)).ok).toBe(true);
    const boughtBefore = await variantStock(bought!.color, bought!.size);
    const wantedBefore = await variantStock(wanted!.color, wanted!.size);
    const received = await receiveReturn({ db: database.db, catalogChanges: t.services.catalogChanges, provider }, asked.returnId);
    expect(received.ok).toBe(true);
    expect(await variantStock(bought!.color, bought!.size)).toBe(boughtBefore + 1);
    expect(await variantStock(wanted!.color, wanted!.size)).toBe(wantedBefore - 1);

    const done = (await listReturns(database.db)).find((r) => r.id === asked.returnId)!;
    expect(done.exchangeOrderNumber).toMatch(/^\d{8}$/);
    expect(done.refundCents).toBe(0);
    expect(fake.paymentFor(o.number)!.refunds).toHaveLength(0);
    const [exchange] = await queryRows<{ status: string; total_cents: number; email: string; color: string; size: string }>(
      database.db,
      sql`select o.status, o.total_cents, o.email, l.color, l.size from orders o join order_lines l on l.order_id = o.id where o.number = ${done.exchangeOrderNumber}`,
    );
    expect(exchange).toEqual({ status: 'paid', total_cents: 0, email: 'maria@example.com', color: wanted!.color, size: wanted!.size });
    expect((await events(o.number)).map((e) => e.status)).toContain('return_exchange');
  });

  it('in table mode the owner types the Correios posting code on approval; the buyer gets it, and the postage they paid is refunded with the items', async () => {
    const [a] = partIds as [number];
    // Two units bought, one returned: room in the payment for the items and the postage.
    const o = await deliveredOrder([{ productId: a, quantity: 2 }]);
    tokens.set(o.number, o.token);
    const [line] = await lineIds(o.number);
    const asked = await requestReturn(database.db, o.number, guest, o.token, LINK_SECRET, { reason: 'defect', comment: 'Veio trincado.', lines: [{ orderLineId: line!, quantity: 1 }] });
    if (!asked.ok) throw new Error(asked.message);
    const id = asked.returnId;
    expect(await approveReturn(database.db, id, { correiosCode: 'abc 123' })).toEqual({ ok: false, status: 400, message: CORREIOS_CODE_MESSAGE });
    const approved = await approveReturn(database.db, id, { correiosCode: ' 3456789012br ' });
    expect(approved.ok && approved.message).toContain('Código de postagem dos Correios: 3456789012BR.');
    const summary = (await listReturns(database.db)).find((r) => r.id === id)!;
    expect(summary).toMatchObject({ correiosCode: '3456789012BR', label: null, labelPending: false, postageByStore: true });
    const sent: MailMessage[] = [];
    const [orderRow] = await queryRows<{ id: number }>(database.db, sql`select id from orders where number = ${o.number}`);
    const settings = { mailer: { send: async (m: MailMessage) => (sent.push(m), { id: 'x' }) }, publicUrl: 'http://loja.test', storeName: 'Olimpo Peças', html: renderOrderMailHtml };
    expect(await deliverOrderEmail(database.db, { orderId: orderRow!.id, kind: `return:${id}:approved` }, settings)).toBe('sent');
    expect(sent[0]!.text).toContain('Código de autorização de postagem dos Correios: 3456789012BR.');
    expect(sent[0]!.text).toContain('a postagem é paga pela loja, sem custo para você');

    // The postage is bounded; the refund charged back at Mercado Pago is the items plus the postage.
    expect(await receiveReturn({ db: database.db, catalogChanges: t.services.catalogChanges, provider }, id, { postageCents: 20_001 })).toEqual({
      ok: false,
      status: 400,
      message: POSTAGE_MESSAGES.range,
    });
    const received = await receiveReturn({ db: database.db, catalogChanges: t.services.catalogChanges, provider }, id, { postageCents: 2_350 });
    const unit = o.order.lines[0]!.unitPriceCents;
    expect(received.ok && received.message).toContain(`Reembolso de ${formatBRL(unit + 2_350)} feito.`);
    const payment = fake.paymentFor(o.number)!;
    expect(payment.refunds.map((r) => r.amount)).toEqual([(unit + 2_350) / 100]);
    expect((await listReturns(database.db)).find((r) => r.id === id)).toMatchObject({ refundCents: unit + 2_350, postageRefundCents: 2_350 });
  });

  it('several returns of one order refund, together, never more than was paid, and all of it when everything comes back by withdrawal', async () => {
    const [a, b] = partIds as [number, number];
    const o = await deliveredOrder([
      { productId: a, quantity: 3 },
      { productId: b, quantity: 1 },
    ]);
    tokens.set(o.number, o.token);
    const [lineA, lineB] = await lineIds(o.number);
    const total = o.order.totalCents;
    const returnOf = async (lines: { orderLineId: number; quantity: number }[], postageCents = 0) => {
      const asked = await requestReturn(database.db, o.number, guest, o.token, LINK_SECRET, { reason: 'withdrawal', comment: null, lines });
      if (!asked.ok) throw new Error(asked.message);
      expect((await approveReturn(database.db, asked.returnId)).ok).toBe(true);
      const received = await receiveReturn({ db: database.db, catalogChanges: t.services.catalogChanges, provider }, asked.returnId, { postageCents });
      expect(received.ok, received.message).toBe(true);
      return (await listReturns(database.db)).find((r) => r.id === asked.returnId)!.refundCents!;
    };
    const refunds = [await returnOf([{ orderLineId: lineA!, quantity: 1 }], 1_500), await returnOf([{ orderLineId: lineA!, quantity: 1 }])];
    expect(refunds.reduce((s, c) => s + c, 0)).toBeLessThanOrEqual(total);
    // The last one takes back everything still kept: the freight goes back too, and the sum is capped at the total.
    refunds.push(
      await returnOf([
        { orderLineId: lineA!, quantity: 1 },
        { orderLineId: lineB!, quantity: 1 },
      ]),
    );
    const sum = refunds.reduce((s, c) => s + c, 0);
    expect(sum).toBe(total);
    const payment = fake.paymentFor(o.number)!;
    expect(Math.round(payment.refunds.reduce((s, r) => s + r.amount * 100, 0))).toBe(total);
  });
});
