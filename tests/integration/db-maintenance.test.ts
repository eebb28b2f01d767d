// The embedded database has no autovacuum: the demo seed leaves planner statistics on every table it fills,
// and on PGlite the job registry keeps them current (src/db/maintenance.server.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { seedDemoData } from '#src/db/seed.server.ts';
import { EMBEDDED_STATISTICS_TARGET, mergeGinPendingLists } from '#src/db/maintenance.server.ts';
import { EMBEDDED_DATABASE_JOBS, jobsFor } from '#src/domain/jobs/registry.server.ts';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import { DEFAULT_PGLITE_SHARED_BUFFERS_MB, parseEnv } from '#src/config/env.ts';
import { openDatabase } from '#src/db/client.server.ts';
import type { TestDatabase } from '../support/databases.ts';

async function query<Row>(database: TestDatabase, statement: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await database.db.execute(statement)) as unknown as { rows: Row[] }).rows;
}

/** pg_class.reltuples: -1 means "never analyzed or vacuumed" (the planner then guesses). */
async function reltuples(database: TestDatabase, table: string): Promise<number> {
  const rows = await query<{ n: number }>(database, sql`select reltuples::float8 as n from pg_class where oid = ${table}::regclass`);
  return Number(rows[0]!.n);
}

describe.each(DATABASE_KINDS)('database statistics on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.dispose());

  it('the demo seed leaves planner statistics on every table it fills', async () => {
    await seedDemoData(database.db, { count: 60 });
    const images = Number((await query<{ n: number }>(database, sql`select count(*)::int as n from product_images`))[0]!.n);
    expect(images).toBeGreaterThan(60);
    // Estimates from ANALYZE's sample (the tables are small enough to be read whole).
    expect(await reltuples(database, 'products')).toBe(60);
    expect(await reltuples(database, 'product_images')).toBe(images);
    expect(await reltuples(database, 'search_lexicon')).toBeGreaterThan(0);
    expect(await reltuples(database, 'coupons')).toBeGreaterThan(0);
    // The GIN indexes (text search, part numbers, fitment keys) hold their entries in the index proper, not in
    // a pending list every scan would read whole: nothing is left to merge.
    expect(await mergeGinPendingLists(database.db)).toBe(0);
  });

  // ANALYZE keeps 300 × default_statistics_target sampled rows in memory at once. On PGlite that memory is
  // its WebAssembly memory, which never shrinks: at PostgreSQL's default (30,000 rows) one hourly upkeep at
  // 100,000 products left the process 66 MB larger for good. A histogram has target + 1 bounds.
  it(`analyzes ${kind === 'pglite' ? 'with a smaller sample on PGlite' : "with PostgreSQL's default sample"}`, async () => {
    await database.db.execute(sql`create table sample_probe (id int primary key)`);
    await database.db.execute(sql`insert into sample_probe select g from generate_series(1, 10000) g`);
    await database.db.execute(sql`analyze sample_probe`);
    const rows = await query<{ bounds: number }>(database, sql`select array_length(histogram_bounds::text::int[], 1) as bounds from pg_stats where tablename = 'sample_probe' and attname = 'id'`);
    expect(Number(rows[0]!.bounds)).toBe(kind === 'pglite' ? EMBEDDED_STATISTICS_TARGET + 1 : 101);
  });

  it('merges only the GIN indexes its role owns (PostgreSQL refuses the others)', async () => {
    const role = `olimpo_not_owner_${process.pid}`;
    await database.db.execute(sql.raw(`create role ${role}`));
    try {
      await database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local role ${role}`));
        expect(await mergeGinPendingLists(tx as never)).toBe(0);
      });
    } finally {
      await database.db.execute(sql.raw(`drop role ${role}`));
    }
  });
});

describe('the embedded database upkeep jobs', () => {
  it('run only on PGlite, on a schedule', () => {
    const names = EMBEDDED_DATABASE_JOBS.map((j) => j.name);
    expect(names).toEqual(['db.analyze', 'db.vacuum']);
    expect(jobsFor('pglite').map((j) => j.name)).toEqual(expect.arrayContaining(names));
    expect(jobsFor('postgres').map((j) => j.name)).not.toEqual(expect.arrayContaining(['db.analyze']));
    expect(jobsFor('postgres').some((j) => names.includes(j.name))).toBe(false);
    for (const job of EMBEDDED_DATABASE_JOBS) expect(job.cron).toMatch(/^\d+ (\*|\d+) \* \* \*$/);
  });

  it('refresh the statistics of a table filled after its last ANALYZE, and free its dead rows', async () => {
    const database = await createTestDatabase('pglite');
    try {
      await database.db.execute(sql`create table upkeep_probe (id int primary key, note text)`);
      await database.db.execute(sql`create index upkeep_probe_words on upkeep_probe using gin (to_tsvector('simple', note))`);
      await database.db.execute(sql`analyze upkeep_probe`);
      await database.db.execute(sql`insert into upkeep_probe select g, 'palavra' || g from generate_series(1, 500) g`);
      expect(await reltuples(database, 'upkeep_probe')).toBe(0);
      const ctx = { db: database.db, enqueue: async () => null };
      const analyze = EMBEDDED_DATABASE_JOBS.find((j) => j.name === 'db.analyze')!;
      await analyze.handler({}, ctx, { id: 'a', retryCount: 0 });
      expect(await reltuples(database, 'upkeep_probe')).toBe(500);
      // The new rows' index entries were merged out of the GIN pending list (a manual ANALYZE leaves them).
      const pending = await query<{ pages: number }>(database, sql`select gin_clean_pending_list('upkeep_probe_words'::regclass)::int as pages`);
      expect(pending[0]!.pages).toBe(0);

      await database.db.execute(sql`delete from upkeep_probe where id > 100`);
      // The delete's counts reach the shared statistics now. Left pending, PostgreSQL flushes them at most once a
      // second; under load that flush came after the VACUUM had set the dead rows to 0, and added 400 back
      // (a failure seen on 2026-11-26 under the full suite, never alone).
      await database.db.execute(sql`select pg_stat_force_next_flush()`);
      const vacuum = EMBEDDED_DATABASE_JOBS.find((j) => j.name === 'db.vacuum')!;
      await vacuum.handler({}, ctx, { id: 'v', retryCount: 0 });
      // Past the one-second flush interval: counts still pending would be flushed now, after the VACUUM (without
      // the forced flush above, this read 400 dead rows every time).
      await database.db.execute(sql`select pg_sleep(1.1)`);
      await database.db.execute(sql`select 1`);
      expect(await reltuples(database, 'upkeep_probe')).toBe(100);
      const dead = await query<{ n: number }>(database, sql`select n_dead_tup::int as n from pg_stat_user_tables where relname = 'upkeep_probe'`);
      expect(dead[0]!.n).toBe(0);
    } finally {
      await database.dispose();
    }
  });
});

// PGlite's buffer pool lives in its WebAssembly memory, which never shrinks: every page of it a busy server has
// used stays in the process. 16 MB (32 until 2026-11-28) took 15 MB off the peak at 100,000 products, with the
// pages and searches as fast (docs/decisions/); the environment can still ask for more.
describe('PGlite memory', () => {
  it('opens with 16 MB of shared buffers by default, and with what PGLITE_SHARED_BUFFERS_MB asks for', async () => {
    expect(DEFAULT_PGLITE_SHARED_BUFFERS_MB).toBe(16);
    expect(parseEnv({}).PGLITE_SHARED_BUFFERS_MB).toBe(DEFAULT_PGLITE_SHARED_BUFFERS_MB);
    for (const [opts, expected] of [
      [{}, '16MB'],
      [{ pgliteSharedBuffersMb: 24 }, '24MB'],
    ] as const) {
      const database = await openDatabase({ dataDir: 'memory://', ...opts });
      try {
        const rows = ((await database.db.execute(sql`show shared_buffers`)) as unknown as { rows: { shared_buffers: string }[] }).rows;
        expect(rows[0]!.shared_buffers).toBe(expected);
      } finally {
        await database.close();
      }
    }
  });
});
