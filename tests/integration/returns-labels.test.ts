// Returns with Melhor Envio, on PGlite and PostgreSQL, against the local fake of its API (real paths and shapes):
// approving a return buys a reverse-logistics label (cart/reverse → checkout → generate → print → tracking), paid
// by the store, carrying the order's NF-e key; the buyer gets it in the approval e-mail and on the order page. A
// carrier failure leaves the return approved with a pt-BR reason and the retry never adds to the cart or pays twice.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invoiceOrder } from '#src/domain/invoicing/issue.server.ts';
import { saleAccessKeys } from '#src/domain/invoicing/read.server.ts';
import { buyShippingLabels } from '#src/domain/orders/labels.server.ts';
import { moveOrder } from '#src/domain/orders/orders.server.ts';
import { orderEmails, orderEvents, orders } from '#src/domain/orders/schema.ts';
import type { OrderView } from '#src/domain/orders/view.ts';
import { listReturns } from '#src/domain/returns/decide.server.ts';
import { receiveReturn, POSTAGE_MESSAGES } from '#src/domain/returns/receive.server.ts';
import { requestReturn, returnOptions } from '#src/domain/returns/request.server.ts';
import { authorizeReturn, buyReturnLabel, LABEL_BUSY } from '#src/domain/returns/reverse-label.server.ts';
import { returnShipments } from '#src/domain/returns/schema.ts';
import { createMelhorEnvioProvider } from '#src/domain/shipping/melhorenvio.server.ts';
import { createShippingService } from '#src/domain/shipping/service.ts';
import type { ShippingService } from '#src/domain/shipping/service.ts';
import { createTestApp } from '../support/app.ts';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { FAKE_MELHORENVIO_TOKEN, startFakeMelhorEnvio } from '../support/fake-melhorenvio.ts';
import { customer } from '../support/orders.ts';

const MANAUS = '69005000';
const address = { cep: MANAUS, street: 'Rua Um', number: '10', neighborhood: 'Centro', city: 'Manaus', state: 'AM' };
const guest = { userId: null };
const REVERSE = '/api/v2/me/cart/reverse';

