// Mercado Pago behind the PaymentProvider interface, over its documented REST API (fetch; the base URL is
// configurable so tests talk to a local fake): POST /v1/payments for PIX, boleto and tokenized cards,
// GET /v1/payments/:id and /v1/payments/search to read payments back, POST /v1/payments/:id/refunds, and
// the webhook signature check (x-signature: ts=…,v1=HMAC-SHA256 over "id:…;request-id:…;ts:…;").
// Card numbers never come here: the browser sends them to /v1/card_tokens and we get a one-time token.
import crypto from 'node:crypto';
import { brasiliaDay } from '#src/platform/datetime.ts';
import { BOLETO_DUE_DAYS, DEFAULT_PIX_EXPIRY_MINUTES, isCardToken } from './provider.ts';
import type { ChargeRequest, ChargeResult, GatewayPayment, PaymentProvider, RefundResult } from './provider.ts';

export const MERCADOPAGO_DEFAULT_API_URL = 'https://api.mercadopago.com';
/** Mercado Pago's boleto in the /v1/payments API (the Orders API calls it "boleto"). */
export const MERCADOPAGO_BOLETO_METHOD = 'bolbradesco';

export interface MercadoPagoConfig {
  accessToken: string;
  publicKey: string;
  apiUrl?: string;
  pixExpiryMinutes?: number;
  boletoDueDays?: number;
  timeoutMs?: number;
}

/** Thrown when the gateway cannot be reached or answers 5xx: nothing was decided, try again later. */
export class GatewayUnavailableError extends Error {}

/** Why a card was refused, in words a shopper understands (Mercado Pago's status_detail). */
const DECLINE_REASONS: Record<string, string> = {
  cc_rejected_insufficient_amount: 'Saldo ou limite insuficiente no cartão.',
  cc_rejected_bad_filled_security_code: 'Código de segurança (CVV) incorreto.',
  cc_rejected_bad_filled_date: 'Data de validade incorreta.',
  cc_rejected_bad_filled_card_number: 'Número do cartão incorreto.',
  cc_rejected_bad_filled_other: 'Dados do cartão incorretos.',
  cc_rejected_call_for_authorize: 'O emissor pede que você autorize este pagamento: ligue para o seu banco.',
  cc_rejected_card_disabled: 'Cartão desativado: ligue para o seu banco.',
  cc_rejected_duplicated_payment: 'Pagamento duplicado: você já fez um pagamento com esse valor.',
  cc_rejected_high_risk: 'Pagamento recusado pela análise de segurança. Use outro cartão ou outra forma de pagamento.',
  cc_rejected_max_attempts: 'Limite de tentativas atingido. Use outro cartão.',
  cc_rejected_blacklist: 'Pagamento recusado. Use outro cartão ou outra forma de pagamento.',
};
export const DEFAULT_DECLINE_REASON = 'Pagamento recusado pelo emissor do cartão.';

export function declineReason(statusDetail: string | null | undefined): string {
  return (statusDetail && DECLINE_REASONS[statusDetail]) || DEFAULT_DECLINE_REASON;
}

/** Mercado Pago's amounts are reais with two decimals; ours are integer centavos. */
export const toReais = (cents: number) => Math.round(cents) / 100;
export const toCents = (reais: unknown) => (typeof reais === 'number' && Number.isFinite(reais) ? Math.round(reais * 100) : -1);

/** An ISO time with the São Paulo offset, as Mercado Pago's date fields are written. */
function spIso(d: Date): string {
  const local = new Date(d.getTime() - 3 * 3_600_000);
  return `${local.toISOString().slice(0, 23)}-03:00`;
}

function splitName(name: string | null | undefined): { first_name?: string; last_name?: string } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return {};
  return { first_name: parts[0], ...(parts.length > 1 ? { last_name: parts.slice(1).join(' ') } : {}) };
}

interface MpPayment {
  id?: number | string;
  status?: string;
  status_detail?: string | null;
  external_reference?: string | null;
  transaction_amount?: number;
  date_of_expiration?: string | null;
  point_of_interaction?: { transaction_data?: { qr_code?: string; qr_code_base64?: string; ticket_url?: string } };
  transaction_details?: { external_resource_url?: string; digitable_line?: string; barcode?: { content?: string } };
  barcode?: { content?: string };
}

export function toGatewayPayment(p: MpPayment): GatewayPayment {
  return {
    id: String(p.id ?? ''),
    status: String(p.status ?? 'unknown'),
    statusDetail: p.status_detail ?? null,
    externalReference: p.external_reference ?? null,
    amountCents: toCents(p.transaction_amount),
  };
}

