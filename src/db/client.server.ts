// Owns the database connection: PGlite in DATA_DIR by default (pglite.server.ts), PostgreSQL when DATABASE_URL
// is set (postgres.server.ts). Migrations run from code so extensions load first.
import path from 'node:path';
import { openPglite } from './pglite.server.ts';
import { openPostgres } from './postgres.server.ts';

export { isConnectionError, isStatementTimeout } from './errors.ts';
export { acquireLock, isNewEmbeddedFolder, runNodeChild } from './pglite.server.ts';

export type { Database, Db, OpenOptions, Tx } from './types.ts';
import type { Database, Db, OpenOptions } from './types.ts';

const defaultMigrations = () => path.resolve(process.env.MIGRATIONS_DIR ?? 'migrations');

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const migrationsFolder = opts.migrationsFolder ?? defaultMigrations();
  return opts.databaseUrl ? openPostgres({ ...opts, databaseUrl: opts.databaseUrl }, migrationsFolder) : openPglite(opts, migrationsFolder);
}