describe.each(DATABASE_KINDS)('return labels with Melhor Envio on %s', (kind) => {
  let database: TestDatabase;
  let fake: Awaited<ReturnType<typeof startFakeMelhorEnvio>>;
  let shipping: ShippingService;
  let t: ReturnType<typeof createTestApp>;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 20 });
    fake = await startFakeMelhorEnvio();
    const provider = createMelhorEnvioProvider({ baseUrl: fake.url, token: FAKE_MELHORENVIO_TOKEN, userAgent: 'Olimpo Pecas (atendimento@olimpopecas.com.br)' });
    shipping = createShippingService(provider, { originCep: '01310100' }, { timeoutMs: 2000, cacheSeconds: 0 });
    t = createTestApp(database, { shipping });
  });
  afterAll(async () => {
    await fake?.close();
    await database?.dispose();
  });
  beforeEach(() => {
    fake.failStep.value = null;
  });

  const deps = () => ({ db: database.db, shipping, invoiceKeys: (n: string[]) => saleAccessKeys(database.db, n), jobs: null });
  const idOf = async (number: string) => (await database.db.select({ id: orders.id }).from(orders).where(eq(orders.number, number)))[0]!.id;

  /** A paid, invoiced order to Manaus by Correios (service me-1 or me-2), shipped (with a bought label or by hand) and delivered. */
  async function deliveredOrder(opts: { service?: string; boughtLabel?: boolean } = {}): Promise<{ order: OrderView; token: string }> {
    const res = await t.request('POST', '/api/orders', {
      idempotencyKey: crypto.randomUUID(),
      email: 'maria@example.com',
      lines: [{ productId: 1, quantity: 2 }],
      address,
      shipping: opts.service ?? 'me-1',
      payment: 'pix',
      customer,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { order, accessToken } = (await res.json()) as { order: OrderView; accessToken: string };
    expect((await moveOrder(database.db, order.number, 'paid', { note: 'Pagamento confirmado.', jobs: null })).ok).toBe(true);
    expect(await invoiceOrder(database.db, await idOf(order.number), t.services.invoicing)).toMatchObject({ status: 'authorized' });
    if (opts.boughtLabel !== false) {
      expect((await buyShippingLabels(deps(), [order.number])).shipped).toEqual([order.number]);
    } else {
      expect((await moveOrder(database.db, order.number, 'picking', { jobs: null })).ok).toBe(true);
      expect((await moveOrder(database.db, order.number, 'shipped', { trackingCode: 'AA123456789BR', jobs: null })).ok).toBe(true);
    }
    expect((await moveOrder(database.db, order.number, 'delivered', { jobs: null })).ok).toBe(true);
    return { order, token: accessToken };
  }
  const ask = async (o: { order: OrderView; token: string }, quantity = 1) => {
    const options = (await returnOptions(database.db, o.order.number, guest, o.token, t.services.cookieSecret))!;
    const asked = await requestReturn(database.db, o.order.number, guest, o.token, t.services.cookieSecret, {
      reason: 'withdrawal',
      comment: 'Desisti da compra.',
      lines: [{ orderLineId: options.lines[0]!.orderLineId, quantity }],
    });
    if (!asked.ok) throw new Error(asked.message);
    return asked.returnId;
  };
  const summary = async (id: number) => (await listReturns(database.db)).find((r) => r.id === id)!;
  const reverseCalls = () => fake.calls.filter((c) => c.path === REVERSE);

  it('approval buys the reverse label of the outbound shipment, paid by the store, with the nota key; the e-mail and the order page carry it', async () => {
    const o = await deliveredOrder();
    const id = await ask(o);
    const outbound = [...fake.shipments.values()].find((s) => !s.reverse && s.body.options.tags[0].tag === o.order.number)!;
    fake.calls.length = 0;

    const approved = await authorizeReturn(deps(), id);
    expect(approved.ok, approved.message).toBe(true);
    expect(fake.calls.map((c) => c.path)).toEqual([REVERSE, '/api/v2/me/shipment/checkout', '/api/v2/me/shipment/generate', '/api/v2/me/shipment/print', '/api/v2/me/shipment/tracking']);
    const body = fake.calls[0]!.body;
    const [key] = (await saleAccessKeys(database.db, [o.order.number])).values();
    // The outbound shipment was Melhor Envio's: its id stands for the addresses; the buyer's contacts, one package.
    expect(body).toMatchObject({ service: 1, order_id: outbound.id, new_sender_mail: 'maria@example.com', new_sender_phone: '11987654321', options: { invoice: { key }, non_commercial: false } });
    expect(body.package).toEqual({ height: 30, width: 36, length: 58, weight: 2.85 });
    expect(body.insurance_value).toBe(o.order.lines[0]!.unitPriceCents / 100);
    const reverse = [...fake.shipments.values()].find((s) => s.reverse)!;
    expect(reverse.paidTimes).toBe(1);

    const r = await summary(id);
    expect(r.status).toBe('approved');
    expect(r.label).toEqual({ url: `https://melhorenvio.example/imprimir/${reverse.id}.pdf`, trackingCode: reverse.tracking, carrier: 'Correios' });
    expect(approved.message).toContain(`Código de postagem: ${reverse.tracking}.`);
    // The buyer's order page reads the same label.
    const page = (await returnOptions(database.db, o.order.number, guest, o.token, t.services.cookieSecret))!;
    expect(page.returns[0]!.label?.trackingCode).toBe(reverse.tracking);
    const [mail] = await database.db
      .select()
      .from(orderEmails)
      .where(eq(orderEmails.kind, `return:${id}:approved`));
    expect(mail!.data.paragraphs).toEqual(expect.arrayContaining([`Etiqueta de devolução (paga pela loja): ${r.label!.url}`, `Código de postagem dos Correios: ${reverse.tracking}.`]));
    const events = await database.db
      .select({ status: orderEvents.status, note: orderEvents.note })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, await idOf(o.order.number)));
    expect(events.map((e) => e.status)).toEqual(expect.arrayContaining(['return_approved', 'return_label']));

    // Buying again (a second click, another instance) buys nothing more.
    fake.calls.length = 0;
    expect(await buyReturnLabel(deps(), id)).toMatchObject({ ok: true, trackingCode: reverse.tracking });
    expect(fake.calls).toEqual([]);
    // The store paid the label: no postage to add to the refund.
    expect(await receiveReturn({ db: database.db, catalogChanges: t.services.catalogChanges, provider: null }, id, { postageCents: 2_000 })).toEqual({
      ok: false,
      status: 400,
      message: POSTAGE_MESSAGES.labelBought,
    });
  });

  it('a carrier failure leaves the return approved with a pt-BR reason; the retry neither adds it to the cart nor pays it again', async () => {
    const o = await deliveredOrder();
    const id = await ask(o);
    fake.calls.length = 0;
    fake.failStep.value = 'generate';
    const failed = await authorizeReturn(deps(), id);
    expect(failed).toMatchObject({ ok: false, status: 502 });
    expect(failed.message).toMatch(
      /^Devolução nº \d+ aprovada\. Autorização de devolução: \d{10}\. Não foi possível comprar a etiqueta de devolução no Melhor Envio \(Melhor Envio recusou a geração \(500\)\)\. A devolução continua aprovada/,
    );
    const r = await summary(id);
    expect(r.status).toBe('approved');
    expect(r.label).toBeNull();
    expect(r.labelError).toContain('Comprar etiqueta de devolução');
    expect(
      await database.db
        .select()
        .from(orderEmails)
        .where(eq(orderEmails.kind, `return:${id}:approved`)),
    ).toEqual([]);

    fake.failStep.value = null;
    fake.calls.length = 0;
    // Two clicks at once: one buys, the other is told it is under way (or finds it done).
    const [a, b] = await Promise.all([buyReturnLabel(deps(), id), buyReturnLabel(deps(), id)]);
    expect([a, b].filter((x) => x.ok)).not.toHaveLength(0);
    for (const x of [a, b]) if (!x.ok) expect(x.message).toBe(LABEL_BUSY);
    expect(fake.calls.map((c) => c.path)).not.toContain(REVERSE);
    expect(fake.calls.map((c) => c.path)).not.toContain('/api/v2/me/shipment/checkout');
    const reverses = [...fake.shipments.values()].filter((s) => s.reverse && s.body.options.tags[0].tag === `Devolução ${id} do pedido ${o.order.number}`);
    expect(reverses).toHaveLength(1);
    expect(reverses[0]!.paidTimes).toBe(1);
    expect((await summary(id)).label?.trackingCode).toBe(reverses[0]!.tracking);
    const [row] = await database.db.select().from(returnShipments).where(eq(returnShipments.returnId, id));
    expect(row).toMatchObject({ leaseUntil: null, lastError: null });
    expect(
      await database.db
        .select()
        .from(orderEmails)
        .where(eq(orderEmails.kind, `return:${id}:approved`)),
    ).toHaveLength(1);
  });

  it('an order not shipped through Melhor Envio gets a reverse label with the buyer as sender and the store as recipient, by SEDEX when it went by SEDEX', async () => {
    const o = await deliveredOrder({ service: 'me-2', boughtLabel: false });
    const id = await ask(o, 2);
    fake.calls.length = 0;
    expect((await authorizeReturn(deps(), id)).ok).toBe(true);
    const body = reverseCalls()[0]!.body;
    expect(body.order_id).toBeUndefined();
    expect(body).toMatchObject({
      service: 2,
      from: { postal_code: MANAUS, name: customer.name, document: '52998224725', state_abbr: 'AM' },
      to: { postal_code: '01310100', company_document: '12345678000195' },
      products: [{ quantity: 2 }],
    });
    expect(body.package).toEqual({ height: 60, width: 36, length: 58, weight: 5.7 });
  });
});
