// Loads the demo catalog into an empty database in batches (100,000 products in well under two minutes).
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '#src/db/client.server.ts';
import { deferSearchPostings, rebuildSearchPostings } from '../search/postings.server.ts';
import { countProducts } from '../products.server.ts';
import { refreshLexicon } from '../search/typos.server.ts';
import { productImages, products, productVariants } from '../schema.ts';
import { generateCatalog } from './generate.ts';
import type { SeedProduct } from './generate.ts';
import { defaultFiscal } from '../fiscal.ts';

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
      await insertSeedBatch(tx, batch, first);
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

/**
 * Inserts one batch of generated products (ids first, first + 1, …) with their images and variants: each table
 * one statement with one parameter, the batch as JSON (`jsonb_to_recordset`). Building a 2,000-row
 * multi-row INSERT with its 60,000 parameters cost the seed's process six times the CPU of writing the JSON,
 * and on a loaded machine PostgreSQL sat waiting for it (docs/decisions/019-seeding-and-browsing-at-a-million.md).
 */
export async function insertSeedBatch(tx: Tx, batch: SeedProduct[], first: number): Promise<void> {
  const rows = batch.map((p, i) => ({
    id: first + i,
    slug: p.slug,
    title: p.title,
    description: p.description,
    kind: p.kind,
    brand: p.brand,
    brand_slug: p.brandSlug,
    category: p.category,
    vehicle_type: p.vehicleType,
    condition: p.condition,
    ref_code: p.refCode,
    oem_codes: p.oemCodes,
    equivalent_codes: p.equivalentCodes,
    specs: p.specs,
    old_price_cents: p.oldPriceCents,
    price_cents: p.priceCents,
    on_sale: p.onSale,
    discount_percent: p.discountPercent,
    stock: p.stock,
    shipping_weight_grams: p.package.weightGrams,
    shipping_height_cm: p.package.heightCm,
    shipping_width_cm: p.package.widthCm,
    shipping_length_cm: p.package.lengthCm,
    ...defaultFiscal(p.category, p.kind),
    popularity: p.popularity,
    created_at: p.createdAt.toISOString(),
  }));
  await tx.execute(sql`
    insert into ${products} (id, slug, title, description, kind, brand, brand_slug, category, vehicle_type, condition, ref_code, oem_codes, equivalent_codes, specs, old_price_cents, price_cents, on_sale, discount_percent, stock, shipping_weight_grams, shipping_height_cm, shipping_width_cm, shipping_length_cm, ncm, origem, cest, unit, popularity, created_at, updated_at)
    select id, slug, title, description, kind, brand, brand_slug, category, vehicle_type, condition, ref_code, oem_codes, equivalent_codes, specs, old_price_cents, price_cents, on_sale, discount_percent, stock, shipping_weight_grams, shipping_height_cm, shipping_width_cm, shipping_length_cm, ncm, origem, cest, unit, popularity, created_at, created_at
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id int, slug text, title text, description text, kind text, brand text, brand_slug text, category text, vehicle_type text, condition text, ref_code text, oem_codes text[], equivalent_codes text[], specs jsonb, old_price_cents int, price_cents int, on_sale boolean, discount_percent smallint, stock int, shipping_weight_grams int, shipping_height_cm int, shipping_width_cm int, shipping_length_cm int, ncm text, origem smallint, cest text, unit text, popularity int, created_at timestamptz)
    order by id`);
  const images = batch.flatMap((p, i) => p.images.map((img, position) => ({ product_id: first + i, position, ...img })));
  await tx.execute(sql`
    insert into ${productImages} (product_id, position, url, alt, width, height)
    select product_id, position, url, alt, width, height
    from jsonb_to_recordset(${JSON.stringify(images)}::jsonb) as v(product_id int, position smallint, url text, alt text, width smallint, height smallint)
    order by product_id, position`);
  // Numbered, so their ids follow the generator's order.
  const variants = batch.flatMap((p, i) => p.variants.map((v) => ({ product_id: first + i, ...v }))).map((v, n) => ({ ...v, n }));
  if (variants.length === 0) return;
  await tx.execute(sql`
    insert into ${productVariants} (product_id, color, size, stock)
    select product_id, color, size, stock from jsonb_to_recordset(${JSON.stringify(variants)}::jsonb) as v(product_id int, color text, size text, stock int, n int)
    order by n`);
}
