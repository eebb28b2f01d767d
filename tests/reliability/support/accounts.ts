// Accounts for the reliability suite: shoppers, sellers and an admin created in the database before the
// server starts (through Better Auth's server API, as `npm run admin:create` does), signed in over HTTP
// afterwards, and the checks for the answers of page forms (HTML) and of /api/auth (`{ code, message }`).
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { createMailer } from '#src/platform/mailer.server.ts';
import { expect } from 'vitest';
import type { Db } from '#src/db/client.server.ts';
import { createAuthentication } from '#src/domain/accounts/auth.server.ts';
import { setRole } from '#src/domain/accounts/users.server.ts';
import type { Role } from '#src/domain/accounts/roles.ts';
import { isPtBrMessage } from './checks.ts';
import { renderPasswordResetHtml } from '#src/emails/render.server.ts';
import type { AppServer } from './server.ts';

export const PASSWORD = 'senha-forte-da-suite-123';

export interface Account {
  key: string;
  id: string;
  email: string;
  role: Role;
  /** Cookie header of a signed-in session (filled by signInAll). */
  cookie: string;
}

/** Creates the accounts in `db` (call from createServerDatabase's `prepare`). */
export async function createAccounts(db: Db, wanted: Record<string, Role>): Promise<Record<string, Account>> {
  // Only hashes passwords here; sessions are made by the server, which has its own secret.
  const auth = createAuthentication(db, {
    mailer: createMailer({ from: 'Olimpo Peças <loja@example.com>', mailDir: path.join(os.tmpdir(), `olimpo-mail-${process.pid}`) }),
    publicUrl: 'http://127.0.0.1',
    secret: 'reliability-suite-secret-not-for-production-0123456789',
    log: () => {},
    resetEmailHtml: renderPasswordResetHtml,
  });
  const out: Record<string, Account> = {};
  for (const [key, role] of Object.entries(wanted)) {
    const email = `${key}-${crypto.randomBytes(3).toString('hex')}@example.com`;
    const { user } = await auth.betterAuth.api.signUpEmail({ body: { email, password: PASSWORD, name: `Conta ${key} Teste` } });
    if (role !== 'customer') await setRole(db, user.id, role);
    out[key] = { key, id: user.id, email, role, cookie: '' };
  }
  return out;
}

/** A random client IP (the server runs with TRUST_PROXY=true), so per-IP limits never mix tests up. */
export const randomIp = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${1 + crypto.randomInt(254)}`;

export async function signIn(server: AppServer, account: Account): Promise<void> {
  const res = await server.fetch('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': randomIp() },
    body: JSON.stringify({ email: account.email, password: PASSWORD }),
  });
  const text = await res.text();
  expect(res.status, `sign-in ${account.key}: ${text.slice(0, 200)}`).toBe(200);
  account.cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
  expect(account.cookie).toContain('better-auth.session_token=');
}

const decode = (s: string) =>
  s
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#x([0-9a-f]+);/gi, (_m, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_m, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** The error sentences a page shows: notices (`role="alert"`) and field errors (`…-erro`). */
export function pageErrors(html: string): string[] {
  const found = [...html.matchAll(/<(p|div)\b[^>]*\brole="alert"[^>]*>([\s\S]*?)<\/\1>/g), ...html.matchAll(/<(p)\b[^>]*\bid="[^"]*-erro"[^>]*>([\s\S]*?)<\/p>/g)].map((m) => decode(m[2]!));
  return found.filter((s) => s.length > 0);
}

/**
 * A refused page form: a 4xx HTML page (the form again, or an error page) showing at least one error, every
 * one of them in pt-BR.
 */
export async function expectPageRefusal(res: Response, context: string): Promise<{ status: number; errors: string[] }> {
  const html = await res.text();
  const where = `${context} → ${res.status} ${res.headers.get('location') ?? ''}`;
  expect(res.status, `${where}: ${decode(html).slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${where}: ${decode(html).slice(0, 300)}`).toBeLessThan(500);
  expect(res.headers.get('content-type') ?? '', where).toMatch(/^text\/html/);
  const errors = pageErrors(html);
  expect(errors.length, `${where}: no error message on the page: ${decode(html).slice(0, 400)}`).toBeGreaterThan(0);
  for (const e of errors) expect(isPtBrMessage(e), `${where}: not pt-BR: ${e}`).toBe(true);
  return { status: res.status, errors };
}

/** A refused JSON call: 4xx, JSON, with a pt-BR `erro` (our API) or `message` (/api/auth). */
export async function expectJsonRefusal(res: Response, context: string): Promise<{ status: number; message: string }> {
  const text = await res.text();
  const where = `${context} → ${res.status} ${text.slice(0, 300)}`;
  expect(res.status, where).toBeGreaterThanOrEqual(400);
  expect(res.status, where).toBeLessThan(500);
  expect(res.headers.get('content-type') ?? '', where).toMatch(/^application\/json/);
  const body = JSON.parse(text) as { erro?: unknown; message?: unknown };
  const message = body.erro ?? body.message;
  expect(isPtBrMessage(message), `${where}: not pt-BR`).toBe(true);
  return { status: res.status, message: message as string };
}
