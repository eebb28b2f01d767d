// Cart API: POST /api/cart/quote prices a cart on the server (the browser's prices are never read).
import { Hono } from 'hono';
import type { Db } from '#src/db/client.server.ts';
import { quoteRequestSchema } from '#src/domain/cart/quote.ts';
import { quoteCart } from '#src/domain/cart/quote.server.ts';
import { shippingOf } from '#src/domain/checkout/services.server.ts';
import type { Logger } from '../logger.ts';
import type { AppEnv } from '../app-env.ts';
import { apiError, readJson, validate } from '../http.ts';

export function cartApi(getDb: () => Db, logger: Logger) {
  const api = new Hono<AppEnv>();
  api.post('/cart/quote', async (c) => {
    const body = await readJson(c);
    if (!body.ok) return apiError(c, 400, body.message);
    const parsed = validate(quoteRequestSchema, body.value, 'Carrinho inválido.');
    if (!parsed.ok) return apiError(c, 400, parsed.message);
    const quote = await quoteCart(getDb(), parsed.data, {
      shipping: shippingOf(c.var.services.checkout),
      onInvalidPrice: (productId) => logger.warn({ productId }, 'preço inválido tratado como 0'),
    });
    return c.json(quote);
  });
  return api;
}
