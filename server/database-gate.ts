// Whether the database answers, as the HTTP edge needs to know it during an outage. It costs nothing while
// all is well: only a failed request (or /readyz) pings. Once a ping fails the gate is closed and requests
// get a 503 at once instead of each waiting on a dead connection; meanwhile it pings again in the background
// (at most every `recheckMs`), so the store comes back by itself when the database does.
export interface DatabaseGate {
  /** False while the database is known to be unreachable; never waits on the database. */
  isUp(): Promise<boolean>;
  /** Pings now (one ping shared by concurrent callers) and remembers the answer. */
  check(): Promise<boolean>;
}

export function createDatabaseGate(ping: () => Promise<boolean>, opts: { recheckMs?: number } = {}): DatabaseGate {
  const recheckMs = opts.recheckMs ?? 1000;
  let down = false;
  let checkedAt = 0;
  let inflight: Promise<boolean> | null = null;

  const check = () =>
    (inflight ??= ping()
      .catch(() => false)
      .then((up) => {
        down = !up;
        checkedAt = Date.now();
        return up;
      })
      .finally(() => {
        inflight = null;
      }));

  return {
    check,
    async isUp() {
      if (!down) return true;
      // Re-check in the background: during an outage no request waits for a ping that may time out.
      if (Date.now() - checkedAt >= recheckMs) void check();
      return false;
    },
  };
}
