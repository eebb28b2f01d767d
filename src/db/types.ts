// The database's types, shared by the openers (pglite.server.ts, postgres.server.ts) and client.server.ts.
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a `db.transaction(async (tx) => …)` callback receives. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** What the durable job runner (src/platform/job-runner.server.ts) connects with: the same database. */
  jobs: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; connectionString: string };
  migrate(): Promise<void>;
  /**
   * Runs `fn` as the only instance doing so: start-up work that must not race another instance on the same
   * database (migrations, the demo seed). PostgreSQL: an advisory lock; PGlite: its folder lock already.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  ping(): Promise<boolean>;
  /**
   * How many connections to the database were lost so far (a monotonic count; PGlite: always 0). The HTTP
   * edge compares it before and after a request: a 500 while a connection died is answered as a 503.
   */
  connectionLosses?(): number;
  /** Counts one lost connection (the edge's and the pages' error handlers, sign-in's logger call it). */
  noteConnectionLoss?(): void;
  close(): Promise<void>;
  /**
   * PostgreSQL only: LISTEN on `channel` over a connection of its own (reconnecting after a loss, then
   * calling `onReconnect`, since notifications sent meanwhile are gone). Returns the stop function.
   */
  listen?(channel: string, onNotify: (payload: string | undefined) => void, onReconnect: () => void): Promise<() => Promise<void>>;
}

export interface OpenOptions {
  /** postgres:// URL; when absent PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder; `memory://` (or undefined with no URL) keeps it in memory. */
  dataDir?: string;
  poolSize?: number;
  /** PostgreSQL: connections of the pool that pages and the API's reads never take (DB_RESERVED_CONNECTIONS). */
  reservedConnections?: number;
  /** PostgreSQL: the statement timeout of requests' statements, in ms (DB_STATEMENT_TIMEOUT_MS; default 0, none). */
  statementTimeoutMs?: number;
  /** PostgreSQL: connections for jobs, start-up and the back office (DB_BACKGROUND_POOL_SIZE; default poolSize). */
  backgroundPoolSize?: number;
  migrationsFolder?: string;
  /** PGlite's shared_buffers (PGLITE_SHARED_BUFFERS_MB, default DEFAULT_PGLITE_SHARED_BUFFERS_MB). */
  pgliteSharedBuffersMb?: number;
  /** A new PGlite folder's cluster is made in this process: for short-lived processes that exit when done. */
  clusterInProcess?: boolean;
  /** PGlite in memory only: start from this data folder tarball (PGlite's `dumpDataDir`), as the tests do. */
  loadDataDir?: Blob;
}
