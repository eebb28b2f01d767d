// Several instances started at the same moment on one empty PostgreSQL database (a deployment's first start,
// or a rolling restart with a new migration): every one of them migrates, seeds and starts its job runner
// without tripping over the others (duplicate extension, duplicate table, a catalog seeded twice).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

const admin = process.env.TEST_DATABASE_URL;
const INSTANCES = 3;

function run(script: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe.skipIf(!admin)('instances started together on one empty PostgreSQL', () => {
  const names: string[] = [];
  const fresh = async () => {
    const name = `olimpo_boot_${crypto.randomBytes(5).toString('hex')}`;
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    names.push(name);
    const u = new URL(admin!);
    u.pathname = `/${name}`;
    return u.toString();
  };
  let client: pg.Client | undefined;
  afterAll(async () => {
    await client?.end();
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    for (const name of names) await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });

  it(`${INSTANCES} migrations at once all succeed`, async () => {
    const url = await fresh();
    const results = await Promise.all(Array.from({ length: INSTANCES }, () => run('scripts/db-migrate.ts', { DATABASE_URL: url, BETTER_AUTH_SECRET: 'x'.repeat(40) })));
    for (const r of results) expect(r, r.output).toMatchObject({ code: 0 });
  }, 180_000);

  it(`${INSTANCES} boots at once (migrations, demo seed, job runner) all succeed and the catalog is seeded once`, async () => {
    const url = await fresh();
    const results = await Promise.all(Array.from({ length: INSTANCES }, () => run('tests/support/boot-once.ts', { DATABASE_URL: url, SEED_ON_START: 'true', BETTER_AUTH_SECRET: 'x'.repeat(40) })));
    for (const r of results) expect(r, r.output).toMatchObject({ code: 0 });
    client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ n: string; ids: string }>('select count(*) as n, count(distinct id) as ids from products');
    expect(Number(rows[0]!.n)).toBe(1500);
    await client.end();
    client = undefined;
  }, 180_000);
});
