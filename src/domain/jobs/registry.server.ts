// What the shop does later or periodically, in one list: each domain contributes its job definitions here
// (what to do, when, how often to retry); src/platform/job-runner.server.ts runs them durably in the
// database. Handlers must be idempotent: a job may run again after a crash or a retry.
import type { JobDefinition } from '#src/platform/job-runner.server.ts';
import type { Database } from '#src/db/client.server.ts';
import { analyzeDatabase, vacuumDatabase } from '#src/db/maintenance.server.ts';
import { reconcilePaymentsJob } from '../orders/reconcile-job.server.ts';
import { catalogImportJob } from '../catalog/import/job.server.ts';
import type { Mailer } from '#src/platform/mailer.server.ts';
import { shippingOf } from '../checkout/services.server.ts';
import type { CheckoutServices } from '../checkout/services.ts';
import { PRUNE_QUOTES_JOB, pruneExpiredQuotes } from '../shipping/quote-cache.server.ts';
import { pollShipmentTracking, TRACK_SHIPMENTS_CRON, TRACK_SHIPMENTS_JOB } from '../orders/shipment-tracking.server.ts';
import { EXPIRE_DUE_ORDERS_JOB, EXPIRE_ORDER_JOB, expireOrder, expireOverdueOrders, SWEEP_EXPIRED_ORDERS_JOB } from '../orders/expiry.server.ts';
import { createEmailRelay, deliverOrderEmail, deliverOrderEmails, enqueueDueOrderEmails, enqueueSend, SEND_ORDER_EMAIL_JOB, SWEEP_ORDER_EMAILS_JOB } from '../orders/outbox.server.ts';
import type { EmailRelay, OrderEmailJob } from '../orders/outbox.server.ts';
import type { JobRunner } from '#src/platform/job-runner.server.ts';
import { contactOfUser } from '../accounts/users.server.ts';
import { deliverAnswerEmail, enqueueDueAnswerEmails, SEND_ANSWER_EMAIL_JOB, SWEEP_ANSWER_EMAILS_JOB } from '../reviews/questions.server.ts';
import type { Db } from '#src/db/client.server.ts';
import { runStockAlerts, STOCK_ALERTS_JOB } from '../favorites/stock-alerts.server.ts';
import { invoicingJobs } from '../invoicing/jobs.server.ts';
import { createSandboxInvoiceProvider } from '../invoicing/sandbox.server.ts';
import { fiscalSettings } from '../invoicing/settings.ts';

const mailSettings = (mailer: Mailer | undefined, s: CheckoutServices | undefined) => {
  if (!mailer) throw new Error('Serviço de e-mail não informado ao executor de tarefas.');
  if (!s) throw new Error('Serviços do checkout não informados ao executor de tarefas.');
  return { mailer, publicUrl: s.publicUrl, storeName: s.storeName, html: s.orderEmailHtml };
};

/**
 * Starts this process's relay for its new orders' confirmations (what it cannot send becomes an e-mail job on
 * `runner`) and returns the runner with it: stopping it sends what the relay holds, then stops the runner.
 */
export function withOrderEmailRelay(db: Db, runner: JobRunner, mailer: Mailer, checkout: CheckoutServices, onError?: (err: unknown) => void): JobRunner & { relay: EmailRelay } {
  const relay: EmailRelay = createEmailRelay(
    db,
    () => mailSettings(mailer, checkout),
    (job) => enqueueSend(runner, job),
    onError,
  );
  return {
    relay,
    enqueue: runner.enqueue,
    async stop() {
      await relay.stop();
      await runner.stop();
    },
  };
}

export const JOBS: JobDefinition<any>[] = [
  reconcilePaymentsJob,
  catalogImportJob,
  // The NF-e of every paid order (src/domain/invoicing); without configured invoicing, the embedded sandbox.
  ...invoicingJobs((ctx) => ({ ...(ctx.invoicing ?? { provider: createSandboxInvoiceProvider(), settings: fiscalSettings() }), jobs: ctx })),
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
      await deliverOrderEmail(ctx.db, job, mailSettings(ctx.mailer, ctx.checkout));
    },
    batchHandler: async (jobs, ctx) =>
      (
        await deliverOrderEmails(
          ctx.db,
          jobs.map((j) => j.data),
          mailSettings(ctx.mailer, ctx.checkout),
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
  // "Perguntas e respostas": the asker's e-mail when their question is answered (enqueued with the answer),
  // and the sweep for any such e-mail whose job was lost.
  {
    name: SEND_ANSWER_EMAIL_JOB,
    retryLimit: 8,
    retryDelaySeconds: 5,
    expireInSeconds: 120,
    handler: async ({ questionId }: { questionId: number }, ctx) => {
      const { mailer, publicUrl, storeName } = mailSettings(ctx.mailer, ctx.checkout);
      await deliverAnswerEmail(ctx.db, questionId, { mailer, publicUrl, storeName, recipientOf: (userId) => contactOfUser(ctx.db, userId) });
    },
  } satisfies JobDefinition<{ questionId: number }>,
  {
    name: SWEEP_ANSWER_EMAILS_JOB,
    cron: '* * * * *',
    retryLimit: 0,
    handler: async (_data, ctx) => {
      await enqueueDueAnswerEmails(ctx.db, ctx.enqueue);
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
      await expireOrder(ctx.db, orderId, ctx, ctx.catalogChanges ?? null);
    },
  } satisfies JobDefinition<{ orderId: number }>,
  // The end of a deadline window: every order due by then (enqueued with the window's first order).
  {
    name: EXPIRE_DUE_ORDERS_JOB,
    retryLimit: 10,
    retryDelaySeconds: 10,
    // Due by the shop's own clock: a job started early (the database's clock ahead) leaves the rest to the sweep.
    handler: async (_data: { until: string }, ctx) => {
      await expireOverdueOrders(ctx.db, ctx, ctx.catalogChanges ?? null);
    },
  } satisfies JobDefinition<{ until: string }>,
  // "Avise-me quando chegar": every minute, the subscriptions whose stock came back (by any path) are
  // marked due and mailed, each exactly once (src/domain/favorites/stock-alerts.server.ts).
  {
    name: STOCK_ALERTS_JOB,
    cron: '* * * * *',
    retryLimit: 0,
    handler: async (_data, ctx) => {
      await runStockAlerts(ctx.db, mailSettings(ctx.mailer, ctx.checkout));
    },
  },
  // Every minute: whatever is overdue and still waiting, so no lost job leaves stock held.
  {
    name: SWEEP_EXPIRED_ORDERS_JOB,
    cron: '* * * * *',
    retryLimit: 0,
    handler: async (_data, ctx) => {
      await expireOverdueOrders(ctx.db, ctx, ctx.catalogChanges ?? null);
    },
  },
  // The carriers' events of shipped orders into their timelines, and "Entregue" from the delivered event
  // (a provider that tracks only; the table has nothing to ask).
  {
    name: TRACK_SHIPMENTS_JOB,
    cron: TRACK_SHIPMENTS_CRON,
    retryLimit: 0,
    expireInSeconds: 300,
    handler: async (_data, ctx) => {
      await pollShipmentTracking(ctx.db, shippingOf(ctx.checkout).provider, ctx);
    },
  },
  // Carrier quotes past their expiry (the shared quote cache).
  {
    name: PRUNE_QUOTES_JOB,
    cron: '23 * * * *',
    retryLimit: 0,
    handler: async (_data, ctx) => {
      await pruneExpiredQuotes(ctx.db);
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
