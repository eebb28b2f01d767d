// Favourites, "Avise-me quando chegar" and the cards of products by id (recently viewed), over JSON. The
// catalog pages are cached for everyone, so the heart's state and the recently viewed list are asked for
// here after the page has loaded.
//   GET    /api/favoritos          → { ids }  the account's (merging a guest cookie once) or the guest's cookie
//   PUT    /api/favoritos/:id      → { ids }  adds; DELETE removes (a guest's list is the cookie)
//   POST   /api/avise-me           → { mensagem }  { email, productId, cor?, tamanho? }, rate limited
//   GET    /api/produtos/cartoes?ids=1,2,3 → { items }  current cards (prices from the database)
import { Hono } from 'hono';
import type { Context } from 'hono';
import { z } from 'zod';
import type { Db } from '#src/db/client.server.ts';
import { sessionUserOf } from '#src/domain/accounts/auth.server.ts';
import type { Authentication } from '#src/domain/accounts/auth.server.ts';
import { existingProductIds, productCards } from '#src/domain/catalog/cards.server.ts';
import { isValidShopEmail } from '#src/domain/accounts/validation.ts';
import { readCookie } from '#src/domain/fitment/garage-cookie.server.ts';
import { favoriteIds, mergeGuestFavorites, setFavorite } from '#src/domain/favorites/favorites.server.ts';
import { FAVORITES_COOKIE, favoritesCookieHeader, parseFavoritesCookie, productIdNumber, productIdSchema, toggledFavorites } from '#src/domain/favorites/guest-cookie.ts';
import { STOCK_ALERT_LIMITS, STOCK_ALERT_MESSAGES, subscribeStockAlert } from '#src/domain/favorites/stock-alerts.server.ts';
import { clientIpFrom } from '#src/platform/client-ip.ts';
import { hitAll } from '#src/platform/rate-limit.server.ts';
import { apiError, readJson, searchParamsOf, validate } from '../http.ts';

/** Recently viewed cards asked at once. */
const MAX_CARDS = 24;

const stockAlertSchema = z.object({
  email: z
    .string({ error: 'Informe o seu e-mail.' })
    .trim()
    .min(1, 'Informe o seu e-mail.')
    .max(254, 'E-mail inválido.')
    .refine((v) => isValidShopEmail(v), 'E-mail inválido: confira o endereço digitado.'),
  productId: productIdNumber,
  cor: z.string().trim().max(40, 'Cor inválida.').optional(),
  tamanho: z.string().trim().max(10, 'Tamanho inválido.').optional(),
});

const idsParam = z
  .string()
  .max(MAX_CARDS * 11, 'Produtos demais.')
  .regex(/^\d{1,10}(?:,\d{1,10})*$/, 'Produtos inválidos.')
  .transform((v) => [...new Set(v.split(',').map(Number))])
  .pipe(z.array(productIdNumber).max(MAX_CARDS, `No máximo ${MAX_CARDS} produtos.`));

export function favoritesApi(getDb: () => Db, opts: { secure: boolean; auth: Authentication }) {
  const api = new Hono();
  const guestIds = (c: Context) => parseFavoritesCookie(readCookie(c.req.raw, FAVORITES_COOKIE));
  const setGuest = (c: Context, ids: number[]) => c.header('Set-Cookie', favoritesCookieHeader(ids, opts), { append: true });

  /** The account's ids; a guest list still in the cookie joins them first, and the cookie goes. */
  const accountIds = async (c: Context, userId: string) => {
    const fromCookie = guestIds(c);
    if (readCookie(c.req.raw, FAVORITES_COOKIE) === null) return favoriteIds(getDb(), userId);
    setGuest(c, []);
    return mergeGuestFavorites(getDb(), userId, fromCookie);
  };

  api.get('/favoritos', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    const user = await sessionUserOf(opts.auth, c.req.raw.headers);
    return c.json({ ids: user ? await accountIds(c, user.id) : guestIds(c), conta: user !== null });
  });

  const change = (favorite: boolean) => async (c: Context) => {
    c.header('Cache-Control', 'private, no-store');
    const id = productIdSchema.safeParse(c.req.param('id'));
    if (!id.success) return apiError(c, 404, 'Produto não encontrado.');
    const user = await sessionUserOf(opts.auth, c.req.raw.headers);
    if (user) {
      await accountIds(c, user.id);
      const r = await setFavorite(getDb(), user.id, id.data, favorite);
      return r.ok ? c.json({ ids: r.ids, conta: true }) : apiError(c, r.status, r.message);
    }
    if (favorite && !(await existingProductIds(getDb(), [id.data])).has(id.data)) return apiError(c, 404, 'Produto não encontrado.');
    const ids = toggledFavorites(guestIds(c), id.data, favorite);
    setGuest(c, ids);
    return c.json({ ids, conta: false });
  };
  api.put('/favoritos/:id', change(true));
  api.delete('/favoritos/:id', change(false));

  api.post('/avise-me', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    const body = await readJson(c);
    if (!body.ok) return apiError(c, 400, body.message);
    const parsed = validate(stockAlertSchema, body.value, 'Dados do aviso inválidos.');
    if (!parsed.ok) return apiError(c, 400, parsed.message);
    const { email, productId, cor, tamanho } = parsed.data;
    const verdicts = await hitAll(getDb(), [
      { limiter: STOCK_ALERT_LIMITS.byIp, key: clientIpFrom(c.req.raw.headers) },
      { limiter: STOCK_ALERT_LIMITS.byEmail, key: email.toLowerCase() },
    ]);
    const limited = verdicts.find((v) => v.limited);
    if (limited) {
      c.header('Retry-After', String(limited.retryAfterSeconds));
      return apiError(c, 429, STOCK_ALERT_MESSAGES.limited);
    }
    const r = await subscribeStockAlert(getDb(), { email, productId, color: cor ?? '', size: tamanho ?? '' });
    return r.ok ? c.json({ mensagem: r.message }) : apiError(c, r.status, r.message);
  });

  api.get('/produtos/cartoes', async (c) => {
    const parsed = idsParam.safeParse(searchParamsOf(c).get('ids') ?? '');
    if (!parsed.success) return apiError(c, 400, parsed.error.issues[0]?.message ?? 'Produtos inválidos.');
    c.header('Cache-Control', 'public, max-age=10');
    return c.json({ items: await productCards(getDb(), parsed.data) });
  });

  return api;
}
