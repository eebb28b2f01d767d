import { defineConfig } from 'vitest/config';
import { BaseSequencer } from 'vitest/node';
import type { TestSpecification } from 'vitest/node';

// `npm run test:reliability`: crash, database-down, fuzzing and security tests against real server processes
// (build first). The machine has two cores, so the files run in two groups, one after the other:
// - `paired`, two files at a time: files whose checks count rows, answers and e-mails but time nothing, and
//   `order-jobs`, which mostly waits on the clock (the one-minute PIX and e-mail lease) and so leaves a core free;
// - `alone`, one file at a time: every other file, above all those that time answers or measure memory
//   (database-down, slow-reads, page-cache, guest-uploads, catalog-import-upload, the storms, Chromium). A new
//   file goes here unless it is added to PAIRED.
const PAIRED = [
  'order-jobs',
  'access-control',
  'account-form-input',
  'account-json-input',
  'bad-input-catalog',
  'bad-input-orders',
  'bad-input-requests',
  'headless-api',
  'server-bundle',
  'two-instances',
  'catalog-write-deadlock',
].map((name) => `tests/reliability/${name}.test.ts`);

/** Files that mostly wait start first, so the other worker fills their waits. */
const WAITS_FIRST = ['order-jobs.test.ts'];
class WaitsFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (f: TestSpecification) => WAITS_FIRST.some((name) => f.moduleId.endsWith(`/${name}`));
    return [...sorted.filter(first), ...sorted.filter((f) => !first(f))];
  }
}

export default defineConfig({
  test: {
    environment: 'node',
    // Prepared databases (migrated, seeded) are made once per run and copied for each file.
    globalSetup: ['tests/support/database-templates-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 240_000,
    pool: 'forks',
    sequence: { concurrent: false, sequencer: WaitsFirst },
    projects: [
      { extends: true, test: { name: 'paired', include: PAIRED, maxWorkers: 2, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'alone', include: ['tests/reliability/**/*.test.ts'], exclude: PAIRED, maxWorkers: 1, fileParallelism: false, sequence: { groupOrder: 1 } } },
    ],
  },
});
