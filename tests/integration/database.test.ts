// The database layer itself: the PGlite folder lock, repeatable migrations, configuration parsing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { acquireLock, isNewEmbeddedFolder, openDatabase } from '#src/db/client.server.ts';
import { DEFAULT_WEBHOOK_SECRET, parseEnv, sandboxRoutesEnabled } from '#src/config/env.ts';
import { countProducts } from '#src/domain/catalog/products.server.ts';
import { DEMO_PRODUCT_COUNT, seedCatalogIfEmpty } from '#src/domain/catalog/seed/seed.server.ts';
import { prepareEmbeddedInChild } from '#src/db/prepare-embedded.server.ts';
import { seedDemoData } from '#src/db/seed.server.ts';
import { jobsFor } from '#src/domain/jobs/registry.server.ts';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-db-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('PGlite data folder', () => {
  it('persists data and refuses a second live process', async () => {
    const dir = path.join(tmp, 'shop');
    const first = await openDatabase({ dataDir: dir });
    await first.migrate();
    await seedCatalogIfEmpty(first.db, { count: 10 });
    // Another process tries the same folder while this one holds it.
    const child = spawn(
      process.execPath,
      [
        '-e',
        `import('${path.resolve('src/db/client.server.ts')}').then(m => m.openDatabase({ dataDir: ${JSON.stringify(dir)} })).then(() => process.exit(0), e => { console.error(e.message); process.exit(3); })`,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(3);
    expect(stderr).toMatch(/já está em uso pelo processo/);
    await first.close();
    expect(fs.existsSync(path.join(dir, 'olimpo.lock'))).toBe(false);

    const again = await openDatabase({ dataDir: dir });
    await again.migrate();
    expect(await countProducts(again.db)).toBe(10);
    expect(await seedCatalogIfEmpty(again.db)).toBe(0);
    await again.close();
  });

  it("creates a new folder's cluster in a child process, and reports in pt-BR when it cannot", async () => {
    const dir = path.join(tmp, 'fresh');
    const fresh = await openDatabase({ dataDir: dir });
    expect(fs.existsSync(path.join(dir, 'pglite', 'PG_VERSION'))).toBe(true);
    await fresh.close();
    // A file where the cluster's folder should be: the child fails, the error says so, the lock is released.
    const broken = path.join(tmp, 'broken');
    fs.mkdirSync(broken);
    fs.writeFileSync(path.join(broken, 'pglite'), 'não é uma pasta');
    await expect(openDatabase({ dataDir: broken })).rejects.toThrow(/Não foi possível criar o banco embutido/);
    expect(fs.existsSync(path.join(broken, 'olimpo.lock'))).toBe(false);
  });

  it('prepares a new folder (migrations and the demo catalog) in a child process, and reports in pt-BR when it cannot', async () => {
    const dir = path.join(tmp, 'first-start');
    expect(isNewEmbeddedFolder(dir)).toBe(true);
    expect(isNewEmbeddedFolder('memory://')).toBe(false);
    expect(await prepareEmbeddedInChild({ dataDir: dir })).toEqual({ products: DEMO_PRODUCT_COUNT });
    expect(isNewEmbeddedFolder(dir)).toBe(false);
    // The child let go of the folder: this process opens it, finds the catalog and seeds nothing more.
    expect(fs.existsSync(path.join(dir, 'olimpo.lock'))).toBe(false);
    const opened = await openDatabase({ dataDir: dir });
    await opened.migrate();
    expect(await countProducts(opened.db)).toBe(DEMO_PRODUCT_COUNT);
    expect(await seedDemoData(opened.db)).toEqual({ products: 0 });
    // The child also made the job queue's schema and queues, so the server's first start has no DDL left to run.
    const queues = ((await opened.db.execute(sql`select name from pgboss.queue`)) as unknown as { rows: { name: string }[] }).rows;
    expect(queues.map((r) => r.name)).toEqual(expect.arrayContaining(jobsFor('pglite').map((j) => j.name)));
    await opened.close();
    const broken = path.join(tmp, 'broken-first-start');
    fs.mkdirSync(broken);
    fs.writeFileSync(path.join(broken, 'pglite'), 'não é uma pasta');
    await expect(prepareEmbeddedInChild({ dataDir: broken })).rejects.toThrow(/Não foi possível preparar o banco embutido/);
  }, 120_000);

  it('takes over a stale lock left by a dead process', () => {
    const dir = path.join(tmp, 'stale');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'olimpo.lock'), '999999999');
    const release = acquireLock(dir);
    expect(fs.readFileSync(path.join(dir, 'olimpo.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});

describe.each(DATABASE_KINDS)('migrations on %s', (kind) => {
  it('can run twice', async () => {
    const db = await createTestDatabase(kind);
    await db.migrate();
    expect(await db.ping()).toBe(true);
    await db.dispose();
  });
});

describe('configuration', () => {
  it('has working defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './data', PUBLIC_URL: 'http://localhost:3000' });
    expect(env.DATABASE_URL).toBeUndefined();
  });
  it('explains what is wrong', () => {
    expect(() => parseEnv({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL deve começar/);
    expect(() => parseEnv({ PUBLIC_URL: 'loja' })).toThrow(/PUBLIC_URL/);
  });
  it('with an https PUBLIC_URL, wants the payment provider named and a webhook secret of its own', () => {
    const https = { PUBLIC_URL: 'https://loja.exemplo.com.br', BETTER_AUTH_SECRET: 'x'.repeat(32) };
    expect(() => parseEnv(https)).toThrow(/PAYMENT_PROVIDER: obrigatório com PUBLIC_URL https/);
    expect(() => parseEnv({ ...https, PAYMENT_PROVIDER: 'sandbox' })).toThrow(/PAYMENT_WEBHOOK_SECRET: defina um segredo próprio/);
    expect(() => parseEnv({ ...https, PAYMENT_PROVIDER: 'sandbox', PAYMENT_WEBHOOK_SECRET: DEFAULT_WEBHOOK_SECRET })).toThrow(/PAYMENT_WEBHOOK_SECRET/);
    const own = parseEnv({ ...https, PAYMENT_PROVIDER: 'sandbox', PAYMENT_WEBHOOK_SECRET: 'meu-segredo-de-webhook-123456' });
    expect(sandboxRoutesEnabled(own)).toBe(true);
    // On http the sandbox is the embedded default, as before.
    expect(sandboxRoutesEnabled(parseEnv({}))).toBe(true);
    expect(parseEnv({}).PIX_EXPIRY_MINUTES).toBe(30);
    expect(parseEnv({ PIX_EXPIRY_MINUTES: '1' }).PIX_EXPIRY_MINUTES).toBe(1);
    expect(() => parseEnv({ PIX_EXPIRY_MINUTES: '0' })).toThrow(/PIX_EXPIRY_MINUTES/);
  });
  it('treats empty variables as unset', () => {
    const env = parseEnv({ DATABASE_URL: '', PORT: '' });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
  });
});
