// PGlite runs PostgreSQL in this thread and serves its callers one at a time, in order (its query(),
// exec() and transaction() all queue on one mutex). When one caller finishes, the next one's turn starts in a
// microtask: with 50 orders waiting, the whole queue ran back to back without the event loop ever polling,
// and nothing else happened for as long as that took. Measured under the bench's 50-connection order load on
// 100,000 products: the event loop stood still for 400–575 ms every second, so a request that needed no
// database at all (a page from the page cache, a health check) waited behind the queue without even being
// read.
//
// Each turn at the database first gives the event loop a pass when it has not had one for
// `everyMs` (a setImmediate: the pending I/O is read, then the turn goes on). A pass costs microseconds; the
// queue keeps its order, because the turn already holds the mutex while it waits.
import type { PGlite } from '@electric-sql/pglite';

type Exclusive = <T>(fn: () => Promise<T>) => Promise<T>;

export const YIELD_EVERY_MS = 10;

/** Makes each of the client's turns yield to the event loop when it has not turned for `everyMs`. Returns false if PGlite has no such turn to wrap. */
export function yieldBetweenTurns(client: PGlite, everyMs = YIELD_EVERY_MS): boolean {
  const holder = client as unknown as { _runExclusiveTransaction?: Exclusive };
  const original = holder._runExclusiveTransaction;
  if (typeof original !== 'function') return false;
  let lastPass = performance.now();
  const pass = () =>
    new Promise<void>((resolve) =>
      setImmediate(() => {
        lastPass = performance.now();
        resolve();
      }),
    );
  holder._runExclusiveTransaction = function <T>(this: PGlite, fn: () => Promise<T>): Promise<T> {
    return original.call(this, async () => {
      if (performance.now() - lastPass >= everyMs) await pass();
      return fn();
    }) as Promise<T>;
  };
  return true;
}
