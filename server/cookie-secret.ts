// The secret that signs the store's own cookies (the guest garage). COOKIE_SECRET in production; without it
// a random one is kept in DATA_DIR/cookie-secret, so cookies survive restarts of this one installation.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Env } from '../src/config/env.ts';
import type { Logger } from './logger.ts';

export function cookieSecret(env: Env, logger?: Logger): string {
  if (env.COOKIE_SECRET) return env.COOKIE_SECRET;
  // Deployments already share BETTER_AUTH_SECRET: derive a distinct key from it.
  if (env.BETTER_AUTH_SECRET) return crypto.createHmac('sha256', env.BETTER_AUTH_SECRET).update('olimpo-cookie-secret').digest('base64url');
  const file = path.resolve(env.DATA_DIR, 'cookie-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not created yet
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = crypto.randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  if (env.DATABASE_URL) {
    const warn = `COOKIE_SECRET não definido: usando um segredo guardado em ${file}. Com várias instâncias, defina o mesmo COOKIE_SECRET em todas.`;
    if (logger) logger.warn(warn);
    else console.warn(warn);
  }
  return secret;
}
