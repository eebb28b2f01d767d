// A local stand-in for Mercado Pago's REST API, for tests: POST /v1/card_tokens (with CORS, as the browser
// calls it), POST /v1/payments (PIX, boleto "bolbradesco", tokenized cards; X-Idempotency-Key honoured),
// GET /v1/payments/:id, GET /v1/payments/search, POST /v1/payments/:id/refunds (whole, or { amount } for part). It records every request
// it receives, and the test drives the rest: approve / reject / refund a payment (optionally with another
// amount, or without sending the webhook, as if it were lost), and send webhooks signed like Mercado
// Pago's (x-signature: ts=…,v1=HMAC-SHA256 of "id:…;request-id:…;ts:…;") to the app.
// Card holder names pick the outcome like Mercado Pago's test cards: APRO approved, OTHE rejected,
// FUND rejected (insufficient funds), CONT pending review; any other name is approved.
import crypto from 'node:crypto';
import http from 'node:http';
import { buildBoleto } from '#src/domain/payments/boleto.ts';
import { brasiliaDay } from '#src/platform/datetime.ts';
import { signMercadoPagoWebhook } from '#src/domain/payments/mercadopago.server.ts';
import { pixCode } from '#src/domain/payments/pix.ts';

export interface FakeRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface FakePayment {
  id: number;
  status: string;
  status_detail: string;
  external_reference: string | null;
  transaction_amount: number;
  payment_method_id: string;
  payment_type_id: string;
  installments: number;
  description?: string;
  date_created: string;
  date_of_expiration: string | null;
  payer: Record<string, unknown>;
  card?: { first_six_digits: string; last_four_digits: string; cardholder: { name: string } };
  point_of_interaction?: { type: string; transaction_data: { qr_code: string; qr_code_base64: string; ticket_url: string } };
  transaction_details: { total_paid_amount: number; external_resource_url?: string; digitable_line?: string; barcode?: { content: string } };
  refunds: { id: number; payment_id: number; amount: number; status: string }[];
  transaction_amount_refunded?: number;
}

export type WebhookTarget = string | ((req: Request) => Response | Promise<Response>);

export interface FakeMercadoPagoOptions {
  accessToken: string;
  publicKey: string;
  webhookSecret: string;
  /** Where webhooks go: the app's full webhook URL, or a function that hands the Request to the app. */
  webhookTarget?: WebhookTarget;
  port?: number;
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};
const badRequest = (res: http.ServerResponse, message: string) => json(res, 400, { message, error: 'bad_request', status: 400, cause: [] });

