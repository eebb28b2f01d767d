// The scale seed (`npm run db:seed`, the bench's catalogs) streams the demo catalog in batches, in one
// transaction, with the products' secondary indexes built once at the end and the fitment derived per batch
// or once after the load.
// It leaves the same catalog as the start-up seed (products, images, variants, fitment and its keys, search
// postings and their counts, facet counts, lexicon) and the same indexes; a seed stopped half-way leaves the
// catalog it found.
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#src/db/client.server.ts';
import { seedCatalog } from '#src/domain/catalog/seed/seed.server.ts';
import { streamSeedCatalog } from '#src/domain/catalog/seed/stream.server.ts';
import { fitSeedProducts, replaceFleet, seedFitment } from '#src/domain/fitment/seed/seed.server.ts';
import type { SeedFleet } from '#src/domain/fitment/seed/seed.server.ts';
import { createTestDatabase, DATABASE_KINDS, queryRows } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';

const COUNT = 240;

/** One digest per table: what the seed wrote, row by row in a fixed order. */
const DIGESTS: Record<string, SQL> = {
  products: sql`select md5(string_agg(concat_ws('|', id, slug, title, description, kind, brand, brand_slug, category, vehicle_type, condition, ref_code, oem_codes, equivalent_codes, specs, active, old_price_cents, price_cents, on_sale, discount_percent, stock, shipping_weight_grams, shipping_height_cm, shipping_width_cm, shipping_length_cm, ncm, origem, cest, unit, popularity, created_at, updated_at, fitment_keys, search_vector, kind_head, code_keys), ',' order by id)) as d, count(*)::int as n from products`,
  images: sql`select md5(string_agg(concat_ws('|', id, product_id, position, url, alt, width, height), ',' order by id)) as d, count(*)::int as n from product_images`,
  variants: sql`select md5(string_agg(concat_ws('|', id, product_id, color, size, stock), ',' order by id)) as d, count(*)::int as n from product_variants`,
  fitments: sql`select md5(string_agg(concat_ws('|', product_id, vehicle_id, year_from, year_to), ',' order by product_id, vehicle_id, year_from)) as d, count(*)::int as n from product_fitments`,
  universal: sql`select md5(string_agg(concat_ws('|', product_id, vehicle_type), ',' order by product_id, vehicle_type)) as d, count(*)::int as n from product_universal_fitments`,
  postings: sql`select md5(string_agg(concat_ws('|', lexeme, product_id, score, popularity, brand_slug, category, vehicle_type, condition), ',' order by product_id, lexeme)) as d, count(*)::int as n from search_postings`,
  postingCounts: sql`select md5(string_agg(concat_ws('|', lexeme, brand_slug, category, vehicle_type, condition, n), ',' order by lexeme, brand_slug, category, vehicle_type, condition)) as d, count(*)::int as n from search_posting_counts where n > 0`,
  facetCounts: sql`select md5(string_agg(concat_ws('|', active, brand_slug, category, vehicle_type, condition, n), ',' order by active, brand_slug, category, vehicle_type, condition)) as d, count(*)::int as n from catalog_facet_counts where n > 0`,
  vehicleCounts: sql`select md5(string_agg(concat_ws('|', fitment_key, also_universal, active, brand_slug, category, vehicle_type, condition, n), ',' order by fitment_key, also_universal, active, brand_slug, category, vehicle_type, condition)) as d, count(*)::int as n from vehicle_facet_counts where n <> 0`,
  vehicleCountsExact: sql`select md5(count(*)::text) as d, count(*)::int as n from (
    (select fitment_key, also_universal, active, brand_slug, category, vehicle_type, condition, n from vehicle_facet_counts where n <> 0
     except select k.fitment_key, k.also_universal, p.active, p.brand_slug, p.category, p.vehicle_type, p.condition, count(*)::int
       from products p, olimpo_vehicle_count_keys(p.fitment_keys) k group by 1, 2, 3, 4, 5, 6, 7)
    union all
    (select k.fitment_key, k.also_universal, p.active, p.brand_slug, p.category, p.vehicle_type, p.condition, count(*)::int
       from products p, olimpo_vehicle_count_keys(p.fitment_keys) k group by 1, 2, 3, 4, 5, 6, 7
     except select fitment_key, also_universal, active, brand_slug, category, vehicle_type, condition, n from vehicle_facet_counts)) x`,
  lexicon: sql`select md5(string_agg(word, ',' order by word)) as d, count(*)::int as n from search_lexicon`,
  vehicles: sql`select md5(string_agg(concat_ws('|', id, make, model, version, year_from, year_to), ',' order by id)) as d, count(*)::int as n from vehicles`,
  indexes: sql`select md5(string_agg(indexdef, ',' order by indexname)) as d, count(*)::int as n from pg_indexes where tablename in ('products', 'search_postings')`,
};

