// The app for account tests: the real Hono app on a test database, with sign-in configured (a test secret,
// optionally the fake OAuth provider), mail written to a temporary folder and uploads in another.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../server/app.ts';
import { createLogger } from '../../server/logger.ts';
import { createAuthentication } from '#src/domain/accounts/auth.server.ts';
import type { Authentication, AuthSettings } from '#src/domain/accounts/auth.server.ts';
import { createMailer } from '#src/platform/mailer.server.ts';
import { createUploadStore } from '#src/platform/uploads.server.ts';
import type { UploadStore } from '#src/platform/uploads.server.ts';
import type { Services } from '#src/platform/services.ts';
import type { TestDatabase } from './databases.ts';
import { testAuthSettings, testServices } from './services.ts';

export const ORIGIN = 'http://loja.test';

export interface AccountsHarness {
  app: ReturnType<typeof createApp>;
  mailDir: string;
  uploadsDir: string;
  /** The app's sign-in (Better Auth on the test database). */
  auth: Authentication;
  /** The app's services (its catalog change event, for the domain writes a test makes beside it). */
  services: Services;
  /** The app's file store (in uploadsDir). */
  uploads: UploadStore;
  /** A request as a browser on our site would send it (Origin set), from a given IP. */
  request(pathname: string, init?: RequestInit & { ip?: string; cookie?: string; json?: unknown; origin?: string | null }): Promise<Response>;
  cleanup(): void;
}

export function accountsHarness(database: TestDatabase, auth: Partial<AuthSettings> = {}): AccountsHarness {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-accounts-'));
  const mailDir = path.join(tmp, 'mail');
  const uploadsDir = path.join(tmp, 'uploads');
  const mailer = createMailer({ from: 'Olimpo Peças <nao-responda@olimpopecas.com.br>', mailDir });
  const uploads = createUploadStore(uploadsDir);
  const signIn = createAuthentication(database.db, testAuthSettings(database, { mailer, publicUrl: ORIGIN, ...auth }));
  const services = testServices(database, { uploads, mailer, auth: signIn });
  const app = createApp({
    build: () => Promise.reject(new Error('pages are not under test here')),
    services,
    logger: createLogger('silent'),
    publicUrl: ORIGIN,
    trustProxy: true,
  });
  return {
    app,
    mailDir,
    uploadsDir,
    auth: signIn,
    services,
    uploads,
    async request(pathname, init = {}) {
      const { ip = '198.51.100.1', cookie, json, origin = ORIGIN, ...rest } = init;
      const headers = new Headers(rest.headers);
      headers.set('x-forwarded-for', ip);
      if (origin) headers.set('origin', origin);
      if (cookie) headers.set('cookie', cookie);
      let body = rest.body;
      if (json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(json);
      }
      return app.fetch(new Request(`${ORIGIN}${pathname}`, { ...rest, headers, body }));
    },
    cleanup: () => fs.rmSync(tmp, { recursive: true, force: true }),
  };
}

/** "name=value" pairs of the Set-Cookie headers of a response, ready for a Cookie header. */
export function cookiesOf(res: Response, previous = ''): string {
  const jar = new Map(
    previous
      .split(/;\s*/)
      .filter(Boolean)
      .map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)] as const),
  );
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const name = pair!.slice(0, pair!.indexOf('='));
    const value = pair!.slice(pair!.indexOf('=') + 1);
    if (/max-age=0/i.test(c) || value === '') jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** Waits for the newest .eml in a folder (the reset e-mail is sent in the background). */
export async function waitForMail(dir: string, to: string, timeoutMs = 5000): Promise<string> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (fs.existsSync(dir)) {
      const files = fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .sort()
        .reverse();
      for (const f of files) {
        const text = fs.readFileSync(path.join(dir, f), 'utf8');
        if (text.includes(`To: ${to}`)) return text;
      }
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nenhum e-mail para ${to} em ${dir}`);
}

/** The decoded text of a quoted-printable .eml body (enough for our plain-text messages). */
export function mailText(eml: string): string {
  const joined = eml.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const m = /^=([0-9A-F]{2})/.exec(joined.slice(i, i + 3));
    if (m) {
      bytes.push(parseInt(m[1]!, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}
