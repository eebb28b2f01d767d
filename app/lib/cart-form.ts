// The cart as form fields, for the page posts that carry it (the quote, the order): each line is one
// productId, quantity, color and size, in that order, so the four lists line up. Decoding gives the shape
// the domain's zod schemas take; they, not this module, decide what is valid.
import type { Quote, QuoteRequest, QuoteRequestLine } from '#src/domain/cart/quote.ts';
import type { CartItem } from './cart-storage.ts';

/** A stored cart item as the server prices it (the browser's prices are never sent). */
export const quoteLine = (i: CartItem): QuoteRequestLine => ({ productId: i.id, color: i.cor, size: i.tamanho, quantity: i.quantity });

export function appendLines(form: URLSearchParams, lines: readonly QuoteRequestLine[]): URLSearchParams {
  for (const l of lines) {
    form.append('productId', String(l.productId));
    form.append('quantity', String(l.quantity));
    form.append('color', l.color ?? '');
    form.append('size', l.size ?? '');
  }
  return form;
}

/** A whole number as typed, or NaN (which the schemas refuse with their own message). */
const integer = (v: FormDataEntryValue | undefined) => (typeof v === 'string' && /^\d{1,12}$/.test(v) ? Number(v) : Number.NaN);
const optionalText = (v: FormDataEntryValue | null | undefined) => (typeof v === 'string' && v !== '' ? v : undefined);

export function linesFrom(form: FormData | URLSearchParams): { productId: number; quantity: number; color?: string; size?: string }[] {
  const ids = form.getAll('productId');
  const quantities = form.getAll('quantity');
  const colors = form.getAll('color');
  const sizes = form.getAll('size');
  return ids.map((id, i) => ({ productId: integer(id), quantity: integer(quantities[i]), color: optionalText(colors[i]), size: optionalText(sizes[i]) }));
}

export function text(form: FormData | URLSearchParams, name: string): string | undefined {
  return optionalText(form.get(name));
}

/** What the quote route answers (app/routes/cart-quote.ts). */
export type QuoteAnswer = { quote: Quote; error: null } | { quote: null; error: string };

/** The quote request (lines, coupon, CEP, and the checkout's shipping and payment) as form fields. */
export function quoteForm(req: QuoteRequest): URLSearchParams {
  const form = appendLines(new URLSearchParams(), req.lines);
  if (req.coupon) form.set('coupon', req.coupon);
  if (req.cep) form.set('cep', req.cep);
  if (req.shipping) form.set('shipping', req.shipping);
  if (req.payment) form.set('payment', req.payment);
  return form;
}

export function quoteFromForm(form: FormData | URLSearchParams): unknown {
  return { lines: linesFrom(form), coupon: text(form, 'coupon'), cep: text(form, 'cep'), shipping: text(form, 'shipping'), payment: text(form, 'payment') };
}
