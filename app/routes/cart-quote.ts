// POST /Cart/cotacao: the cart priced on the server (lines, coupon, CEP freight and, for the checkout, the
// order's totals for a shipping and payment choice). The cart and checkout pages post here through a fetcher;
// the JSON API's POST /api/cart/quote is the same quoteCart for other front ends.
import { data } from 'react-router';
import type { Route } from './+types/cart-quote';
import { quoteRequestSchema } from '#src/domain/cart/quote.ts';
import { quoteCart } from '#src/domain/cart/quote.server.ts';
import { shippingOf } from '#src/domain/checkout/services.server.ts';
import { quoteFromForm } from '../lib/cart-form.ts';
import type { QuoteAnswer } from '../lib/cart-form.ts';
import { checkoutOf, dbOf } from '../lib/context.server.ts';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = quoteRequestSchema.safeParse(quoteFromForm(await request.formData()), { error: () => 'Carrinho inválido.' });
  if (!parsed.success) return data<QuoteAnswer>({ quote: null, error: parsed.error.issues[0]?.message ?? 'Carrinho inválido.' }, { status: 400, headers: NO_STORE });
  return data<QuoteAnswer>({ quote: await quoteCart(dbOf(context), parsed.data, { shipping: shippingOf(checkoutOf(context)) }), error: null }, { headers: NO_STORE });
}

/** No connection, or a server error: the page keeps its last prices and says so (not an error page). */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<QuoteAnswer> {
  try {
    return await serverAction();
  } catch {
    return { quote: null, error: 'Não foi possível atualizar os preços agora.' };
  }
}
