// One place creates and drops test databases. A database prepared by a recipe (migrated, seeded) is built
// once per test run and copied for each test file, which still gets a database of its own:
// - PostgreSQL: a template database per recipe, then `CREATE DATABASE x TEMPLATE tpl` (a file copy);
// - PGlite in memory: the prepared cluster's tarball (`dumpDataDir`), opened with `loadDataDir`;
// - PGlite on disk (reliability servers): a prepared data folder, copied.
// The run's names come from database-templates-setup.ts (Vitest globalSetup). Without it (another runner),
// every database is prepared from scratch, as before.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase } from '#src/db/client.server.ts';
import type { Database } from '#src/db/client.server.ts';
import { TEMPLATE_PREFIX } from './database-templates-setup.ts';
import { isAlive } from '#src/db/pglite.server.ts';

/** How to prepare a database; `key` (lowercase letters, digits, `_`) names the prepared copy. */
export interface Recipe {
  key: string;
  prepare(database: Database): Promise<void>;
}

function run(): { runId: string; dir: string } | undefined {
  try {
    return inject('databaseTemplates');
  } catch {
    return undefined;
  }
}

export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function onAdmin<T>(adminUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export interface PostgresTestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A new database of the test's own on the server `adminUrl` names: empty, or a copy of `template`. */
export async function createPostgresDatabase(adminUrl: string, prefix: string, template?: string): Promise<PostgresTestDatabase> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  await onAdmin(adminUrl, (c) => c.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  return { name, url: withDatabaseName(adminUrl, name), drop: () => onAdmin(adminUrl, async (c) => void (await c.query(`drop database if exists ${name} with (force)`))) };
}

/**
 * This run's template database for `recipe`, built by the first file that asks (an advisory lock keeps the
 * other workers waiting meanwhile). Every connection to it is closed before it is copied: `CREATE DATABASE …
 * TEMPLATE` refuses a template in use. Undefined outside a Vitest run with the globalSetup.
 */
export async function postgresTemplate(adminUrl: string, recipe: Recipe): Promise<string | undefined> {
  const current = run();
  if (!current) return undefined;
  const name = `${TEMPLATE_PREFIX}${current.runId}_${recipe.key}`;
  await onAdmin(adminUrl, async (c) => {
    await c.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      if ((await c.query('select 1 from pg_database where datname = $1', [name])).rowCount) return;
      await c.query(`create database ${name}`);
      try {
        const database = await openDatabase({ databaseUrl: withDatabaseName(adminUrl, name), poolSize: 2 });
        try {
          await recipe.prepare(database);
        } finally {
          await database.close();
        }
      } catch (err) {
        await c.query(`drop database if exists ${name} with (force)`);
        throw err;
      }
    } finally {
      await c.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
  return name;
}

/**
 * Builds `target` (a file or a folder) once per run: the first worker takes `<target>.lock` and the others
 * wait for it (a lock whose process is gone is taken over). Written through a temporary name and a rename,
 * so a reader never sees half of it.
 */
async function buildOnce(target: string, build: (tmp: string) => Promise<void>): Promise<void> {
  const lock = `${target}.lock`;
  for (;;) {
    if (fs.existsSync(target)) return;
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let owner = 0;
    try {
      owner = Number(fs.readFileSync(lock, 'utf8')) || 0;
    } catch {
      continue; // released meanwhile
    }
    if (owner > 0 && !isAlive(owner)) fs.rmSync(lock, { force: true });
    else await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const tmp = `${target}.${process.pid}.tmp`;
  try {
    if (fs.existsSync(target)) return;
    await build(tmp);
    fs.renameSync(tmp, target);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.rmSync(lock, { force: true });
  }
}

/** This run's prepared in-memory PGlite for `recipe`, as a data folder tarball for `loadDataDir`. */
export async function pgliteTemplate(recipe: Recipe): Promise<Blob | undefined> {
  const current = run();
  if (!current) return undefined;
  const file = path.join(current.dir, `pglite-${recipe.key}.tar`);
  await buildOnce(file, async (tmp) => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await recipe.prepare(database);
      if (database.jobs.kind !== 'pglite') throw new Error('expected PGlite');
      await database.jobs.client.exec('checkpoint');
      const tarball = await database.jobs.client.dumpDataDir('none');
      fs.writeFileSync(tmp, Buffer.from(await tarball.arrayBuffer()));
    } finally {
      await database.close();
    }
  });
  return new Blob([fs.readFileSync(file)]);
}

/** This run's prepared PGlite data folder (DATA_DIR) for `recipe`, to copy; closed, so it is whole on disk. */
export async function pgliteFolderTemplate(recipe: Recipe): Promise<string | undefined> {
  const current = run();
  if (!current) return undefined;
  const folder = path.join(current.dir, `folder-${recipe.key}`);
  await buildOnce(folder, async (tmp) => {
    const database = await openDatabase({ dataDir: tmp });
    try {
      await recipe.prepare(database);
    } finally {
      await database.close();
    }
  });
  return folder;
}
