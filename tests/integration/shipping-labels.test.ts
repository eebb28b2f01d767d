// Labels and tracking with Melhor Envio, against the local fake of its API (real paths and shapes): buying a
// paid order's label runs cart → checkout → generate → print and moves the order to "Enviado" with the
// carrier's code and the e-mail; a second purchase buys nothing again; a failing API leaves the order as it
// was with a pt-BR reason; the tracking job writes each carrier event once and the delivery sets "Entregue".
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buyShippingLabels, TABLE_HAS_NO_LABELS } from '#src/domain/orders/labels.server.ts';
import { listOrdersToShip, shipmentOf, shipWithTrackingCode } from '#src/domain/orders/expedition.server.ts';
import { invoiceOrder } from '#src/domain/invoicing/issue.server.ts';
import { saleAccessKeys } from '#src/domain/invoicing/read.server.ts';
import { moveOrder } from '#src/domain/orders/orders.server.ts';
import { findOrderFor } from '#src/domain/orders/read.server.ts';
import { orderEmails, orderShipments, orders } from '#src/domain/orders/schema.ts';
import { DELIVERED_NOTE, pollShipmentTracking } from '#src/domain/orders/shipment-tracking.server.ts';
import type { OrderView } from '#src/domain/orders/view.ts';
import { createMelhorEnvioProvider } from '#src/domain/shipping/melhorenvio.server.ts';
import { createShippingService, createTableShipping } from '#src/domain/shipping/service.ts';
import type { ShippingService } from '#src/domain/shipping/service.ts';
import { createTestApp } from '../support/app.ts';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { FAKE_MELHORENVIO_TOKEN, startFakeMelhorEnvio } from '../support/fake-melhorenvio.ts';
import { customer } from '../support/orders.ts';

const MANAUS = '69005000';
const address = { cep: MANAUS, street: 'Rua Um', number: '10', neighborhood: 'Centro', city: 'Manaus', state: 'AM' };
const admin = { userId: null, isAdmin: true };
const WEBHOOK_SECRET = 'melhorenvio-app-secret-0123456789';
const sign = (body: string, secret = WEBHOOK_SECRET) => crypto.createHmac('sha256', secret).update(body).digest('base64');

