import { defineConfig } from 'vitest/config';

const include = ['src/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'app/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts'];
// Speed assertions (statements, round trips) live in *.perf.test.ts, a project of their own: a functional test
// asserts behaviour only.
const efficiency = ['tests/integration/**/*.perf.test.ts'];

// Separate from vite.config.ts: the React Router plugin must not run under Vitest.
export default defineConfig({
  test: {
    environment: 'node',
    // Prepared databases (migrated, seeded) are made once per run and copied for each file.
    globalSetup: ['tests/support/database-templates-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'functional', include, exclude: efficiency } },
      { extends: true, test: { name: 'efficiency', include: efficiency } },
    ],
  },
});
