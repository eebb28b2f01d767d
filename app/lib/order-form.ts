// The checkout's order as a page form (the route's action reads it) and back. The card travels as typed
// (the sandbox) or as the token the browser got from the gateway; never both. The action validates the
// decoded order with the same schema as POST /api/orders, and maps zod's issues onto the page's fields.
import type { z } from 'zod';
import { apiPlaceOrderSchema, MESSAGES } from '#src/domain/checkout/rules.ts';
import type { AddressInput } from '#src/domain/checkout/rules.ts';
import type { QuoteRequestLine } from '#src/domain/cart/quote.ts';
import type { OrderView } from '#src/domain/orders/view.ts';
import { CONTROL_CHARS_MESSAGE, jsonHasControlChars } from '#src/platform/control-chars.ts';
import type { CheckoutField, FieldErrors } from '../components/checkout/checkout-state.ts';
import type { OrderCard } from './card-token.ts';
import { appendLines, linesFrom, text } from './cart-form.ts';

export interface OrderDraft {
  idempotencyKey: string;
  email: string;
  buyer: { name: string; cpf: string; phone: string };
  lines: readonly QuoteRequestLine[];
  coupon: string | null;
  address: AddressInput;
  shipping: string;
  payment: string;
  installments: number;
  card: OrderCard | null;
}

const ADDRESS_KEYS = ['cep', 'street', 'number', 'complement', 'neighborhood', 'city', 'state'] as const;

export function orderForm(d: OrderDraft): URLSearchParams {
  const form = new URLSearchParams({ idempotencyKey: d.idempotencyKey, email: d.email, name: d.buyer.name, cpf: d.buyer.cpf, phone: d.buyer.phone });
  appendLines(form, d.lines);
  if (d.coupon) form.set('coupon', d.coupon);
  for (const k of ADDRESS_KEYS) form.set(k, d.address[k] ?? '');
  form.set('shipping', d.shipping);
  form.set('payment', d.payment);
  form.set('installments', String(d.installments));
  if (d.card && 'token' in d.card) {
    form.set('cardToken', d.card.token);
    form.set('cardPaymentMethodId', d.card.paymentMethodId);
    form.set('cardBrand', d.card.brand);
    form.set('cardLast4', d.card.last4);
  } else if (d.card) {
    form.set('cardNumber', d.card.number);
    form.set('cardName', d.card.name);
    form.set('cardExpiry', d.card.expiry);
    form.set('cardCvv', d.card.cvv);
  }
  return form;
}

function cardFrom(form: FormData | URLSearchParams) {
  const token = text(form, 'cardToken');
  if (token !== undefined) return { token, paymentMethodId: text(form, 'cardPaymentMethodId'), brand: text(form, 'cardBrand'), last4: text(form, 'cardLast4') };
  const typed = { number: form.get('cardNumber'), name: form.get('cardName'), expiry: form.get('cardExpiry'), cvv: form.get('cardCvv') };
  return Object.values(typed).some((v) => v !== null)
    ? { number: text(form, 'cardNumber') ?? '', name: text(form, 'cardName') ?? '', expiry: text(form, 'cardExpiry') ?? '', cvv: text(form, 'cardCvv') ?? '' }
    : undefined;
}

/** The posted form in the shape of the order schema (apiPlaceOrderSchema decides what is valid). */
export function orderFromForm(form: FormData | URLSearchParams): Record<string, unknown> {
  const installments = text(form, 'installments');
  return {
    idempotencyKey: text(form, 'idempotencyKey'),
    email: text(form, 'email'),
    customer: { name: text(form, 'name') ?? '', cpf: text(form, 'cpf') ?? '', phone: text(form, 'phone') ?? '' },
    lines: linesFrom(form),
    coupon: text(form, 'coupon'),
    // As typed: an empty complement stays an empty complement.
    address: Object.fromEntries(ADDRESS_KEYS.map((k) => [k, typeof form.get(k) === 'string' ? form.get(k) : undefined])),
    shipping: text(form, 'shipping'),
    payment: text(form, 'payment'),
    installments: installments === undefined ? undefined : /^\d{1,3}$/.test(installments) ? Number(installments) : Number.NaN,
    card: cardFrom(form),
  };
}

/** Which of the page's fields a zod issue is about (none for the lines or the key: the page has no input for them). */
export function fieldOf(path: readonly PropertyKey[]): CheckoutField | null {
  const [head, sub] = path;
  if (head === 'email' || head === 'shipping' || head === 'payment' || head === 'installments' || head === 'card') return head;
  if (head === 'customer') return sub === 'cpf' ? 'buyer-cpf' : sub === 'phone' ? 'buyer-phone' : 'buyer-name';
  if (head === 'address' && typeof sub === 'string' && (ADDRESS_KEYS as readonly string[]).includes(sub)) return sub as CheckoutField;
  return null;
}

/** What the checkout's action answers: the order /Sucesso shows, or the pt-BR reason (per field when it is one). */
export type OrderAnswer = { order: OrderView; accessToken: string | null; error?: undefined; fields?: undefined } | { order?: undefined; accessToken?: undefined; error: string; fields?: FieldErrors };

export type ParsedOrder = { ok: true; data: z.output<typeof apiPlaceOrderSchema> } | { ok: false; message: string; fields: FieldErrors };

/** Validates the posted order: the first issue's pt-BR message, and each field's first message. */
export function parseOrderForm(form: FormData | URLSearchParams): ParsedOrder {
  const value = orderFromForm(form);
  if (jsonHasControlChars(value)) return { ok: false, message: CONTROL_CHARS_MESSAGE, fields: {} };
  const result = apiPlaceOrderSchema.safeParse(value, { error: () => MESSAGES.invalidOrder });
  if (result.success) return { ok: true, data: result.data };
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path);
    if (field && !fields[field]) fields[field] = issue.message;
  }
  return { ok: false, message: result.error.issues[0]?.message ?? MESSAGES.invalidOrder, fields };
}
