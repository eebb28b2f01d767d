// Orders API: place an order (idempotent), read your own orders or one by its token, rate it, look up
// a CEP, and the payment webhook. Also the spec's compatibility calls POST /orders and GET /orders.
import crypto from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '#src/db/client.server.ts';
import { apiPlaceOrderSchema, MESSAGES, placeOrderSchema } from '#src/domain/checkout/rules.ts';
import { orderUrl } from '#src/domain/checkout/services.server.ts';
import { submitOrder } from '#src/domain/checkout/submit-order.server.ts';
import type { Placed, Submitted } from '#src/domain/checkout/submit-order.server.ts';
import { payAwaitingCreditOrder } from '#src/domain/checkout/pay-later.server.ts';
import { confirmPayment, rateOrder } from '#src/domain/orders/orders.server.ts';
import { findOrderFor, listOrdersForUser } from '#src/domain/orders/read.server.ts';
import type { OrderView } from '#src/domain/orders/view.ts';
import { pixQrSvg } from '#src/domain/payments/pix.ts';
import { verifyWebhook } from '#src/domain/payments/provider.ts';
import { syncGatewayPayment } from '#src/domain/orders/gateway-sync.server.ts';
import { GatewayUnavailableError, verifyMercadoPagoSignature } from '#src/domain/payments/mercadopago.server.ts';
import { centsToReais } from '#src/domain/pricing/money.ts';
import type { Logger } from '../logger.ts';
import type { AppEnv } from '../app-env.ts';
import { apiError, readJson, validate } from '../http.ts';
import { getViewer } from '../viewer.server.ts';
import { clientIpFrom } from '#src/platform/client-ip.ts';
import type { Context } from 'hono';

const INVALID_ORDER = MESSAGES.invalidOrder;
const KEY_MISMATCH = 'A chave de idempotência do cabeçalho (Idempotency-Key) e a do corpo são diferentes.';
const ORDER_DATE = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' });

function placedResponse(publicUrl: string, result: Placed) {
  if (!result.ok) return { status: result.status, body: { erro: result.message, ...(result.order ? { pedido: result.order } : {}) } };
  return {
    status: result.replayed ? 200 : 201,
    body: { order: result.order, accessToken: result.accessToken, orderUrl: orderUrl(publicUrl, result.order.number, result.accessToken), replayed: result.replayed },
  };
}

/** The spec's order payload (§3 "Order as sent at checkout"), mapped onto our input. */
export const legacyOrderSchema = z.object({
  email: z.string(),
  items: z.array(z.object({ id: z.number(), cor: z.string().optional(), tamanho: z.string().optional(), quantity: z.number() }).passthrough(), { error: MESSAGES.emptyCart }),
  address: z.object({ cep: z.string(), street: z.string(), number: z.string(), complement: z.string().optional(), neighborhood: z.string(), city: z.string(), state: z.string() }).passthrough(),
  shipping: z.string(),
  payment: z.string(),
  installments: z.number().optional(),
  coupon: z.string().optional(),
  card: z.object({ number: z.string(), name: z.string(), expiry: z.string(), cvv: z.string() }).partial().optional(),
  // Not in the prototype's payload; taken when a newer client sends it (validated like /api/orders).
  customer: z.unknown().optional(),
});

function legacyView(o: OrderView) {
  return {
    id: o.number,
    numero: `#${o.number}`,
    total: centsToReais(o.totalCents),
    items: o.lines.map((l) => ({ id: l.productId, titulo: l.title, quantity: l.quantity, valoratual: centsToReais(l.unitPriceCents), cor: l.color ?? undefined, tamanho: l.size ?? undefined })),
  };
}

/**
 * The answer to the spec's POST /orders: the order the shop recorded, in the prototype's field names
 * (numero, data, subtotal, shippingCost, discount, total in reais; items with titulo/valoratual), with how to
 * pay (PIX code, boleto line) and the order page. A client showing this shows the truth, not its own sums.
 */
