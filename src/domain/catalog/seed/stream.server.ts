// The scale seed (`npm run db:seed`, `npm run bench -- --scale`): the demo catalog streamed from its generator
// in batches, so 1,000,000 products take the memory of one batch. One transaction (a seed stopped half-way
// leaves the catalog it found): the products' secondary indexes are dropped first and built once at the end,
// and the search postings rebuilt once (docs/decisions/019-seeding-and-browsing-at-a-million.md). Work another
// domain does (the fleet, the fitment) is passed in: `beforeBatches`, `afterBatch` or `afterLoad`.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '#src/db/client.server.ts';
import { deferSearchPostings, rebuildSearchPostings } from '../search/postings.server.ts';
import { deferVehicleFacetCounts, rebuildVehicleFacetCounts } from '../search/facet-counts.server.ts';
import { refreshLexicon } from '../search/typos.server.ts';
import { productImages, products, productVariants } from '../schema.ts';
import { generateCatalog } from './generate.ts';
import type { SeedProduct } from './generate.ts';
import { insertSeedBatch } from './seed.server.ts';

export interface StreamSeedOptions {
  count: number;
  seed?: number;
  /** Products per INSERT (and per `afterBatch`). */
  batchSize?: number;
  /** Drop the products' secondary indexes during the load and build each once after it (default true). */
  deferIndexes?: boolean;
  /** Runs once the catalog is emptied, before the first batch, in the same transaction (the fleet). */
  beforeBatches?: (tx: Tx) => Promise<void>;
  /** Runs after each batch's insert, in the same transaction, with the batch's ids. */
  afterBatch?: (tx: Tx, ids: { from: number; to: number }) => Promise<void>;
  /** Runs once after the last batch, before the indexes are built, in the same transaction (the fitment). */
  afterLoad?: (tx: Tx) => Promise<void>;
  /** After each batch, and once per phase at the end ('indexes', 'postings'). */
  onProgress?: (done: number, total: number, phase: 'products' | 'indexes' | 'postings') => void;
}

interface DeferredIndex {
  name: string;
  definition: string;
}

/** The indexes of `table` that no constraint owns (a primary key or unique constraint stays). */
async function secondaryIndexes(tx: Tx, table: string): Promise<DeferredIndex[]> {
  const result = await tx.execute(sql`
    select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i
    join pg_class c on c.oid = i.indexrelid
    left join pg_constraint k on k.conindid = i.indexrelid
    where i.indrelid = ${table}::regclass and k.oid is null
    order by c.relname`);
  return (result as unknown as { rows: DeferredIndex[] }).rows;
}

/** Replaces the catalog with the first `count` products of the demo catalog (ids 1..count). Returns how many. */
export async function streamSeedCatalog(db: Db, opts: StreamSeedOptions): Promise<number> {
  const batchSize = opts.batchSize ?? 2000;
  let done = 0;
  await db.transaction(async (tx) => {
    await tx.execute(sql`truncate ${products}, ${productImages}, ${productVariants} restart identity cascade`);
    const deferred = opts.deferIndexes === false ? [] : await secondaryIndexes(tx, 'products');
    for (const index of deferred) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
    await opts.beforeBatches?.(tx);
    await deferSearchPostings(tx);
    // The fitment rewrites every product's keys: the vehicle counts are built once after it.
    await deferVehicleFacetCounts(tx);
    let batch: SeedProduct[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const first = done + 1;
      await insertSeedBatch(tx, batch, first);
      await opts.afterBatch?.(tx, { from: first, to: first + batch.length - 1 });
      done += batch.length;
      batch = [];
      // Planner statistics from the first batch (ANALYZE counts this transaction's own rows): without them
      // PostgreSQL took the emptied table for 17 rows and joined each batch's fitment row by row (4 s a batch
      // of 2,000, minutes on the loaded machine).
      if (first === 1) await tx.execute(sql`analyze ${products}`);
      opts.onProgress?.(done, opts.count, 'products');
    };
    for (const product of generateCatalog(opts.count, opts.seed)) {
      batch.push(product);
      if (batch.length === batchSize) await flush();
    }
    await flush();
    await tx.execute(sql`select setval(pg_get_serial_sequence('products', 'id'), (select coalesce(max(id), 1) from products))`);
    await tx.execute(sql`analyze ${products}`);
    await opts.afterLoad?.(tx);
    await rebuildVehicleFacetCounts(tx);
    // Sorting each index's entries once, in memory where it fits.
    await tx.execute(sql`select set_config('maintenance_work_mem', '256MB', true)`);
    for (const index of deferred) await tx.execute(sql.raw(index.definition));
    opts.onProgress?.(done, opts.count, 'indexes');
    await rebuildSearchPostings(tx);
    await refreshLexicon(tx);
    opts.onProgress?.(done, opts.count, 'postings');
  });
  await db.execute(sql`analyze ${products}`);
  return done;
}
