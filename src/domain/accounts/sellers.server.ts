// Seller applications ("Cadastrar Vendedor"): a signed-in shopper applies, an admin approves (the account
// becomes a seller) or rejects. One open application per account; a CPF belongs to one seller.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { isUniqueViolation } from '#src/db/errors.ts';
import { cpfUsedByAnother } from './profiles.server.ts';
import { asRole } from './roles.ts';
import type { ApplicationStatus } from './sellers.ts';
import { sellerApplications, users } from './schema.ts';
import { PERSON_MESSAGES } from './validation.ts';
import type { PersonInput } from './validation.ts';

export interface SellerApplication {
  id: number;
  userId: string;
  name: string;
  email: string;
  cpf: string;
  phone: string;
  street: string;
  district: string;
  city: string;
  cep: string;
  status: ApplicationStatus;
  createdAt: Date;
  reviewedAt: Date | null;
  accountEmail: string;
}

export type ApplyResult = { ok: true; id: number } | { ok: false; field: 'cpf' | '_form'; message: string };

export const SELLER_MESSAGES = {
  alreadySeller: 'Sua conta já é de vendedor. Cadastre seus produtos em "Cadastrar Produto".',
  alreadyPending: 'Você já tem um pedido em análise. Avisaremos quando ele for analisado.',
  notFound: 'Pedido não encontrado.',
  alreadyReviewed: 'Este pedido já foi analisado.',
} as const;

const columns = {
  id: sellerApplications.id,
  userId: sellerApplications.userId,
  name: sellerApplications.name,
  email: sellerApplications.email,
  cpf: sellerApplications.cpf,
  phone: sellerApplications.phone,
  street: sellerApplications.street,
  district: sellerApplications.district,
  city: sellerApplications.city,
  cep: sellerApplications.cep,
  status: sellerApplications.status,
  createdAt: sellerApplications.createdAt,
  reviewedAt: sellerApplications.reviewedAt,
  accountEmail: users.email,
};

/** The account's latest application, if any. */
export async function latestApplication(db: Db, userId: string): Promise<SellerApplication | null> {
  const [row] = await db
    .select(columns)
    .from(sellerApplications)
    .innerJoin(users, eq(users.id, sellerApplications.userId))
    .where(eq(sellerApplications.userId, userId))
    .orderBy(desc(sellerApplications.createdAt), desc(sellerApplications.id))
    .limit(1);
  return (row as SellerApplication | undefined) ?? null;
}

export async function submitSellerApplication(db: Db, userId: string, input: PersonInput): Promise<ApplyResult> {
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return { ok: false, field: '_form', message: SELLER_MESSAGES.notFound };
  if (asRole(user.role) !== 'customer') return { ok: false, field: '_form', message: SELLER_MESSAGES.alreadySeller };
  if ((await latestApplication(db, userId))?.status === 'pending') return { ok: false, field: '_form', message: SELLER_MESSAGES.alreadyPending };
  if (await cpfUsedByAnother(db, input.cpf, userId)) return { ok: false, field: 'cpf', message: PERSON_MESSAGES.cpfTaken };
  try {
    const [row] = await db
      .insert(sellerApplications)
      .values({ userId, name: input.nome, email: input.email, cpf: input.cpf, phone: input.celular, street: input.endereco, district: input.bairro, city: input.cidade, cep: input.cep })
      .returning({ id: sellerApplications.id });
    return { ok: true, id: row!.id };
  } catch (err) {
    if (isUniqueViolation(err, 'seller_applications_one_pending_key')) return { ok: false, field: '_form', message: SELLER_MESSAGES.alreadyPending };
    if (isUniqueViolation(err, 'seller_applications_cpf_key')) return { ok: false, field: 'cpf', message: PERSON_MESSAGES.cpfTaken };
    throw err;
  }
}

/** For the admin page: open applications first (oldest first), then the reviewed ones (newest first). */
export async function listSellerApplications(db: Db, limit = 200): Promise<SellerApplication[]> {
  const rows = await db
    .select(columns)
    .from(sellerApplications)
    .innerJoin(users, eq(users.id, sellerApplications.userId))
    .orderBy(
      sql`case when ${sellerApplications.status} = 'pending' then 0 else 1 end`,
      sql`case when ${sellerApplications.status} = 'pending' then ${sellerApplications.createdAt} end asc`,
      desc(sellerApplications.reviewedAt),
      desc(sellerApplications.id),
    )
    .limit(limit);
  return rows as SellerApplication[];
}

export type ReviewResult = { ok: true; status: ApplicationStatus } | { ok: false; message: string };

/** Approve (the account becomes a seller, unless it is an admin already) or reject an open application. */
export async function reviewSellerApplication(db: Db, reviewerId: string, applicationId: number, decision: 'approve' | 'reject'): Promise<ReviewResult> {
  // Ids are PostgreSQL integers: anything beyond them names no application (and must not reach the query).
  if (!Number.isSafeInteger(applicationId) || applicationId < 1 || applicationId > 2_147_483_647) return { ok: false, message: SELLER_MESSAGES.notFound };
  return db.transaction(async (tx) => {
    const status: ApplicationStatus = decision === 'approve' ? 'approved' : 'rejected';
    const [updated] = await tx
      .update(sellerApplications)
      .set({ status, reviewedAt: new Date(), reviewedBy: reviewerId })
      .where(and(eq(sellerApplications.id, applicationId), eq(sellerApplications.status, 'pending')))
      .returning({ userId: sellerApplications.userId });
    if (!updated) {
      const [exists] = await tx.select({ id: sellerApplications.id }).from(sellerApplications).where(eq(sellerApplications.id, applicationId)).limit(1);
      return { ok: false, message: exists ? SELLER_MESSAGES.alreadyReviewed : SELLER_MESSAGES.notFound };
    }
    if (status === 'approved') {
      await tx
        .update(users)
        .set({ role: 'seller', updatedAt: new Date() })
        .where(and(eq(users.id, updated.userId), eq(users.role, 'customer')));
    }
    return { ok: true, status };
  });
}
