// A new embedded (PGlite) folder is migrated and seeded with the demo data by a short-lived child process,
// before the server opens it. PGlite's WebAssembly memory grows with the work and never shrinks: seeding the
// demo catalog in the server's own process left it at 416 MB once ready, where the same folder opened by a
// later start stands at 310 MB (measured on `npm start`'s first run; issue 16's bench runs, in git history). The child makes the
// cluster itself (it exits next) and costs one more opening of the folder, on the first start only. It also
// creates the job queue's schema and queues: done by the server, that DDL left its peak under load 20 MB higher
// on the first start than on later ones (316 against 294–298 MB on the demo catalog).
import { openDatabase, runNodeChild } from './client.server.ts';
import { seedDemoData } from './seed.server.ts';
import { installJobQueues } from '../platform/job-runner.server.ts';
import { jobsFor } from '../domain/jobs/registry.server.ts';

export interface PrepareOptions {
  dataDir: string;
  pgliteSharedBuffersMb?: number;
}

/** Migrates and seeds the folder in a child process; resolves with how many products it seeded. */
export async function prepareEmbeddedInChild(opts: PrepareOptions): Promise<{ products: number }> {
  const failure = (why: string) => `Não foi possível preparar o banco embutido em ${opts.dataDir} (${why})`;
  const stdout = await runNodeChild([import.meta.filename, JSON.stringify(opts)], failure);
  const result = /^\{"products":(\d+)\}$/m.exec(stdout);
  if (!result) throw new Error(failure('resposta inesperada'));
  return { products: Number(result[1]) };
}

/** The child's work: open (creating the cluster here: this process exits next), migrate, seed what is missing, install the job queues, close. */
async function prepare(opts: PrepareOptions): Promise<{ products: number }> {
  const database = await openDatabase({ dataDir: opts.dataDir, pgliteSharedBuffersMb: opts.pgliteSharedBuffersMb, clusterInProcess: true });
  try {
    await database.migrate();
    const seeded = await seedDemoData(database.db);
    await installJobQueues(database, jobsFor(database.kind));
    return seeded;
  } finally {
    await database.close();
  }
}

if (import.meta.main) {
  const seeded = await prepare(JSON.parse(process.argv[2] ?? '{}') as PrepareOptions);
  process.stdout.write(`${JSON.stringify(seeded)}\n`);
}
