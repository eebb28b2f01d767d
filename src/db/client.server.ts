// Owns the database connection: PGlite in DATA_DIR by default (one process per folder, enforced by a lock
// file), PostgreSQL when DATABASE_URL is set. Migrations run from code so extensions load first.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { withPreparedStatements } from './pglite-prepared.server.ts';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { SizeCachingNodeFS } from './pglite-fs.server.ts';
import { yieldBetweenTurns } from './pglite-yield.server.ts';
import { EMBEDDED_STATISTICS_TARGET } from './maintenance.server.ts';
import { DEFAULT_PGLITE_SHARED_BUFFERS_MB } from '../config/env.ts';

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
  ping(): Promise<boolean>;
  /**
   * How many connections to the database were lost so far (a monotonic count; PGlite: always 0). The HTTP
   * edge compares it before and after a request: a 500 while a connection died is answered as a 503.
   */
  connectionLosses?(): number;
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
  migrationsFolder?: string;
  /** PGlite's shared_buffers (PGLITE_SHARED_BUFFERS_MB, default DEFAULT_PGLITE_SHARED_BUFFERS_MB). */
  pgliteSharedBuffersMb?: number;
  /** A new PGlite folder's cluster is made in this process: for short-lived processes that exit when done. */
  clusterInProcess?: boolean;
}

const defaultMigrations = () => path.resolve(process.env.MIGRATIONS_DIR ?? 'migrations');

/**
 * drizzle-orm 0.45's node-postgres transaction sends BEGIN before its try/finally: when the connection dies
 * right there (a restart, pg_terminate_backend) the client is never given back and the pool runs dry (every
 * later query waits for a connection until it times out). Same steps, with the client always released, and
 * released as broken when the connection was lost, so the pool drops it and opens a new one.
 */
