// Reviews and questions on PGlite and PostgreSQL: only a buyer whose order with the product was delivered may
// review it, once; moderation decides what the product page shows, with the average and the distribution;
// "útil" counts once per visitor; questions refuse contact details and are limited; an answer is public and
// e-mailed to the asker through the job runner.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymizeUser } from '#src/domain/accounts/privacy.server.ts';
import { users } from '#src/domain/accounts/schema.ts';
import { getProduct } from '#src/domain/catalog/products.server.ts';
import { products } from '#src/domain/catalog/schema.ts';
import { orderLines, orders } from '#src/domain/orders/schema.ts';
import { answeredQuestions, answerQuestion, askQuestion, listQuestionsForBackOffice } from '#src/domain/reviews/questions.server.ts';
import { listReviewsForModeration, moderateReview, productReviewsBlock, reviewEligibility, submitReview, voteHelpful, voterKey } from '#src/domain/reviews/reviews.server.ts';
import { CONTACT_REFUSED } from '#src/domain/reviews/rules.ts';
import { exportReviewsOfUser } from '#src/domain/reviews/privacy.server.ts';
import type { JobRunner } from '#src/platform/job-runner.server.ts';
import { createTestApp } from '../support/app.ts';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { startTestJobs, until } from '../support/jobs.ts';
import { mailText } from '../support/accounts.ts';

