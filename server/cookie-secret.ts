// Secrets a local installation can keep for itself: a random value created once in DATA_DIR, so sessions
// and signed cookies survive restarts. Real deployments configure them (env.ts requires BETTER_AUTH_SECRET).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Env } from '#src/config/env.ts';
import type { Logger } from './logger.ts';

/** The secret stored in DATA_DIR/<name>, created (and reported with `warning`) the first time. */
export function localSecret(dataDir: string, name: string, warning: ((file: string) => string) | null, logger?: Logger): string {
  const file = path.resolve(dataDir, name);
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not created yet
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = crypto.randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  if (warning) {
    if (logger) logger.warn(warning(file));
    else console.warn(warning(file));
  }
  return secret;
}

/** The secret that signs the store's own cookies (the guest garage). */
export function cookieSecret(env: Env, logger?: Logger): string {
  if (env.COOKIE_SECRET) return env.COOKIE_SECRET;
  // Deployments already share BETTER_AUTH_SECRET: derive a distinct key from it.
  if (env.BETTER_AUTH_SECRET) return crypto.createHmac('sha256', env.BETTER_AUTH_SECRET).update('olimpo-cookie-secret').digest('base64url');
  return localSecret(
    env.DATA_DIR,
    'cookie-secret',
    env.DATABASE_URL ? (file) => `COOKIE_SECRET não definido: usando um segredo guardado em ${file}. Com várias instâncias, defina o mesmo COOKIE_SECRET em todas.` : null,
    logger,
  );
}
