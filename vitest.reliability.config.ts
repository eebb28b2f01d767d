import { defineConfig } from 'vitest/config';

// `npm run test:reliability`: crash, database-down, fuzzing and security tests against real server processes
// (build first). One file at a time: each starts servers of its own and the machine has two cores.
export default defineConfig({
  test: {
    include: ['tests/reliability/**/*.test.ts'],
    environment: 'node',
    // Prepared databases (migrated, seeded) are made once per run and copied for each file.
    globalSetup: ['tests/support/database-templates-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 240_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    sequence: { concurrent: false },
  },
});
