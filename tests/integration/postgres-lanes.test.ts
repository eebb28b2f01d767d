// The PostgreSQL pools' lanes, from the inside: which statement timeout each kind of work runs with, how many
// connections the shared lane may hold, and what a request waiting too long for one gets.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#src/db/client.server.ts';
import type { Database } from '#src/db/client.server.ts';
import { DatabaseBusyError, runInDbScope } from '#src/db/request-scope.server.ts';
import type { DbLane } from '#src/db/request-scope.server.ts';
import { createEmptyPostgresDatabase, queryRows } from '../support/databases.ts';
import pg from 'pg';

const admin = process.env.TEST_DATABASE_URL;

describe.skipIf(!admin)('PostgreSQL lanes', () => {
  let database: Database;
  let empty: { url: string; drop(): Promise<void> };
  beforeAll(async () => {
    empty = await createEmptyPostgresDatabase(admin!, 'olimpo_lanes');
    database = await openDatabase({ databaseUrl: empty.url, poolSize: 3, reservedConnections: 1, statementTimeoutMs: 800, backgroundPoolSize: 2 });
  });
  afterAll(async () => {
    await database?.close();
    await empty?.drop();
  });

  // drizzle's queries are lazy thenables: awaited inside the scope, or they would run outside it.
  const inLane = <T>(lane: DbLane, fn: () => PromiseLike<T>, statementTimeoutMs = 0) => runInDbScope({ lane, statementTimeoutMs }, async () => await fn());
  const timeout = async () => (await queryRows<{ statement_timeout: string }>(database.db, sql`show statement_timeout`))[0]!.statement_timeout;

  it('runs requests with the store timeout, the back office with its own, and jobs with none', async () => {
    expect(await inLane('shared', timeout)).toBe('800ms');
    expect(await inLane('priority', timeout)).toBe('800ms');
    expect(await inLane('long', timeout, 60_000)).toBe('1min');
    expect(await timeout()).toBe('0');
    // The back office's connection is put back to "none" for the next job, and the other way round.
    expect(await inLane('long', timeout, 60_000)).toBe('1min');
    expect(await database.db.transaction(async (tx) => (await queryRows<{ statement_timeout: string }>(tx, sql`show statement_timeout`))[0]!.statement_timeout)).toBe('0');
    await expect(inLane('shared', () => database.db.execute(sql`select pg_sleep(2)`))).rejects.toMatchObject({ cause: { code: '57014' } });
  });

  it('lets the shared lane hold at most size - reserved connections, the priority lane passing by', async () => {
    const sleeps = Array.from({ length: 4 }, () => inLane('shared', () => database.db.execute(sql`select pg_sleep(0.3)`)));
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    await inLane('priority', () => database.db.execute(sql`select 1`));
    expect(Date.now() - started).toBeLessThan(200);
    const all = Date.now();
    await Promise.all(sleeps);
    // Two at a time: the second pair starts when the first ends.
    expect(Date.now() - all).toBeGreaterThan(350);
  });

  it('gives up a wait for a shared connection after the statement timeout, and says so', async () => {
    const outcome = { timedOut: false };
    // Each holds its connection for 1.2 s, in two statements within the timeout.
    const hold = () =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_sleep(0.6)`);
        await tx.execute(sql`select pg_sleep(0.6)`);
      });
    const holders = Array.from({ length: 2 }, () => inLane('shared', hold));
    await holdersAsleep(empty.url, 2); // both hold their connection now, however busy the machine
    const waiting = runInDbScope({ lane: 'shared', statementTimeoutMs: 0, outcome }, async () => await database.db.execute(sql`select 1`));
    // drizzle wraps it: 'Failed query', with the cause.
    await expect(waiting).rejects.toMatchObject({ cause: expect.any(DatabaseBusyError) });
    expect(outcome.timedOut).toBe(true);
    await Promise.all(holders);
  });
});

/** Waits until `count` statements of pg_sleep run on that database (seen from a connection of the test's own). */
async function holdersAsleep(url: string, count: number): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    for (let i = 0; i < 200; i++) {
      const r = await c.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and query like 'select pg_sleep%' and state = 'active'`);
      if ((r.rows[0] as { n: number }).n >= count) return;
      await new Promise((done) => setTimeout(done, 10));
    }
    throw new Error(`os ${count} pg_sleep não começaram`);
  } finally {
    await c.end();
  }
}