export async function startFakeMercadoPago(opts: FakeMercadoPagoOptions) {
  const requests: FakeRequest[] = [];
  const payments = new Map<number, FakePayment>();
  const tokens = new Map<string, { name: string; firstSix: string; lastFour: string; used: boolean }>();
  const byIdempotencyKey = new Map<string, { status: number; body: unknown }>();
  const webhooks: { paymentId: string; status: number }[] = [];
  let nextId = 1_325_000_001;
  let target: WebhookTarget | undefined = opts.webhookTarget;

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]));
      requests.push({ method: req.method ?? '', path: url.pathname + url.search, headers, body: raw });
      // The browser calls /v1/card_tokens from the shop's origin.
      res.setHeader('Access-Control-Allow-Origin', '*');
      if (req.method === 'OPTIONS') {
        res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, POST, OPTIONS', 'Access-Control-Allow-Headers': 'content-type, x-product-id', 'Access-Control-Max-Age': '600' }).end();
        return;
      }
      let body: Record<string, any> = {};
      if (raw) {
        try {
          body = JSON.parse(raw) as Record<string, any>;
        } catch {
          badRequest(res, 'invalid json');
          return;
        }
      }
      route(req.method ?? 'GET', url, headers, body, res);
    });
  });

  function route(method: string, url: URL, headers: Record<string, string>, body: Record<string, any>, res: http.ServerResponse) {
    const path = url.pathname;
    if (method === 'POST' && path === '/v1/card_tokens') {
      if (url.searchParams.get('public_key') !== opts.publicKey) return json(res, 401, { message: 'invalid public_key', error: 'unauthorized', status: 401 });
      const number = String(body.card_number ?? '');
      if (!/^\d{13,19}$/.test(number) || !/^\d{3,4}$/.test(String(body.security_code ?? '')) || !body.expiration_month || !body.expiration_year) return badRequest(res, 'invalid card data');
      const id = crypto.randomBytes(16).toString('hex');
      const name = String(body.cardholder?.name ?? '');
      tokens.set(id, { name, firstSix: number.slice(0, 6), lastFour: number.slice(-4), used: false });
      return json(res, 201, {
        id,
        first_six_digits: number.slice(0, 6),
        last_four_digits: number.slice(-4),
        expiration_month: Number(body.expiration_month),
        expiration_year: Number(body.expiration_year),
        cardholder: { name, identification: body.cardholder?.identification ?? {} },
        status: 'active',
        date_created: new Date().toISOString(),
      });
    }
    if (headers.authorization !== `Bearer ${opts.accessToken}`) return json(res, 401, { message: 'invalid access token', error: 'unauthorized', status: 401 });

    if (method === 'POST' && path === '/v1/payments') {
      const key = headers['x-idempotency-key'];
      if (key && byIdempotencyKey.has(key)) {
        const prev = byIdempotencyKey.get(key)!;
        return json(res, prev.status, prev.body);
      }
      const answer = createPayment(body);
      if (key) byIdempotencyKey.set(key, answer);
      return json(res, answer.status, answer.body);
    }
    if (method === 'GET' && path === '/v1/payments/search') {
      const ref = url.searchParams.get('external_reference');
      const results = [...payments.values()].filter((p) => ref === null || p.external_reference === ref).reverse();
      return json(res, 200, { paging: { total: results.length, limit: 30, offset: 0 }, results });
    }
    const one = /^\/v1\/payments\/(\d+)$/.exec(path);
    if (method === 'GET' && one) {
      const p = payments.get(Number(one[1]));
      return p ? json(res, 200, p) : json(res, 404, { message: 'Payment not found', error: 'not_found', status: 404 });
    }
    const refund = /^\/v1\/payments\/(\d+)\/refunds$/.exec(path);
    if (method === 'POST' && refund) {
      const key = headers['x-idempotency-key'];
      if (key && byIdempotencyKey.has(key)) {
        const prev = byIdempotencyKey.get(key)!;
        return json(res, prev.status, prev.body);
      }
      const p = payments.get(Number(refund[1]));
      if (!p) return json(res, 404, { message: 'Payment not found', error: 'not_found', status: 404 });
      if (p.status !== 'approved') return badRequest(res, `Payment status is ${p.status}, cannot refund`);
      // As Mercado Pago: { amount } refunds part of the payment (it stays approved, partially_refunded, until
      // the refunds add up to the whole); no amount refunds what is left.
      const refundedCents = p.refunds.reduce((sum, x) => sum + Math.round(x.amount * 100), 0);
      const leftCents = Math.round(p.transaction_amount * 100) - refundedCents;
      const asked = body ?? {};
      const amountCents = asked.amount === undefined ? leftCents : typeof asked.amount === 'number' && asked.amount > 0 ? Math.round(asked.amount * 100) : -1;
      if (amountCents <= 0) return badRequest(res, 'amount must be positive');
      if (amountCents > leftCents) return badRequest(res, 'The amount to refund is greater than the available amount');
      const whole = amountCents === leftCents;
      p.status = whole ? 'refunded' : 'approved';
      p.status_detail = whole ? 'refunded' : 'partially_refunded';
      p.transaction_amount_refunded = (refundedCents + amountCents) / 100;
      const r = { id: nextId++, payment_id: p.id, amount: amountCents / 100, status: 'approved', date_created: new Date().toISOString() };
      p.refunds.push(r);
      const answer = { status: 201, body: r };
      if (key) byIdempotencyKey.set(key, answer);
      return json(res, 201, r);
    }
    json(res, 404, { message: 'resource not found', error: 'not_found', status: 404 });
  }

  function createPayment(body: Record<string, any>): { status: number; body: unknown } {
    const amount = body.transaction_amount;
    const methodId = String(body.payment_method_id ?? '');
    if (typeof amount !== 'number' || !(amount > 0)) return { status: 400, body: { message: 'transaction_amount must be positive', error: 'bad_request', status: 400 } };
    if (!body.payer?.email) return { status: 400, body: { message: 'payer.email is required', error: 'bad_request', status: 400 } };
    const id = nextId++;
    const now = new Date();
    const p: FakePayment = {
      id,
      status: 'pending',
      status_detail: 'pending_waiting_transfer',
      external_reference: body.external_reference ?? null,
      transaction_amount: amount,
      payment_method_id: methodId,
      payment_type_id: methodId === 'pix' ? 'bank_transfer' : methodId === 'bolbradesco' ? 'ticket' : 'credit_card',
      installments: Number(body.installments ?? 1),
      description: body.description,
      date_created: now.toISOString(),
      date_of_expiration: body.date_of_expiration ?? null,
      payer: body.payer,
      transaction_details: { total_paid_amount: amount },
      refunds: [],
    };
    if (methodId === 'pix') {
      p.point_of_interaction = {
        type: 'OPENPLATFORM',
        transaction_data: {
          qr_code: pixCode({ key: 'mp-fake@mercadopago.test', merchantName: 'MERCADO PAGO FAKE', merchantCity: 'OSASCO' }, Math.round(amount * 100), String(body.external_reference ?? id)),
          qr_code_base64: '',
          ticket_url: `${url()}/pix/${id}`,
        },
      };
    } else if (methodId === 'bolbradesco') {
      if (!body.payer?.address?.zip_code) return { status: 400, body: { message: 'payer.address is required for boleto', error: 'bad_request', status: 400 } };
      const due = body.date_of_expiration ? new Date(body.date_of_expiration) : new Date(now.getTime() + 3 * 86_400_000);
      const boleto = buildBoleto({ bankCode: '237', amountCents: Math.round(amount * 100), dueDay: brasiliaDay(due), freeField: String(id).padStart(25, '0') });
      p.status_detail = 'pending_waiting_payment';
      p.transaction_details = { ...p.transaction_details, external_resource_url: `${url()}/boleto/${id}`, digitable_line: boleto.line, barcode: { content: boleto.barcode } };
    } else {
      const token = tokens.get(String(body.token ?? ''));
      if (!token || token.used) return { status: 400, body: { message: 'Invalid card_token_id', error: 'bad_request', status: 400, cause: [{ code: 2006, description: 'Card Token not found' }] } };
      token.used = true;
      p.card = { first_six_digits: token.firstSix, last_four_digits: token.lastFour, cardholder: { name: token.name } };
      const outcome: Record<string, [string, string]> = {
        OTHE: ['rejected', 'cc_rejected_other_reason'],
        FUND: ['rejected', 'cc_rejected_insufficient_amount'],
        CONT: ['in_process', 'pending_contingency'],
      };
      const [status, detail] = outcome[token.name.trim().toUpperCase()] ?? ['approved', 'accredited'];
      p.status = status;
      p.status_detail = detail;
    }
    payments.set(id, p);
    return { status: 201, body: p };
  }

  const url = () => `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  /** Sends a notification for a payment, signed with the webhook secret (or `secret`, to forge one). */
  async function notify(paymentId: number | string, o: { secret?: string; requestId?: string; ts?: string; action?: string } = {}): Promise<Response> {
    if (!target) throw new Error('fake Mercado Pago: sem destino para webhooks');
    const dataId = String(paymentId);
    const requestId = o.requestId ?? crypto.randomUUID();
    const ts = o.ts ?? String(Date.now());
    const body = JSON.stringify({
      action: o.action ?? 'payment.updated',
      api_version: 'v1',
      type: 'payment',
      data: { id: dataId },
      date_created: new Date().toISOString(),
      id: crypto.randomInt(1e9),
      live_mode: false,
      user_id: '123456',
    });
    const base = typeof target === 'string' ? target : 'http://loja.test/api/payments/mercadopago/webhook';
    const request = new Request(`${base}?data.id=${encodeURIComponent(dataId)}&type=payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': signMercadoPagoWebhook(o.secret ?? opts.webhookSecret, dataId, requestId, ts), 'x-request-id': requestId },
      body,
    });
    const res = typeof target === 'string' ? await fetch(request) : await target(request);
    webhooks.push({ paymentId: dataId, status: res.status });
    return res;
  }

  function must(id: number | string): FakePayment {
    const p = payments.get(Number(id));
    if (!p) throw new Error(`fake Mercado Pago: pagamento ${id} não existe`);
    return p;
  }

  /** Changes a payment's status as the gateway would; sends the webhook unless `webhook: false` (lost). */
  async function settle(id: number | string, status: string, detail: string, o: { amountCents?: number; webhook?: boolean } = {}) {
    const p = must(id);
    p.status = status;
    p.status_detail = detail;
    if (o.amountCents !== undefined) p.transaction_amount = o.amountCents / 100;
    if (o.webhook === false) return null;
    return notify(id);
  }

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  return {
    url: url(),
    requests,
    payments,
    webhooks,
    setWebhookTarget(t: WebhookTarget) {
      target = t;
    },
    /** The payment created for one of the shop's order numbers. */
    paymentFor(orderNumber: string): FakePayment | undefined {
      return [...payments.values()].find((p) => p.external_reference === orderNumber);
    },
    approve: (id: number | string, o: { amountCents?: number; webhook?: boolean } = {}) => settle(id, 'approved', 'accredited', o),
    reject: (id: number | string, o: { webhook?: boolean } = {}) => settle(id, 'rejected', 'cc_rejected_other_reason', o),
    cancel: (id: number | string, o: { webhook?: boolean } = {}) => settle(id, 'cancelled', 'expired', o),
    refundAtGateway: (id: number | string, o: { webhook?: boolean } = {}) => settle(id, 'refunded', 'refunded', o),
    notify,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export type FakeMercadoPago = Awaited<ReturnType<typeof startFakeMercadoPago>>;

// `node tests/support/fake-mercadopago.ts <port> <webhookUrl>` runs it standalone (for manual checks).
if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.argv[2] ?? 4121);
  void startFakeMercadoPago({
    port,
    accessToken: process.env.MERCADOPAGO_ACCESS_TOKEN ?? 'TEST-access-token-fake-0000',
    publicKey: process.env.MERCADOPAGO_PUBLIC_KEY ?? 'TEST-public-key-fake-0000',
    webhookSecret: process.env.MERCADOPAGO_WEBHOOK_SECRET ?? 'fake-webhook-secret-0123456789',
    webhookTarget: process.argv[3],
  }).then((s) => console.log(`fake Mercado Pago em ${s.url}`));
}
