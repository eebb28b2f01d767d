// Recognising database errors the same way on PGlite and node-postgres (Drizzle wraps both), and counting
// lost connections.

/** A unique constraint refused the row (SQLSTATE 23505); `constraint` narrows it to one index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return constraint === undefined || e.constraint === constraint || String((e as Error).message ?? '').includes(constraint);
  }
  return false;
}

// SQLSTATE classes and codes that mean "the connection, not the query, failed": 08 connection exception,
// 57P01–57P03 admin shutdown / crash shutdown / cannot connect now, 53300 too many connections.
const CONNECTION_SQLSTATES = /^(08...|57P0[1-3]|53300)$/;
const CONNECTION_ERRNOS = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const CONNECTION_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated unexpectedly|terminating connection/i;

/**
 * A database's count of lost connections (a client's 'error' event, or a query that failed because of it):
 * one per opened database (postgres.server.ts, pglite.server.ts), reached through `Database`.
 */
export function createConnectionLossCounter(): { noteConnectionLoss(): void; connectionLosses(): number } {
  let losses = 0;
  return {
    noteConnectionLoss: () => {
      losses += 1;
    },
    connectionLosses: () => losses,
  };
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

/**
 * Did PostgreSQL cancel the statement (SQLSTATE 57014: its statement_timeout, or a cancel request sent when
 * the client went away), or did the wait for a connection outlast the request's timeout? The database is up:
 * this is one slow statement, not an outage.
 */
export function isStatementTimeout(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; cause?: unknown };
  if (e.code === '57014' || e.code === 'OLIMPO_DB_BUSY') return true;
  return isStatementTimeout(e.cause, depth + 1);
}
