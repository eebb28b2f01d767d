// The database layer itself: the PGlite folder lock, repeatable migrations, configuration parsing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireLock, openDatabase } from '../../src/db/client.server.ts';
import { parseEnv } from '../../src/config/env.ts';
import { countProducts } from '../../src/domain/catalog/repository.server.ts';
import { seedCatalogIfEmpty } from '../../src/domain/catalog/seed/seed.server.ts';
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
    const child = spawn(process.execPath, ['-e', `import('${path.resolve('src/db/client.server.ts')}').then(m => m.openDatabase({ dataDir: ${JSON.stringify(dir)} })).then(() => process.exit(0), e => { console.error(e.message); process.exit(3); })`], { stdio: ['ignore', 'ignore', 'pipe'] });
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
  it('treats empty variables as unset', () => {
    const env = parseEnv({ DATABASE_URL: '', PORT: '' });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
  });
});
