// What the shop does later or periodically, in one list: each domain contributes its job definitions here
// (what to do, when, how often to retry); src/platform/job-runner.server.ts runs them durably in the
// database. Handlers must be idempotent: a job may run again after a crash or a retry.
import type { JobDefinition } from '#src/platform/job-runner.server.ts';
import type { Database } from '#src/db/client.server.ts';
import { analyzeDatabase, vacuumDatabase } from '#src/db/maintenance.server.ts';
import { reconcilePaymentsJob } from '../orders/reconcile-job.server.ts';
import { catalogImportJob } from '../catalog/import/job.server.ts';
import type { Mailer } from '#src/platform/mailer.server.ts';
import { getCheckoutServices } from '../checkout/services.server.ts';
import { EXPIRE_DUE_ORDERS_JOB, EXPIRE_ORDER_JOB, expireOrder, expireOverdueOrders, SWEEP_EXPIRED_ORDERS_JOB } from '../orders/expiry.server.ts';
import { createEmailRelay, deliverOrderEmail, deliverOrderEmails, enqueueDueOrderEmails, enqueueSend, SEND_ORDER_EMAIL_JOB, setEmailRelay, SWEEP_ORDER_EMAILS_JOB } from '../orders/outbox.server.ts';
import type { EmailRelay, OrderEmailJob } from '../orders/outbox.server.ts';
import type { JobRunner } from '#src/platform/job-runner.server.ts';
import type { Db } from '#src/db/client.server.ts';

const mailSettings = (mailer: Mailer | undefined) => {
  if (!mailer) throw new Error('Serviço de e-mail não informado ao executor de tarefas.');
  const s = getCheckoutServices();
  return { mailer, publicUrl: s.publicUrl, storeName: s.storeName, html: s.orderEmailHtml };
};

/**
 * Starts this process's relay for its new orders' confirmations (what it cannot send becomes an e-mail job on
 * `runner`) and returns the runner with it: stopping it sends what the relay holds, then stops the runner.
 */
export function withOrderEmailRelay(db: Db, runner: JobRunner, mailer: Mailer, onError?: (err: unknown) => void): JobRunner {
  const relay: EmailRelay = createEmailRelay(
    db,
    () => mailSettings(mailer),
    (job) => enqueueSend(runner, job),
    onError,
  );
  setEmailRelay(relay);
  return {
    enqueue: runner.enqueue,
    async stop() {
      setEmailRelay(undefined);
      await relay.stop();
      await runner.stop();
    },
  };
}

export const JOBS: JobDefinition<any>[] = [
  reconcilePaymentsJob,
  catalogImportJob,
  // Order e-mails from the outbox: one job per message, enqueued in the transaction that wrote it (a new
  // order's confirmation gets one only if its instance's relay could not send it).
  {
    name: SEND_ORDER_EMAIL_JOB,
    retryLimit: 8,
    retryDelaySeconds: 5,
    expireInSeconds: 120,
    concurrency: 2,
    // A sale's confirmations drain at the mailer's speed, each batch claimed and recorded in one statement
    // apiece (each job is still sent, retried and failed alone).
    batchSize: 10,
    handler: async (job: OrderEmailJob, ctx) => {
      await deliverOrderEmail(ctx.db, job, mailSettings(ctx.mailer));
    },
    batchHandler: async (jobs, ctx) =>
      (
        await deliverOrderEmails(
          ctx.db,
          jobs.map((j) => j.data),
          mailSettings(ctx.mailer),
        )
      ).map((o) => (o instanceof Error ? o : null)),
  } satisfies JobDefinition<OrderEmailJob>,
  // Any e-mail whose job was lost (or written where no runner was running) goes out within a minute or two.
  {
    name: SWEEP_ORDER_EMAILS_JOB,
    cron: '* * * * *',
    retryLimit: 0,
    handler: async (_data, ctx) => {
      await enqueueDueOrderEmails(ctx.db, ctx.enqueue);
    },
  },
  // An unpaid PIX or boleto at its deadline: cancelled, stock back, e-mail (in one transaction). Enqueued per
  // order by earlier versions; still run for those queued.
  {
    name: EXPIRE_ORDER_JOB,
    batchSize: 25,
    retryLimit: 10,
    retryDelaySeconds: 10,
    handler: async ({ orderId }: { orderId: number }, ctx) => {
      await expireOrder(ctx.db, orderId);
    },
  } satisfies JobDefinition<{ orderId: number }>,
  // The end of a deadline window: every order due by then (enqueued with the window's first order).
  {
    name: EXPIRE_DUE_ORDERS_JOB,
    retryLimit: 10,
    retryDelaySeconds: 10,
    // Due by the shop's own clock: a job started early (the database's clock ahead) leaves the rest to the sweep.
    handler: async (_data: { until: string }, ctx) => {
      await expireOverdueOrders(ctx.db);
    },
  } satisfies JobDefinition<{ until: string }>,
  // Every minute: whatever is overdue and still waiting, so no lost job leaves stock held.
  {
    name: SWEEP_EXPIRED_ORDERS_JOB,
    cron: '* * * * *',
    retryLimit: 0,
    handler: async (_data, ctx) => {
      await expireOverdueOrders(ctx.db);
    },
  },
];

/**
 * The embedded database's upkeep, which PostgreSQL's autovacuum does on a server and PGlite (no background
 * workers) does not: every hour, the GIN indexes' pending lists merged and fresh planner statistics (a few
 * hundred ms on the demo catalog, during which PGlite answers nothing else); every night, dead rows freed.
 */
export const EMBEDDED_DATABASE_JOBS: JobDefinition<any>[] = [
  {
    name: 'db.analyze',
    cron: '17 * * * *',
    retryLimit: 0,
    expireInSeconds: 900,
    handler: async (_data, ctx) => {
      await analyzeDatabase(ctx.db);
    },
  },
  {
    name: 'db.vacuum',
    cron: '40 4 * * *',
    retryLimit: 1,
    expireInSeconds: 3600,
    handler: async (_data, ctx) => {
      await vacuumDatabase(ctx.db);
    },
  },
];

/** The jobs a process runs on this kind of database. */
export function jobsFor(kind: Database['kind']): JobDefinition<any>[] {
  return kind === 'pglite' ? [...JOBS, ...EMBEDDED_DATABASE_JOBS] : JOBS;
}
