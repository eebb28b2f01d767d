// Sign-up, sign-in and the session while the database drops connections (PostgreSQL ends them every 200 ms)
// and while it is gone (a TCP proxy refuses): /api/auth answers 2xx, a 4xx of its own or a pt-BR 503 with
// Retry-After, never a 500; and the server's output, at LOG_LEVEL=debug, holds no e-mail, no password hash,
// no session token and no query parameters. Before: Better Auth's router printed every failed query whole
// ("# SERVER_ERROR:") and answered 500, and the edge's 5xx→503 rewrite threw ("reading 'bodyUsed'").
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccounts, PASSWORD, randomIp } from './support/accounts.ts';
import type { Account } from './support/accounts.ts';
import { isPtBrMessage } from './support/checks.ts';
import { createServerDatabase, DATABASE_KINDS, rows, startConnectionStorm } from './support/databases.ts';
import type { ServerDatabase } from './support/databases.ts';
import { AppServer, sleep } from './support/server.ts';
import { startTcpProxy } from './support/tcp-proxy.ts';
import type { TcpProxy } from './support/tcp-proxy.ts';

const APP_NAME = 'olimpo-auth-outage';
const STORM_MS = Number(process.env.STORM_MS ?? 8000);
const WORKERS = 8;

describe.runIf(DATABASE_KINDS.includes('postgres'))('accounts while the database fails (PostgreSQL)', () => {
  let database: ServerDatabase;
  let proxy: TcpProxy;
  let server: AppServer;
  let accounts: Record<string, Account>;
  const emails = new Set<string>();
  const tokens = new Set<string>();

  beforeAll(async () => {
    database = await createServerDatabase('postgres', {
      seedProducts: 5,
      prepare: async (db) => {
        accounts = await createAccounts(db, { ana: 'customer', bruno: 'customer', carla: 'customer', davi: 'customer' });
      },
    });
    for (const a of Object.values(accounts)) emails.add(a.email);
    const real = new URL(database.url!);
    proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
    const viaProxy = new URL(database.url!);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    viaProxy.searchParams.set('application_name', APP_NAME);
    server = await AppServer.create({ databaseUrl: viaProxy.toString(), env: { LOG_LEVEL: 'debug', TRUST_PROXY: 'true', DB_POOL_SIZE: '6', CATALOG_CACHE_SECONDS: '0' } });
    await server.start();
  });

  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await database?.dispose();
  });

  const post = (path: string, body: unknown) =>
    server.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': randomIp() }, body: JSON.stringify(body) });
  const keepToken = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const m = /better-auth\.session_token=([^;.]+)/.exec(decodeURIComponent(c));
      if (m) tokens.add(m[1]!);
    }
    return cookieOf(res);
  };
  const cookieOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .join('; ');
  const signUp = () => {
    const email = `tempestade-${crypto.randomBytes(4).toString('hex')}@example.com`;
    emails.add(email);
    return post('/api/auth/sign-up/email', { email, password: PASSWORD, name: 'Maria Tempestade' });
  };
  const signIn = (a: Account) => post('/api/auth/sign-in/email', { email: a.email, password: PASSWORD });
  const getSession = (cookie: string) => server.fetch('/api/auth/get-session', { headers: { cookie } });

  /** A 503 of /api/auth: Retry-After, JSON, `{ code, message }` in pt-BR. */
  async function expectUnavailable(res: Response, what: string) {
    const text = await res.text();
    expect(res.status, `${what}: ${text.slice(0, 200)}`).toBe(503);
    expect(res.headers.get('retry-after'), what).toBeTruthy();
    expect(res.headers.get('content-type'), what).toMatch(/^application\/json/);
    const body = JSON.parse(text) as { code?: unknown; message?: unknown };
    expect(body.code, what).toBe('SERVICE_UNAVAILABLE');
    expect(isPtBrMessage(body.message), `${what}: ${text}`).toBe(true);
  }

  async function waitReady(timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await server.fetch('/readyz');
      await res.arrayBuffer();
      if (res.status === 200) return;
      if (Date.now() > deadline) throw new Error('/readyz não voltou a 200');
      await sleep(200);
    }
  }

  it('while PostgreSQL ends the connections every 200 ms: 2xx, 4xx or a pt-BR 503, never a 500', async () => {
    const ana = accounts.ana!;
    const first = await signIn(ana);
    expect(first.status).toBe(200);
    const cookie = keepToken(first);
    const statuses = new Map<string, number>();
    const bad: string[] = [];
    let stop = false;

    async function worker(w: number) {
      for (let i = 0; !stop; i++) {
        const kind = (w + i) % 3;
        const what = ['sign-up', 'sign-in', 'get-session'][kind]!;
        let res: Response;
        try {
          res = kind === 0 ? await signUp() : kind === 1 ? await signIn(Object.values(accounts)[(w + i) % 4]!) : await getSession(cookie);
        } catch (err) {
          bad.push(`${what}: sem resposta (${(err as Error).message})`);
          continue;
        }
        keepToken(res);
        const text = await res.text();
        statuses.set(`${what} ${res.status}`, (statuses.get(`${what} ${res.status}`) ?? 0) + 1);
        if (res.status === 503) {
          if (!res.headers.get('retry-after')) bad.push(`${what}: 503 sem Retry-After`);
          const body = JSON.parse(text) as { code?: unknown; message?: unknown };
          if (body.code !== 'SERVICE_UNAVAILABLE' || !isPtBrMessage(body.message)) bad.push(`${what}: 503 ${text.slice(0, 200)}`);
        } else if (res.status >= 500) bad.push(`${what}: ${res.status} ${text.slice(0, 200)}`);
        // 429: the per-e-mail limit counts attempts that the storm cut short; it is an answer, not a failure.
        else if (res.status >= 400 && res.status !== 429) bad.push(`${what}: ${res.status} ${text.slice(0, 200)}`);
      }
    }

    const storm = await startConnectionStorm(database.url!, APP_NAME);
    const workers = Array.from({ length: WORKERS }, (_, w) => worker(w));
    await sleep(STORM_MS);
    stop = true;
    await Promise.all(workers);
    const killed = await storm.stop();
    console.info(`[auth storm] ${killed} conexões encerradas; respostas: ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);

    expect(killed).toBeGreaterThan(10);
    expect(server.isRunning).toBe(true);
    expect(bad.slice(0, 10)).toEqual([]);
    expect(
      [...statuses.keys()].some((k) => k.endsWith(' 503')),
      'some requests met a dead connection',
    ).toBe(true);

    await waitReady();
    const again = await signIn(accounts.bruno!);
    expect(again.status).toBe(200);
    const session = await getSession(keepToken(again));
    expect(((await session.json()) as { user?: { email?: string } }).user?.email).toBe(accounts.bruno!.email);
  });

  it.each(['sign-up', 'sign-in', 'get-session'] as const)('with the database gone, %s first meets it: 503 with Retry-After, then all three', async (firstCall) => {
    await waitReady();
    const carla = accounts.carla!;
    const signedIn = await signIn(carla);
    expect(signedIn.status).toBe(200);
    const cookie = keepToken(signedIn);
    const calls = { 'sign-up': signUp, 'sign-in': () => signIn(carla), 'get-session': () => getSession(cookie) };
    proxy.cut('reset');
    try {
      await expectUnavailable(await calls[firstCall](), `${firstCall} (primeira)`);
      for (const [what, call] of Object.entries(calls)) await expectUnavailable(await call(), what);
    } finally {
      proxy.restore();
    }
    await waitReady();
  });

  it('wrote no e-mail, password hash, session token or query parameters to its output', async () => {
    const stored = await database.use(async (db) => ({
      tokens: await rows<{ token: string }>(db, sql`select token from sessions`),
      hashes: await rows<{ password: string }>(db, sql`select password from accounts where password is not null`),
      emails: await rows<{ email: string }>(db, sql`select email from users`),
    }));
    for (const r of stored.tokens) tokens.add(r.token);
    for (const r of stored.emails) emails.add(r.email);
    const out = server.output;
    expect(out.length).toBeGreaterThan(0);
    expect(out).toMatch(/auth: |conexão com o banco perdida|request unavailable/);
    expect(out).not.toMatch(/# SERVER_ERROR|Failed query|params:|@example\.com|Maria Tempestade/);
    for (const e of emails) expect(out.includes(e), `e-mail ${e} no log`).toBe(false);
    expect(tokens.size).toBeGreaterThan(3);
    for (const t of tokens) expect(out.includes(t), `token de sessão ${t.slice(0, 6)}… no log`).toBe(false);
    expect(stored.hashes.length).toBeGreaterThan(3);
    for (const { password } of stored.hashes) {
      for (const part of password.split(':')) expect(out.includes(part), 'hash de senha no log').toBe(false);
    }
    // The scrypt hash's shape (hex salt:hex key), whoever's it is.
    expect(out).not.toMatch(/[0-9a-f]{32}:[0-9a-f]{64,}/);
  });
});
