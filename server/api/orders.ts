// Orders API: place an order (idempotent), read your own orders or one by its token, rate it, look up
// a CEP, and the payment webhook. Also the spec's compatibility calls POST /orders and GET /orders.
import crypto from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../../src/db/client.server.ts';
import { apiPlaceOrderSchema, MESSAGES, placeOrderSchema } from '../../src/domain/checkout/rules.ts';
import { getCheckoutServices, orderUrl, placeOrderWithServices } from '../../src/domain/checkout/services.server.ts';
import { confirmPayment, findOrderFor, listOrdersForUser, rateOrder } from '../../src/domain/orders/orders.server.ts';
import type { OrderView } from '../../src/domain/orders/orders.server.ts';
import { pixQrSvg } from '../../src/domain/payments/pix.ts';
import { signWebhook, verifyWebhook } from '../../src/domain/payments/provider.ts';
import { centsToReais } from '../../src/domain/pricing/money.ts';
import type { Logger } from '../logger.ts';
import { apiError, readJson, validate } from '../http.ts';
import { getViewer } from '../viewer.server.ts';
import { checkOrderLimits, ORDER_LIMIT_MESSAGE } from '../../src/domain/checkout/limits.server.ts';
import { clientIpFrom } from '../../src/platform/client-ip.ts';
import type { Context } from 'hono';

type Placed = Awaited<ReturnType<typeof placeOrderWithServices>>;

const INVALID_ORDER = 'Dados do pedido inválidos. Revise o carrinho, o endereço e o pagamento.';

function placedResponse(result: Placed) {
  if (!result.ok) return { status: result.status, body: { erro: result.message, ...(result.order ? { pedido: result.order } : {}) } };
  const { publicUrl } = getCheckoutServices();
  return {
    status: result.replayed ? 200 : 201,
    body: { order: result.order, accessToken: result.accessToken, orderUrl: orderUrl(publicUrl, result.order.number, result.accessToken), replayed: result.replayed },
  };
}

