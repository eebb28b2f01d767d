// PostgreSQL (DATABASE_URL): one pool split in two lanes (postgres-lanes.server.ts), a LISTEN connection for
// the catalog's change notices, and the start-up lock that keeps several instances from migrating at once.
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import type { Database, Db, OpenOptions } from './types.ts';
import { createConnectionLossCounter, isConnectionError } from './errors.ts';
import { laneRoutedPool } from './postgres-lanes.server.ts';
import { namingClient } from './postgres-named-statements.server.ts';
import { statementNameOf } from './prepared.server.ts';
import { pingWithin } from './ping.server.ts';

const CONNECT_TIMEOUT_MS = 5000;
const RELISTEN_MS = 1000;
/** Connections of the pool the shared lane never takes, by default (DB_RESERVED_CONNECTIONS). */
export const DEFAULT_RESERVED_CONNECTIONS = 2;

/**
 * The key of the start-up lock (pg_advisory_lock takes any bigint; this one is "olimpo" in ASCII). Every
 * instance of the store on one database takes it around migrations and the demo seed.
 */
const STARTUP_LOCK_KEY = '122511415930991';

export async function openPostgres(opts: OpenOptions & { databaseUrl: string }, migrationsFolder: string): Promise<Database> {
  patchTransactionRelease();
  const url = opts.databaseUrl;
  const size = opts.poolSize ?? 10;
  // Without a connection timeout a database host that stops answering (no refusal, just silence) makes
  // every request wait forever; with it they fail after a few seconds and the server answers 503.
  const Client = namingClient(statementNameOf);
  const poolOptions = (max: number, statementTimeoutMs: number): pg.PoolConfig => ({
    connectionString: url,
    // The order path's and the job queue's raw statements are prepared once per connection (decision 007).
    Client,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // The store's queries are short and many run at once: parallel workers cost more than they save
    // (measured by bench/query-cost.ts: 7 ms → 19 ms median with them on).
    options: `-c max_parallel_workers_per_gather=0 -c statement_timeout=${Math.trunc(statementTimeoutMs)}`,
  });
  const statementTimeoutMs = opts.statementTimeoutMs ?? 0;
  // The requests' pool, its connections born with the store's statement timeout; and the pool of jobs,
  // start-up and the back office, born with none (postgres-lanes.server.ts).
  const pool = new pg.Pool(poolOptions(size, statementTimeoutMs));
  const background = new pg.Pool(poolOptions(opts.backgroundPoolSize ?? size, 0));
  // A client losing its server (a restart, a failover, pg_terminate_backend) emits 'error'; without a
  // listener Node ends the process. The pool listens only while a client is idle in it, so each client
  // gets its own listener for its whole life, checked out or not. The pool drops a broken client and
  // opens a new one for the next query.
  const counter = createConnectionLossCounter();
  const lost = () => counter.noteConnectionLoss();
  for (const p of [pool, background]) {
    p.on('error', lost);
    p.on('connect', (client) => client.on('error', lost));
  }
  const routed = laneRoutedPool(pool, background, {
    size,
    reserved: Math.min(opts.reservedConnections ?? DEFAULT_RESERVED_CONNECTIONS, size - 1),
    statementTimeoutMs,
    cancel: (pid) => cancelBackend(url, pid),
  });
  // The health check's own connection: /readyz never waits behind the store's queries, or a busy store
  // would look down to the load balancer (and to the gate that shows the maintenance page).
  const health = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  health.on('error', lost);
  health.on('connect', (client) => client.on('error', lost));
  const db = drizzlePg(routed, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    jobs: { kind: 'postgres', connectionString: url },
    migrate: () => migratePg(db as never, { migrationsFolder }),
    exclusive: (fn) => withStartupLock(url, fn, lost),
    ping: () => pingWithin(() => health.query('select 1')),
    ...counter,
    close: async () => {
      await Promise.all([routed.end(), health.end()]);
    },
    listen: (channel, onNotify, onReconnect) => listenPg(url, channel, onNotify, onReconnect),
  };
}

/**
 * Runs `fn` holding the start-up lock: a session-level advisory lock on a connection of its own, released
 * when `fn` ends (or, should the process die, when PostgreSQL closes that connection). Two instances started
 * together on an empty database both ran `CREATE EXTENSION IF NOT EXISTS unaccent`; the second failed on
 * pg_extension_name_index. Now the second waits, then finds every migration applied.
 */
async function withStartupLock<T>(url: string, fn: () => Promise<T>, lost: () => void): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  client.on('error', lost);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [STARTUP_LOCK_KEY]);
    return await fn();
  } finally {
    await client.query('select pg_advisory_unlock($1::bigint)', [STARTUP_LOCK_KEY]).catch(() => {});
    await client.end().catch(() => {});
  }
}

/**
 * Cancels what the backend `pid` is running (its client went away), from a short-lived connection: the pool
 * may have none to spare. A backend that has already finished its statement ignores the request.
 */
async function cancelBackend(url: string, pid: number): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select pg_cancel_backend($1)', [pid]);
  } finally {
    await client.end().catch(() => {});
  }
}

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
