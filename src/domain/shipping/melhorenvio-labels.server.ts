// Melhor Envio's label purchase and tracking over its REST API, each step one call:
//   POST /api/v2/me/cart                 one shipment (from, to, products, volumes, options) → { id }
//   POST /api/v2/me/cart/reverse         one return (reverse logistics, Correios PAC or SEDEX, one `package`):
//                                        the outbound shipment's `order_id` with the returning buyer's e-mail and
//                                        phone, or (an outbound parcel not sent through Melhor Envio) from/to and
//                                        products; the nota's key in options.invoice → { id }
//   POST /api/v2/me/shipment/checkout    { orders: [ids] } pays them from the account's balance
//   POST /api/v2/me/shipment/generate    { orders } generates the labels
//   POST /api/v2/me/shipment/print       { mode: 'private', orders } → { url } (one PDF for all)
//   POST /api/v2/me/shipment/tracking    { orders } → { [id]: { status, tracking, melhorenvio_tracking, posted_at, delivered_at, … } }
// Dates come as "2026-11-28 14:05:00", Brasília time. Errors carry no personal data (the API's message is not logged).
import crypto from 'node:crypto';
import { z } from 'zod';
import { ShippingProviderError } from './provider.ts';
import type { LabelPurchase, LabelRequest, ReverseLabelRequest, ShipmentParty, ShipmentStatus, TrackingEvent } from './provider.ts';

interface Api {
  base: string;
  headers: Record<string, string>;
}

async function post(api: Api, path: string, body: unknown, step: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(`${api.base}${path}`, { method: 'POST', headers: api.headers, body: JSON.stringify(body), signal: AbortSignal.timeout(15_000) });
  } catch {
    throw new ShippingProviderError(`Melhor Envio não respondeu (${step})`);
  }
  if (!res.ok) throw new ShippingProviderError(`Melhor Envio recusou ${step} (${res.status})`);
  return res.json().catch(() => {
    throw new ShippingProviderError(`resposta do Melhor Envio em formato inesperado (${step})`);
  });
}

const party = (p: ShipmentParty) => ({
  name: p.name,
  phone: p.phone,
  email: p.email,
  ...(p.companyDocument ? { company_document: p.companyDocument } : { document: p.document ?? undefined }),
  address: p.address.street,
  complement: p.address.complement ?? undefined,
  number: p.address.number,
  district: p.address.neighborhood,
  city: p.address.city,
  state_abbr: p.address.state,
  country_id: 'BR',
  postal_code: p.address.cep,
});

/** One volume for the order's items: the boxes stacked (heights added), the widest and longest, the weights summed. */
export function volumeOf(request: Pick<LabelRequest, 'parcel'>) {
  let height = 0;
  let width = 0;
  let length = 0;
  let grams = 0;
  for (const i of request.parcel.items) {
    if (!i.weightGrams || !i.heightCm || !i.widthCm || !i.lengthCm) throw new ShippingProviderError(`produto ${i.productId} sem peso ou dimensões`);
    height += i.heightCm * i.quantity;
    width = Math.max(width, i.widthCm);
    length = Math.max(length, i.lengthCm);
    grams += i.weightGrams * i.quantity;
  }
  return { height, width, length, weight: grams / 1000 };
}

export function cartBody(request: LabelRequest) {
  const insurance = request.contents.reduce((s, c) => s + c.unitPriceCents * c.quantity, 0) / 100;
  return {
    service: Number(request.serviceId),
    from: party(request.sender),
    to: party(request.recipient),
    products: request.contents.map((c) => ({ name: c.name, quantity: c.quantity, unitary_value: c.unitPriceCents / 100 })),
    volumes: [volumeOf(request)],
    options: {
      insurance_value: insurance,
      receipt: false,
      own_hand: false,
      reverse: false,
      non_commercial: request.invoiceKey === null,
      ...(request.invoiceKey ? { invoice: { key: request.invoiceKey } } : {}),
      platform: 'Olimpo Peças',
      tags: [{ tag: request.orderNumber }],
    },
  };
}

/** A return's cart body: the store pays, the buyer posts it at a Correios agency. */
export function reverseCartBody(request: ReverseLabelRequest) {
  const insurance = request.contents.reduce((s, c) => s + c.unitPriceCents * c.quantity, 0) / 100;
  const addresses = request.originalShipmentId
    ? { order_id: request.originalShipmentId, new_sender_mail: request.sender.email, new_sender_phone: request.sender.phone }
    : {
        from: party(request.sender),
        to: party(request.recipient),
        products: request.contents.map((c) => ({ name: c.name, quantity: c.quantity, unitary_value: c.unitPriceCents / 100 })),
      };
  return {
    service: Number(request.serviceId),
    ...addresses,
    insurance_value: insurance,
    package: volumeOf(request),
    options: {
      own_hand: false,
      receipt: false,
      non_commercial: request.invoiceKey === null,
      ...(request.invoiceKey ? { invoice: { key: request.invoiceKey } } : {}),
      platform: 'Olimpo Peças',
      tags: [{ tag: request.tag }],
    },
  };
}