/** The spec's order payload (§3 "Order as sent at checkout"), mapped onto our input. */
const legacyOrderSchema = z.object({
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

export function ordersApi(getDb: () => Db, logger: Logger) {
  const api = new Hono();

  /** Per-IP and per-e-mail limits on placing orders: a 429 in pt-BR, or null to go on. */
  const limited = async (c: Context, email: string) => {
    const verdict = await checkOrderLimits(getDb(), getCheckoutServices().orderLimits, { ip: clientIpFrom(c.req.raw.headers), email });
    if (!verdict) return null;
    c.header('Retry-After', String(verdict.retryAfterSeconds));
    return apiError(c, 429, ORDER_LIMIT_MESSAGE);
  };
  const sandboxOff = () => getCheckoutServices().sandboxRoutes === false;

  api.post('/api/orders', async (c) => {
    const body = await readJson(c);
    if (!body.ok) return apiError(c, 400, body.message);
    const parsed = validate(apiPlaceOrderSchema, body.value, INVALID_ORDER);
    if (!parsed.ok) return apiError(c, 400, parsed.message);
    const refused = await limited(c, parsed.data.email);
    if (refused) return refused;
    const viewer = await getViewer(c.req.raw, getDb());
    const result = await placeOrderWithServices(getDb(), parsed.data, viewer);
    const { status, body: out } = placedResponse(result);
    if (result.ok && !result.replayed) logger.info({ order: result.order.number, payment: result.order.paymentMethod, total: result.order.totalCents }, 'pedido criado');
    return c.json(out, status as 200);
  });

  api.get('/api/orders', async (c) => {
    const viewer = await getViewer(c.req.raw, getDb());
    if (!viewer.userId) return apiError(c, 401, 'Entre na sua conta para ver os seus pedidos.');
    return c.json(await listOrdersForUser(getDb(), viewer.userId));
  });

  api.get('/api/orders/:number', async (c) => {
    const viewer = await getViewer(c.req.raw, getDb());
    const order = await findOrderFor(getDb(), c.req.param('number'), viewer, c.req.query('token') ?? null);
    if (!order) return apiError(c, 404, 'Pedido não encontrado.');
    return c.json(order);
  });

  // The PIX QR code of an order, drawn on our server from its BR Code.
  api.get('/api/orders/:number/pix.svg', async (c) => {
    const order = await findOrderFor(getDb(), c.req.param('number'), await getViewer(c.req.raw, getDb()), c.req.query('token') ?? null);
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
    const viewer = await getViewer(c.req.raw, getDb());
    const ok = await rateOrder(getDb(), c.req.param('number'), viewer, parsed.data.token ?? null, parsed.data.rating);
    if (!ok) return apiError(c, 404, 'Pedido não encontrado.');
    return c.json({ ok: true, rating: parsed.data.rating });
  });

  api.get('/api/cep/:cep', async (c) => {
    const cep = c.req.param('cep');
    if (!/^\d{8}$/.test(cep)) return apiError(c, 400, MESSAGES.cep);
    const result = await getCheckoutServices().cep.lookup(cep);
    if (result.status === 'found') return c.json(result.address);
    if (result.status === 'not_found') return apiError(c, 404, MESSAGES.cepNotFound);
    logger.warn({ cep }, 'consulta de CEP indisponível');
    return apiError(c, 503, 'Não foi possível consultar o CEP agora. Preencha o endereço manualmente.');
  });

  // What a gateway calls when a PIX or boleto is paid: HMAC-signed, idempotent.
  api.post('/api/payments/webhook', async (c) => {
    // Off in an https deployment unless the sandbox was chosen by name with its own secret (env.ts).
    if (sandboxOff()) return apiError(c, 404, 'Rota da API não encontrada.');
    const raw = await c.req.text();
    if (!verifyWebhook(getCheckoutServices().webhookSecret, raw, c.req.header('x-olimpo-signature'))) return apiError(c, 401, 'Assinatura inválida.');
    let event: unknown;
    try {
      event = JSON.parse(raw);
    } catch {
      return apiError(c, 400, 'JSON inválido.');
    }
    const parsed = z.object({ event: z.literal('payment.paid'), orderNumber: z.string().regex(/^\d{8}$/), amountCents: z.number().int().nonnegative() }).safeParse(event);
    if (!parsed.success) return apiError(c, 400, 'Evento inválido.');
    const result = await confirmPayment(getDb(), parsed.data.orderNumber, parsed.data.amountCents);
    if (!result.ok) return apiError(c, 422, result.message);
    return c.json({ ok: true });
  });

  // Sandbox only: lets the buyer "pay" a PIX or boleto in demos and tests, through the signed webhook.
  api.post('/api/payments/sandbox/:number/pay', async (c) => {
    const services = getCheckoutServices();
    if (services.provider.name !== 'sandbox' || sandboxOff()) return apiError(c, 404, 'Rota da API não encontrada.');
    const viewer = await getViewer(c.req.raw, getDb());
    const order = await findOrderFor(getDb(), c.req.param('number'), viewer, c.req.query('token') ?? null);
    if (!order) return apiError(c, 404, 'Pedido não encontrado.');
    const payload = JSON.stringify({ event: 'payment.paid', orderNumber: order.number, amountCents: order.totalCents });
    const res = await api.fetch(
      new Request(new URL('/api/payments/webhook', c.req.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-olimpo-signature': signWebhook(services.webhookSecret, payload) },
        body: payload,
      }),
    );
    return c.json(await res.json(), res.status as 200);
  });

  // Spec §7 compatibility: the prototype's POST/GET {orders service}/orders, made safe.
  api.post('/orders', async (c) => {
    const body = await readJson(c);
    if (!body.ok) return apiError(c, 400, body.message);
    const legacy = validate(legacyOrderSchema, body.value, INVALID_ORDER);
    if (!legacy.ok) return apiError(c, 400, legacy.message);
    const l = legacy.data;
    const key = c.req.header('idempotency-key') ?? crypto.randomUUID();
    const parsed = validate(placeOrderSchema, {
      idempotencyKey: key,
      email: l.email,
      lines: l.items.map((i) => ({ productId: i.id, color: i.cor, size: i.tamanho, quantity: i.quantity })),
      coupon: l.coupon,
      address: { ...l.address, cep: l.address.cep.replace(/\D/g, '') },
      shipping: l.shipping,
      payment: l.payment,
      installments: l.installments ?? 1,
      card: l.card,
      customer: l.customer,
    }, INVALID_ORDER);
    if (!parsed.ok) return apiError(c, 400, parsed.message);
    const refused = await limited(c, parsed.data.email);
    if (refused) return refused;
    const result = await placeOrderWithServices(getDb(), parsed.data, await getViewer(c.req.raw, getDb()));
    const { status, body: out } = placedResponse(result);
    return c.json(out, (result.ok ? 201 : status) as 201);
  });

  api.get('/orders', async (c) => {
    const viewer = await getViewer(c.req.raw, getDb());
    if (!viewer.userId) return apiError(c, 401, 'Entre na sua conta para ver os seus pedidos.');
    return c.json((await listOrdersForUser(getDb(), viewer.userId)).map(legacyView));
  });

  return api;
}
