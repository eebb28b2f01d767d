// The durable job runner: pg-boss, keeping its jobs in the shop's own database (schema `pgboss`), on PGlite
// through pg-boss's PGlite adapter and on PostgreSQL through its own small pool. Jobs survive a crash (they
// are rows), run once across several app instances (SKIP LOCKED), retry with backoff, and can be enqueued
// inside the caller's transaction, so "the order changed" and "the job to follow it up" commit together.
// What to do and when is decided by the domain (src/domain/jobs/); this module only runs it.
import { PgBoss, fromPglite } from 'pg-boss';
import type { Job, JobResult } from 'pg-boss';
import type { Database, Db, Tx } from '../db/client.server.ts';
import { executeNamedText } from '../db/prepared.server.ts';
import { scrubText } from './log-safe.ts';
import type { JobQueue } from './job-queue.ts';
import type { UploadStore } from './uploads.server.ts';
import type { Mailer } from './mailer.server.ts';
import type { InvoicingDeps } from '../domain/invoicing/provider.ts';
import type { CheckoutServices } from '../domain/checkout/services.ts';
import type { CatalogChanges } from '../domain/catalog/changes.server.ts';

export interface JobContext {
  db: Db;
  /** Enqueue a follow-up job (outside any transaction). */
  enqueue: JobRunner['enqueue'];
  /** The process's file store (Services.uploads), for jobs that keep files (the catalog import's photos). */
  uploads?: UploadStore;
  /** The process's mailer (Services.mailer), for the order e-mail jobs. */
  mailer?: Mailer;
  /** The nota fiscal provider and the store's fiscal settings (Services.invoicing), for the invoicing jobs. */
  invoicing?: InvoicingDeps;
  /** The checkout services (Services.checkout): the payment provider, shipping, the order e-mails' settings. */
  checkout?: CheckoutServices;
  /** The catalog change event (Services.catalogChanges): jobs that return stock or import products announce through it. */
  catalogChanges?: CatalogChanges;
}

export interface JobDefinition<T extends object = Record<string, unknown>> {
  /** Queue name, e.g. `orders.expire`. */
  name: string;
  /** Runs one job; throwing retries it (with backoff) up to `retryLimit` times. */
  handler: (data: T, ctx: JobContext, job: { id: string; retryCount: number }) => Promise<void>;
  /**
   * Runs each fetched batch whole instead of `handler` job by job: an error (that job is retried) or null (it
   * is done) per job, in order. For work that shares its round trips across a batch (the order e-mails).
   */
  batchHandler?: (jobs: { data: T; id: string; retryCount: number }[], ctx: JobContext) => Promise<(Error | null)[]>;
  /** A cron expression (minute granularity, America/Sao_Paulo) for periodic jobs: one instance sends it. */
  cron?: string;
  retryLimit?: number;
  /** First retry delay in seconds; doubles after each failure. */
  retryDelaySeconds?: number;
  /** How long one run may take before it counts as failed (seconds). */
  expireInSeconds?: number;
  /** Jobs of this queue run one at a time per instance unless this is larger. */
  concurrency?: number;
  /**
   * Jobs fetched at once by a worker (default 1). Above 1 a worker keeps fetching without waiting for the
   * polling interval while its batches come back full, so a backlog (a sale's confirmation e-mails, a wave
   * of expiries) drains at the speed of the handler, not one job per poll. Each job still succeeds, fails
   * and retries on its own; the batch as a whole must finish within `expireInSeconds`.
   */
  batchSize?: number;
}

export interface JobRunner extends JobQueue {
  stop(): Promise<void>;
}

export interface RunnerOptions {
  database: Database;
  jobs: JobDefinition<any>[];
  /** How often idle workers look for due jobs (seconds, ≥ 0.5). */
  pollingIntervalSeconds?: number;
  /** Only enqueue (no workers, no cron): for CLI scripts that share the database with a running shop. */
  workers?: boolean;
  onError?: (err: unknown, where: string) => void;
  /** Handed to the handlers in their context. */
  uploads?: UploadStore;
  mailer?: Mailer;
  invoicing?: InvoicingDeps;
  checkout?: CheckoutServices;
  /** The catalog change event (Services.catalogChanges): jobs that return stock or import products announce through it. */
  catalogChanges?: CatalogChanges;
}

