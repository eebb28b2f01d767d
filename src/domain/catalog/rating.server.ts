// The product row's copy of its approved reviews (count and stars added up), which the cards read with the
// rest of the card. The reviews domain owns the reviews and recounts them; the catalog owns the row.
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '#src/db/client.server.ts';
import { products } from './schema.ts';

/** Writes a product's rating (not a column the search or facet triggers watch). */
export async function setProductRating(tx: Db | Tx, productId: number, rating: { count: number; sum: number }): Promise<void> {
  await tx.update(products).set({ ratingCount: rating.count, ratingSum: rating.sum }).where(eq(products.id, productId));
}
