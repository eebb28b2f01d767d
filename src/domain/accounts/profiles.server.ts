// The shopper's personal data ("Cadastrar Cliente", "Informações"): the full name lives with the sign-in
// (users.name), the rest in customer_profiles. A CPF belongs to one account.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { isUniqueViolation } from '#src/db/errors.ts';
import { customerProfiles, sellerApplications, users } from './schema.ts';
import { PERSON_MESSAGES } from './validation.ts';
import type { PersonInput } from './validation.ts';

export interface Profile {
  userId: string;
  name: string;
  loginEmail: string;
  /** null until the shopper fills "Cadastrar Cliente" or "Informações". */
  details: { email: string; cpf: string; phone: string; street: string; district: string; city: string; cep: string; updatedAt: Date } | null;
}

export type SaveResult = { ok: true } | { ok: false; field: 'cpf'; message: string };

export async function getProfile(db: Db, userId: string): Promise<Profile | null> {
  const [row] = await db
    .select({ id: users.id, name: users.name, loginEmail: users.email, p: customerProfiles })
    .from(users)
    .leftJoin(customerProfiles, eq(customerProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const p = row.p;
  return {
    userId: row.id,
    name: row.name,
    loginEmail: row.loginEmail,
    details: p ? { email: p.email, cpf: p.cpf, phone: p.phone, street: p.street, district: p.district, city: p.city, cep: p.cep, updatedAt: p.updatedAt } : null,
  };
}

/** Is this CPF already someone else's (their profile, or their open or approved seller application)? */
export async function cpfUsedByAnother(db: Db, cpf: string, userId: string): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 as used from ${customerProfiles} where ${customerProfiles.cpf} = ${cpf} and ${customerProfiles.userId} <> ${userId}
    union all
    select 1 from ${sellerApplications}
      where ${sellerApplications.cpf} = ${cpf} and ${sellerApplications.userId} <> ${userId} and ${sellerApplications.status} <> 'rejected'
    limit 1`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

export async function saveProfile(db: Db, userId: string, input: PersonInput): Promise<SaveResult> {
  if (await cpfUsedByAnother(db, input.cpf, userId)) return { ok: false, field: 'cpf', message: PERSON_MESSAGES.cpfTaken };
  const values = { email: input.email, cpf: input.cpf, phone: input.celular, street: input.endereco, district: input.bairro, city: input.cidade, cep: input.cep };
  try {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ name: input.nome, updatedAt: new Date() }).where(eq(users.id, userId));
      await tx
        .insert(customerProfiles)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: customerProfiles.userId, set: { ...values, updatedAt: new Date() } });
    });
  } catch (err) {
    // Two accounts saving the same CPF at the same moment: the unique index decides.
    if (isUniqueViolation(err, 'customer_profiles_cpf_key')) return { ok: false, field: 'cpf', message: PERSON_MESSAGES.cpfTaken };
    throw err;
  }
  return { ok: true };
}
