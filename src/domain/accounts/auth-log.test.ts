// Better Auth's log lines reach our logs without the data its errors carry: no e-mail, hash, token or query.
import { describe, expect, it } from 'vitest';
import { authLogEntry, redactAuthText } from './auth-log.ts';

const EMAIL = 'maria.silva@example.com';
const HASH = '3f9c1a0b7e2d4c6f8a1b3c5d7e9f0a2b:9d8c7b6a5f4e3d2c1b0a99887766554433221100ffeeddccbbaa998877665544';
const TOKEN = 'Xq7RkP2mZ9vB4nT6yW1cL8sD3fG5hJ0a';

/** What drizzle throws when an insert fails: the SQL, then every parameter, then the driver's error as cause. */
function failedInsert(): Error {
  const cause = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
  const err = new Error(`Failed query: insert into "sessions" ("token", "user_id") values ($1, $2)\nparams: ${TOKEN},${EMAIL},${HASH}`, { cause });
  err.name = 'DrizzleQueryError';
  return err;
}

describe('Better Auth log lines', () => {
  it('keep the kind and code of a failed query, never its parameters', () => {
    const entry = authLogEntry('INTERNAL_SERVER_ERROR', [failedInsert(), { email: EMAIL, token: TOKEN }]);
    expect(entry).toEqual({ message: 'INTERNAL_SERVER_ERROR', errors: [{ type: 'Error', code: '57P01', message: 'terminating connection due to administrator command' }] });
    expect(JSON.stringify(entry)).not.toMatch(new RegExp(`${EMAIL}|${TOKEN}|${HASH.slice(0, 20)}|params`));
  });

  it('an error given as the message is logged by its kind only', () => {
    const entry = authLogEntry(Object.assign(new Error(`duplicate key value: ${EMAIL} ${HASH}`), { name: 'PostgresError', code: '23505' }), []);
    expect(entry.message).toBe('PostgresError');
    expect(entry.errors).toEqual([{ type: 'PostgresError', code: '23505', message: 'duplicate key value: [e-mail] […]' }]);
  });

  it('sentences lose e-mail addresses, tokens, hashes, query strings and everything after the first line', () => {
    expect(redactAuthText(`User ${EMAIL} signed in with session ${TOKEN}`)).toBe('User [e-mail] signed in with session […]');
    expect(redactAuthText(`Password hash ${HASH} did not match`)).toBe('Password hash […] did not match');
    expect(redactAuthText('callback /api/auth/reset-password?token=abc&callbackURL=/x')).toBe('callback /api/auth/reset-password?[…]');
    expect(redactAuthText('Failed to create user\nparams: x')).toBe('Failed to create user');
    expect(redactAuthText('Reset Password: User not found')).toBe('Reset Password: User not found');
  });

  it('other arguments (objects, strings) are dropped', () => {
    expect(authLogEntry('Provider not found', [{ provider: 'google', email: EMAIL }, EMAIL])).toEqual({ message: 'Provider not found', errors: [] });
  });
});
