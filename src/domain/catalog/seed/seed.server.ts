// Loads the demo catalog into an empty database in batches (100,000 products in well under two minutes).
import { sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { deferSearchPostings, rebuildSearchPostings } from '../search/postings.server.ts';
import { countProducts } from '../products.server.ts';
import { refreshLexicon } from '../search/typos.server.ts';
import { productImages, products, productVariants } from '../schema.ts';
import { generateCatalog } from './generate.ts';
import type { SeedProduct } from './generate.ts';

/** Enough products that most vehicles of the demo fleet have parts in most years (fitment). */
export const DEMO_PRODUCT_COUNT = 1500;
const BATCH = 1000;

export interface SeedOptions {
  count?: number;
  seed?: number;
  onProgress?: (done: number, total: number) => void;
}

/** Seeds the catalog if it is empty. Returns how many products were inserted (0 when it was not empty). */
export async function seedCatalogIfEmpty(db: Db, opts: SeedOptions = {}): Promise<number> {
  if ((await countProducts(db)) > 0) return 0;
  return seedCatalog(db, opts);
}

/** Replaces the catalog with the demo catalog. Ids are 1..count, in generation order. */
export async function seedCatalog(db: Db, opts: SeedOptions = {}): Promise<number> {
  const count = opts.count ?? DEMO_PRODUCT_COUNT;
  await db.execute(sql`truncate ${products}, ${productImages}, ${productVariants} restart identity cascade`);
  let batch: SeedProduct[] = [];
  let done = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const first = done + 1;
    await db.transaction(async (tx) => {
      await deferSearchPostings(tx);
      await tx.insert(products).values(
        batch.map((p, i) => ({
          id: first + i,
          slug: p.slug,
          title: p.title,
          description: p.description,
          kind: p.kind,
          brand: p.brand,
          brandSlug: p.brandSlug,
          category: p.category,
          vehicleType: p.vehicleType,
          condition: p.condition,
          refCode: p.refCode,
          oemCodes: p.oemCodes,
          equivalentCodes: p.equivalentCodes,
          specs: p.specs,
          oldPriceCents: p.oldPriceCents,
          priceCents: p.priceCents,
          onSale: p.onSale,
          discountPercent: p.discountPercent,
          stock: p.stock,
          shippingWeightGrams: p.package.weightGrams,
          shippingHeightCm: p.package.heightCm,
          shippingWidthCm: p.package.widthCm,
          shippingLengthCm: p.package.lengthCm,
          popularity: p.popularity,
          createdAt: p.createdAt,
          updatedAt: p.createdAt,
        })),
      );
      await tx.insert(productImages).values(batch.flatMap((p, i) => p.images.map((img, position) => ({ productId: first + i, position, ...img }))));
      const variants = batch.flatMap((p, i) => p.variants.map((v) => ({ productId: first + i, ...v })));
      if (variants.length > 0) await tx.insert(productVariants).values(variants);
    });
    done += batch.length;
    batch = [];
    opts.onProgress?.(done, count);
  };
  for (const product of generateCatalog(count, opts.seed)) {
    batch.push(product);
    if (batch.length === BATCH) await flush();
  }
  await flush();
  // Explicit ids were inserted; move the sequence past them so new products get fresh ids.
  await db.execute(sql`select setval(pg_get_serial_sequence('products', 'id'), (select coalesce(max(id), 1) from products))`);
  await rebuildSearchPostings(db);
  await refreshLexicon(db);
  await db.execute(sql`analyze products`);
  return done;
}
