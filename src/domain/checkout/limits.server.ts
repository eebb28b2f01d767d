// How many orders a client may place: per IP and per e-mail in a window (ORDER_LIMIT_*), counted in the
// database (src/platform/rate-limit.server.ts) so the limits hold across app instances. Every valid
// attempt counts, accepted or not: an out-of-stock or declined retry storm is what the limit is for.
import type { Db } from '#src/db/client.server.ts';
import { hitAll, rateLimit } from '#src/platform/rate-limit.server.ts';
import type { RateLimiter, RateLimitVerdict } from '#src/platform/rate-limit.server.ts';
import type { OrderLimits } from './services.ts';

export const ORDER_LIMIT_MESSAGE = 'Muitos pedidos em pouco tempo. Aguarde alguns minutos e tente novamente.';

const cache = new Map<string, { byIp: RateLimiter; byEmail: RateLimiter }>();
function limitersFor(limits: OrderLimits) {
  const key = `${limits.perIp}/${limits.perEmail}/${limits.windowMinutes}`;
  let l = cache.get(key);
  if (!l) {
    const windowMs = limits.windowMinutes * 60_000;
    l = { byIp: rateLimit({ name: 'order-ip', limit: limits.perIp, windowMs }), byEmail: rateLimit({ name: 'order-email', limit: limits.perEmail, windowMs }) };
    cache.set(key, l);
  }
  return l;
}

/** Counts one order attempt; the verdict that refuses it (429), or null. */
export async function checkOrderLimits(db: Db, limits: OrderLimits | undefined, attempt: { ip: string; email: string }): Promise<RateLimitVerdict | null> {
  if (!limits) return null;
  const l = limitersFor(limits);
  // Both counted in one statement (one round trip and one commit per order attempt).
  const [ip, email] = await hitAll(db, [
    { limiter: l.byIp, key: `ip:${attempt.ip}` },
    { limiter: l.byEmail, key: `email:${attempt.email.trim().toLowerCase()}` },
  ]);
  const limited = [ip!, email!].filter((v) => v.limited);
  return limited.length === 0 ? null : limited.reduce((a, b) => (a.retryAfterSeconds >= b.retryAfterSeconds ? a : b));
}
