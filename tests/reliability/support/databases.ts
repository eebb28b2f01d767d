// Databases for real server processes: a temporary PGlite data folder, or a fresh PostgreSQL database made
// from TEST_DATABASE_URL (as tests/support/databases.ts does), migrated and seeded by the test itself so the
// servers start with SEED_ON_START=false: copies of one prepared once per run (support/database-templates.ts). The test reads and writes them with a connection of its own.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { openDatabase } from '#src/db/client.server.ts';
import type { Db } from '#src/db/client.server.ts';
import { seedCatalog } from '#src/domain/catalog/seed/seed.server.ts';
import { seedCouponsIfEmpty } from '#src/domain/pricing/coupons.server.ts';
import { DATABASE_KINDS, queryRows } from '../../support/databases.ts';
import { createPostgresDatabase, pgliteFolderTemplate, postgresTemplate, withDatabaseName } from '../../support/database-templates.ts';
import type { Recipe } from '../../support/database-templates.ts';
import type { Kind } from '../../support/databases.ts';
import { isAlive } from '#src/db/pglite.server.ts';

export { DATABASE_KINDS, queryRows, withDatabaseName };
export type { Kind };

export interface ServerDatabase {
  kind: Kind;
  /** What to hand to AppServer.create. */
  server: { dataDir?: string; databaseUrl?: string };
  /** PostgreSQL only: the database's own URL. */
  url?: string;
  /**
   * Runs `fn` on a connection of the test's own. PGlite allows one process per folder: stop the server
   * first (the lock file refuses otherwise).
   */
  use<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  dispose(): Promise<void>;
}

const PREFIX = 'olimpo-rel-';
const OWNER_FILE = '.owner-pid';

/** Folders left by a run that was killed outright (its afterAll never ran): removed once their owner is gone. */
function sweepStaleFolders(): void {
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = path.join(os.tmpdir(), name);
    try {
      const owner = Number(fs.readFileSync(path.join(dir, OWNER_FILE), 'utf8'));
      if (Number.isSafeInteger(owner) && owner > 0 && isAlive(owner)) continue;
      fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // no owner file: not ours, or already gone
    }
  }
}

/** Migrated, seeded with `seedProducts` products and the coupons (no fitment). */
function recipe(seedProducts: number): Recipe {
  return {
    key: `rel_${seedProducts}`,
    prepare: async (database) => {
      await database.migrate();
      await seedCatalog(database.db, { count: seedProducts });
      await seedCouponsIfEmpty(database.db);
    },
  };
}

/**
 * A database for the test's servers, migrated and seeded: a copy of this run's prepared one (a PGlite data
 * folder copied, or a PostgreSQL template; tests/support/database-templates.ts), then `opts.prepare`.
 */
export async function createServerDatabase(kind: Kind, opts: { seedProducts?: number; prepare?: (db: Db) => Promise<void> } = {}): Promise<ServerDatabase> {
  const how = recipe(opts.seedProducts ?? 40);
  if (kind === 'pglite') {
    sweepStaleFolders();
    const template = await pgliteFolderTemplate(how);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), PREFIX));
    if (template) fs.cpSync(template, dir, { recursive: true });
    fs.writeFileSync(path.join(dir, OWNER_FILE), String(process.pid));
    const use = async <T>(fn: (db: Db) => Promise<T>): Promise<T> => {
      const database = await openDatabase({ dataDir: dir });
      try {
        return await fn(database.db);
      } finally {
        await database.close();
      }
    };
    const database = await openDatabase({ dataDir: dir });
    try {
      if (!template) await how.prepare(database);
      await opts.prepare?.(database.db);
    } finally {
      await database.close();
    }
    return { kind, server: { dataDir: dir }, use, dispose: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }

  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('TEST_DATABASE_URL não definido');
  const template = await postgresTemplate(admin, how);
  const created = await createPostgresDatabase(admin, 'olimpo_rel', template);
  const database = await openDatabase({ databaseUrl: created.url, poolSize: 3 });
  if (!template) await how.prepare(database);
  await opts.prepare?.(database.db);
  return {
    kind,
    server: { databaseUrl: created.url },
    url: created.url,
    use: (fn) => fn(database.db),
    dispose: async () => {
      await database.close();
      await created.drop();
    },
  };
}

export function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return queryRows<T>(db, query);
}

/**
 * Every row of every table outside PostgreSQL's own schemas, in PostgreSQL's text form: a full dump. The job
 * queue's bookkeeping (schema `pgboss`: its cron ticks every minute) is left out; jobs carry only ids.
 */
export async function dumpAllRows(db: Db): Promise<{ table: string; text: string }[]> {
  const tables = await rows<{ schema: string; name: string }>(
    db,
    sql`select table_schema as schema, table_name as name from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema', 'pgboss') and table_type = 'BASE TABLE' order by 1, 2`,
  );
  const out: { table: string; text: string }[] = [];
  for (const { schema, name } of tables) {
    const found = await rows<{ t: string }>(db, sql`select t::text as t from ${sql.identifier(schema)}.${sql.identifier(name)} t`);
    for (const r of found) out.push({ table: `${schema}.${name}`, text: r.t });
  }
  return out;
}

/**
 * A connection storm: a connection of the test's own ends every backend with that application_name, every
 * `everyMs`, until `stop()`, which says how many it ended.
 */
export async function startConnectionStorm(url: string, applicationName: string, everyMs = 200): Promise<{ stop(): Promise<number> }> {
  const killer = new pg.Client({ connectionString: url });
  await killer.connect();
  let stopped = false;
  let killed = 0;
  const loop = (async () => {
    while (!stopped) {
      const r = await killer.query(`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = $1`, [applicationName]);
      killed += (r.rows[0] as { n: number }).n;
      await new Promise((done) => setTimeout(done, everyMs));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      await killer.end();
      return killed;
    },
  };
}