export function createMercadoPagoProvider(config: MercadoPagoConfig): PaymentProvider {
  const apiUrl = (config.apiUrl ?? MERCADOPAGO_DEFAULT_API_URL).replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 10_000;

  async function call(method: 'GET' | 'POST', path: string, body?: object, idempotencyKey?: string): Promise<{ status: number; json: unknown }> {
    let res: Response;
    try {
      res = await fetch(`${apiUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${config.accessToken}`,
          Accept: 'application/json',
          ...(body ? { 'Content-Type': 'application/json' } : {}),
          ...(idempotencyKey ? { 'X-Idempotency-Key': idempotencyKey } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new GatewayUnavailableError(`Mercado Pago indisponível (${(err as Error).message}).`);
    }
    const json = await res.json().catch(() => null);
    if (res.status >= 500) throw new GatewayUnavailableError(`Mercado Pago respondeu ${res.status}.`);
    return { status: res.status, json };
  }

  return {
    name: 'mercadopago',
    cardMode: 'token',
    browser: { publicKey: config.publicKey, apiUrl },

    async charge(req: ChargeRequest): Promise<ChargeResult> {
      const payer = {
        email: req.payer?.email,
        ...splitName(req.payer?.name),
        ...(req.payer?.cpf ? { identification: { type: 'CPF', number: req.payer.cpf } } : {}),
      };
      const body: Record<string, unknown> = {
        transaction_amount: toReais(req.amountCents),
        description: `Pedido ${req.orderNumber} - Olimpo Peças`,
        external_reference: req.orderNumber,
      };
      if (req.method === 'pix') {
        body.payment_method_id = 'pix';
        body.date_of_expiration = spIso(req.expiresAt ?? new Date(req.now.getTime() + (config.pixExpiryMinutes ?? DEFAULT_PIX_EXPIRY_MINUTES) * 60_000));
        body.payer = payer;
      } else if (req.method === 'boleto') {
        body.payment_method_id = MERCADOPAGO_BOLETO_METHOD;
        body.date_of_expiration = spIso(new Date(req.now.getTime() + (config.boletoDueDays ?? BOLETO_DUE_DAYS) * 86_400_000));
        const a = req.payer?.address;
        // The boleto's "Pagador" needs the address (Mercado Pago refuses a boleto without it).
        body.payer = a ? { ...payer, address: { zip_code: a.cep, street_name: a.street, street_number: a.number, neighborhood: a.neighborhood, city: a.city, federal_unit: a.state } } : payer;
      } else {
        if (!isCardToken(req.card)) return { status: 'declined', reason: 'Dados do cartão ausentes.' };
        body.payment_method_id = req.card.paymentMethodId;
        body.token = req.card.token;
        body.installments = req.installments;
        if (req.card.issuerId) body.issuer_id = req.card.issuerId;
        body.payer = payer;
      }
      const { status, json } = await call('POST', '/v1/payments', body, req.idempotencyKey ?? `olimpo-${req.orderNumber}`);
      const p = (json ?? {}) as MpPayment;
      if (status >= 400 || p.id === undefined) {
        // A refused request (a bad or expired card token, missing data): a card is declined, anything else
        // is a failure to report (the order stays waiting and a retry resumes it with the same key).
        if (req.method === 'credit') return { status: 'declined', reason: 'Não foi possível processar o cartão. Confira os dados ou use outro cartão.' };
        throw new Error(`Mercado Pago recusou a criação do pagamento (${status}).`);
      }
      const providerRef = String(p.id);
      if (p.status === 'approved') return { status: 'paid', providerRef };
      if (p.status === 'rejected' || p.status === 'cancelled') return { status: 'declined', reason: declineReason(p.status_detail), providerRef };
      if (req.method === 'pix') {
        const code = p.point_of_interaction?.transaction_data?.qr_code;
        if (!code) throw new Error('Mercado Pago não devolveu o código PIX.');
        const expiresAt = p.date_of_expiration ? new Date(p.date_of_expiration) : (req.expiresAt ?? new Date(req.now.getTime() + (config.pixExpiryMinutes ?? DEFAULT_PIX_EXPIRY_MINUTES) * 60_000));
        return { status: 'pending', providerRef, pix: { code, expiresAt } };
      }
      if (req.method === 'boleto') {
        const d = p.transaction_details ?? {};
        const line = d.digitable_line ?? d.barcode?.content ?? p.barcode?.content;
        if (!line) throw new Error('Mercado Pago não devolveu a linha digitável do boleto.');
        const due = p.date_of_expiration ? new Date(p.date_of_expiration) : new Date(req.now.getTime() + BOLETO_DUE_DAYS * 86_400_000);
        return { status: 'pending', providerRef, boleto: { line: line.replace(/\D/g, '') || line, dueDate: brasiliaDay(due), url: d.external_resource_url } };
      }
      // A card under review (in_process/pending): the order waits for the webhook.
      return { status: 'pending', providerRef };
    },

    async getPayment(id) {
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return null;
      const { status, json } = await call('GET', `/v1/payments/${encodeURIComponent(id)}`);
      if (status === 404) return null;
      if (status >= 400 || !json) throw new GatewayUnavailableError(`Mercado Pago respondeu ${status} ao consultar o pagamento.`);
      return toGatewayPayment(json as MpPayment);
    },

    async findByReference(orderNumber) {
      const q = new URLSearchParams({ external_reference: orderNumber, sort: 'date_created', criteria: 'desc' });
      const { status, json } = await call('GET', `/v1/payments/search?${q}`);
      if (status >= 400) throw new GatewayUnavailableError(`Mercado Pago respondeu ${status} à busca de pagamentos.`);
      const results = ((json as { results?: MpPayment[] } | null)?.results ?? []) as MpPayment[];
      return results.map(toGatewayPayment);
    },

    async refund(id, opts): Promise<RefundResult> {
      // A partial refund names its amount in reais ({ amount }); an empty body refunds the whole payment.
      const body = opts.amountCents === undefined ? {} : { amount: toReais(opts.amountCents) };
      const { status, json } = await call('POST', `/v1/payments/${encodeURIComponent(id)}/refunds`, body, opts.idempotencyKey);
      const r = (json ?? {}) as { id?: number | string; message?: string };
      if (status >= 400 || r.id === undefined) return { ok: false, message: `o Mercado Pago recusou o estorno (${status}${r.message ? `: ${r.message}` : ''})` };
      return { ok: true, refundRef: String(r.id) };
    },
  };
}

/** The manifest Mercado Pago signs: only the parts present, each ending in ";". */
export function webhookManifest(dataId: string | null | undefined, requestId: string | null | undefined, ts: string): string {
  let id = dataId ?? '';
  if (/^[A-Za-z0-9]+$/.test(id)) id = id.toLowerCase();
  return `${id ? `id:${id};` : ''}${requestId ? `request-id:${requestId};` : ''}ts:${ts};`;
}

/** What a gateway (or our test fake) puts in x-signature for a notification. */
export function signMercadoPagoWebhook(secret: string, dataId: string, requestId: string, ts: string): string {
  const v1 = crypto
    .createHmac('sha256', secret)
    .update(webhookManifest(dataId, requestId, ts))
    .digest('hex');
  return `ts=${ts},v1=${v1}`;
}

/** MERCADOPAGO_WEBHOOK_TOLERANCE_SECONDS' default: how far a notification's ts may be from our clock. */
export const DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Mercado Pago's ts as milliseconds. Its examples show both milliseconds (13 digits) and seconds (10 digits),
 * so both are read. Anything else is no time at all.
 */
export function webhookTimeMs(ts: string): number | null {
  if (/^\d{13}$/.test(ts)) return Number(ts);
  if (/^\d{10}$/.test(ts)) return Number(ts) * 1000;
  return null;
}

/**
 * Checks x-signature ("ts=…,v1=…") against the manifest built from the query's data.id and x-request-id, and
 * that its ts is within the tolerance of our clock (either way): a captured notification cannot be replayed
 * once the window has passed.
 */
export function verifyMercadoPagoSignature(
  secret: string,
  opts: { signature: string | undefined; requestId: string | undefined; dataId: string | undefined },
  clock: { now?: number; toleranceSeconds?: number } = {},
): boolean {
  if (!opts.signature || opts.signature.length > 500) return false;
  const parts = new Map<string, string>();
  for (const piece of opts.signature.split(',')) {
    const [k, ...v] = piece.split('=');
    if (k && v.length) parts.set(k.trim(), v.join('=').trim());
  }
  const ts = parts.get('ts');
  const v1 = parts.get('v1');
  if (!ts || !v1 || !/^\d{1,20}$/.test(ts) || !/^[0-9a-f]{64}$/i.test(v1)) return false;
  const expected = crypto
    .createHmac('sha256', secret)
    .update(webhookManifest(opts.dataId, opts.requestId, ts))
    .digest();
  const given = Buffer.from(v1, 'hex');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return false;
  const sent = webhookTimeMs(ts);
  const { now = Date.now(), toleranceSeconds = DEFAULT_WEBHOOK_TOLERANCE_SECONDS } = clock;
  return sent !== null && Math.abs(now - sent) <= toleranceSeconds * 1000;
}