async function digest(db: Db): Promise<Record<string, { d: string; n: number }>> {
  const out: Record<string, { d: string; n: number }> = {};
  for (const [name, query] of Object.entries(DIGESTS)) out[name] = (await queryRows<{ d: string; n: number }>(db, query))[0]!;
  return out;
}

/** The scale seed as `npm run db:seed` runs it: the fleet first, each batch's fitment after its products. */
async function streamSeed(db: Db, opts: { batchSize: number; failAfter?: number; deferIndexes?: boolean; fitment?: 'per-batch' | 'after-load' }) {
  const perBatch = opts.fitment !== 'after-load';
  let fleet: SeedFleet = { rows: [] };
  const batches: { from: number; to: number }[] = [];
  await streamSeedCatalog(db, {
    count: COUNT,
    batchSize: opts.batchSize,
    deferIndexes: opts.deferIndexes,
    beforeBatches: async (tx) => {
      fleet = await replaceFleet(tx);
    },
    afterBatch: async (tx, ids) => {
      batches.push(ids);
      if (opts.failAfter !== undefined && batches.length > opts.failAfter) throw new Error('seed stopped');
      if (perBatch) await fitSeedProducts(tx, fleet, ids);
    },
    afterLoad: async (tx) => {
      if (!perBatch) await fitSeedProducts(tx, fleet);
    },
  });
  return batches;
}

describe.each(DATABASE_KINDS)('the streamed scale seed (%s)', (kind) => {
  let database: TestDatabase;
  let seeded: Record<string, { d: string; n: number }>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedCatalog(database.db, { count: COUNT });
    await seedFitment(database.db);
    seeded = await digest(database.db);
  }, 240_000);
  afterAll(async () => {
    await database?.dispose();
  });

  it('the start-up seed it is compared with wrote a whole catalog', () => {
    expect(seeded.products!.n).toBe(COUNT);
    for (const table of ['images', 'fitments', 'universal', 'postings', 'postingCounts', 'facetCounts', 'vehicleCounts', 'lexicon', 'vehicles']) expect(seeded[table]!.n, table).toBeGreaterThan(0);
    // The vehicle counts equal grouping the products' keys (and so do the streamed seeds': same digest).
    expect(seeded.vehicleCountsExact!.n).toBe(0);
  });

  it('writes, batch by batch, the same catalog, fitment, postings and counts as the start-up seed, and the same indexes', async () => {
    const batches = await streamSeed(database.db, { batchSize: 37 });
    // Every batch handed its own ids to the fitment, in order: 240 products in batches of 37.
    expect(batches).toHaveLength(Math.ceil(COUNT / 37));
    expect(batches[0]).toEqual({ from: 1, to: 37 });
    expect(batches.at(-1)).toEqual({ from: 223, to: COUNT });
    expect(await digest(database.db)).toEqual(seeded);
  }, 240_000);

  it('the fitment derived once after the load, as db:seed does, gives the same catalog', async () => {
    await streamSeed(database.db, { batchSize: 64, fitment: 'after-load' });
    expect(await digest(database.db)).toEqual(seeded);
  }, 240_000);

  it('keeping the indexes during the load writes the same catalog', async () => {
    await streamSeed(database.db, { batchSize: 100, deferIndexes: false });
    expect(await digest(database.db)).toEqual(seeded);
  }, 240_000);

  it('a seed stopped after some batches leaves the catalog it found, with its indexes', async () => {
    await expect(streamSeed(database.db, { batchSize: 50, failAfter: 2 })).rejects.toThrow('seed stopped');
    expect(await digest(database.db)).toEqual(seeded);
    // New products still get fresh ids after the seeded ones.
    const [next] = await queryRows<{ id: number }>(database.db, sql`select nextval(pg_get_serial_sequence('products', 'id'))::int as id`);
    expect(next!.id).toBeGreaterThan(COUNT);
  }, 240_000);
});
