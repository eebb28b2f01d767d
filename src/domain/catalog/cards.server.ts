// Product cards by id, in the order asked (favourites, recently viewed): active products only, with the
// catalog's current prices and stock.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '#src/db/client.server.ts';
import { summaryColumns, toSummary } from './card.ts';
import { productImages, products } from './schema.ts';
import type { ProductSummary } from './types.ts';

export async function productCards(db: Db | Tx, ids: readonly number[]): Promise<ProductSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ ...summaryColumns })
    .from(products)
    .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 0)))
    .where(and(inArray(products.id, [...ids]), eq(products.active, true)));
  const byId = new Map(rows.map((r) => [r.id, toSummary(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Of these ids, those of products that exist (active or not). */
export async function existingProductIds(db: Db | Tx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}
