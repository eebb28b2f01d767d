// What a request asks of the database: its lane (priority for the order path, long for the back office,
// shared for everything else), and the signal that says its client went away. The HTTP edge opens a scope per
// request (server/middleware/database-scope.ts); the PostgreSQL pools read it at each checkout
// (postgres-lanes.server.ts). Work outside any scope (jobs, CLI tools, start-up) has no timeout.
import { AsyncLocalStorage } from 'node:async_hooks';

export type DbLane = 'priority' | 'shared' | 'long';

export interface DbScope {
  lane: DbLane;
  /**
   * The long lane's statement_timeout (0: none). The other lanes have the store's own, which the main pool's
   * connections carry (DB_STATEMENT_TIMEOUT_MS).
   */
  statementTimeoutMs: number;
  /** Aborted when the client disconnects: the running statement is cancelled. */
  signal?: AbortSignal;
  /** Shared with every copy of the scope (see detachedFromClient): set when a statement ran out of time. */
  outcome: { timedOut: boolean };
}

const storage = new AsyncLocalStorage<DbScope>();

export function runInDbScope<T>(scope: Omit<DbScope, 'outcome'> & { outcome?: DbScope['outcome'] }, fn: () => T): T {
  return storage.run({ ...scope, outcome: scope.outcome ?? { timedOut: false } }, fn);
}

export function currentDbScope(): DbScope | undefined {
  return storage.getStore();
}

/**
 * Runs `fn` in the current scope without its client's signal: for work shared by several requests (a page
 * rendered once for every shopper waiting on it), which one client leaving must not cancel.
 */
export function detachedFromClient<T>(fn: () => T): T {
  const scope = storage.getStore();
  return scope ? storage.run({ ...scope, signal: undefined }, fn) : fn();
}

/** A statement, or the wait for a connection, outlasted the request's statement timeout. */
export class DatabaseBusyError extends Error {
  readonly code = 'OLIMPO_DB_BUSY';
  constructor(message = 'O banco de dados está ocupado demais para esta consulta agora.') {
    super(message);
    this.name = 'DatabaseBusyError';
  }
}

/** The request's client left before it had a connection: nothing was sent to the database. */
export class ClientGoneError extends Error {
  readonly code = 'OLIMPO_CLIENT_GONE';
  constructor() {
    super('O cliente desistiu da requisição.');
    this.name = 'ClientGoneError';
  }
}
