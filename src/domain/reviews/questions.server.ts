// "Perguntas e respostas": a signed-in shopper asks on the product page (contact details refused, counted
// against a limit); the owner, or the seller of the product, answers in the back office; the answer is
// public on the page and the asker is told by e-mail. The e-mail is an outbox row: the answer and its unsent
// mark are written in one transaction with the job that sends it, and a sweep picks up any job lost.
import { and, asc, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import type { Mailer } from '#src/platform/mailer.server.ts';
import { hitAll } from '#src/platform/rate-limit.server.ts';
import type { JobQueue } from '#src/platform/job-queue.ts';
import type { JobRunner } from '#src/platform/job-runner.server.ts';
import type { CatalogChanges } from '../catalog/changes.server.ts';
import { products } from '../catalog/schema.ts';
import { REVIEW_LIMITS, TOO_MANY } from './limits.server.ts';
import { CONTACT_REFUSED, containsContactDetails } from './rules.ts';
import type { QuestionStatus } from './rules.ts';
import { productQuestions } from './schema.ts';

export const SEND_ANSWER_EMAIL_JOB = 'reviews.send-answer-email';
export const SWEEP_ANSWER_EMAILS_JOB = 'reviews.sweep-answer-emails';
const MAX_EMAIL_ATTEMPTS = 10;

export type AskResult = { ok: true; id: number } | { ok: false; message: string; status: 400 | 404 | 429 };

/** Records a question (already bounded by `questionInput`), refused when it carries contact details or over the limits. */
export async function askQuestion(db: Db, asker: { userId: string; ip: string }, productId: number, question: string): Promise<AskResult> {
  if (containsContactDetails(question)) return { ok: false, message: CONTACT_REFUSED, status: 400 };
  const verdicts = await hitAll(db, [
    { limiter: REVIEW_LIMITS.questionsPerAccount, key: `user:${asker.userId}` },
    { limiter: REVIEW_LIMITS.questionsPerIp, key: `ip:${asker.ip}` },
  ]);
  if (verdicts.some((v) => v.limited)) return { ok: false, message: TOO_MANY, status: 429 };
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.active, true)))
    .limit(1);
  if (!product) return { ok: false, message: 'Produto não encontrado.', status: 404 };
  const [row] = await db.insert(productQuestions).values({ productId, userId: asker.userId, question }).returning({ id: productQuestions.id });
  return { ok: true, id: row!.id };
}

export interface PublicQuestion {
  id: number;
  question: string;
  answer: string;
  askedAt: string;
  answeredAt: string;
}

/** The answered questions of a product, the latest answer first. */
export async function answeredQuestions(db: Db, productId: number, limit = 30): Promise<PublicQuestion[]> {
  const rows = await db
    .select({ id: productQuestions.id, question: productQuestions.question, answer: productQuestions.answer, askedAt: productQuestions.createdAt, answeredAt: productQuestions.answeredAt })
    .from(productQuestions)
    .where(and(eq(productQuestions.productId, productId), eq(productQuestions.status, 'answered')))
    .orderBy(desc(productQuestions.answeredAt), desc(productQuestions.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, question: r.question, answer: r.answer ?? '', askedAt: r.askedAt.toISOString(), answeredAt: (r.answeredAt ?? r.askedAt).toISOString() }));
}

export interface BackOfficeQuestion {
  id: number;
  productId: number;
  productTitle: string;
  question: string;
  status: QuestionStatus;
  answer: string | null;
  askedAt: string;
}

/** /Admin/Perguntas: the questions to answer (oldest first) or already handled; a seller sees their products' only. */
export async function listQuestionsForBackOffice(db: Db, opts: { sellerId: string | null; status: QuestionStatus; limit?: number }): Promise<BackOfficeQuestion[]> {
  const rows = await db
    .select({
      id: productQuestions.id,
      productId: productQuestions.productId,
      productTitle: products.title,
      question: productQuestions.question,
      status: productQuestions.status,
      answer: productQuestions.answer,
      askedAt: productQuestions.createdAt,
    })
    .from(productQuestions)
    .innerJoin(products, eq(products.id, productQuestions.productId))
    .where(and(eq(productQuestions.status, opts.status), opts.sellerId === null ? undefined : eq(products.sellerId, opts.sellerId)))
    .orderBy(opts.status === 'pending' ? asc(productQuestions.createdAt) : desc(productQuestions.answeredAt), desc(productQuestions.id))
    .limit(opts.limit ?? 100);
  return rows.map((r) => ({ ...r, status: r.status as QuestionStatus, askedAt: r.askedAt.toISOString() }));
}

export type AnswerResult = { ok: true; status: 'answered' | 'refused' } | { ok: false; message: string; status: 404 | 409 };

/**
 * Answers a pending question (or refuses it: it stays hidden). `sellerId` limits a seller to their own
 * products (null: the owner, any product). The answer, its unsent e-mail and the job that sends it are one
 * transaction; the product's cached pages are dropped after it commits.
 */
