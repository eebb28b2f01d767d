// What the shop does later or periodically, in one list: each domain contributes its job definitions here
// (what to do, when, how often to retry); src/platform/job-runner.server.ts runs them durably in the
// database. Handlers must be idempotent: a job may run again after a crash or a retry.
import type { JobDefinition } from '../../platform/job-runner.server.ts';
import { catalogImportJob } from '../catalog/import/job.server.ts';

export const JOBS: JobDefinition<any>[] = [catalogImportJob];
