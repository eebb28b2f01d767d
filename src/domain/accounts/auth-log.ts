// What Better Auth may write into our logs. Its logger hands over a sentence and, often, the error it caught:
// a failed query whose message lists the e-mail, the password's scrypt hash and the new session token it was
// storing. A line keeps the sentence (first line, e-mail addresses masked, anything token-like cut) and, per
// error, its kind, code and a message redacted the same way; never the error's data, stack or query.
import { safeError, scrubText } from '#src/platform/log-safe.ts';

export type AuthLogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface AuthLogError {
  type: string;
  code?: string;
  message: string;
}

export interface AuthLogEntry {
  message: string;
  errors: AuthLogError[];
}

// Runs of token characters long enough to be a session token (32), a hash (salt:hex), a verification value or
// an API key, mixing letters with digits or both cases, which words, paths and CONSTANT_NAMES do not.
const TOKEN_RUN = /[A-Za-z0-9+/_=.:$-]{20,}/g;
const looksRandom = (run: string) => (/\d/.test(run) && /[A-Za-z]/.test(run)) || (/[a-z]/.test(run) && /[A-Z]/.test(run));
const cutTokens = (text: string) => text.replace(TOKEN_RUN, (run) => (looksRandom(run) ? '[…]' : run));
const MAX_MESSAGE = 200;

/** A sentence fit for a log line: its first line, e-mail addresses masked, query strings and tokens cut. */
export function redactAuthText(text: string): string {
  return cutTokens(scrubText(text.split('\n')[0]!.slice(0, 1000))).slice(0, MAX_MESSAGE);
}

/** The loggable part of an error Better Auth passed along (a driver error keeps its SQLSTATE or errno). */
export function authLogError(err: Error): AuthLogError {
  const safe = safeError(err);
  const code = safe.code && /^[A-Z0-9_]{2,40}$/.test(safe.code) ? safe.code : undefined;
  return { type: safe.type.slice(0, 60), ...(code ? { code } : {}), message: cutTokens(safe.message).slice(0, MAX_MESSAGE) };
}

/** Better Auth's `logger.log(level, message, ...args)` as a safe entry: other arguments than errors are dropped. */
export function authLogEntry(message: unknown, args: readonly unknown[]): AuthLogEntry {
  const errors = [message, ...args].filter((a): a is Error => a instanceof Error).map(authLogError);
  const text = typeof message === 'string' ? redactAuthText(message) : message instanceof Error ? errors[0]!.type : typeof message;
  return { message: text, errors };
}
