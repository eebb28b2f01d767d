// Starts the shop's real job runner (every job of src/domain/jobs/registry.server.ts) on a test database and
// makes it the process's runner, with the order e-mail relay (handed to the test's services, as server/boot.ts
// hands it to the app's), polling fast so tests wait less.
import type { Database } from '#src/db/client.server.ts';
import { jobsFor, withOrderEmailRelay } from '#src/domain/jobs/registry.server.ts';
import { startJobRunner } from '#src/platform/job-runner.server.ts';
import type { JobQueue } from '#src/platform/job-queue.ts';
import type { JobRunner } from '#src/platform/job-runner.server.ts';
import type { UploadStore } from '#src/platform/uploads.server.ts';
import type { Mailer } from '#src/platform/mailer.server.ts';
import type { InvoicingDeps } from '#src/domain/invoicing/provider.ts';
import type { CheckoutServices } from '#src/domain/checkout/services.ts';
import type { EmailRelay } from '#src/domain/orders/outbox.server.ts';

export async function startTestJobs(
  database: Database,
  services: { mailer: Mailer; checkout: CheckoutServices; emailRelay?: EmailRelay | null; jobs?: JobQueue | null; uploads?: UploadStore; invoicing?: InvoicingDeps },
): Promise<JobRunner> {
  const runner = await startJobRunner({
    database,
    jobs: jobsFor(database.kind),
    pollingIntervalSeconds: 0.5,
    uploads: services.uploads,
    mailer: services.mailer,
    invoicing: services.invoicing,
    checkout: services.checkout,
  });
  const withRelay = withOrderEmailRelay(database.db, runner, services.mailer, services.checkout);
  services.emailRelay = withRelay.relay;
  services.jobs = withRelay;
  return {
    enqueue: runner.enqueue,
    async stop() {
      services.emailRelay = null;
      services.jobs = null;
      await withRelay.stop();
    },
  };
}

export async function until<T>(check: () => T | Promise<T>, ms = 20_000, what = 'condição'): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`tempo esgotado esperando ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
