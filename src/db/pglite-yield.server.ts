// PGlite runs PostgreSQL in this thread and serves its callers one at a time, in order (its query(),
// exec() and transaction() all queue on one mutex). When one caller finishes, the next one's turn starts in a
// microtask: with 50 orders waiting, the queue ran back to back without the event loop polling. Under the
// bench's 50-connection order load on 100,000 products the event loop stood still for 400–575 ms in every
// second, and on the demo catalog 4–10 orders in a 10-second run waited past 10 s (p99 6.4–6.7 s).
//
// Each turn at the database first gives the event loop a pass when it has not had one for `everyMs` (a
// setImmediate: pending I/O is read, then the turn goes on). With it: no stall over 300 ms, no order past
// 10 s, p99 1.0–1.1 s, orders/s unchanged or better (issue 16's bench runs, in git history). A pass costs microseconds; the queue
// keeps its order, because the turn already holds the mutex while it waits.
import type { PGlite } from '@electric-sql/pglite';

type Exclusive = <T>(fn: () => Promise<T>) => Promise<T>;

const YIELD_EVERY_MS = 10;

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
