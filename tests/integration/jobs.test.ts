// The durable job runner (pg-boss in the shop's own database) on PGlite and PostgreSQL: jobs run, jobs
// enqueued in a transaction exist only if it commits, a job survives the process that enqueued it, a failing
// job is retried, and with two runners on one PostgreSQL each job runs once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startJobRunner } from '#src/platform/job-runner.server.ts';
import type { JobDefinition, JobRunner } from '#src/platform/job-runner.server.ts';
import { createTestDatabase, DATABASE_KINDS, queryRows } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';

const until = async (check: () => boolean, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timeout');
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe.each(DATABASE_KINDS)('job runner on %s', (kind) => {
  let database: TestDatabase;
  const seen: string[] = [];
  let failuresLeft = 2;
  const jobs: JobDefinition<{ tag: string }>[] = [
    { name: 'test.record', handler: async ({ tag }) => void seen.push(tag) },
    {
      name: 'test.flaky',
      retryDelaySeconds: 1,
      handler: async ({ tag }) => {
        if (failuresLeft-- > 0) throw new Error('falha simulada');
        seen.push(tag);
      },
    },
  ];
  let runner: JobRunner;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await runner?.stop();
    await database?.dispose();
  });

  it('keeps a job enqueued by a process that stops before running it, and the next runner runs it', async () => {
    const producer = await startJobRunner({ database, jobs, workers: false });
    await producer.enqueue('test.record', { tag: 'sobreviveu' });
    await producer.stop();
    expect(seen).toEqual([]);
    runner = await startJobRunner({ database, jobs, pollingIntervalSeconds: 0.5 });
    await until(() => seen.includes('sobreviveu'));
  });

  it('runs a job enqueued in a transaction only when the transaction commits', async () => {
    await database.db
      .transaction(async (tx) => {
        await runner.enqueue('test.record', { tag: 'desfeito' }, { tx });
        throw new Error('rollback');
      })
      .catch(() => {});
    await database.db.transaction(async (tx) => {
      await runner.enqueue('test.record', { tag: 'confirmado' }, { tx });
    });
    await until(() => seen.includes('confirmado'));
    await new Promise((r) => setTimeout(r, 1500));
    expect(seen).not.toContain('desfeito');
  });

  it('retries a failing job until it succeeds', async () => {
    await runner.enqueue('test.flaky', { tag: 'depois-de-falhar' });
    await until(() => seen.includes('depois-de-falhar'), 30_000);
    expect(failuresLeft).toBeLessThan(0);
  });

  it('waits for startAfter', async () => {
    const at = Date.now();
    await runner.enqueue('test.record', { tag: 'mais-tarde' }, { startAfter: new Date(at + 2000) });
    await until(() => seen.includes('mais-tarde'));
    expect(Date.now() - at).toBeGreaterThanOrEqual(1900);
  });

  it('refuses an unknown queue name', async () => {
    await expect(runner.enqueue('nao.existe', {})).rejects.toThrow(/desconhecida/);
  });

  it('drains a backlog in batches without waiting a poll per job, and a failing job fails alone', async () => {
    const done: string[] = [];
    let poisonRuns = 0;
    const batched: JobDefinition<{ tag: string }>[] = [
      {
        name: 'test.batched',
        batchSize: 10,
        retryLimit: 1,
        retryDelaySeconds: 60,
        handler: async ({ tag }) => {
          if (tag === 'veneno') {
            poisonRuns++;
            throw new Error('falha simulada');
          }
          done.push(tag);
        },
      },
    ];
    const producer = await startJobRunner({ database, jobs: batched, workers: false });
    await producer.enqueue('test.batched', { tag: 'veneno' });
    for (let i = 0; i < 59; i++) await producer.enqueue('test.batched', { tag: `b${i}` });
    await producer.stop();
    // One job per 2-second poll (as every queue ran before) would take about a minute.
    const started = Date.now();
    const worker = await startJobRunner({ database, jobs: batched, pollingIntervalSeconds: 2 });
    try {
      await until(() => done.length === 59, 20_000);
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(new Set(done).size).toBe(59);
      expect(poisonRuns).toBe(1);
      // Only the failing job waits for its retry; its batch mates completed.
      const states = await queryRows<{ state: string; n: number }>(database.db, sql`select state::text, count(*)::int as n from pgboss.job where name = 'test.batched' group by 1`);
      const by = Object.fromEntries(states.map((r) => [r.state, Number(r.n)]));
      expect(by.completed).toBe(59);
      expect(by.retry).toBe(1);
    } finally {
      await worker.stop();
    }
  });

  // PGlite is one process per data folder: two runners only exist on PostgreSQL.
  if (kind === 'postgres')
    it('runs each job once with two runners on one database', async () => {
      const counts = new Map<string, number>();
      const counting: JobDefinition<{ tag: string }>[] = [{ name: 'test.count', handler: async ({ tag }) => void counts.set(tag, (counts.get(tag) ?? 0) + 1) }];
      const a = await startJobRunner({ database, jobs: counting, pollingIntervalSeconds: 0.5 });
      const b = await startJobRunner({ database, jobs: counting, pollingIntervalSeconds: 0.5 });
      for (let i = 0; i < 40; i++) await a.enqueue('test.count', { tag: `j${i}` });
      await until(() => counts.size === 40, 30_000);
      await new Promise((r) => setTimeout(r, 1500));
      await a.stop();
      await b.stop();
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from pgboss.job where name = 'test.count' and state = 'completed'`);
      expect(row!.n).toBe(40);
    });
});
