// Payments behind one interface. The embedded default is a sandbox; real gateways (Mercado Pago,
// Pagar.me, Stripe) plug in as adapters of the same interface, chosen by PAYMENT_PROVIDER.
import crypto from 'node:crypto';
import { buildBoleto } from './boleto.ts';
import { pixCode } from './pix.ts';
import { brasiliaDay } from '#src/platform/datetime.ts';
import type { PixConfig } from './pix.ts';

export type PaymentMethod = 'credit' | 'boleto' | 'pix';

/** Sandbox: the digits, held in memory for this call only, never stored or logged. */
export interface CardDigits {
  digits: string;
  brand: string;
  last4: string;
  name: string;
  expiry: string;
  cvv: string;
}

/** Gateway mode: the browser turned the card into a one-time token; our server never sees the number. */
export interface CardToken {
  token: string;
  paymentMethodId: string;
  issuerId?: string;
  brand?: string;
  last4?: string;
}

export interface ChargeRequest {
  orderNumber: string;
  amountCents: number;
  method: PaymentMethod;
  installments: number;
  card?: CardDigits | CardToken;
  /** Who pays (the gateway's payer). The CPF is sent only when the order has one. */
  payer?: { name: string | null; email: string; cpf: string | null; address?: PayerAddress };
  /** Stable per order and checkout attempt: a retried charge creates no second payment. */
  idempotencyKey?: string;
  now: Date;
  /** Until when the order waits for this payment (a PIX code's validity), decided by the order. */
  expiresAt?: Date;
}

export interface PayerAddress {
  cep: string;
  street: string;
  number: string;
  neighborhood: string;
  city: string;
  state: string;
}

export type ChargeResult =
  | { status: 'paid'; providerRef: string }
  | { status: 'declined'; reason: string; providerRef?: string }
  | { status: 'pending'; providerRef: string; pix?: { code: string; expiresAt: Date }; boleto?: { line: string; dueDate: string; url?: string } };

/** A gateway's own view of one payment, read back from it (never from a webhook body). */
export interface GatewayPayment {
  id: string;
  /** The gateway's status word, e.g. approved, pending, in_process, rejected, cancelled, refunded, charged_back. */
  status: string;
  statusDetail: string | null;
  /** Our order number, as we sent it. */
  externalReference: string | null;
  amountCents: number;
}

export type RefundResult = { ok: true; refundRef: string } | { ok: false; message: string };

export interface PaymentProvider {
  readonly name: string;
  /** How the checkout page sends a card: the digits (sandbox) or a token made in the browser (gateway). */
  readonly cardMode?: 'digits' | 'token';
  /** What the browser needs to tokenize cards (public key and API base); never a secret. */
  readonly browser?: { publicKey: string; apiUrl: string };
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Reads one payment back from the gateway. */
  getPayment?(id: string): Promise<GatewayPayment | null>;
  /** The gateway's payments for one of our order numbers (a charge whose answer was lost). */
  findByReference?(orderNumber: string): Promise<GatewayPayment[]>;
  /** Refunds a paid payment, in full or `amountCents` of it (a return's items); the key makes a repeated call refund once. */
  refund?(id: string, opts: { idempotencyKey: string; amountCents?: number }): Promise<RefundResult>;
}

export function isCardToken(card: ChargeRequest['card']): card is CardToken {
  return !!card && 'token' in card;
}

/** Documented sandbox test card that is always declined. Every other valid card is approved. */
export const SANDBOX_DECLINED_CARD = '4000000000000002';
export const BOLETO_DUE_DAYS = 3;
/** How long a PIX code stays valid when PIX_EXPIRY_MINUTES is not set (the order expires with it: orders/expiry.ts). */
export const DEFAULT_PIX_EXPIRY_MINUTES = 30;
export const SANDBOX_BOLETO_BANK = '999';

export function createSandboxProvider(opts: { pix: PixConfig }): PaymentProvider {
  return {
    name: 'sandbox',
    async charge(req) {
      const providerRef = `sbx_${crypto.randomBytes(8).toString('hex')}`;
      if (req.method === 'credit') {
        if (!req.card || isCardToken(req.card)) return { status: 'declined', reason: 'Dados do cartão ausentes.' };
        if (req.card.digits === SANDBOX_DECLINED_CARD) return { status: 'declined', reason: 'Pagamento recusado pelo emissor do cartão.' };
        return { status: 'paid', providerRef };
      }
      if (req.method === 'pix') {
        const expiresAt = req.expiresAt ?? new Date(req.now.getTime() + DEFAULT_PIX_EXPIRY_MINUTES * 60_000);
        return { status: 'pending', providerRef, pix: { code: pixCode(opts.pix, req.amountCents, req.orderNumber), expiresAt } };
      }
      // The day the shopper is shown and the day the barcode encodes are one: Brasília's calendar day (late
      // in the evening there, the UTC date is already the next day).
      const dueDay = brasiliaDay(new Date(req.now.getTime() + BOLETO_DUE_DAYS * 86_400_000));
      const boleto = buildBoleto({
        bankCode: SANDBOX_BOLETO_BANK,
        amountCents: req.amountCents,
        dueDay,
        freeField: `0000000000000${req.orderNumber}`.slice(-25).padStart(25, '0'),
      });
      return { status: 'pending', providerRef, boleto: { line: boleto.line, dueDate: dueDay } };
    },
    refund: sandboxRefund,
  };
}

/** The sandbox's refund: no money moved, so it always succeeds; the same key gives the same reference. */
export async function sandboxRefund(_id: string, opts: { idempotencyKey: string; amountCents?: number }): Promise<RefundResult> {
  return { ok: true, refundRef: `sbx_estorno_${crypto.createHash('sha256').update(opts.idempotencyKey).digest('hex').slice(0, 16)}` };
}

/** Webhook signatures: HMAC-SHA256 of the raw body, sent as `X-Olimpo-Signature: sha256=<hex>`. */
export function signWebhook(secret: string, body: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;
}

export function verifyWebhook(secret: string, body: string, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(signWebhook(secret, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