/** pg-boss's database adapter over a drizzle transaction (its SQL texts sent as named statements). */
function inTransaction(tx: Tx | Db) {
  return { executeSql: async (text: string, values: unknown[] = []) => ({ rows: await executeNamedText(tx, text, values, 'pgboss') }) };
}

export async function startJobRunner(opts: RunnerOptions): Promise<JobRunner> {
  const { database } = opts;
  const onError = opts.onError ?? (() => {});
  const boss =
    database.jobs.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.jobs.client), backend: 'pglite', schema: 'pgboss' })
      : new PgBoss({ connectionString: database.jobs.connectionString, max: 3, schema: 'pgboss', connectionTimeoutMillis: 5000 });
  // pg-boss reports lost connections and failed polls as 'error' events: never let one crash the process.
  boss.on('error', (err) => onError(err, 'pg-boss'));
  await boss.start();

  const names = new Set<string>();
  for (const def of opts.jobs) {
    names.add(def.name);
    const queueOptions = {
      retryLimit: def.retryLimit ?? 5,
      retryDelay: def.retryDelaySeconds ?? 5,
      retryBackoff: true,
      expireInSeconds: def.expireInSeconds ?? 300,
    };
    // createQueue is idempotent for an existing queue; keep its options current on every boot.
    await boss.createQueue(def.name, queueOptions);
    await boss.updateQueue(def.name, queueOptions);
  }

  const runner: JobRunner = {
    async enqueue(name, data, o = {}) {
      if (!names.has(name)) throw new Error(`Fila de tarefas desconhecida: ${name}`);
      return boss.send(name, data, {
        startAfter: o.startAfter,
        singletonKey: o.singletonKey,
        // In the caller's transaction, as a named prepared statement: pg-boss's insert is one fixed text per
        // queue, which PostgreSQL then parses and plans once per connection instead of on every order.
        db: o.tx ? inTransaction(o.tx) : undefined,
      });
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000 });
    },
  };

  if (opts.workers !== false) {
    const ctx: JobContext = {
      db: database.db,
      enqueue: runner.enqueue,
      uploads: opts.uploads,
      mailer: opts.mailer,
      invoicing: opts.invoicing,
      checkout: opts.checkout,
      catalogChanges: opts.catalogChanges,
    };
    for (const def of opts.jobs) {
      const batchSize = def.batchSize ?? 1;
      await boss.work<object>(
        def.name,
        {
          pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2,
          batchSize,
          burstWhenBatchFull: batchSize > 1,
          localConcurrency: def.concurrency ?? 1,
          perJobResults: true,
        },
        async (jobs: Job<object>[]) => {
          const retryCountOf = (job: Job<object>) => (job as { retryCount?: number }).retryCount ?? 0;
          if (def.batchHandler) {
            let errors: (Error | null)[];
            try {
              errors = await def.batchHandler(
                jobs.map((job) => ({ data: job.data as never, id: job.id, retryCount: retryCountOf(job) })),
                ctx,
              );
            } catch (err) {
              errors = jobs.map(() => (err instanceof Error ? err : new Error(String(err))));
            }
            return jobs.map((job, i): JobResult => {
              const err = errors[i];
              if (!err) return { id: job.id, status: 'completed' };
              onError(err, def.name);
              return { id: job.id, status: 'failed', output: { message: scrubText(err.message) } };
            });
          }
          const results: JobResult[] = [];
          for (const job of jobs) {
            try {
              await def.handler(job.data as never, ctx, { id: job.id, retryCount: retryCountOf(job) });
              results.push({ id: job.id, status: 'completed' });
            } catch (err) {
              onError(err, def.name);
              results.push({ id: job.id, status: 'failed', output: { message: scrubText(err instanceof Error ? err.message : String(err)) } });
            }
          }
          return results;
        },
      );
      if (def.cron) await boss.schedule(def.name, def.cron, {}, { tz: 'America/Sao_Paulo' });
      else await boss.unschedule(def.name).catch(() => {});
    }
  }
  return runner;
}

/** Creates pg-boss's schema and the queues, then stops: no workers, no schedules (a new folder's preparation). */
export async function installJobQueues(database: Database, jobs: JobDefinition<any>[]): Promise<void> {
  const runner = await startJobRunner({ database, jobs, workers: false });
  await runner.stop();
}
