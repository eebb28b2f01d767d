// A guest's favourites in a cookie: product ids, most recent first, separated by dots ("12.7.301"). Read
// through zod at the boundary: a value too long, of the wrong shape or with more than FAVORITES_COOKIE_LIMIT
// ids reads as no favourites (and is replaced on the next change), never as an error. Not signed: it holds
// only what the guest chose, and every id is checked against the catalog before it is shown or merged.
import { z } from 'zod';

export const FAVORITES_COOKIE = 'olimpo_favoritos';
/** At most this many favourites for a guest (the account keeps FAVORITES_LIMIT). */
export const FAVORITES_COOKIE_LIMIT = 50;
/** Favourites an account may keep. */
export const FAVORITES_LIMIT = 200;
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** 50 ids of up to 10 digits and their dots. */
const MAX_LENGTH = FAVORITES_COOKIE_LIMIT * 11;

/** A product id (a number in JSON). */
export const productIdNumber = z.number({ error: 'Produto inválido.' }).int('Produto inválido.').positive('Produto inválido.').max(2_147_483_647, 'Produto inválido.');
/** A product id in a URL: digits. */
export const productIdSchema = z
  .string()
  .regex(/^\d{1,10}$/, 'Produto inválido.')
  .transform(Number)
  .pipe(productIdNumber);

const cookieSchema = z
  .string()
  .max(MAX_LENGTH)
  .regex(/^\d{1,10}(?:\.\d{1,10})*$/)
  .transform((v) => v.split('.').map(Number))
  .pipe(z.array(productIdNumber).max(FAVORITES_COOKIE_LIMIT));

/** The guest's favourite ids (no duplicates, most recent first); [] when the cookie is missing or malformed. */
export function parseFavoritesCookie(value: string | null | undefined): number[] {
  if (!value) return [];
  const parsed = cookieSchema.safeParse(value);
  return parsed.success ? [...new Set(parsed.data)] : [];
}

/** The guest's list after a change: added first (capped at the limit, the oldest leaving) or removed. */
export function toggledFavorites(ids: readonly number[], productId: number, favorite: boolean): number[] {
  const rest = ids.filter((id) => id !== productId);
  return favorite ? [productId, ...rest].slice(0, FAVORITES_COOKIE_LIMIT) : rest;
}

/** The Set-Cookie header for the guest's list (an empty list deletes the cookie). */
export function favoritesCookieHeader(ids: readonly number[], opts: { secure: boolean }): string {
  const attrs = ['Path=/', 'HttpOnly', 'SameSite=Lax', ...(opts.secure ? ['Secure'] : [])];
  if (ids.length === 0) return [`${FAVORITES_COOKIE}=`, 'Max-Age=0', ...attrs].join('; ');
  return [`${FAVORITES_COOKIE}=${ids.slice(0, FAVORITES_COOKIE_LIMIT).join('.')}`, `Max-Age=${MAX_AGE_SECONDS}`, ...attrs].join('; ');
}
