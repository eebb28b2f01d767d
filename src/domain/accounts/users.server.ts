// Account look-ups and role changes outside Better Auth's own endpoints (admin creation, approvals).
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import type { Authentication } from './auth.server.ts';
import { asRole } from './roles.ts';
import type { Role } from './roles.ts';
import { users } from './schema.ts';

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select({ id: users.id, name: users.name, email: users.email, role: users.role }).from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row ? { ...row, role: asRole(row.role) } : null;
}

/** Where to write to an account (its e-mail and name), or null when it no longer exists. */
export async function contactOfUser(db: Db, userId: string): Promise<{ email: string; name: string } | null> {
  const [row] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

export async function setRole(db: Db, userId: string, role: Role): Promise<void> {
  await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
}

export type AdminResult = { created: false; email: string } | { created: true; email: string; password: string };

/**
 * `npm run admin:create -- <email>`: makes that account an admin. When there is no such account yet it is
 * created with a random password, shown once (the admin then changes it with "Esqueci minha senha").
 */
export async function makeAdmin(db: Db, auth: Authentication, email: string, opts: { name?: string; password?: string } = {}): Promise<AdminResult> {
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await setRole(db, existing.id, 'admin');
    return { created: false, email: existing.email };
  }
  const name = opts.name ?? 'Administrador da Loja';
  const password = opts.password ?? crypto.randomBytes(12).toString('base64url');
  const result = await auth.betterAuth.api.signUpEmail({ body: { email, password, name } });
  await setRole(db, result.user.id, 'admin');
  return { created: true, email: result.user.email, password };
}
