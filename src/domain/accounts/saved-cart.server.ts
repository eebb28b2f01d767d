// The cart saved for a signed-in shopper. Only lines are stored (product, colour, size, quantity); titles,
// prices and pictures are read from the catalog when the cart is handed out, so they are always current.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '#src/db/client.server.ts';
import { productImages, products } from '../catalog/schema.ts';
import { mergeCartLines, normalizeLines } from './cart-merge.ts';
import type { CartLine } from './cart-merge.ts';
import { savedCartLines } from './schema.ts';

export interface SavedCartLine extends CartLine {
  title: string;
  priceCents: number;
  oldPriceCents: number | null;
  image: string | null;
}

export async function getSavedCart(db: Db | Tx, userId: string): Promise<SavedCartLine[]> {
  const rows = await db
    .select({
      productId: savedCartLines.productId,
      color: savedCartLines.color,
      size: savedCartLines.size,
      quantity: savedCartLines.quantity,
      title: products.title,
      priceCents: products.priceCents,
      oldPriceCents: products.oldPriceCents,
      image: productImages.url,
    })
    .from(savedCartLines)
    .innerJoin(products, eq(products.id, savedCartLines.productId))
    .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 0)))
    .where(eq(savedCartLines.userId, userId))
    .orderBy(asc(savedCartLines.position));
  return rows;
}

/** Writes the saved cart as given (same lines folded; products that no longer exist dropped). */
async function writeLines(tx: Tx, userId: string, lines: CartLine[]): Promise<void> {
  await tx.delete(savedCartLines).where(eq(savedCartLines.userId, userId));
  const ids = [...new Set(lines.map((l) => l.productId))];
  if (ids.length === 0) return;
  const existing = new Set((await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids))).map((r) => r.id));
  const kept = lines.filter((l) => existing.has(l.productId));
  if (kept.length === 0) return;
  const now = new Date();
  await tx.insert(savedCartLines).values(kept.map((l, position) => ({ userId, productId: l.productId, color: l.color, size: l.size, quantity: l.quantity, position, updatedAt: now })));
}

/** Two devices saving at once must not interleave: one transaction per user at a time. */
const lockUser = (tx: Tx, userId: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cart:${userId}`}))`);

export async function replaceSavedCart(db: Db, userId: string, lines: CartLine[]): Promise<SavedCartLine[]> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await writeLines(tx, userId, normalizeLines(lines));
    return getSavedCart(tx, userId);
  });
}

/** Sign-in: the guest cart joins the saved one (same line → quantities add up). Returns the merged cart. */
export async function mergeIntoSavedCart(db: Db, userId: string, guest: CartLine[]): Promise<SavedCartLine[]> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const saved = await getSavedCart(tx, userId);
    await writeLines(tx, userId, mergeCartLines(saved, guest));
    return getSavedCart(tx, userId);
  });
}