describe.each(DATABASE_KINDS)('shipping labels and tracking with Melhor Envio on %s', (kind) => {
  let database: TestDatabase;
  let fake: Awaited<ReturnType<typeof startFakeMelhorEnvio>>;
  let shipping: ShippingService;
  let t: ReturnType<typeof createTestApp>;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 20 });
    fake = await startFakeMelhorEnvio();
    const provider = createMelhorEnvioProvider({ baseUrl: fake.url, token: FAKE_MELHORENVIO_TOKEN, userAgent: 'Olimpo Pecas (atendimento@olimpopecas.com.br)' });
    shipping = createShippingService(provider, { originCep: '01310100' }, { timeoutMs: 2000, cacheSeconds: 0 });
    shipping.webhookSecret = WEBHOOK_SECRET;
    t = createTestApp(database, { shipping });
  });
  afterAll(async () => {
    await fake?.close();
    await database?.dispose();
  });
  beforeEach(() => {
    fake.failStep.value = null;
    fake.calls.length = 0;
  });

  /** A paid and invoiced order to Manaus by Correios PAC (the fake's service 1). */
  async function paidOrder(productId = 1): Promise<OrderView> {
    const res = await t.request('POST', '/api/orders', {
      idempotencyKey: crypto.randomUUID(),
      email: 'maria@example.com',
      lines: [{ productId, quantity: productId === 1 ? 2 : 1 }],
      address,
      shipping: 'me-1',
      payment: 'pix',
      customer,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { order } = (await res.json()) as { order: OrderView };
    expect((await moveOrder(database.db, order.number, 'paid', { note: 'Pagamento confirmado.', jobs: null })).ok).toBe(true);
    // No parcel leaves without its nota: the invoicing job's work, as the shop does it after payment.
    const [row] = await database.db.select({ id: orders.id }).from(orders).where(eq(orders.number, order.number));
    expect(await invoiceOrder(database.db, row!.id, t.services.invoicing)).toMatchObject({ status: 'authorized' });
    return order;
  }
  const read = async (number: string) => (await findOrderFor(database.db, number, admin, null))!;
  const emailsOf = async (number: string) => {
    const [row] = await database.db.select({ id: orders.id }).from(orders).where(eq(orders.number, number));
    return database.db.select({ kind: orderEmails.kind, data: orderEmails.data }).from(orderEmails).where(eq(orderEmails.orderId, row!.id));
  };

  it('buys the label through cart, checkout, generate and print, and the order is shipped with the carrier code and e-mail', async () => {
    const order = await paidOrder();
    expect((await listOrdersToShip(database.db)).map((o) => o.number)).toContain(order.number);
    const result = await buyShippingLabels({ db: database.db, shipping, invoiceKeys: (n) => saleAccessKeys(database.db, n), jobs: null }, [order.number]);
    expect(result).toMatchObject({ ok: true, shipped: [order.number], failed: [] });
    expect(fake.calls.map((c) => c.path)).toEqual(['/api/v2/me/cart', '/api/v2/me/shipment/checkout', '/api/v2/me/shipment/generate', '/api/v2/me/shipment/print', '/api/v2/me/shipment/tracking']);
    const cart = fake.calls[0]!.body;
    expect(cart.service).toBe(1);
    expect(cart.from).toMatchObject({ postal_code: '01310100', company_document: '12345678000195' });
    expect(cart.to).toMatchObject({ postal_code: MANAUS, name: customer.name, document: '52998224725', city: 'Manaus', state_abbr: 'AM' });
    // Two headlights (2,85 kg each, R$ 719,90) in one volume, insured for what was paid, with the nota's access key.
    expect(cart.volumes).toEqual([{ height: 60, width: 36, length: 58, weight: 5.7 }]);
    const [key] = (await saleAccessKeys(database.db, [order.number])).values();
    expect(key).toMatch(/^\d{44}$/);
    expect(cart.options).toMatchObject({ insurance_value: 1439.8, non_commercial: false, invoice: { key }, tags: [{ tag: order.number }] });
    const shipmentId = cart && fake.calls[1]!.body.orders[0];
    expect(fake.calls[3]!.body).toEqual({ mode: 'private', orders: [shipmentId] });

    const shipped = await read(order.number);
    expect(shipped.status).toBe('shipped');
    expect(shipped.trackingCode).toBe(fake.shipments.get(shipmentId)!.tracking);
    expect(shipped.events.map((e) => e.status)).toEqual(['awaiting_payment', 'paid', 'invoiced', 'picking', 'shipped']);
    const [shipment] = await database.db.select().from(orderShipments);
    expect(shipment).toMatchObject({ carrier: 'Correios', service: 'PAC', labelUrl: result.labelUrl, trackingCode: shipped.trackingCode });
    expect(await shipmentOf(database.db, order.number)).toEqual({ carrier: 'Correios', service: 'PAC', labelUrl: result.labelUrl });
    expect(await emailsOf(order.number)).toContainEqual(expect.objectContaining({ kind: 'shipped', data: expect.objectContaining({ trackingCode: shipped.trackingCode }) }));
    expect((await listOrdersToShip(database.db)).map((o) => o.number)).not.toContain(order.number);
  });

  it('a second purchase of the same order buys nothing again', async () => {
    const order = await paidOrder();
    await buyShippingLabels({ db: database.db, shipping, invoiceKeys: (n) => saleAccessKeys(database.db, n), jobs: null }, [order.number]);
    fake.calls.length = 0;
    const again = await buyShippingLabels({ db: database.db, shipping, invoiceKeys: (n) => saleAccessKeys(database.db, n), jobs: null }, [order.number]);
    expect(again.ok).toBe(false);
    expect(again.message).toContain('não está faturado ou já foi enviado');
    expect(fake.calls).toEqual([]);
    expect([...fake.shipments.values()].every((s) => s.paidTimes === 1)).toBe(true);
  });

  it('a failed checkout leaves the order unchanged with a pt-BR reason, and the retry adds nothing to the cart again', async () => {
    const order = await paidOrder();
    fake.failStep.value = 'checkout';
    const failed = await buyShippingLabels({ db: database.db, shipping, invoiceKeys: (n) => saleAccessKeys(database.db, n), jobs: null }, [order.number]);
    expect(failed.ok).toBe(false);
    expect(failed.message).toBe('Não foi possível comprar as etiquetas no Melhor Envio (Melhor Envio recusou a compra (500)). Os pedidos não mudaram; tente novamente.');
    const unchanged = await read(order.number);
    expect(unchanged.status).toBe('invoiced');
    expect(unchanged.trackingCode).toBeNull();
    expect((await emailsOf(order.number)).map((e) => e.kind)).not.toContain('shipped');

    fake.failStep.value = null;
    fake.calls.length = 0;
    const retried = await buyShippingLabels({ db: database.db, shipping, invoiceKeys: (n) => saleAccessKeys(database.db, n), jobs: null }, [order.number]);
    expect(retried.shipped).toEqual([order.number]);
    expect(fake.calls.map((c) => c.path)).not.toContain('/api/v2/me/cart');
    expect((await read(order.number)).status).toBe('shipped');
  });

  it('buys several orders in one checkout and one printed PDF', async () => {
    const a = await paidOrder(2);
    const b = await paidOrder(3);
    const result = await buyShippingLabels({ db: database.db, shipping, invoiceKeys: (n) => saleAccessKeys(database.db, n), jobs: null }, [a.number, b.number]);
    expect(result.shipped.sort()).toEqual([a.number, b.number].sort());
    expect(fake.calls.filter((c) => c.path.endsWith('/checkout'))).toHaveLength(1);
    expect(fake.calls.find((c) => c.path.endsWith('/print'))!.body.orders).toHaveLength(2);
  });

  it('writes each carrier event once into the timeline, and the delivered event sets Entregue with its e-mail', async () => {
    const order = await paidOrder(5);
    await buyShippingLabels({ db: database.db, shipping, invoiceKeys: (n) => saleAccessKeys(database.db, n), jobs: null }, [order.number]);
    const shipmentId = fake.calls[1]!.body.orders[0];
    fake.post(shipmentId, '2026-11-30 10:15:00');
    await pollShipmentTracking(database.db, shipping.provider, null);
    await pollShipmentTracking(database.db, shipping.provider, null);
    let view = await read(order.number);
    expect(view.events.filter((e) => e.status === 'tracking')).toEqual([{ status: 'tracking', note: 'Objeto postado na transportadora.', createdAt: '2026-11-30T13:15:00.000Z' }]);
    expect(view.status).toBe('shipped');

    fake.deliver(shipmentId, '2026-12-03 16:40:00');
    await pollShipmentTracking(database.db, shipping.provider, null);
    await pollShipmentTracking(database.db, shipping.provider, null);
    view = await read(order.number);
    expect(view.status).toBe('delivered');
    expect(view.events.filter((e) => e.status === 'tracking')).toHaveLength(1);
    expect(view.events.filter((e) => e.status === 'delivered')).toEqual([{ status: 'delivered', note: DELIVERED_NOTE, createdAt: '2026-12-03T19:40:00.000Z' }]);
    expect((await emailsOf(order.number)).map((e) => e.kind)).toContain('delivered');
  });

  it('with the table there is no label to buy: the owner types the Correios code and the order is shipped', async () => {
    const order = await paidOrder(6);
    const refused = await buyShippingLabels({ db: database.db, shipping: createTableShipping(), jobs: null }, [order.number]);
    expect(refused).toMatchObject({ ok: false, message: TABLE_HAS_NO_LABELS });
    expect((await read(order.number)).status).toBe('invoiced');
    expect((await shipWithTrackingCode(database.db, order.number, 'AB123456789BR', { jobs: null })).ok).toBe(true);
    const view = await read(order.number);
    expect(view).toMatchObject({ status: 'shipped', trackingCode: 'AB123456789BR' });
    expect(view.events.map((e) => e.status)).toEqual(['awaiting_payment', 'paid', 'invoiced', 'picking', 'shipped']);
    expect(await shipmentOf(database.db, order.number)).toBeNull();
  });

  it('takes the signed webhook: a delivered event sets Entregue once; a bad signature is refused and changes nothing', async () => {
    const order = await paidOrder(7);
    await buyShippingLabels({ db: database.db, shipping, invoiceKeys: (n) => saleAccessKeys(database.db, n), jobs: null }, [order.number]);
    const shipmentId = fake.calls[1]!.body.orders[0];
    const body = JSON.stringify({
      event: 'order.delivered',
      data: { id: shipmentId, status: 'delivered', tracking: 'AA000000001BR', posted_at: '2026-11-30 09:00:00', delivered_at: '2026-12-02 11:30:00', canceled_at: null },
    });
    const forged = await t.request('POST', '/api/shipping/melhorenvio/webhook', body, { 'x-me-signature': sign(body, 'not-the-app-secret-0123456789') });
    expect(forged.status).toBe(401);
    expect((await read(order.number)).status).toBe('shipped');
    for (let i = 0; i < 2; i++) {
      const res = await t.request('POST', '/api/shipping/melhorenvio/webhook', body, { 'x-me-signature': sign(body) });
      expect(res.status).toBe(200);
    }
    const view = await read(order.number);
    expect(view.status).toBe('delivered');
    expect(view.events.filter((e) => e.status === 'tracking').map((e) => e.note)).toEqual(['Objeto postado na transportadora.']);
    expect(view.events.filter((e) => e.status === 'delivered')).toHaveLength(1);
  });
});
