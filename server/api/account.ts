// The signed-in shopper's own data over JSON: who am I, the saved cart (read, replace, merge the guest cart
// at sign-in), delivery addresses, the LGPD download and account deletion. Each handler answers only for
// the session's own user; there is no user id in any URL.
import { Hono } from 'hono';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { Db } from '#src/db/client.server.ts';
import { listAddresses } from '#src/domain/accounts/addresses.server.ts';
import { sessionUserOf } from '#src/domain/accounts/auth.server.ts';
import type { Authentication, SessionUser } from '#src/domain/accounts/auth.server.ts';
import type { CatalogChanges } from '#src/domain/catalog/changes.server.ts';
import type { CartLine } from '#src/domain/accounts/cart-merge.ts';
import { anonymizeUser, exportUserData } from '#src/domain/accounts/privacy.server.ts';
import { firstName } from '#src/domain/accounts/roles.ts';
import { getSavedCart, mergeIntoSavedCart, replaceSavedCart } from '#src/domain/accounts/saved-cart.server.ts';
import type { SavedCartLine } from '#src/domain/accounts/saved-cart.server.ts';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '#src/domain/cart/quote.ts';
import { centsToReais } from '#src/domain/pricing/money.ts';
import { apiError, readJson, validate } from '../http.ts';

/** A browser cart line (the `cart` localStorage item); titles and prices it carries are ignored. */
const cartItem = z.object({
  id: z.number({ error: 'Produto inválido.' }).int('Produto inválido.').positive('Produto inválido.').max(2_147_483_647, 'Produto inválido.'),
  cor: z.string().trim().max(40, 'Cor inválida.').optional(),
  tamanho: z.string().trim().max(10, 'Tamanho inválido.').optional(),
  quantity: z.number({ error: 'Quantidade inválida.' }).int('Quantidade inválida.').min(1, 'A quantidade mínima é 1.').max(MAX_LINE_QUANTITY, `A quantidade máxima é ${MAX_LINE_QUANTITY}.`),
});
export const cartBodySchema = z.object({
  items: z.array(cartItem, { error: 'Itens do carrinho inválidos.' }).max(MAX_CART_LINES, `O carrinho pode ter no máximo ${MAX_CART_LINES} itens.`),
});

const toLines = (items: z.infer<typeof cartItem>[]): CartLine[] => items.map((i) => ({ productId: i.id, color: i.cor ?? '', size: i.tamanho ?? '', quantity: i.quantity }));

/** Saved lines in the browser's cart shape (spec §3 cart item), with current titles and prices. */
function toCartItems(lines: SavedCartLine[]) {
  return lines.map((l) => ({
    id: l.productId,
    titulo: l.title,
    valoratual: centsToReais(l.priceCents),
    valorantigo: l.oldPriceCents === null ? null : centsToReais(l.oldPriceCents),
    image: l.image,
    ...(l.color ? { cor: l.color } : {}),
    ...(l.size ? { tamanho: l.size } : {}),
    quantity: l.quantity,
  }));
}

export function accountApi(getDb: () => Db, auth: Authentication, catalogChanges: CatalogChanges) {
  const api = new Hono<{ Variables: { user: SessionUser } }>();

  const signedIn = createMiddleware<{ Variables: { user: SessionUser } }>(async (c, next) => {
    const user = await sessionUserOf(auth, c.req.raw.headers);
    if (!user) return apiError(c, 401, 'Entre na sua conta para continuar.');
    c.set('user', user);
    c.header('Cache-Control', 'private, no-store');
    await next();
  });
  api.use('/account', signedIn);
  api.use('/account/*', signedIn);

  api.get('/account', (c) => {
    const u = c.get('user');
    return c.json({ id: u.id, email: u.email, name: u.name, firstName: firstName(u.name), role: u.role });
  });

  const parseCart = async (c: Context) => {
    const body = await readJson(c);
    if (!body.ok) return { error: apiError(c, 400, body.message) } as const;
    const parsed = validate(cartBodySchema, body.value, 'Carrinho inválido.');
    if (!parsed.ok) return { error: apiError(c, 400, parsed.message) } as const;
    return { lines: toLines(parsed.data.items) } as const;
  };

  api.get('/account/cart', async (c) => c.json({ items: toCartItems(await getSavedCart(getDb(), c.get('user').id)) }));

  api.put('/account/cart', async (c) => {
    const r = await parseCart(c);
    if ('error' in r) return r.error;
    return c.json({ items: toCartItems(await replaceSavedCart(getDb(), c.get('user').id, r.lines)) });
  });

  api.post('/account/cart/merge', async (c) => {
    const r = await parseCart(c);
    if ('error' in r) return r.error;
    return c.json({ items: toCartItems(await mergeIntoSavedCart(getDb(), c.get('user').id, r.lines)) });
  });

  api.get('/account/addresses', async (c) => c.json({ items: await listAddresses(getDb(), c.get('user').id) }));

  api.get('/account/export', async (c) => {
    const data = await exportUserData(getDb(), c.get('user').id);
    if (!data) return apiError(c, 404, 'Conta não encontrada.');
    c.header('Content-Disposition', 'attachment; filename="meus-dados-olimpo-pecas.json"');
    return c.body(JSON.stringify(data, null, 2), 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });

  api.delete('/account', async (c) => {
    const user = c.get('user');
    // Sign out first (Better Auth expires the cookie), then delete everything.
    const out = await auth.betterAuth.api.signOut({ headers: c.req.raw.headers, returnHeaders: true }).catch(() => null);
    await anonymizeUser(getDb(), catalogChanges, user.id);
    for (const cookie of out?.headers.getSetCookie() ?? []) c.header('Set-Cookie', cookie, { append: true });
    return c.json({ ok: true, mensagem: 'Sua conta foi excluída. Seus dados pessoais foram apagados.' });
  });

  return api;
}
