// LGPD for reviews and questions: what a shopper wrote, for "Baixar meus dados", and its removal when the
// account is deleted (the products' ratings recounted in the same transaction).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '#src/db/client.server.ts';
import { setProductRating } from '../catalog/rating.server.ts';
import { productQuestions, productReviews } from './schema.ts';

/** The account's reviews and questions, in the words of the data download. */
export async function exportReviewsOfUser(db: Db, userId: string) {
  const [reviews, questions] = await Promise.all([
    db
      .select({
        produtoId: productReviews.productId,
        nota: productReviews.stars,
        titulo: productReviews.title,
        texto: productReviews.body,
        situacao: productReviews.status,
        criadaEm: productReviews.createdAt,
      })
      .from(productReviews)
      .where(eq(productReviews.userId, userId)),
    db
      .select({
        produtoId: productQuestions.productId,
        pergunta: productQuestions.question,
        resposta: productQuestions.answer,
        situacao: productQuestions.status,
        criadaEm: productQuestions.createdAt,
      })
      .from(productQuestions)
      .where(eq(productQuestions.userId, userId)),
  ]);
  return { avaliacoes: reviews, perguntas: questions };
}

/** Deletes the account's reviews (their votes go with them) and questions; returns the products whose rating changed. */
export async function deleteReviewsOfUser(tx: Tx | Db, userId: string): Promise<number[]> {
  const removed = await tx.delete(productReviews).where(eq(productReviews.userId, userId)).returning({ productId: productReviews.productId, status: productReviews.status });
  await tx.delete(productQuestions).where(eq(productQuestions.userId, userId));
  const changed = [...new Set(removed.filter((r) => r.status === 'approved').map((r) => r.productId))];
  if (changed.length === 0) return [];
  const totals = await tx
    .select({ productId: productReviews.productId, count: sql<number>`count(*)::int`, sum: sql<number>`sum(${productReviews.stars})::int` })
    .from(productReviews)
    .where(and(inArray(productReviews.productId, changed), eq(productReviews.status, 'approved')))
    .groupBy(productReviews.productId);
  const byProduct = new Map(totals.map((t) => [t.productId, t]));
  for (const id of changed) await setProductRating(tx, id, { count: byProduct.get(id)?.count ?? 0, sum: byProduct.get(id)?.sum ?? 0 });
  return changed;
}
