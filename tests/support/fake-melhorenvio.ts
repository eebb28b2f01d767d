// A local stand-in for Melhor Envio's API, for tests: quotes (POST /api/v2/me/shipment/calculate) and labels
// (POST /api/v2/me/cart, cart/reverse for a return's reverse logistics, shipment/checkout, shipment/generate,
// shipment/print, shipment/tracking); the real
// provider talks to it over HTTP with the real request and answer shapes. Prices grow with the distance
// from São Paulo (the destination CEP's first digit) and the weight; Jadlog refuses parcels over 30 kg
// with an `error`, as the real API does. `mode` makes it fail (500) or hang.
import crypto from 'node:crypto';
import http from 'node:http';

export const FAKE_MELHORENVIO_TOKEN = 'fake-melhorenvio-token-0123456789';

type Product = { id: string; width: number; height: number; length: number; weight: number; insurance_value: number; quantity: number };
type Calculate = { from: { postal_code: string }; to: { postal_code: string }; products: Product[] };

/** What the fake charges (reais) and how long it takes (business days), by CEP region and weight. */
export function fakeQuote(toCep: string, kg: number) {
  const far = Number(toCep[0]) >= 5 ? (toCep.startsWith('69') ? 3 : 2) : 1; // 0-4 south-east, 69 Amazonas
  const price = (base: number, perKg: number) => (base * far + perKg * kg * far).toFixed(2);
  return [
    { id: 1, name: 'PAC', price: price(18, 1.5), days: [3 * far, 3 * far + 3], company: 'Correios' },
    { id: 2, name: 'SEDEX', price: price(28, 2.5), days: [1 * far, 1 * far + 1], company: 'Correios' },
    { id: 3, name: '.Package', price: price(16, 1.8), days: [4 * far, 4 * far + 2], company: 'Jadlog', maxKg: 30 },
  ];
}

/** A shipment in the fake's account: added to the cart, then paid, generated, posted, delivered. */
export interface FakeShipment {
  id: string;
  body: Record<string, any>;
  status: 'pending' | 'released' | 'posted' | 'delivered' | 'canceled';
  /** A return's reverse-logistics shipment (POST /api/v2/me/cart/reverse). */
  reverse: boolean;
  paidTimes: number;
  generated: boolean;
  tracking: string | null;
  posted_at: string | null;
  delivered_at: string | null;
}

/** A shipment as the tracking answer (and the webhook's `data`) describes it. */
function trackingOf(s: FakeShipment) {
  return {
    id: s.id,
    protocol: `ORD-${s.id.slice(0, 4)}`,
    status: s.status,
    tracking: s.generated ? s.tracking : null,
    melhorenvio_tracking: s.generated ? `ME${s.id.slice(0, 8).toUpperCase()}` : null,
    created_at: '2026-11-28 10:00:00',
    paid_at: '2026-11-28 10:01:00',
    generated_at: s.generated ? '2026-11-28 10:02:00' : null,
    posted_at: s.posted_at,
    delivered_at: s.delivered_at,
    canceled_at: null,
    expired_at: null,
  };
}

/**
 * What Melhor Envio pushes to the store's webhook about a shipment (`order.posted`, `order.delivered`…): the
 * raw body and its X-ME-Signature (HMAC-SHA256 of the body with the application's secret, base64).
 */
export function fakeWebhook(shipment: FakeShipment, event: string, secret: string): { body: string; signature: string } {
  const body = JSON.stringify({ event, data: trackingOf(shipment) });
  return { body, signature: crypto.createHmac('sha256', secret).update(body).digest('base64') };
}

type LabelStep = 'cart' | 'reverse' | 'checkout' | 'generate' | 'print' | 'tracking';