function legacyPlaced(publicUrl: string, o: OrderView, accessToken: string | null, replayed = false) {
  const url = orderUrl(publicUrl, o.number, accessToken);
  const tokenQuery = accessToken ? `?token=${encodeURIComponent(accessToken)}` : '';
  const awaitingCard = o.paymentMethod === 'credit' && o.status === 'awaiting_payment';
  return {
    id: o.number,
    numero: `#${o.number}`,
    data: ORDER_DATE.format(new Date(o.createdAt)),
    status: o.status,
    email: o.email,
    items: o.lines.map((l) => ({
      id: l.productId,
      titulo: l.title,
      quantity: l.quantity,
      valoratual: centsToReais(l.unitPriceCents),
      image: l.imageUrl,
      cor: l.color ?? undefined,
      tamanho: l.size ?? undefined,
    })),
    address: { ...o.address, complement: o.address.complement ?? '' },
    shipping: o.shippingMethod,
    payment: o.paymentMethod,
    installments: o.installments,
    subtotal: centsToReais(o.subtotalCents),
    shippingCost: centsToReais(o.shippingCents),
    discount: centsToReais(o.couponDiscountCents + o.paymentDiscountCents),
    total: centsToReais(o.totalCents),
    ...(o.payment?.pixCode ? { pix: { codigo: o.payment.pixCode, expiraEm: o.payment.pixExpiresAt, qrCodeUrl: `${publicUrl.replace(/\/+$/, '')}/api/orders/${o.number}/pix.svg${tokenQuery}` } } : {}),
    ...(o.payment?.boletoLine
      ? { boleto: { linhaDigitavel: o.payment.boletoLine, vencimento: o.payment.boletoDueDate, url: `${publicUrl.replace(/\/+$/, '')}/Pedidos/${o.number}/boleto${tokenQuery}` } }
      : {}),
    orderUrl: url,
    ...(awaitingCard ? { paymentUrl: url } : {}),
    accessToken,
    replayed,
  };
}

