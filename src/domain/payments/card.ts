// Card checks at the boundary (Luhn, brand, expiry, CVV) with card-validator. The number and CVV are
// only ever held in memory for the authorisation; what is kept is the brand and the last four digits.
import cardValidator from 'card-validator';

export const CARD_MESSAGES = {
  missing: 'Por favor, preencha todos os dados do cartão.',
  number: 'Número do cartão inválido. Confira os dígitos.',
  expiry: 'Validade inválida ou vencida. Use o formato MM/AA.',
  cvv: 'CVV inválido.',
  name: 'Informe o nome como está no cartão.',
} as const;

export interface CardInput {
  number: string;
  name: string;
  expiry: string;
  cvv: string;
}

export type CardCheck = { ok: true; brand: string; last4: string; digits: string } | { ok: false; message: string };

const BRAND_LABELS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  'american-express': 'American Express',
  elo: 'Elo',
  hipercard: 'Hipercard',
  hiper: 'Hiper',
  'diners-club': 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
};

/**
 * Spec §5: number grouped in blocks of four (max 19 characters), expiry MM/AA (max 5), CVV max 3 — except
 * where the brand's code is longer: American Express prints four digits (card-validator's `code.size`).
 */
export function formatCardNumber(raw: string): string {
  return raw
    .replace(/\D/g, '')
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}
export function formatExpiry(raw: string): string {
  const d = raw.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}
/** How many digits the security code of the card whose number is typed so far has (3 until a brand says otherwise). */
export function cvvLength(cardNumber: string): number {
  return cardValidator.number(cardNumber.replace(/\D/g, '')).card?.code.size ?? 3;
}
export function formatCvv(raw: string, cardNumber = ''): string {
  return raw.replace(/\D/g, '').slice(0, cvvLength(cardNumber));
}

export function checkCard(card: Partial<CardInput> | undefined, now = new Date()): CardCheck {
  if (!card || !card.number?.trim() || !card.name?.trim() || !card.expiry?.trim() || !card.cvv?.trim()) return { ok: false, message: CARD_MESSAGES.missing };
  const digits = card.number.replace(/[\s.-]/g, '');
  if (!/^\d{13,16}$/.test(digits)) return { ok: false, message: CARD_MESSAGES.number };
  const number = cardValidator.number(digits);
  if (!number.isValid) return { ok: false, message: CARD_MESSAGES.number };
  if (card.name.trim().length < 2 || card.name.length > 60) return { ok: false, message: CARD_MESSAGES.name };
  if (!/^\d{2}\/\d{2}$/.test(card.expiry.trim())) return { ok: false, message: CARD_MESSAGES.expiry };
  const expiry = cardValidator.expirationDate(card.expiry.trim());
  if (!expiry.isValid || isExpired(card.expiry.trim(), now)) return { ok: false, message: CARD_MESSAGES.expiry };
  const codeSize = number.card?.code.size ?? 3;
  if (!new RegExp(`^\\d{${codeSize}}$`).test(card.cvv.trim())) return { ok: false, message: CARD_MESSAGES.cvv };
  const type = number.card?.type ?? 'unknown';
  return { ok: true, brand: BRAND_LABELS[type] ?? 'Cartão', last4: digits.slice(-4), digits };
}

function isExpired(mmYy: string, now: Date): boolean {
  const [mm, yy] = mmYy.split('/').map(Number) as [number, number];
  if (mm < 1 || mm > 12) return true;
  const year = 2000 + yy;
  return year < now.getFullYear() || (year === now.getFullYear() && mm < now.getMonth() + 1);
}

export function maskCard(last4: string): string {
  return `•••• •••• •••• ${last4}`;
}
