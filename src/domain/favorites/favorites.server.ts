// An account's favourites: read, add, remove, and the guest's cookie list joining them at sign-in (the first
// request of the signed-in shopper that still carries the cookie, whatever way they signed in).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '#src/db/client.server.ts';
import { existingProductIds, productCards } from '../catalog/cards.server.ts';
import type { ProductSummary } from '../catalog/types.ts';
import { FAVORITES_LIMIT } from './guest-cookie.ts';
import { favorites } from './schema.ts';

export async function favoriteIds(db: Db | Tx, userId: string): Promise<number[]> {
  const rows = await db.select({ id: favorites.productId }).from(favorites).where(eq(favorites.userId, userId)).orderBy(desc(favorites.createdAt), desc(favorites.productId)).limit(FAVORITES_LIMIT);
  return rows.map((r) => r.id);
}

/** The account's favourites as cards (current prices), most recent first; inactive products left out. */
export async function favoriteCards(db: Db, userId: string): Promise<ProductSummary[]> {
  return productCards(db, await favoriteIds(db, userId));
}

export type FavoriteChange = { ok: true; ids: number[] } | { ok: false; status: 404 | 409; message: string };

export const FAVORITE_MESSAGES = {
  notFound: 'Produto não encontrado.',
  full: `Sua lista de favoritos está cheia (${FAVORITES_LIMIT} produtos). Remova algum para adicionar outro.`,
} as const;

const lockUser = (tx: Tx, userId: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`favorites:${userId}`}))`);

export async function setFavorite(db: Db, userId: string, productId: number, favorite: boolean): Promise<FavoriteChange> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if (!favorite) {
      await tx.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)));
      return { ok: true, ids: await favoriteIds(tx, userId) };
    }
    if (!(await existingProductIds(tx, [productId])).has(productId)) return { ok: false, status: 404, message: FAVORITE_MESSAGES.notFound };
    const ids = await favoriteIds(tx, userId);
    if (!ids.includes(productId) && ids.length >= FAVORITES_LIMIT) return { ok: false, status: 409, message: FAVORITE_MESSAGES.full };
    await tx.insert(favorites).values({ userId, productId }).onConflictDoNothing();
    return { ok: true, ids: await favoriteIds(tx, userId) };
  });
}

/** Sign-in: the guest's favourites (cookie) join the account's; products that no longer exist are dropped. */
export async function mergeGuestFavorites(db: Db, userId: string, guestIds: readonly number[]): Promise<number[]> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const saved = await favoriteIds(tx, userId);
    const existing = await existingProductIds(tx, guestIds);
    const room = Math.max(0, FAVORITES_LIMIT - saved.length);
    // The cookie lists the newest first: older ones get older timestamps, so the list keeps the guest's order.
    const added = guestIds.filter((id) => existing.has(id) && !saved.includes(id)).slice(0, room);
    const now = Date.now();
    if (added.length > 0)
      await tx
        .insert(favorites)
        .values(added.map((productId, i) => ({ userId, productId, createdAt: new Date(now - i) })))
        .onConflictDoNothing();
    return favoriteIds(tx, userId);
  });
}
