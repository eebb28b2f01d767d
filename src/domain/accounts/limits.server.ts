// How often each account action may be tried, per IP and per e-mail. Counted in the database
// (src/platform/rate-limit.server.ts), so the limits hold across app instances.
import type { Db } from '../../db/client.server.ts';
import { rateLimit } from '../../platform/rate-limit.server.ts';
import type { RateLimitVerdict } from '../../platform/rate-limit.server.ts';

const MINUTE = 60_000;

export const ACCOUNT_LIMITS = {
  /** Wrong passwords: the 11th attempt within a minute is refused (per e-mail and per IP). */
  signInFailuresByEmail: rateLimit({ name: 'sign-in-failure-email', limit: 10, windowMs: MINUTE }),
  signInFailuresByIp: rateLimit({ name: 'sign-in-failure-ip', limit: 10, windowMs: MINUTE }),
  signUpByIp: rateLimit({ name: 'sign-up-ip', limit: 10, windowMs: 10 * MINUTE }),
  signUpByEmail: rateLimit({ name: 'sign-up-email', limit: 5, windowMs: 10 * MINUTE }),
  resetRequestByEmail: rateLimit({ name: 'reset-request-email', limit: 5, windowMs: 15 * MINUTE }),
  resetRequestByIp: rateLimit({ name: 'reset-request-ip', limit: 20, windowMs: 15 * MINUTE }),
  resetSubmitByIp: rateLimit({ name: 'reset-submit-ip', limit: 20, windowMs: 15 * MINUTE }),
  socialStartByIp: rateLimit({ name: 'social-start-ip', limit: 30, windowMs: 10 * MINUTE }),
} as const;

export interface Attempt {
  ip: string;
  /** Lower-cased e-mail, or '' when the request carries none. */
  email: string;
}

const worst = (verdicts: RateLimitVerdict[]): RateLimitVerdict | null => {
  const limited = verdicts.filter((v) => v.limited);
  if (limited.length === 0) return null;
  return limited.reduce((a, b) => (a.retryAfterSeconds >= b.retryAfterSeconds ? a : b));
};

/**
 * Called before a Better Auth endpoint runs: the verdict that refuses it (429), or null. Sign-in only looks
 * (failures are counted afterwards, in signInFailed); the others count every attempt.
 */
export async function checkAccountLimits(db: Db, path: string, a: Attempt): Promise<RateLimitVerdict | null> {
  const L = ACCOUNT_LIMITS;
  const byEmail = a.email !== '';
  switch (path) {
    case '/sign-in/email':
      return worst(await Promise.all([L.signInFailuresByIp.peek(db, a.ip), ...(byEmail ? [L.signInFailuresByEmail.peek(db, a.email)] : [])]));
    case '/sign-up/email':
      return worst(await Promise.all([L.signUpByIp.hit(db, a.ip), ...(byEmail ? [L.signUpByEmail.hit(db, a.email)] : [])]));
    case '/request-password-reset':
      return worst(await Promise.all([L.resetRequestByIp.hit(db, a.ip), ...(byEmail ? [L.resetRequestByEmail.hit(db, a.email)] : [])]));
    case '/reset-password':
      return worst([await L.resetSubmitByIp.hit(db, a.ip)]);
    case '/sign-in/social':
      return worst([await L.socialStartByIp.hit(db, a.ip)]);
    default:
      return null;
  }
}

/** A wrong password: counts against the IP and the e-mail. */
export async function signInFailed(db: Db, a: Attempt): Promise<void> {
  await Promise.all([
    ACCOUNT_LIMITS.signInFailuresByIp.hit(db, a.ip),
    ...(a.email ? [ACCOUNT_LIMITS.signInFailuresByEmail.hit(db, a.email)] : []),
  ]);
}
