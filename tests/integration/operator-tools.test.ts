// The operator's command-line tools against a production PostgreSQL, run the way an operator runs them:
// NODE_ENV=production and DATABASE_URL, without the server's secrets, which none of them uses (the admin's
// password is a scrypt hash; sessions and cookies are the server's business). They finish without a stack
// trace, and the admin they create signs in on a server with a secret of its own.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#src/db/client.server.ts';
import type { Database } from '#src/db/client.server.ts';
import { createAuthentication } from '#src/domain/accounts/auth.server.ts';
import { countProducts } from '#src/domain/catalog/products.server.ts';
import { createMailer } from '#src/platform/mailer.server.ts';
import { renderPasswordResetHtml } from '#src/emails/render.server.ts';
import { createEmptyPostgresDatabase } from '../support/databases.ts';

const admin = process.env.TEST_DATABASE_URL;
const ROOT = path.resolve(import.meta.dirname, '../..');

function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe.skipIf(!admin)('operator tools on PostgreSQL in production, without the server secrets', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-tools-'));
  let url: string;
  let env: Record<string, string>;
  let database: Database | undefined;
  let empty: { url: string; drop(): Promise<void> } | undefined;
  beforeAll(async () => {
    empty = await createEmptyPostgresDatabase(admin!, 'olimpo_tools');
    url = empty.url;
    env = { NODE_ENV: 'production', DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  });
  afterAll(async () => {
    await database?.close();
    await empty?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const expectClean = (r: { code: number | null; output: string }) => {
    expect(r.output).not.toMatch(/\n\s+at /); // no stack trace
    expect(r.output).not.toMatch(/BETTER_AUTH_SECRET/);
    expect(r, r.output).toMatchObject({ code: 0 });
  };

  it('db:migrate, db:seed and admin:create finish without asking for BETTER_AUTH_SECRET', async () => {
    expectClean(await run(['scripts/db-migrate.ts'], env));
    expectClean(await run(['scripts/db-seed.ts', '--products', '20'], env));
    const created = await run(['scripts/admin-create.ts', 'dona@example.com'], { ...env, ADMIN_PASSWORD: 'senha-forte-da-dona-123' });
    expectClean(created);
    expect(created.output).toContain('Conta de administrador criada: dona@example.com');
    // Nothing was kept in DATA_DIR in place of the secrets it did not need.
    expect(fs.readdirSync(dataDir).filter((f) => /secret/.test(f))).toEqual([]);

    database = await openDatabase({ databaseUrl: url, poolSize: 2 });
    expect(await countProducts(database.db)).toBe(20);
    // The server, with its own secret, signs the new admin in with that password.
    const auth = createAuthentication(database.db, {
      mailer: createMailer({ from: 'Olimpo Peças <loja@example.com>', mailDir: path.join(os.tmpdir(), `olimpo-mail-${process.pid}`) }),
      publicUrl: 'https://loja.example.com',
      secret: crypto.randomBytes(32).toString('base64url'),
      resetEmailHtml: renderPasswordResetHtml,
    });
    const signedIn = await auth.betterAuth.api.signInEmail({ body: { email: 'dona@example.com', password: 'senha-forte-da-dona-123' } });
    expect(signedIn.user.email).toBe('dona@example.com');
    expect((signedIn.user as { role?: string }).role).toBe('admin');
  }, 180_000);

  it('a bad value ends a tool in one pt-BR line per problem, without a stack trace', async () => {
    const r = await run(['scripts/db-seed.ts'], { ...env, DB_POOL_SIZE: 'muitos' });
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/^Configuração inválida:\n\s+- DB_POOL_SIZE: /);
    expect(r.output).not.toMatch(/\n\s+at /);
  });
});