describe.each(DATABASE_KINDS)('reviews and questions on %s', (kind) => {
  let database: TestDatabase;
  let t: ReturnType<typeof createTestApp>;
  let jobs: JobRunner;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 6 });
    t = createTestApp(database);
    jobs = await startTestJobs(database, t.services);
  });
  afterAll(async () => {
    await jobs?.stop();
    await database?.dispose();
  });

  let orderSeq = 0;
  /** An order of `userId` holding `productId`, in `status` (written as the order flow leaves it). */
  async function orderOf(userId: string, productId: number, status: string) {
    orderSeq++;
    const [o] = await database.db
      .insert(orders)
      .values({
        number: String(90_000_000 + orderSeq + (kind === 'postgres' ? 500 : 0)),
        accessTokenHash: crypto.randomUUID(),
        userId,
        email: `${userId}@example.com`,
        status,
        cep: '01001000',
        street: 'Praça da Sé',
        streetNumber: '100',
        neighborhood: 'Sé',
        city: 'São Paulo',
        state: 'SP',
        shippingMethod: 'padrao',
        paymentMethod: 'pix',
        subtotalCents: 1000,
        couponDiscountCents: 0,
        shippingCents: 0,
        paymentDiscountCents: 0,
        totalCents: 1000,
        idempotencyKey: crypto.randomUUID(),
        requestHash: 'x',
      })
      .returning({ id: orders.id });
    await database.db.insert(orderLines).values({ orderId: o!.id, productId, title: 'Peça', unitPriceCents: 1000, quantity: 1, lineTotalCents: 1000 });
  }
  const review = (stars: number, title = 'Peça muito boa') => ({ stars, title, body: 'Instalei sem problema e funcionou bem.', vehicleId: null, vehicleYear: null });

  it('lets only a buyer whose order with the product was delivered review it, once', async () => {
    await orderOf('ana', 1, 'shipped');
    await orderOf('bia', 1, 'delivered');
    expect(await reviewEligibility(database.db, 'ana', 1)).toEqual({ status: 'not-delivered' });
    // Another account's delivered order does not count for Ana.
    const refused = await submitReview(database.db, { id: 'ana', name: 'Ana Souza' }, 1, review(5));
    expect(refused).toEqual({ ok: false, message: 'Só quem comprou este produto e já o recebeu pode avaliá-lo.' });
    // A delivered order of another product does not count either.
    await orderOf('ana', 2, 'delivered');
    expect((await reviewEligibility(database.db, 'ana', 1)).status).toBe('not-delivered');

    expect((await reviewEligibility(database.db, 'bia', 1)).status).toBe('eligible');
    expect((await submitReview(database.db, { id: 'bia', name: 'Beatriz Lima' }, 1, review(4))).ok).toBe(true);
    expect(await submitReview(database.db, { id: 'bia', name: 'Beatriz Lima' }, 1, review(5))).toEqual({ ok: false, message: 'Você já avaliou este produto.' });
    expect(await reviewEligibility(database.db, 'bia', 1)).toEqual({ status: 'reviewed', reviewStatus: 'pending' });
  });

  it('shows only approved reviews, with their average and distribution, on the page and on the card', async () => {
    for (const [user, stars] of [
      ['c1', 5],
      ['c2', 5],
      ['c3', 2],
    ] as const) {
      await orderOf(user, 3, 'delivered');
      expect((await submitReview(database.db, { id: user, name: `Cliente ${user}` }, 3, review(stars))).ok).toBe(true);
    }
    // Pending: nothing public yet.
    expect((await productReviewsBlock(database.db, 3)).summary.count).toBe(0);
    expect((await getProduct(database.db, 3))!.rating).toBeNull();

    const pending = (await listReviewsForModeration(database.db, 'pending')).filter((r) => r.productId === 3);
    expect(pending).toHaveLength(3);
    for (const r of pending) expect(await moderateReview(database.db, t.services.catalogChanges, 'admin', r.id, 'approve')).toMatchObject({ ok: true });
    const c3 = pending.find((r) => r.stars === 2)!;
    await moderateReview(database.db, t.services.catalogChanges, 'admin', c3.id, 'refuse');

    const block = await productReviewsBlock(database.db, 3);
    expect(block.summary.count).toBe(2);
    expect(block.summary.average).toBe(5);
    expect(block.summary.distribution.map((d) => d.count)).toEqual([2, 0, 0, 0, 0]);
    expect(block.reviews.map((r) => r.stars)).toEqual([5, 5]);
    expect(block.reviews[0]!.authorName).toBe('Cliente C.');
    // The product row keeps the approved rating for the cards.
    expect((await getProduct(database.db, 3))!.rating).toEqual({ average: 5, count: 2 });

    // Approving the refused one again recounts: (5 + 5 + 2) / 3 = 4.0.
    await moderateReview(database.db, t.services.catalogChanges, 'admin', c3.id, 'approve');
    const [row] = await database.db.select({ count: products.ratingCount, sum: products.ratingSum }).from(products).where(eq(products.id, 3));
    expect(row).toEqual({ count: 3, sum: 12 });
    const again = await productReviewsBlock(database.db, 3);
    expect(again.summary.average).toBe(4);
    expect(again.summary.distribution.map((d) => d.percent)).toEqual([67, 0, 0, 33, 0]);
  });

  it('counts "útil" once per visitor and orders the reviews by it', async () => {
    const block = await productReviewsBlock(database.db, 3);
    const last = block.reviews.at(-1)!;
    const ip = voterKey(null, '203.0.113.9');
    const [first, second] = await Promise.all([voteHelpful(database.db, last.id, ip), voteHelpful(database.db, last.id, ip)]);
    expect([first, second].sort()).toEqual(['already', 'counted']);
    expect(await voteHelpful(database.db, last.id, voterKey('c1', '203.0.113.9'))).toBe('counted');
    const after = await productReviewsBlock(database.db, 3);
    expect(after.reviews[0]).toMatchObject({ id: last.id, helpfulCount: 2 });
    // Pending reviews take no votes.
    const pending = (await listReviewsForModeration(database.db, 'pending'))[0]!;
    expect(await voteHelpful(database.db, pending.id, ip)).toBe('missing');
  });

  it('refuses questions with contact details and limits how many one account asks', async () => {
    expect(await askQuestion(database.db, { userId: 'q1', ip: '198.51.100.1' }, 4, 'Me chama no whatsapp 11 98765-4321')).toEqual({ ok: false, message: CONTACT_REFUSED, status: 400 });
    for (let i = 0; i < 10; i++) expect((await askQuestion(database.db, { userId: 'q1', ip: '198.51.100.1' }, 4, `Serve no Gol ${2000 + i}?`)).ok).toBe(true);
    const over = await askQuestion(database.db, { userId: 'q1', ip: '198.51.100.1' }, 4, 'Serve no Gol 2011?');
    expect(over).toMatchObject({ ok: false, status: 429 });
    // Unanswered questions are not public.
    expect(await answeredQuestions(database.db, 4)).toEqual([]);
  });

  it('publishes an answer and e-mails it to the asker; a seller answers only on their own products', async () => {
    await database.db.insert(users).values({ id: 'asker', name: 'Carla Mendes', email: 'carla@example.com' });
    await database.db.update(products).set({ sellerId: 'seller-1' }).where(eq(products.id, 5));
    const asked = await askQuestion(database.db, { userId: 'asker', ip: '198.51.100.2' }, 5, 'Vem com a lâmpada inclusa?');
    expect(asked.ok).toBe(true);
    const id = asked.ok ? asked.id : 0;

    expect(await listQuestionsForBackOffice(database.db, { sellerId: 'seller-2', status: 'pending' })).toEqual([]);
    expect(await answerQuestion(database.db, t.services.catalogChanges, { userId: 'seller-2', sellerId: 'seller-2' }, id, { answer: 'Sim.' }, jobs)).toMatchObject({ ok: false, status: 404 });
    expect((await listQuestionsForBackOffice(database.db, { sellerId: 'seller-1', status: 'pending' })).map((q) => q.id)).toEqual([id]);
    expect(await answerQuestion(database.db, t.services.catalogChanges, { userId: 'seller-1', sellerId: 'seller-1' }, id, { answer: 'Sim, vem com uma lâmpada H4.' }, jobs)).toEqual({
      ok: true,
      status: 'answered',
    });
    expect(await answerQuestion(database.db, t.services.catalogChanges, { userId: 'owner', sellerId: null }, id, { answer: 'De novo' }, jobs)).toMatchObject({ ok: false, status: 409 });

    expect((await answeredQuestions(database.db, 5)).map((q) => [q.question, q.answer])).toEqual([['Vem com a lâmpada inclusa?', 'Sim, vem com uma lâmpada H4.']]);
    const file = `${t.mailDir}/pergunta-${id}-resposta.eml`;
    await until(() => fs.existsSync(file), 20_000, 'o e-mail da resposta');
    const mail = mailText(fs.readFileSync(file, 'utf8'));
    expect(mail).toMatch(/^To: carla@example.com\r?$/m);
    expect(mail).toContain('Olá, Carla!');
    expect(mail).toContain('Resposta: Sim, vem com uma lâmpada H4.');
    expect(mail).toContain(`/ProductView/5#perguntas`);
  });

  it('removes the reviews and questions of a deleted account, recounting the rating', async () => {
    await database.db.insert(users).values({ id: 'leaving', name: 'Davi Costa', email: 'davi@example.com' });
    await orderOf('leaving', 6, 'delivered');
    const sent = await submitReview(database.db, { id: 'leaving', name: 'Davi Costa' }, 6, review(3));
    await moderateReview(database.db, t.services.catalogChanges, 'admin', sent.ok ? sent.id : 0, 'approve');
    await askQuestion(database.db, { userId: 'leaving', ip: '198.51.100.3' }, 6, 'Tem nota fiscal?');
    expect((await getProduct(database.db, 6))!.rating).toEqual({ average: 3, count: 1 });
    const exported = await exportReviewsOfUser(database.db, 'leaving');
    expect([exported.avaliacoes.length, exported.perguntas.length]).toEqual([1, 1]);
    expect(await anonymizeUser(database.db, t.services.catalogChanges, 'leaving')).toBe(true);
    expect((await getProduct(database.db, 6))!.rating).toBeNull();
    expect((await productReviewsBlock(database.db, 6)).reviews).toEqual([]);
    expect(await listQuestionsForBackOffice(database.db, { sellerId: null, status: 'pending' })).not.toContainEqual(expect.objectContaining({ question: 'Tem nota fiscal?' }));
  });
});
