// Test databases: a fresh in-memory PGlite always, and a fresh PostgreSQL database when TEST_DATABASE_URL
// is set (CI always sets it). Each test file gets its own, migrated and, if asked, seeded: a copy of one
// prepared once per run (database-templates.ts).
import { PgDialect } from 'drizzle-orm/pg-core';
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import type { SQL } from 'drizzle-orm';
import { openDatabase } from '#src/db/client.server.ts';
import type { Database } from '#src/db/client.server.ts';
import { seedCatalog } from '#src/domain/catalog/seed/seed.server.ts';
import { seedCouponsIfEmpty } from '#src/domain/pricing/coupons.server.ts';
import { seedFitment } from '#src/domain/fitment/seed/seed.server.ts';
import { createPostgresDatabase, pgliteTemplate, postgresTemplate } from './database-templates.ts';
import type { Recipe } from './database-templates.ts';
import { isReadyMadeText } from '#src/db/prepared.server.ts';

export type Kind = 'pglite' | 'postgres';

/** The database kinds this run covers: PGlite, plus PostgreSQL when TEST_DATABASE_URL is set. */
export const DATABASE_KINDS: Kind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

if (process.env.CI === 'true' && !process.env.TEST_DATABASE_URL) {
  throw new Error('CI must set TEST_DATABASE_URL so the PostgreSQL half of the suite runs.');
}

export interface TestDatabase extends Database {
  dispose(): Promise<void>;
}

/** Migrated, seeded with `seedProducts` products and their fitment when asked, and the coupons. */
function recipe(seedProducts: number): Recipe {
  return {
    key: `int_${seedProducts}`,
    prepare: async (database) => {
      await database.migrate();
      if (seedProducts) {
        await seedCatalog(database.db, { count: seedProducts });
        await seedFitment(database.db);
      }
      await seedCouponsIfEmpty(database.db);
    },
  };
}

/**
 * The test file's own database, migrated and seeded: a copy of this run's prepared one (database-templates.ts),
 * so the migrations and the seed run once per run and recipe, not once per file.
 */
export async function createTestDatabase(kind: Kind, opts: { seedProducts?: number } = {}): Promise<TestDatabase> {
  const how = recipe(opts.seedProducts ?? 0);
  let database: Database;
  let drop = async () => {};
  if (kind === 'pglite') {
    const loadDataDir = await pgliteTemplate(how);
    database = await openDatabase({ dataDir: 'memory://', loadDataDir });
    if (!loadDataDir) await how.prepare(database);
  } else {
    const admin = process.env.TEST_DATABASE_URL!;
    const template = await postgresTemplate(admin, how);
    const created = await createPostgresDatabase(admin, 'olimpo_t', template);
    database = await openDatabase({ databaseUrl: created.url, poolSize: 5 });
    drop = created.drop;
    if (!template) await how.prepare(database);
  }
  return {
    ...database,
    dispose: async () => {
      await database.close();
      await drop();
    },
  };
}

/** Rows of a raw SQL query, typed by the caller (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: Database['db'], query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Runs `fn` and counts the statements it sends on `db`: every statement drizzle runs (select builders,
 * execute and statements built once and run again, prepared.server.ts) reaches the driver's client through
 * its `query`. Only `fn`'s own count (its async context): a background job running on the same database
 * meanwhile (the order e-mails' sender) is not `fn`. Not for transactions (they run on another client).
 */
export async function countStatements<T>(db: Database['db'], fn: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const client = (db as unknown as { _: { session: { client: { query: (...args: unknown[]) => unknown } } } })._.session.client;
  const original = client.query;
  const mine = new AsyncLocalStorage<true>();
  let statements = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    if (mine.getStore()) statements++;
    return original.apply(this, args);
  };
  try {
    return { result: await mine.run(true, fn), statements };
  } finally {
    client.query = original;
  }
}

/**
 * Runs `fn` and counts the statement texts drizzle writes for it (`PgDialect.sqlToQuery`, for every statement
 * built: query builders, `execute`, prepared.server.ts); only `fn`'s own, as in countStatements. A statement
 * built once and run again writes none.
 */
export async function countWrittenStatements<T>(fn: () => Promise<T>): Promise<{ result: T; written: number }> {
  const original = PgDialect.prototype.sqlToQuery;
  const mine = new AsyncLocalStorage<true>();
  let written = 0;
  PgDialect.prototype.sqlToQuery = function (this: PgDialect, ...args: Parameters<PgDialect['sqlToQuery']>) {
    // A text written once and sent again with new values (src/db/prepared.server.ts) is not a written statement.
    if (mine.getStore() && !isReadyMadeText(args[0])) written++;
    return original.apply(this, args);
  };
  try {
    return { result: await mine.run(true, fn), written };
  } finally {
    PgDialect.prototype.sqlToQuery = original;
  }
}

/**
 * Runs `fn` and counts the statements it sends to PostgreSQL on any connection (a pool's, a transaction's,
 * BEGIN and COMMIT included): its round trips to the database. Only `fn`'s own (its async context), as in
 * countStatements. PostgreSQL only: node-postgres's `Client.query` is where every one of them passes. `texts`
 * begins each statement, for an assertion's message.
 */
export async function countRoundTrips<T>(fn: () => Promise<T>): Promise<{ result: T; roundTrips: number; texts: string[] }> {
  const original = pg.Client.prototype.query;
  const mine = new AsyncLocalStorage<true>();
  const texts: string[] = [];
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (mine.getStore()) {
      const q = args[0] as string | { text?: string };
      texts.push((typeof q === 'string' ? q : (q.text ?? '')).replace(/\s+/g, ' ').trim().slice(0, 80));
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    return { result: await mine.run(true, fn), roundTrips: texts.length, texts };
  } finally {
    pg.Client.prototype.query = original;
  }
}

/**
 * An empty PostgreSQL database of the test's own, made on the server TEST_DATABASE_URL names (no migrations):
 * its URL, and `drop()` for afterAll.
 */
export async function createEmptyPostgresDatabase(adminUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  return createPostgresDatabase(adminUrl, prefix);
}
