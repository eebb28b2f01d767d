// Vitest globalSetup (vitest.config.ts, vitest.reliability.config.ts): names this run's prepared databases and
// removes them at the end. Each test file still gets a database of its own, copied from a prepared one
// (database-templates.ts): PostgreSQL `CREATE DATABASE … TEMPLATE`, PGlite a data folder's tarball.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's id (in the template databases' names) and its folder for PGlite's prepared data folders. */
    databaseTemplates: { runId: string; dir: string };
  }
}

export const TEMPLATE_PREFIX = 'olimpo_tpl_';

export default function setup(project: TestProject): () => Promise<void> {
  const runId = crypto.randomBytes(4).toString('hex');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-templates-'));
  project.provide('databaseTemplates', { runId, dir });
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    const admin = process.env.TEST_DATABASE_URL;
    if (!admin) return;
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    try {
      const { rows } = await c.query<{ name: string }>('select datname as name from pg_database where datname like $1', [`${TEMPLATE_PREFIX}${runId}_%`]);
      for (const { name } of rows) await c.query(`drop database if exists ${name} with (force)`);
    } finally {
      await c.end();
    }
  };
}
