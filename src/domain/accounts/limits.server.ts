// How often each account action may be tried, per IP and per e-mail. Counted in the database
// (src/platform/rate-limit.server.ts), so the limits hold across app instances.
import type { Db } from '#src/db/client.server.ts';
import { rateLimit } from '#src/platform/rate-limit.server.ts';
import type { RateLimitVerdict } from '#src/platform/rate-limit.server.ts';

const MINUTE = 60_000;

export const ACCOUNT_LIMITS = {
  /**
   * Sign-in attempts, counted before the password is checked; a right password gives its attempt back, so
   * what stays counted is wrong passwords: the 11th within a minute is refused (per e-mail and per IP).
   */
  signInByEmail: rateLimit({ name: 'sign-in-email', limit: 10, windowMs: MINUTE }),
  signInByIp: rateLimit({ name: 'sign-in-ip', limit: 10, windowMs: MINUTE }),
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
 * Called before a Better Auth endpoint runs: counts the attempt (one atomic statement per key) and returns
 * the verdict that refuses it (429), or null. Counting before the work is what holds against a parallel
 * burst: of 60 simultaneous sign-ins, only the first 10 counted reach the password check.
 */
export async function checkAccountLimits(db: Db, path: string, a: Attempt): Promise<RateLimitVerdict | null> {
  const L = ACCOUNT_LIMITS;
  const byEmail = a.email !== '';
  switch (path) {
    case '/sign-in/email':
      return worst(await Promise.all([L.signInByIp.hit(db, a.ip), ...(byEmail ? [L.signInByEmail.hit(db, a.email)] : [])]));
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

/**
 * A right password: its attempt is given back, so only wrong ones stay counted. (A refund lands after the
 * password check, so a burst's attempts are all counted before any is given back.)
 */
export async function signInSucceeded(db: Db, a: Attempt): Promise<void> {
  await Promise.all([ACCOUNT_LIMITS.signInByIp.refund(db, a.ip), ...(a.email ? [ACCOUNT_LIMITS.signInByEmail.refund(db, a.email)] : [])]);
}
