// PGlite serves its callers one at a time in this thread (src/db/pglite-adapter.server.ts). With a queue of
// statements waiting, the event loop must still turn between them: a timer (or pending I/O) must not wait
// for the whole queue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '#src/db/client.server.ts';
import type { Database } from '#src/db/client.server.ts';
import { yieldBetweenTurns } from '#src/db/pglite-adapter.server.ts';

// About 5 ms of PostgreSQL work per statement on the machines this runs on (a sum over 30,000 rows).
const busy = sql`select sum(g) from generate_series(1, 30000) g`;
const QUEUED = 50;

/** Queues QUEUED statements, then measures how late a 0 ms timer set right after them fires. */
async function timerDelayWhileQueued(run: () => PromiseLike<unknown>) {
  const started = performance.now();
  // .then() starts each one now (drizzle's queries are lazy until then).
  const queued = Array.from({ length: QUEUED }, () => run().then((rows) => rows));
  const timerDelay = await new Promise<number>((resolve) => {
    const t0 = performance.now();
    setTimeout(() => resolve(performance.now() - t0), 0);
  });
  await Promise.all(queued);
  return { timerDelay, total: performance.now() - started };
}

describe('PGlite lets the event loop turn while statements queue', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(async () => {
    await database.close();
  });

  it('fires a timer long before the queue is done, with the queue kept in order', async () => {
    await database.db.execute(busy); // warm up
    const { timerDelay, total } = await timerDelayWhileQueued(() => database.db.execute(busy));
    // The queue takes hundreds of milliseconds; the timer waits about one statement, not all of them.
    expect(total).toBeGreaterThan(60);
    expect(timerDelay).toBeLessThan(total / 4);
    expect(timerDelay).toBeLessThan(60);

    const order: number[] = [];
    await Promise.all(Array.from({ length: 20 }, (_, i) => database.db.execute(sql`select ${i}::int as i`).then(() => order.push(i))));
    expect(order).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('is what PGlite alone does not do (the same queue without the pass holds the timer to the end)', async () => {
    const bare = await PGlite.create();
    try {
      const text = 'select sum(g) from generate_series(1, 30000) g';
      await bare.query(text);
      const { timerDelay, total } = await timerDelayWhileQueued(() => bare.query(text));
      expect(timerDelay).toBeGreaterThan(total / 2);
    } finally {
      await bare.close();
    }
  });

  it('keeps transactions whole and leaves a PGlite without the hook alone', async () => {
    const rows = await database.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table yield_probe (n int)`);
      await tx.execute(sql`insert into yield_probe values (1), (2)`);
      return (await tx.execute(sql`select count(*)::int as n from yield_probe`)) as unknown as { rows: { n: number }[] };
    });
    expect(rows.rows[0]!.n).toBe(2);
    expect(yieldBetweenTurns({} as PGlite)).toBe(false);
  });
});
