// The card on its way out of the checkout. With the sandbox the typed card goes to our server (checked,
// never stored). With a gateway (Mercado Pago) the browser sends it straight to the gateway's
// POST /v1/card_tokens with the store's public key, and our server receives only the one-time token, the
// payment method and the brand/last four digits for display: the card number and CVV never reach us (PCI SAQ-A).
import { checkCard } from '#src/domain/payments/card.ts';
import type { CardInput } from '#src/domain/payments/card.ts';

/** What the checkout page is told about the payment provider (the checkout loader sends it). */
export type BrowserPayment = { mode: 'digits' } | { mode: 'token'; provider: 'mercadopago'; publicKey: string; apiUrl: string };

export type OrderCard = CardInput | { token: string; paymentMethodId: string; brand: string; last4: string };

/** Mercado Pago's payment_method_id for the brands card-validator recognises. */
const MERCADOPAGO_METHODS: Record<string, string> = {
  Visa: 'visa',
  Mastercard: 'master',
  'American Express': 'amex',
  Elo: 'elo',
  Hipercard: 'hipercard',
  Hiper: 'hipercard',
  'Diners Club': 'diners',
};

export const TOKEN_MESSAGES = {
  refused: 'O Mercado Pago não aceitou os dados do cartão. Confira o número, a validade e o CVV.',
  unreachable: 'Não foi possível conectar ao Mercado Pago. Verifique sua conexão e tente novamente.',
  brand: 'Bandeira de cartão não aceita. Use Visa, Mastercard, Elo, American Express, Hipercard ou Diners.',
} as const;

/** The card as the order request carries it: the typed card (sandbox) or a fresh token (gateway). */
export async function cardForOrder(payment: BrowserPayment, card: CardInput, holder: { cpf?: string | null } = {}): Promise<{ ok: true; card: OrderCard } | { ok: false; message: string }> {
  const checked = checkCard(card);
  if (!checked.ok) return checked;
  if (payment.mode === 'digits') return { ok: true, card };
  const paymentMethodId = MERCADOPAGO_METHODS[checked.brand];
  if (!paymentMethodId) return { ok: false, message: TOKEN_MESSAGES.brand };
  const [month, year] = card.expiry.trim().split('/');
  const cpf = holder.cpf?.replace(/\D/g, '');
  let res: Response;
  try {
    res = await fetch(`${payment.apiUrl.replace(/\/+$/, '')}/v1/card_tokens?public_key=${encodeURIComponent(payment.publicKey)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      // Not our server: no cookies, no referrer to it.
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      body: JSON.stringify({
        card_number: checked.digits,
        security_code: card.cvv.trim(),
        expiration_month: Number(month),
        expiration_year: 2000 + Number(year),
        cardholder: { name: card.name.trim(), ...(cpf && cpf.length === 11 ? { identification: { type: 'CPF', number: cpf } } : {}) },
      }),
    });
  } catch {
    return { ok: false, message: TOKEN_MESSAGES.unreachable };
  }
  const body = (await res.json().catch(() => null)) as { id?: unknown } | null;
  if (!res.ok || typeof body?.id !== 'string') return { ok: false, message: res.status >= 500 ? TOKEN_MESSAGES.unreachable : TOKEN_MESSAGES.refused };
  return { ok: true, card: { token: body.id, paymentMethodId, brand: checked.brand, last4: checked.last4 } };
}
