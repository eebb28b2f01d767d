// Starts the shop's real job runner (every job of src/domain/jobs/registry.server.ts) on a test database and
// makes it the process's runner, with the order e-mail relay, as server/boot.ts does, polling fast so tests wait less.
import type { Database } from '#src/db/client.server.ts';
import { jobsFor, withOrderEmailRelay } from '#src/domain/jobs/registry.server.ts';
import { setJobRunner, startJobRunner } from '#src/platform/job-runner.server.ts';
import type { JobRunner } from '#src/platform/job-runner.server.ts';
import type { UploadStore } from '#src/platform/uploads.server.ts';
import type { Mailer } from '#src/platform/mailer.server.ts';

export async function startTestJobs(database: Database, services: { mailer: Mailer; uploads?: UploadStore }): Promise<JobRunner> {
  const runner = await startJobRunner({ database, jobs: jobsFor(database.kind), pollingIntervalSeconds: 0.5, uploads: services.uploads, mailer: services.mailer });
  setJobRunner(runner);
  const withRelay = withOrderEmailRelay(database.db, runner, services.mailer);
  return {
    enqueue: runner.enqueue,
    async stop() {
      setJobRunner(undefined);
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
