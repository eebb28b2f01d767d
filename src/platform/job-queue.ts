// What the order flows need of the job runner (src/platform/job-runner.server.ts): enqueue a job, in their
// transaction when they pass one. The serving process's runner (Services.jobs) and a job's own context are both
// one; null where none runs (scripts, tests), and then the sweeps of a running shop catch up.
import type { Db, Tx } from '../db/client.server.ts';

interface EnqueueOptions {
  /** Not before this moment. */
  startAfter?: Date;
  /** At most one queued job with this key at a time (others are dropped). */
  singletonKey?: string;
  /** Enqueue inside this transaction: the job exists only if the transaction commits. */
  tx?: Tx | Db;
}

export interface JobQueue {
  enqueue(name: string, data: object, opts?: EnqueueOptions): Promise<string | null>;
}