const cartAnswer = z
  .object({
    id: z.string().min(1),
    service_id: z.number().nullish(),
    service: z
      .object({ name: z.string(), company: z.object({ name: z.string() }).passthrough().nullish() })
      .passthrough()
      .nullish(),
  })
  .passthrough();
const printAnswer = z.object({ url: z.string().url() }).passthrough();
const stamp = z.string().nullish();
const shipmentAnswer = z
  .object({
    status: z.string().nullish(),
    tracking: z.string().nullish(),
    melhorenvio_tracking: z.string().nullish(),
    posted_at: stamp,
    delivered_at: stamp,
    canceled_at: stamp,
  })
  .passthrough();
const trackingAnswer = z.record(z.string(), shipmentAnswer);

/** "2026-11-28 14:05:00" (Brasília) or an ISO date → Date; null when unreadable. */
export function meDate(v: string | null | undefined): Date | null {
  if (!v) return null;
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(v) ? `${v.replace(' ', 'T')}-03:00` : v;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

const EVENTS: { field: 'posted_at' | 'delivered_at' | 'canceled_at'; status: TrackingEvent['status']; description: string }[] = [
  { field: 'posted_at', status: 'posted', description: 'Objeto postado na transportadora.' },
  { field: 'delivered_at', status: 'delivered', description: 'Objeto entregue ao destinatário.' },
  { field: 'canceled_at', status: 'cancelled', description: 'Envio cancelado na transportadora.' },
];

/** A shipment as Melhor Envio describes it (tracking answer, webhook data) → its code and events. */
function shipmentStatusOf(s: z.infer<typeof shipmentAnswer>): ShipmentStatus {
  const events = EVENTS.flatMap((e): TrackingEvent[] => {
    const at = meDate(s[e.field]);
    return at ? [{ key: `melhorenvio:${e.status}`, status: e.status, description: e.description, at }] : [];
  });
  return { trackingCode: s.tracking || s.melhorenvio_tracking || null, events };
}

const webhookBody = z.object({ event: z.string(), data: shipmentAnswer.extend({ id: z.string().min(1) }) });

/**
 * Melhor Envio's webhook: the body signed with HMAC-SHA256 by the application's secret, base64 in
 * X-ME-Signature. Gives the shipment's id and status, 'unsigned' when the signature does not match, or
 * 'ignored' for a body that is not a shipment event.
 */
export function readMelhorEnvioWebhook(secret: string, rawBody: string, signature: string | undefined): { shipmentId: string; status: ShipmentStatus } | 'unsigned' | 'ignored' {
  const expected = crypto.createHmac('sha256', secret).update(rawBody).digest();
  const given = Buffer.from(signature?.trim() ?? '', 'base64');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return 'unsigned';
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return 'ignored';
  }
  const parsed = webhookBody.safeParse(json);
  if (!parsed.success || !parsed.data.event.startsWith('order.')) return 'ignored';
  return { shipmentId: parsed.data.data.id, status: shipmentStatusOf(parsed.data.data) };
}

export function createMelhorEnvioLabels(api: Api): { labels: LabelPurchase; track: (ids: string[]) => Promise<Map<string, ShipmentStatus>> } {
  return {
    labels: {
      async addToCart(request) {
        const parsed = cartAnswer.safeParse(await post(api, '/api/v2/me/cart', cartBody(request), 'o carrinho'));
        if (!parsed.success) throw new ShippingProviderError('resposta do Melhor Envio em formato inesperado (o carrinho)');
        return { shipmentId: parsed.data.id, carrier: parsed.data.service?.company?.name ?? null, service: parsed.data.service?.name ?? null };
      },
      async addReverseToCart(request) {
        const parsed = cartAnswer.safeParse(await post(api, '/api/v2/me/cart/reverse', reverseCartBody(request), 'a etiqueta de devolução'));
        if (!parsed.success) throw new ShippingProviderError('resposta do Melhor Envio em formato inesperado (a etiqueta de devolução)');
        return { shipmentId: parsed.data.id, carrier: parsed.data.service?.company?.name ?? 'Correios', service: parsed.data.service?.name ?? null };
      },
      async checkout(ids) {
        await post(api, '/api/v2/me/shipment/checkout', { orders: ids }, 'a compra');
      },
      async generate(ids) {
        await post(api, '/api/v2/me/shipment/generate', { orders: ids }, 'a geração');
      },
      async print(ids) {
        const parsed = printAnswer.safeParse(await post(api, '/api/v2/me/shipment/print', { mode: 'private', orders: ids }, 'a impressão'));
        if (!parsed.success) throw new ShippingProviderError('resposta do Melhor Envio em formato inesperado (a impressão)');
        return { url: parsed.data.url };
      },
    },
    async track(ids) {
      const parsed = trackingAnswer.safeParse(await post(api, '/api/v2/me/shipment/tracking', { orders: ids }, 'o rastreio'));
      if (!parsed.success) throw new ShippingProviderError('resposta do Melhor Envio em formato inesperado (o rastreio)');
      return new Map(Object.entries(parsed.data).map(([id, s]) => [id, shipmentStatusOf(s)]));
    },
  };
}