export function startFakeMelhorEnvio(): Promise<{
  url: string;
  close: () => Promise<void>;
  requests: { headers: http.IncomingHttpHeaders; body: Calculate }[];
  mode: { value: 'ok' | 'fail' | 'hang' };
  /** The label steps' calls, in order (path and body). */
  calls: { path: string; body: any }[];
  shipments: Map<string, FakeShipment>;
  /** Makes one label step answer 500 (null: none). */
  failStep: { value: LabelStep | null };
  /** The carrier's side: the parcel posted or delivered ("2026-11-30 10:15:00", Brasília). */
  post(id: string, at: string): void;
  deliver(id: string, at: string): void;
}> {
  const requests: { headers: http.IncomingHttpHeaders; body: Calculate }[] = [];
  const calls: { path: string; body: any }[] = [];
  const shipments = new Map<string, FakeShipment>();
  const failStep = { value: null as LabelStep | null };
  const mode = { value: 'ok' as 'ok' | 'fail' | 'hang' };
  let seq = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.headers.authorization !== `Bearer ${FAKE_MELHORENVIO_TOKEN}`) return json(401, { message: 'Unauthenticated.' });
      if (!req.headers['user-agent'] || !/\(.+@.+\)/.test(req.headers['user-agent'])) return json(400, { message: 'User-Agent obrigatório' });
      if (req.method === 'POST' && req.url !== '/api/v2/me/shipment/calculate') return labelRoute(req.url ?? '', raw, json);
      if (req.method !== 'POST') return json(404, { message: 'Not Found' });
      if (mode.value === 'hang') return;
      if (mode.value === 'fail') return json(500, { message: 'Server Error' });
      const body = JSON.parse(raw) as Calculate;
      requests.push({ headers: req.headers, body });
      if (!/^\d{8}$/.test(body.to?.postal_code ?? '') || !Array.isArray(body.products)) return json(422, { message: 'The given data was invalid.' });
      const kg = body.products.reduce((s, p) => s + p.weight * p.quantity, 0);
      json(
        200,
        fakeQuote(body.to.postal_code, kg).map((s) =>
          s.maxKg && kg > s.maxKg
            ? { id: s.id, name: s.name, error: 'Peso excede o limite do serviço', company: { id: s.id, name: s.company, picture: '' } }
            : {
                id: s.id,
                name: s.name,
                price: s.price,
                custom_price: s.price,
                discount: '0.00',
                currency: 'R$',
                delivery_time: s.days[1],
                delivery_range: { min: s.days[0], max: s.days[1] },
                custom_delivery_time: s.days[1],
                custom_delivery_range: { min: s.days[0], max: s.days[1] },
                packages: [],
                additional_services: { receipt: false, own_hand: false, collect: false },
                company: { id: s.id, name: s.company, picture: '' },
              },
        ),
      );
    });
  });
  const STEPS: Record<string, LabelStep> = {
    '/api/v2/me/cart': 'cart',
    '/api/v2/me/cart/reverse': 'reverse',
    '/api/v2/me/shipment/checkout': 'checkout',
    '/api/v2/me/shipment/generate': 'generate',
    '/api/v2/me/shipment/print': 'print',
    '/api/v2/me/shipment/tracking': 'tracking',
  };
  function labelRoute(path: string, raw: string, json: (status: number, body: unknown) => void) {
    const step = STEPS[path];
    if (!step) return json(404, { message: 'Not Found' });
    const body = JSON.parse(raw || '{}');
    calls.push({ path, body });
    if (failStep.value === step) return json(500, { message: 'Server Error' });
    if (step === 'cart') {
      const service = fakeQuote(body.to?.postal_code ?? '0', 1).find((s) => s.id === body.service);
      if (!service || !body.from?.postal_code || !body.to?.name || !Array.isArray(body.volumes) || body.volumes.length === 0 || typeof body.options?.insurance_value !== 'number')
        return json(422, { message: 'The given data was invalid.', errors: { service: ['Serviço inválido'] } });
      const id = `9e0f${String(++seq).padStart(4, '0')}-aaaa-4bbb-8ccc-${String(seq).padStart(12, '0')}`;
      shipments.set(id, { id, body, status: 'pending', reverse: false, paidTimes: 0, generated: false, tracking: null, posted_at: null, delivered_at: null });
      return json(201, {
        id,
        protocol: `ORD-2026110${seq}`,
        service_id: body.service,
        status: 'pending',
        service: { id: service.id, name: service.name, company: { id: service.id, name: service.company } },
      });
    }
    if (step === 'reverse') {
      // Reverse logistics runs on the Correios only (PAC 1, SEDEX 2), in one package; the outbound shipment's id
      // (order_id) with the returning buyer's e-mail and phone, or the full from/to when it was not sent here.
      const pkg = body.package;
      const original = typeof body.order_id === 'string' ? shipments.get(body.order_id) : undefined;
      const addressed = original ? Boolean(body.new_sender_mail && body.new_sender_phone) : Boolean(body.from?.postal_code && body.to?.postal_code && body.from?.name && Array.isArray(body.products));
      if (typeof body.order_id === 'string' && !original) return json(422, { message: 'The given data was invalid.', errors: { order_id: ['Envio original não encontrado.'] } });
      if (
        ![1, 2].includes(body.service) ||
        !pkg ||
        ![pkg.weight, pkg.height, pkg.width, pkg.length].every((v) => typeof v === 'number' && v > 0) ||
        typeof body.insurance_value !== 'number' ||
        !addressed
      )
        return json(422, { message: 'The given data was invalid.', errors: { service: ['A logística reversa aceita apenas PAC ou SEDEX.'] } });
      const id = `9e0f${String(++seq).padStart(4, '0')}-rrrr-4bbb-8ccc-${String(seq).padStart(12, '0')}`;
      shipments.set(id, { id, body, status: 'pending', reverse: true, paidTimes: 0, generated: false, tracking: null, posted_at: null, delivered_at: null });
      const name = body.service === 1 ? 'PAC' : 'SEDEX';
      return json(201, { id, protocol: `ORD-2026110${seq}`, service_id: body.service, status: 'pending', reverse: true, service: { id: body.service, name, company: { id: 1, name: 'Correios' } } });
    }
    const ids: string[] = Array.isArray(body.orders) ? body.orders : [];
    const unknown = ids.filter((id) => !shipments.has(id));
    if (ids.length === 0 || unknown.length > 0) return json(422, { message: 'Envio não encontrado.' });
    const list = ids.map((id) => shipments.get(id)!);
    if (step === 'checkout') {
      if (list.some((s) => s.paidTimes > 0)) return json(422, { message: 'Envio já pago.' });
      for (const s of list) {
        s.paidTimes += 1;
        s.status = 'released';
      }
      return json(200, { purchase: { id: `p-${seq}`, protocol: `PUR-${seq}`, total: 0, status: 'paid', orders: list.map((s) => ({ id: s.id, status: 'released' })) } });
    }
    if (list.some((s) => s.paidTimes === 0)) return json(422, { message: 'Envio não pago.' });
    if (step === 'generate') {
      for (const s of list) {
        s.generated = true;
        // A Correios object code: two letters, nine digits, two letters.
        s.tracking ??= `AA${String(1 + [...shipments.keys()].indexOf(s.id)).padStart(9, '0')}BR`;
      }
      return json(200, Object.fromEntries(list.map((s) => [s.id, { status: true, message: 'Envio gerado com sucesso' }])));
    }
    if (step === 'print') return json(200, { url: `https://melhorenvio.example/imprimir/${ids.join('-')}.pdf` });
    return json(200, Object.fromEntries(list.map((s) => [s.id, trackingOf(s)])));
  }
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${port}`,
        requests,
        mode,
        calls,
        shipments,
        failStep,
        post(id, at) {
          const s = shipments.get(id)!;
          s.status = 'posted';
          s.posted_at = at;
        },
        deliver(id, at) {
          const s = shipments.get(id)!;
          s.status = 'delivered';
          s.delivered_at = at;
        },
        close: () =>
          new Promise((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    });
  });
}