export function ordersApi(getDb: () => Db, logger: Logger) {
  const api = new Hono<AppEnv>();

  /** Through the order limits (a 429 in pt-BR with Retry-After) to placeOrder: the same path as the checkout page's action. */
  const submit = (c: Context<AppEnv>, input: Parameters<typeof submitOrder>[2], opts: { cardLater?: boolean } = {}) =>
    submitOrder(c.var.services, getDb(), input, { ip: clientIpFrom(c.req.raw.headers), viewer: () => getViewer(c.req.raw, c.var.services.auth) }, opts);
  const limited = (c: Context, result: Submitted) => {
    if (!('retryAfterSeconds' in result)) return null;
    c.header('Retry-After', String(result.retryAfterSeconds));
    return apiError(c, 429, result.message);
  };
  const sandboxOff = (c: Context<AppEnv>) => c.var.services.checkout.sandboxRoutes === false;

  api.post('/api/orders', async (c) => {
    const body = await readJson(c);
    if (!body.ok) return apiError(c, 400, body.message);
    // The key may come in the Idempotency-Key header (as payment APIs take it) or in the body; both must agree.
    const header = c.req.header('idempotency-key');
    let value = body.value;
    if (header !== undefined && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const inBody = (value as { idempotencyKey?: unknown }).idempotencyKey;
      if (inBody !== undefined && inBody !== header) return apiError(c, 400, KEY_MISMATCH);
      value = { ...value, idempotencyKey: header };
    }
    const parsed = validate(apiPlaceOrderSchema, value, INVALID_ORDER);
    if (!parsed.ok) return apiError(c, 400, parsed.message);
    const result = await submit(c, parsed.data);
    const refused = limited(c, result);
    if (refused) return refused;
    const { status, body: out } = placedResponse(c.var.services.checkout.publicUrl, result as Placed);
    return c.json(out, status as 200);
  });

  api.get('/api/orders', async (c) => {
    const viewer = await getViewer(c.req.raw, c.var.services.auth);
    if (!viewer.userId) return apiError(c, 401, 'Entre na sua conta para ver os seus pedidos.');
    return c.json(await listOrdersForUser(getDb(), viewer.userId));
  });

  api.get('/api/orders/:number', async (c) => {
    const viewer = await getViewer(c.req.raw, c.var.services.auth);
    const order = await findOrderFor(getDb(), c.req.param('number'), viewer, c.req.query('token') ?? null, c.var.services.cookieSecret);
    c.header('Cache-Control', 'private, no-store');
    if (!order) return apiError(c, 404, 'Pedido não encontrado.');
    return c.json(order);
  });

  // The PIX QR code of an order, drawn on our server from its BR Code.
  api.get('/api/orders/:number/pix.svg', async (c) => {
    const order = await findOrderFor(getDb(), c.req.param('number'), await getViewer(c.req.raw, c.var.services.auth), c.req.query('token') ?? null, c.var.services.cookieSecret);
    if (!order?.payment?.pixCode) return apiError(c, 404, 'Pedido não encontrado.');
    c.header('Content-Type', 'image/svg+xml; charset=utf-8');
    c.header('Cache-Control', 'private, max-age=1800');
    return c.body(await pixQrSvg(order.payment.pixCode));
  });

  api.post('/api/orders/:number/rating', async (c) => {
    const body = await readJson(c);
    if (!body.ok) return apiError(c, 400, body.message);
    const parsed = z.object({ rating: z.number().int().min(1).max(5), token: z.string().max(200).optional() }).safeParse(body.value);
    if (!parsed.success) return apiError(c, 400, 'Avaliação inválida: escolha de 1 a 5 estrelas.');
    const viewer = await getViewer(c.req.raw, c.var.services.auth);
    const ok = await rateOrder(getDb(), c.req.param('number'), viewer, parsed.data.token ?? null, parsed.data.rating, c.var.services.cookieSecret);
    if (!ok) return apiError(c, 404, 'Pedido não encontrado.');
    return c.json({ ok: true, rating: parsed.data.rating });
  });

  // Pays a credit order that was placed without its card (the order page's form does the same).
  api.post('/api/orders/:number/pay', async (c) => {
    const body = await readJson(c);
    if (!body.ok) return apiError(c, 400, body.message);
    const parsed = validate(z.object({ card: placeOrderSchema.shape.card.unwrap(), token: z.string().max(200).optional() }), body.value, MESSAGES.card);
    if (!parsed.ok) return apiError(c, 400, parsed.message);
    const viewer = await getViewer(c.req.raw, c.var.services.auth);
    const order = await findOrderFor(getDb(), c.req.param('number'), viewer, parsed.data.token ?? c.req.query('token') ?? null, c.var.services.cookieSecret);
    if (!order) return apiError(c, 404, 'Pedido não encontrado.');
    const result = await payAwaitingCreditOrder({ db: getDb(), provider: c.var.services.checkout.provider }, order.number, parsed.data.card);
    if (!result.ok) return c.json({ erro: result.message, ...(result.order ? { pedido: result.order } : {}) }, result.status);
    return c.json({ order: result.order });
  });

  api.get('/api/cep/:cep', async (c) => {
    const cep = c.req.param('cep');
    if (!/^\d{8}$/.test(cep)) return apiError(c, 400, MESSAGES.cep);
    const result = await c.var.services.checkout.cep.lookup(cep);
    if (result.status === 'found') return c.json(result.address);
    if (result.status === 'not_found') return apiError(c, 404, MESSAGES.cepNotFound);
    logger.warn({ cep }, 'consulta de CEP indisponível');
    return apiError(c, 503, 'Não foi possível consultar o CEP agora. Preencha o endereço manualmente.');
  });

  // What a gateway calls when a PIX or boleto is paid: HMAC-signed, idempotent.
  api.post('/api/payments/webhook', async (c) => {
    // Only the sandbox confirms orders here (off in an https deployment unless chosen by name with its own
    // secret, env.ts); a real gateway's orders are confirmed by its own verified webhook.
    if (c.var.services.checkout.provider.name !== 'sandbox' || sandboxOff(c)) return apiError(c, 404, 'Rota da API não encontrada.');
    const raw = await c.req.text();
    if (!verifyWebhook(c.var.services.checkout.webhookSecret, raw, c.req.header('x-olimpo-signature'))) return apiError(c, 401, 'Assinatura inválida.');
    let event: unknown;
    try {
      event = JSON.parse(raw);
    } catch {
      return apiError(c, 400, 'JSON inválido.');
    }
    const parsed = z.object({ event: z.literal('payment.paid'), orderNumber: z.string().regex(/^\d{8}$/), amountCents: z.number().int().nonnegative() }).safeParse(event);
    if (!parsed.success) return apiError(c, 400, 'Evento inválido.');
    const result = await confirmPayment(getDb(), parsed.data.orderNumber, parsed.data.amountCents, c.var.services.jobs);
    if (!result.ok) return apiError(c, 422, result.message);
    return c.json({ ok: true });
  });

  // Mercado Pago's webhook: the x-signature is checked over data.id (from the query string), x-request-id
  // and ts; then the body is ignored and the payment is read back from Mercado Pago (gateway-sync).
  api.post('/api/payments/mercadopago/webhook', async (c) => {
    const services = c.var.services.checkout;
    const secret = services.mercadoPagoWebhookSecret;
    if (services.provider.name !== 'mercadopago' || !secret) return apiError(c, 404, 'Rota da API não encontrada.');
    const dataId = c.req.query('data.id');
    const signed = verifyMercadoPagoSignature(
      secret,
      { signature: c.req.header('x-signature'), requestId: c.req.header('x-request-id'), dataId },
      { toleranceSeconds: services.mercadoPagoWebhookToleranceSeconds },
    );
    if (!signed) {
      logger.warn({ dataId: dataId?.slice(0, 64) }, 'webhook do Mercado Pago com assinatura inválida ou fora da janela de tempo');
      return apiError(c, 401, 'Assinatura inválida.');
    }
    // Other topics (merchant orders, chargebacks' own topic…) are acknowledged and left alone.
    if (c.req.query('type') !== 'payment' || !dataId) return c.json({ ok: true, ignorado: true });
    try {
      const result = await syncGatewayPayment(getDb(), services.provider, dataId, c.var.services.jobs, c.var.services.catalogChanges);
      if (result.outcome === 'amount_mismatch' || result.outcome === 'refunded_late_payment' || result.outcome === 'other_payment') {
        logger.warn({ payment: dataId, order: result.orderNumber, outcome: result.outcome }, 'pagamento do Mercado Pago exige atenção');
      } else logger.info({ payment: dataId, order: result.orderNumber, outcome: result.outcome }, 'webhook do Mercado Pago');
      return c.json({ ok: true, resultado: result.outcome });
    } catch (err) {
      if (!(err instanceof GatewayUnavailableError)) throw err;
      // Mercado Pago retries a notification that did not get a 2xx; the reconciliation job covers it too.
      logger.warn({ payment: dataId, err: err.message }, 'Mercado Pago indisponível ao processar o webhook');
      return apiError(c, 503, 'Não foi possível consultar o pagamento agora. Tente novamente.');
    }
  });

  // Sandbox only: lets the buyer "pay" a PIX or boleto in demos and tests, as the sandbox webhook would (the
  // order's own total, confirmed by confirmPayment with the request's job runner).
  api.post('/api/payments/sandbox/:number/pay', async (c) => {
    const services = c.var.services.checkout;
    if (services.provider.name !== 'sandbox' || sandboxOff(c)) return apiError(c, 404, 'Rota da API não encontrada.');
    const viewer = await getViewer(c.req.raw, c.var.services.auth);
    const order = await findOrderFor(getDb(), c.req.param('number'), viewer, c.req.query('token') ?? null, c.var.services.cookieSecret);
    if (!order) return apiError(c, 404, 'Pedido não encontrado.');
    const result = await confirmPayment(getDb(), order.number, order.totalCents, c.var.services.jobs);
    if (!result.ok) return apiError(c, 422, result.message);
    return c.json({ ok: true });
  });

  // Spec §7 compatibility: the prototype's POST/GET {orders service}/orders, made safe.
  api.post('/orders', async (c) => {
    const body = await readJson(c);
    if (!body.ok) return apiError(c, 400, body.message);
    const legacy = validate(legacyOrderSchema, body.value, INVALID_ORDER);
    if (!legacy.ok) return apiError(c, 400, legacy.message);
    const l = legacy.data;
    const key = c.req.header('idempotency-key') ?? crypto.randomUUID();
    const parsed = validate(
      placeOrderSchema,
      {
        idempotencyKey: key,
        email: l.email,
        lines: l.items.map((i) => ({ productId: i.id, color: i.cor, size: i.tamanho, quantity: i.quantity })),
        coupon: l.coupon,
        address: { ...l.address, cep: l.address.cep.replace(/\D/g, '') },
        shipping: l.shipping,
        payment: l.payment,
        installments: l.installments ?? 1,
        // The prototype sends no card: a card with nothing in it is no card.
        card: l.card && Object.values(l.card).some((v) => typeof v === 'string' && v.trim() !== '') ? l.card : undefined,
        customer: l.customer,
      },
      INVALID_ORDER,
    );
    if (!parsed.ok) return apiError(c, 400, parsed.message);
    // A credit order without a card waits for it on the order page (paymentUrl in the answer).
    const result = await submit(c, parsed.data, { cardLater: true });
    const refused = limited(c, result);
    if (refused) return refused;
    if (!result.ok) return c.json({ erro: result.message, ...(result.order ? { pedido: legacyPlaced(c.var.services.checkout.publicUrl, result.order, null) } : {}) }, result.status);
    return c.json(legacyPlaced(c.var.services.checkout.publicUrl, result.order, result.accessToken, result.replayed), result.replayed ? 200 : 201);
  });

  api.get('/orders', async (c) => {
    const viewer = await getViewer(c.req.raw, c.var.services.auth);
    if (!viewer.userId) return apiError(c, 401, 'Entre na sua conta para ver os seus pedidos.');
    return c.json((await listOrdersForUser(getDb(), viewer.userId)).map(legacyView));
  });

  return api;
}
