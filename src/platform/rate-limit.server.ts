// A small database-backed rate limiter (fixed windows), shared by every app instance on the same
// database. Each rule names a window and a limit; keys are free-form ("ip:1.2.3.4", "email:ana@…").
//
//   const signIns = rateLimit({ name: 'sign-in', limit: 10, windowMs: 60_000 });
//   if ((await signIns.hit(db, `ip:${ip}`)).limited) → 429   // count the attempt BEFORE doing the work
//   … on success: await signIns.refund(db, `ip:${ip}`)        // only failures stay counted
//
// Count first, then work: a limiter that looks (peek) and counts afterwards lets every request of a
// parallel burst through before the first one is counted.
import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client.server.ts';
import { preparedQuery } from '../db/prepared.server.ts';
import { rateLimitBuckets } from './rate-limit.schema.ts';

export interface RateLimitRule {
  /** Rule name, the first part of every key (letters, digits, "-"). */
  name: string;
  /** Events allowed per window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitVerdict {
  /** True when no more events are allowed in this window. */
  limited: boolean;
  count: number;
  remaining: number;
  /** Seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  readonly rule: RateLimitRule;
  /** Counts one event and returns the verdict including it (limited when the count went over the limit). */
  hit(db: Db, key: string): Promise<RateLimitVerdict>;
  /** The verdict without counting: limited when the limit is already used up. */
  peek(db: Db, key: string): Promise<RateLimitVerdict>;
  /** Gives one counted event back (an attempt that turned out fine); never below zero. */
  refund(db: Db, key: string): Promise<void>;
  /** Forgets the key. */
  reset(db: Db, key: string): Promise<void>;
}

/** Keys are hashed so e-mail addresses and IPs are not stored in clear, and their length is bounded. */
function storageKey(rule: RateLimitRule, key: string): string {
  return `${rule.name}:${createHash('sha256').update(key.trim().toLowerCase()).digest('base64url')}`;
}

function verdict(rule: RateLimitRule, count: number, resetAt: Date, counted: boolean): RateLimitVerdict {
  const retryAfterSeconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
  return {
    limited: counted ? count > rule.limit : count >= rule.limit,
    count,
    remaining: Math.max(0, rule.limit - count),
    retryAfterSeconds,
  };
}

type Row = { count: number; reset_at: Date | string };
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

// Counting is one statement: a new window starts when the old one has ended, so concurrent hits never lose
// counts. Written once with placeholders and prepared on each connection (every order counts two keys, every
// order e-mail one), instead of built and parsed on every call.
const upsertCounts = (rows: SQL) => sql`
  insert into ${rateLimitBuckets} (key, count, reset_at)
  values ${rows}
  on conflict (key) do update set
    count = case when ${rateLimitBuckets.resetAt} <= now() then 1 else ${rateLimitBuckets.count} + 1 end,
    reset_at = case when ${rateLimitBuckets.resetAt} <= now() then excluded.reset_at else ${rateLimitBuckets.resetAt} end
  returning key, count, reset_at`;

/** The statement counting `n` keys at once (built on first use for each n; `hit` is n = 1). */
const hitManyByCount = new Map<number, ReturnType<typeof preparedQuery<Row & { key: string }>>>();
function hitMany(n: number) {
  let run = hitManyByCount.get(n);
  if (!run) {
    run = preparedQuery<Row & { key: string }>(`rate_limit_hits_${n}`, (p) =>
      upsertCounts(
        sql.join(
          Array.from({ length: n }, (_, i) => sql`(${p(`key${i}`)}, 1, now() + ${p(`window${i}`)}::interval)`),
          sql`, `,
        ),
      ),
    );
    hitManyByCount.set(n, run);
  }
  return run;
}

export function rateLimit(rule: RateLimitRule): RateLimiter {
  if (!/^[a-z0-9-]+$/.test(rule.name)) throw new Error(`Nome de regra inválido: ${rule.name}`);
  if (!Number.isInteger(rule.limit) || rule.limit < 1) throw new Error('O limite deve ser um inteiro positivo.');
  const interval = `${Math.ceil(rule.windowMs)} milliseconds`;
  return {
    rule,
    async hit(db, key) {
      const [row] = await hitMany(1)(db, { key0: storageKey(rule, key), window0: interval });
      return verdict(rule, Number(row!.count), new Date(row!.reset_at), true);
    },
    async peek(db, key) {
      const result = await db.execute(sql`select count, reset_at from ${rateLimitBuckets} where key = ${storageKey(rule, key)} and reset_at > now()`);
      const row = rowsOf(result)[0];
      if (!row) return { limited: false, count: 0, remaining: rule.limit, retryAfterSeconds: Math.ceil(rule.windowMs / 1000) };
      return verdict(rule, Number(row.count), new Date(row.reset_at), false);
    },
    async refund(db, key) {
      await db.execute(sql`update ${rateLimitBuckets} set count = greatest(${rateLimitBuckets.count} - 1, 0) where key = ${storageKey(rule, key)} and ${rateLimitBuckets.resetAt} > now()`);
    },
    async reset(db, key) {
      await db.execute(sql`delete from ${rateLimitBuckets} where key = ${storageKey(rule, key)}`);
    },
  };
}

/**
 * Counts one event on each (limiter, key) pair in ONE statement (one round trip, one commit) and returns
 * their verdicts in the same order: what several limits on one action (per IP and per e-mail) cost.
 * Each pair counts exactly as `hit` would.
 */
export async function hitAll(db: Db, hits: readonly { limiter: RateLimiter; key: string }[]): Promise<RateLimitVerdict[]> {
  const rows = hits.map((h) => ({ rule: h.limiter.rule, key: storageKey(h.limiter.rule, h.key) }));
  // One statement cannot update a row twice: the same bucket twice is counted one call at a time.
  if (new Set(rows.map((r) => r.key)).size !== rows.length) return Promise.all(hits.map((h) => h.limiter.hit(db, h.key)));
  if (rows.length === 0) return [];
  // Rows locked in key order, whoever calls: two concurrent calls never wait on each other in a cycle.
  const ordered = [...rows].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const values: Record<string, string> = {};
  ordered.forEach((r, i) => {
    values[`key${i}`] = r.key;
    values[`window${i}`] = `${Math.ceil(r.rule.windowMs)} milliseconds`;
  });
  const result = await hitMany(ordered.length)(db, values);
  const byKey = new Map(result.map((r) => [r.key, r]));
  return rows.map((r) => {
    const row = byKey.get(r.key)!;
    return verdict(r.rule, Number(row.count), new Date(row.reset_at), true);
  });
}

/** Deletes windows that have ended; cheap to call now and then (the table only holds recent keys). */
export async function pruneRateLimits(db: Db): Promise<number> {
  const deleted = await db.delete(rateLimitBuckets).where(lt(rateLimitBuckets.resetAt, new Date())).returning({ key: rateLimitBuckets.key });
  return deleted.length;
}
