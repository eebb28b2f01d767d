// The import's apply phase as a durable job: one job per confirmed import; a crash or a failure retries
// it, and runImport resumes after the last committed batch.
import type { Db } from '#src/db/client.server.ts';
import type { JobDefinition } from '#src/platform/job-runner.server.ts';
import type { JobQueue } from '#src/platform/job-queue.ts';
import { markQueued, runImport } from './import.server.ts';

export const CATALOG_IMPORT_JOB = 'catalog.import';

export const catalogImportJob: JobDefinition<{ importId: number }> = {
  name: CATALOG_IMPORT_JOB,
  handler: async (data, ctx) => {
    await runImport(ctx.db, data.importId, { uploads: ctx.uploads, catalogChanges: ctx.catalogChanges });
  },
  retryLimit: 3,
  retryDelaySeconds: 10,
  // A run that stops answering (its process died) is retried after this and resumes from the last batch;
  // a slow run overtaken by its retry is safe (each batch locks the import's row and checks its progress),
  // but reads the file a second time alongside it: 100,000 rows take about 5 minutes on PGlite here, and
  // the 200,000-row limit twice that, so a live run is never overtaken.
  expireInSeconds: 30 * 60,
};

/** Confirms a dry run and enqueues its apply job in the same transaction. False when it was not a dry run. */
export async function confirmImport(db: Db, runner: JobQueue, importId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await markQueued(tx as unknown as Db, importId))) return false;
    await runner.enqueue(CATALOG_IMPORT_JOB, { importId }, { tx, singletonKey: `catalog-import-${importId}` });
    return true;
  });
}