let transactionPatched = false;
function patchTransactionRelease(): void {
  if (transactionPatched) return;
  transactionPatched = true;
  type Session = { client: pg.Pool | pg.PoolClient; dialect: unknown; schema: unknown; options: unknown };
  const proto = NodePgSession.prototype as unknown as { transaction: (this: Session, fn: (tx: unknown) => Promise<unknown>, config?: unknown) => Promise<unknown> };
  proto.transaction = async function (this: Session, fn, config) {
    const isPool = this.client instanceof pg.Pool;
    const Ctor = NodePgSession as unknown as new (...args: unknown[]) => Session;
    const TxCtor = NodePgTransaction as unknown as new (...args: unknown[]) => { execute(q: unknown): Promise<unknown>; getTransactionConfigSQL(c: unknown): unknown };
    const session = isPool ? new Ctor(await (this.client as pg.Pool).connect(), this.dialect, this.schema, this.options) : this;
    const tx = new TxCtor(this.dialect, session, this.schema);
    let failure: unknown;
    try {
      await tx.execute(sql`begin${config ? sql` ${tx.getTransactionConfigSQL(config) as ReturnType<typeof sql>}` : undefined}`);
      try {
        const result = await fn(tx);
        await tx.execute(sql`commit`);
        return result;
      } catch (err) {
        failure = err;
        await tx.execute(sql`rollback`);
        throw err;
      }
    } catch (err) {
      failure ??= err;
      throw err;
    } finally {
      if (isPool) (session.client as pg.PoolClient).release(isConnectionError(failure) ? (failure as Error) : undefined);
    }
  };
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const migrationsFolder = opts.migrationsFolder ?? defaultMigrations();
  if (opts.databaseUrl) {
    patchTransactionRelease();
    // Without a connection timeout a database host that stops answering (no refusal, just silence) makes
    // every request wait forever; with it they fail after a few seconds and the server answers 503.
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // The store's queries are short and many run at once: parallel workers cost more than they save
      // (measured by bench/query-cost.ts: 7 ms → 19 ms median with them on).
      options: '-c max_parallel_workers_per_gather=0',
    });
    // A client losing its server (a restart, a failover, pg_terminate_backend) emits 'error'; without a
    // listener Node ends the process. The pool listens only while a client is idle in it, so each client
    // gets its own listener for its whole life, checked out or not. The pool drops a broken client and
    // opens a new one for the next query.
    const lost = () => noteConnectionLoss();
    pool.on('error', lost);
    pool.on('connect', (client) => client.on('error', lost));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      jobs: { kind: 'postgres', connectionString: opts.databaseUrl },
      migrate: () => migratePg(db as never, { migrationsFolder }),
      ping: () => ping(db),
      connectionLosses,
      close: () => pool.end(),
      listen: (channel, onNotify, onReconnect) => listenPg(opts.databaseUrl!, channel, onNotify, onReconnect),
    };
  }

  const dir = opts.dataDir && opts.dataDir !== 'memory://' ? path.resolve(opts.dataDir) : undefined;
  const release = dir ? acquireLock(dir) : () => {};
  try {
    if (dir && !opts.clusterInProcess) await createClusterInChild(clusterDir(dir));
    const client = await PGlite.create({
      // On disk: NODEFS, remembering file sizes between changes (pglite-fs.server.ts); otherwise in memory.
      ...(dir ? { fs: new SizeCachingNodeFS(clusterDir(dir)) } : {}),
      extensions: { pg_trgm, unaccent },
      // PostgreSQL's default 128 MB of shared buffers lives in PGlite's WebAssembly memory, on top of the
      // operating system's cache of the same files: the process stood at 390 MB right after opening and
      // 527 MB after one full scan. With 32 MB: 283 and 350 MB (issue 16); the files stay in the OS cache.
      // 16 MB since 2026-11-28 (DEFAULT_PGLITE_SHARED_BUFFERS_MB): about 15 MB less at a busy server's peak.
      // ANALYZE's sample is sized to fit PGlite's memory too (maintenance.server.ts).
      postgresqlconf: [`shared_buffers=${opts.pgliteSharedBuffersMb ?? DEFAULT_PGLITE_SHARED_BUFFERS_MB}MB`, `default_statistics_target=${EMBEDDED_STATISTICS_TARGET}`],
    });
    // Each turn at the database lets the event loop poll first when it has waited 10 ms (pglite-yield.server.ts).
    yieldBetweenTurns(client);
    // Statements are kept prepared (the store's named ones, and any text run twice), as drivers keep them on PostgreSQL.
    const db = drizzlePglite(withPreparedStatements(client), { schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      jobs: { kind: 'pglite', client },
      migrate: () => migratePglite(db as never, { migrationsFolder }),
      ping: () => ping(db),
      connectionLosses,
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * A new PGlite folder gets its cluster (PostgreSQL's initdb) from a short-lived child process. Run in this
 * process, initdb's own WebAssembly module and memory stayed resident after it finished: the first start on
 * a bare machine (`npm start`) opened at 780 MB and settled at 503 MB after GC, where the same folder opened
 * by a later start sits at 357 MB (measured with scratch scripts on the demo catalog; bench/NOTES.md). The
 * child costs about a second, once per folder.
 */
async function createClusterInChild(pgDir: string): Promise<void> {
  if (hasCluster(pgDir)) return;
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)}); const db = await PGlite.create({ dataDir: process.argv[1] }); await db.close();`;
  await runNodeChild(['--input-type=module', '-e', script, pgDir], (why) => `Não foi possível criar o banco embutido em ${pgDir} (${why})`);
}

/** Where PGlite keeps its cluster inside a DATA_DIR. */
const clusterDir = (dataDir: string) => path.join(path.resolve(dataDir), 'pglite');
const hasCluster = (pgDir: string) => fs.existsSync(path.join(pgDir, 'PG_VERSION'));

/** True for a PGlite data folder that holds no cluster yet (a first start); false for memory:// and existing folders. */
export function isNewEmbeddedFolder(dataDir: string | undefined): boolean {
  return !!dataDir && dataDir !== 'memory://' && !hasCluster(clusterDir(dataDir));
}

/**
 * Runs `node <args>` to its end and gives its standard output; a failure rejects with `message(why)` followed
 * by the end of its standard error.
 */
export function runNodeChild(args: string[], message: (why: string) => string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve(stdout) : reject(new Error(`${message(signal ?? `código ${code}`)}: ${stderr.trim()}`))));
  });
}

/** One dedicated connection for LISTEN; a lost connection is retried every RELISTEN_MS. */
async function listenPg(url: string, channel: string, onNotify: (payload: string | undefined) => void, onReconnect: () => void): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`canal inválido: ${channel}`);
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (again: boolean): Promise<void> => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify(n.payload);
    });
    const lost = () => {
      if (client !== c) return;
      client = null;
      void c.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect(true).catch(() => {}), RELISTEN_MS);
    };
    c.on('error', lost);
    c.on('end', lost);
    client = c;
    try {
      await c.connect();
      await c.query(`listen ${channel}`);
      if (again) onReconnect();
    } catch (err) {
      lost();
      if (!again) throw err;
    }
  };
  await connect(false);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}

const RELISTEN_MS = 1000;
const CONNECT_TIMEOUT_MS = 5000;

// SQLSTATE classes and codes that mean "the connection, not the query, failed": 08 connection exception,
// 57P01–57P03 admin shutdown / crash shutdown / cannot connect now, 53300 too many connections.
const CONNECTION_SQLSTATES = /^(08...|57P0[1-3]|53300)$/;
const CONNECTION_ERRNOS = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const CONNECTION_MESSAGES = /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated unexpectedly|terminating connection/i;

// Counted on a global: the bundled React Router server (whose loaders see the failed queries) and the
// unbundled Hono server (which answers) each load this module.
const LOSSES = Symbol.for('olimpo.connectionLosses');
type LossHolder = { [LOSSES]?: number };

/** Counts one lost connection (a client's 'error' event, or a query that failed because of it). */
export function noteConnectionLoss(): void {
  (globalThis as LossHolder)[LOSSES] = ((globalThis as LossHolder)[LOSSES] ?? 0) + 1;
}

export function connectionLosses(): number {
  return (globalThis as LossHolder)[LOSSES] ?? 0;
}

/**
 * Did this error come from losing the database connection (rather than from the query itself)? Looks
 * through `cause` (drizzle wraps driver errors) and AggregateError members.
 */
export function isConnectionError(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (CONNECTION_SQLSTATES.test(e.code) || CONNECTION_ERRNOS.has(e.code))) return true;
  if (typeof e.message === 'string' && CONNECTION_MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isConnectionError(x, depth + 1))) return true;
  return isConnectionError(e.cause, depth + 1);
}
const PING_TIMEOUT_MS = 3000;

/** `select 1`, false when it fails or takes longer than PING_TIMEOUT_MS (readiness must answer quickly). */
async function ping(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('ping timeout')), PING_TIMEOUT_MS);
  });
  try {
    await Promise.race([db.execute(sql`select 1`), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * PGlite has no lock of its own and two processes on one folder corrupt it. A lock file holding our pid is
 * created exclusively; a stale one (its process is gone) is taken over.
 */
export function acquireLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'olimpo.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
      process.on('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `A pasta de dados ${dir} já está em uso pelo processo ${holder}. ` +
            'Pare esse processo, use outro DATA_DIR ou configure DATABASE_URL para usar PostgreSQL.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Não foi possível travar a pasta de dados ${dir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// The server build (bundled by Vite) and the Hono server (run by Node) each load this module; the open
// database is shared through a global so there is exactly one per process.
const KEY = Symbol.for('olimpo.database');
type Holder = { [KEY]?: Database };

export function setDatabase(database: Database | undefined): void {
  (globalThis as Holder)[KEY] = database;
}

export function getDatabase(): Database {
  const database = (globalThis as Holder)[KEY];
  if (!database) throw new Error('Banco de dados não inicializado.');
  return database;
}

export function getDb(): Db {
  return getDatabase().db;
}
