// Keeps the planner's statistics and the tables' free space current where nothing else does. PostgreSQL's
// autovacuum workers do this on a server; PGlite runs PostgreSQL in one process without background workers,
// so on the embedded database a table filled after its last ANALYZE is planned as if it were empty or as it
// was (product_images after the demo seed: estimated 49 rows at position 0 instead of 1,500, which turned
// the product page's "related products" into a 6.8 ms nested loop over a materialized scan instead of a
// 0.3 ms index lookup), and updated rows (sessions, rate limits, jobs, stock) leave dead tuples behind.
// A GIN index (the text search, part numbers, fitment keys) takes new entries into a pending list that every
// scan of it reads whole, until VACUUM or autovacuum's own ANALYZE merges the list into the index; a manual
// ANALYZE leaves it. After the demo seed the lists held nearly everything (159 of the text search index's
// 161 pages, 370 of the part-number index's 372), and searches on the demo catalog took 4.0-4.4 ms instead
// of 2.6-2.8 (bench/NOTES.md). `analyzeDatabase` merges them too.
// The seeds call `analyzeDatabase` when they finish; on PGlite the job registry runs both periodically.
//
// On PGlite, ANALYZE samples fewer rows (EMBEDDED_STATISTICS_TARGET). PostgreSQL's sample is 300 rows per
// point of `default_statistics_target`: 30,000 rows at its default of 100, each copied whole into memory
// (1.36 KB on average for a product, in a 2 KB allocation). On the embedded database that memory is PGlite's
// WebAssembly memory, which never shrinks: one `analyze` at 100,000 products took the memory PostgreSQL had
// touched from 47 to 115 MB for the rest of the process's life, and stopped the store for 1.6 s every hour.
// At 25: 7,500 rows, 65 MB touched and 0.44 s (bench/NOTES.md). The search, fitment and page statements ran
// as fast with either statistics at 100,000 products. PostgreSQL keeps its default: its autovacuum workers'
// memory goes back when they exit.
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** Any drizzle PostgreSQL database (client.server.ts's Db): typed here so client.server.ts can import this module. */
type Db = Pick<PgDatabase<PgQueryResultHKT>, 'execute'>;

/** `default_statistics_target` on PGlite (client.server.ts gives it to PostgreSQL's configuration). */
export const EMBEDDED_STATISTICS_TARGET = 25;

/**
 * Merges the pending lists of this schema's GIN indexes into the indexes, then ANALYZEs every table of the
 * database (samples at most 30,000 rows per table, 7,500 on PGlite: bounded cost). Returns how many
 * pending-list pages were merged.
 */
export async function analyzeDatabase(db: Db): Promise<number> {
  const merged = await mergeGinPendingLists(db);
  await db.execute(sql`analyze`);
  return merged;
}

/**
 * `gin_clean_pending_list` on every GIN index of the current schema that this role owns (PostgreSQL allows it
 * to the owner only, as VACUUM): the pending-list pages it merged.
 */
export async function mergeGinPendingLists(db: Db): Promise<number> {
  const result = await db.execute(sql`
    select coalesce(sum(gin_clean_pending_list(c.oid)), 0)::int as pages
    from pg_class c join pg_am am on am.oid = c.relam
    where am.amname = 'gin' and c.relkind = 'i' and pg_has_role(c.relowner, 'USAGE')
      and c.relnamespace = (select oid from pg_namespace where nspname = current_schema())`);
  return Number((result as unknown as { rows: { pages: number }[] }).rows[0]?.pages ?? 0);
}

/** VACUUM (ANALYZE) every table: frees dead tuples for reuse and refreshes the statistics. */
export async function vacuumDatabase(db: Db): Promise<void> {
  await db.execute(sql`vacuum (analyze)`);
}
