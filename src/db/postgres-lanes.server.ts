// The PostgreSQL pools behind drizzle, and how each request reaches them.
// - The main pool's connections carry the store's statement_timeout from the start (no SET per request).
//   Requests in the shared lane (pages, the API) may hold at most `size - reserved` of them at once; the rest
//   wait here, holding nothing, for at most that timeout. The priority lane (the order path) goes straight to
//   the pool, where `reserved` connections are always left for it.
// - The background pool serves the long lane (the back office, with its own longer timeout) and work outside
//   any request (jobs, start-up, tools: no timeout), so none of it ever takes the shop's connections.
// A request's statement is cancelled when its client leaves, and a timeout is noted on its scope.
import pg from 'pg';
import { isConnectionError, isStatementTimeout } from './errors.ts';
import { ClientGoneError, currentDbScope, DatabaseBusyError } from './request-scope.server.ts';
import type { DbScope } from './request-scope.server.ts';

/** At most `n` holders; a waiter gives up after `timeoutMs` (0: never) or when its signal aborts. */
class Slots {
  private waiters: Array<() => void> = [];
  private free: number;
  constructor(n: number) {
    this.free = n;
  }

  acquire(timeoutMs: number, signal?: AbortSignal): Promise<() => void> {
    if (this.free > 0) {
      this.free--;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        cleanup();
        resolve(this.releaser());
      };
      const drop = (err: Error) => {
        const at = this.waiters.indexOf(grant);
        if (at >= 0) this.waiters.splice(at, 1);
        cleanup();
        reject(err);
      };
      const onAbort = () => drop(new ClientGoneError());
      const timer = timeoutMs > 0 ? setTimeout(() => drop(new DatabaseBusyError()), timeoutMs) : undefined;
      const cleanup = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(grant);
    });
  }

  private releaser(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = this.waiters.shift();
      if (next) next();
      else this.free++;
    };
  }
}

type Query = (...args: unknown[]) => unknown;

export interface LaneOptions {
  /** The main pool's size, and how many of its connections the shared lane can never take. */
  size: number;
  reserved: number;
  /** The main pool's statement_timeout (its connections start with it): the longest wait for a slot too. */
  statementTimeoutMs: number;
  /** Cancels the statement running on the backend with this process id (a connection of its own). */
  cancel: (pid: number) => Promise<void>;
}

/**
 * A pool for drizzle (it must be a `pg.Pool`: drizzle checks) whose `connect` and `query` go to `main` or
 * `background` by the request's lane. It never opens a connection of its own. `background`'s connections
 * start with no statement timeout.
 */
export function laneRoutedPool(main: pg.Pool, background: pg.Pool, opts: LaneOptions): pg.Pool {
  const slots = new Slots(Math.max(1, opts.size - opts.reserved));
  // The statement_timeout each background connection has now: SET only when a checkout needs another.
  const timeoutOf = new WeakMap<pg.PoolClient, number>();

  const checkout = async (): Promise<pg.PoolClient> => {
    const scope = currentDbScope();
    const signal = scope?.signal;
    if (signal?.aborted) throw new ClientGoneError();
    const onMain = scope !== undefined && scope.lane !== 'long';
    let freeSlot = () => {};
    if (scope?.lane === 'shared') {
      try {
        freeSlot = await slots.acquire(opts.statementTimeoutMs, signal);
      } catch (err) {
        if (err instanceof DatabaseBusyError) scope.outcome.timedOut = true;
        throw err;
      }
    }
    let client: pg.PoolClient;
    try {
      client = await (onMain ? main : background).connect();
    } catch (err) {
      freeSlot();
      throw err;
    }
    try {
      if (signal?.aborted) throw new ClientGoneError();
      const timeoutMs = onMain ? undefined : scope ? scope.statementTimeoutMs : 0;
      if (timeoutMs !== undefined && (timeoutOf.get(client) ?? 0) !== timeoutMs) {
        await client.query(`set statement_timeout = ${Math.trunc(timeoutMs)}`);
        timeoutOf.set(client, timeoutMs);
      }
    } catch (err) {
      client.release(isConnectionError(err) ? (err as Error) : undefined);
      freeSlot();
      throw err;
    }
    return watch(client, scope, freeSlot);
  };

  /** Until released: statement timeouts are noted on the scope, and the client leaving cancels the statement. */
  const watch = (client: pg.PoolClient, scope: DbScope | undefined, freeSlot: () => void): pg.PoolClient => {
    if (!scope) return client;
    const query = client.query as unknown as Query;
    // Put back as it was: normally no own property, so that Client.prototype.query stays the one called.
    const ownQuery = Object.hasOwn(client, 'query');
    const release = client.release;
    let cancelling: Promise<void> | null = null;
    const onAbort = () => {
      const pid = (client as unknown as { processID?: number }).processID;
      if (pid) cancelling = opts.cancel(pid).catch(() => {});
    };
    scope.signal?.addEventListener('abort', onAbort, { once: true });
    (client as unknown as { query: Query }).query = (...args: unknown[]) => {
      const result = query.apply(client, args);
      if (!(result instanceof Promise)) return result;
      return result.catch((err: unknown) => {
        if (isStatementTimeout(err)) scope.outcome.timedOut = true;
        throw err;
      });
    };
    client.release = (err?: Error | boolean) => {
      scope.signal?.removeEventListener('abort', onAbort);
      if (ownQuery) (client as unknown as { query: Query }).query = query;
      else delete (client as unknown as { query?: Query }).query;
      client.release = release;
      freeSlot();
      // A cancel still on its way must land before another request gets this connection, or it would
      // cancel that request's statement instead.
      if (cancelling) void cancelling.then(() => release.call(client, err));
      else release.call(client, err);
    };
    return client;
  };

  const routed = Object.create(pg.Pool.prototype) as pg.Pool;
  Object.assign(routed, {
    connect: checkout,
    async query(...args: unknown[]) {
      const client = await checkout();
      let failure: unknown;
      try {
        return await (client.query as unknown as Query)(...args);
      } catch (err) {
        failure = err;
        throw err;
      } finally {
        client.release(isConnectionError(failure) ? (failure as Error) : undefined);
      }
    },
    end: async () => {
      await Promise.all([main.end(), background.end()]);
    },
  });
  return routed;
}
