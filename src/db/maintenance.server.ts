// Keeps the planner's statistics and the tables' free space current where nothing else does. PostgreSQL's
// autovacuum workers do this on a server; PGlite runs PostgreSQL in one process without background workers,
// so on the embedded database a table filled after its last ANALYZE is planned as if it were empty or as it
// was (product_images after the demo seed: estimated 49 rows at position 0 instead of 1,500, which turned
// the product page's "related products" into a 6.8 ms nested loop over a materialized scan instead of a
// 0.3 ms index lookup), and updated rows (sessions, rate limits, jobs, stock) leave dead tuples behind.
// The seeds call `analyzeDatabase` when they finish; on PGlite the job registry runs both periodically.
import { sql } from 'drizzle-orm';
import type { Db } from './client.server.ts';

/** ANALYZE every table of the database (samples at most 30,000 rows per table: bounded cost). */
export async function analyzeDatabase(db: Db): Promise<void> {
  await db.execute(sql`analyze`);
}

/** VACUUM (ANALYZE) every table: frees dead tuples for reuse and refreshes the statistics. */
export async function vacuumDatabase(db: Db): Promise<void> {
  await db.execute(sql`vacuum (analyze)`);
}