export async function answerQuestion(
  db: Db,
  changes: CatalogChanges | null,
  by: { userId: string; sellerId: string | null },
  questionId: number,
  decision: { answer: string } | 'refuse',
  runner: JobQueue | null,
): Promise<AnswerResult> {
  const outcome = await db.transaction(async (tx) => {
    const [question] = await tx
      .select({ productId: productQuestions.productId, status: productQuestions.status, sellerId: products.sellerId })
      .from(productQuestions)
      .innerJoin(products, eq(products.id, productQuestions.productId))
      .where(eq(productQuestions.id, questionId))
      .limit(1);
    if (!question || (by.sellerId !== null && question.sellerId !== by.sellerId)) return { ok: false as const, message: 'Pergunta não encontrada.', status: 404 as const };
    const refused = decision === 'refuse';
    const [row] = await tx
      .update(productQuestions)
      .set(refused ? { status: 'refused', answeredBy: by.userId } : { status: 'answered', answer: decision.answer, answeredBy: by.userId, answeredAt: new Date() })
      .where(and(eq(productQuestions.id, questionId), eq(productQuestions.status, 'pending')))
      .returning({ id: productQuestions.id });
    if (!row) return { ok: false as const, message: 'Esta pergunta já foi respondida ou recusada.', status: 409 as const };
    if (!refused && runner) await runner.enqueue(SEND_ANSWER_EMAIL_JOB, { questionId }, { tx, singletonKey: `answer:${questionId}` });
    return { ok: true as const, status: refused ? ('refused' as const) : ('answered' as const), productId: question.productId };
  });
  if (!outcome.ok) return outcome;
  if (outcome.status === 'answered') await changes?.announce([outcome.productId]);
  return { ok: true, status: outcome.status };
}

export interface AnswerMailSettings {
  mailer: Mailer;
  publicUrl: string;
  storeName: string;
  /** The account's e-mail address and name (the accounts domain), or null when it is gone. */
  recipientOf: (userId: string) => Promise<{ email: string; name: string } | null>;
}

export type AnswerMailResult = 'sent' | 'already-sent' | 'skipped' | 'missing';

/** The answer e-mail's words. */
export function answerMail(q: { question: string; answer: string; productTitle: string; productUrl: string }, name: string, storeName: string) {
  const subject = `Sua pergunta sobre ${q.productTitle} foi respondida`;
  const text = [
    `Olá, ${name}!`,
    '',
    `Sua pergunta sobre "${q.productTitle}" foi respondida.`,
    '',
    `Pergunta: ${q.question}`,
    `Resposta: ${q.answer}`,
    '',
    `Veja no produto: ${q.productUrl}`,
    '',
    `Equipe ${storeName}`,
  ].join('\n');
  return { subject, text };
}

/**
 * Sends the answer e-mail of a question once: the row is taken with a conditional update (attempts + 1)
 * only while unsent, the mailer's idempotency key makes a resend after a crash one message, and the row is
 * marked sent afterwards. Throws to be retried.
 */
export async function deliverAnswerEmail(db: Db, questionId: number, settings: AnswerMailSettings): Promise<AnswerMailResult> {
  const [q] = await db
    .update(productQuestions)
    .set({ emailAttempts: sql`${productQuestions.emailAttempts} + 1` })
    .where(and(eq(productQuestions.id, questionId), eq(productQuestions.status, 'answered'), isNull(productQuestions.emailSentAt)))
    .returning({ userId: productQuestions.userId, productId: productQuestions.productId, question: productQuestions.question, answer: productQuestions.answer });
  if (!q) {
    const [existing] = await db.select({ sentAt: productQuestions.emailSentAt }).from(productQuestions).where(eq(productQuestions.id, questionId)).limit(1);
    return existing?.sentAt ? 'already-sent' : 'missing';
  }
  const recipient = await settings.recipientOf(q.userId);
  if (recipient) {
    const [product] = await db.select({ title: products.title }).from(products).where(eq(products.id, q.productId)).limit(1);
    const productUrl = `${settings.publicUrl.replace(/\/+$/, '')}/ProductView/${q.productId}#perguntas`;
    const mail = answerMail(
      { question: q.question, answer: q.answer ?? '', productTitle: product?.title ?? 'o produto', productUrl },
      recipient.name.split(/\s+/)[0] || recipient.name,
      settings.storeName,
    );
    await settings.mailer.send({ to: recipient.email, subject: mail.subject, text: mail.text, idempotencyKey: `pergunta-${questionId}-resposta` });
  }
  await db.update(productQuestions).set({ emailSentAt: new Date() }).where(eq(productQuestions.id, questionId));
  return recipient ? 'sent' : 'skipped';
}

/** The sweep: a job for every answer e-mail still unsent a minute after the answer (a lost job, a script's answer). */
export async function enqueueDueAnswerEmails(db: Db, enqueue: JobRunner['enqueue']): Promise<number> {
  const due = await db
    .select({ id: productQuestions.id })
    .from(productQuestions)
    .where(
      and(
        eq(productQuestions.status, 'answered'),
        isNull(productQuestions.emailSentAt),
        lt(productQuestions.answeredAt, sql`now() - interval '1 minute'`),
        lt(productQuestions.emailAttempts, MAX_EMAIL_ATTEMPTS),
      ),
    )
    .limit(200);
  for (const d of due) await enqueue(SEND_ANSWER_EMAIL_JOB, { questionId: d.id }, { singletonKey: `answer:${d.id}` });
  return due.length;
}
