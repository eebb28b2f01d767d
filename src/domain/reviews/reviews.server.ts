// Reviews from verified buyers. Who may review (an account whose order with the product was delivered, once
// per product), the moderation (pending → approved/refused; approving recounts the product's rating in the
// same transaction and drops the cached pages that show it), the public block of the product page, and the
// "Esta avaliação foi útil?" votes (one per visitor, counted in one statement).
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import type { CatalogChanges } from '../catalog/changes.server.ts';
import { setProductRating } from '../catalog/rating.server.ts';
import { products } from '../catalog/schema.ts';
import { loadFleet } from '../fitment/fleet.server.ts';
import { fullLabel } from '../fitment/vehicles.ts';
import { orderLines, orders } from '../orders/schema.ts';
import { publicName, ratingSummary } from './rules.ts';
import type { ReviewInput } from './inputs.ts';
import type { RatingSummary, ReviewStatus } from './rules.ts';
import { productReviews, reviewVotes } from './schema.ts';

/** How many approved reviews the product page shows (the most helpful first). */
export const PUBLIC_REVIEWS_SHOWN = 20;

export type Eligibility = { status: 'eligible'; orderId: number } | { status: 'not-delivered' } | { status: 'reviewed'; reviewStatus: ReviewStatus };

export const ELIGIBILITY_MESSAGE = {
  'not-delivered': 'Só quem comprou este produto e já o recebeu pode avaliá-lo.',
  reviewed: 'Você já avaliou este produto.',
} as const;

/** May this account review this product: its own order with the product, delivered, and no review yet. */
export async function reviewEligibility(db: Db, userId: string, productId: number): Promise<Eligibility> {
  const [existing] = await db
    .select({ status: productReviews.status })
    .from(productReviews)
    .where(and(eq(productReviews.productId, productId), eq(productReviews.userId, userId)))
    .limit(1);
  if (existing) return { status: 'reviewed', reviewStatus: existing.status as ReviewStatus };
  const [delivered] = await db
    .select({ orderId: orders.id })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(eq(orders.userId, userId), eq(orders.status, 'delivered'), eq(orderLines.productId, productId)))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return delivered ? { status: 'eligible', orderId: delivered.orderId } : { status: 'not-delivered' };
}

export type SubmitResult = { ok: true; id: number } | { ok: false; message: string };

/** Records a review, pending moderation, if the account may write it (checked again here, not trusted from the page). */
export async function submitReview(db: Db, user: { id: string; name: string }, productId: number, input: ReviewInput): Promise<SubmitResult> {
  const eligibility = await reviewEligibility(db, user.id, productId);
  if (eligibility.status !== 'eligible') return { ok: false, message: ELIGIBILITY_MESSAGE[eligibility.status] };
  let vehicleId: number | null = null;
  let vehicleYear: number | null = null;
  if (input.vehicleId !== null) {
    const vehicle = (await loadFleet(db)).byId.get(input.vehicleId);
    const year = input.vehicleYear;
    if (!vehicle || year === null || year < vehicle.yearFrom || year > vehicle.yearTo) return { ok: false, message: 'Escolha um veículo da lista.' };
    vehicleId = vehicle.id;
    vehicleYear = year;
  }
  const [row] = await db
    .insert(productReviews)
    .values({ productId, userId: user.id, orderId: eligibility.orderId, authorName: publicName(user.name), stars: input.stars, title: input.title, body: input.body, vehicleId, vehicleYear })
    .onConflictDoNothing()
    .returning({ id: productReviews.id });
  // Two submissions at once: the unique index keeps one.
  if (!row) return { ok: false, message: ELIGIBILITY_MESSAGE.reviewed };
  return { ok: true, id: row.id };
}

export interface ReviewView {
  id: number;
  stars: number;
  title: string;
  body: string;
  authorName: string;
  /** "Volkswagen Gol 1.0 2015", or null. */
  vehicle: string | null;
  helpfulCount: number;
  createdAt: string;
}

export interface ProductReviewsBlock {
  summary: RatingSummary;
  reviews: ReviewView[];
}

/** The product page's public block: the approved reviews' summary and the most helpful of them. */
export async function productReviewsBlock(db: Db, productId: number, limit = PUBLIC_REVIEWS_SHOWN): Promise<ProductReviewsBlock> {
  const approved = and(eq(productReviews.productId, productId), eq(productReviews.status, 'approved'));
  const [counts, rows, fleet] = await Promise.all([
    db.select({ stars: productReviews.stars, n: sql<number>`count(*)::int` }).from(productReviews).where(approved).groupBy(productReviews.stars),
    db
      .select({
        id: productReviews.id,
        stars: productReviews.stars,
        title: productReviews.title,
        body: productReviews.body,
        authorName: productReviews.authorName,
        vehicleId: productReviews.vehicleId,
        vehicleYear: productReviews.vehicleYear,
        helpfulCount: productReviews.helpfulCount,
        createdAt: productReviews.createdAt,
      })
      .from(productReviews)
      .where(approved)
      .orderBy(desc(productReviews.helpfulCount), desc(productReviews.createdAt), desc(productReviews.id))
      .limit(limit),
    loadFleet(db),
  ]);
  const byStars: Partial<Record<1 | 2 | 3 | 4 | 5, number>> = {};
  for (const c of counts) byStars[c.stars as 1 | 2 | 3 | 4 | 5] = c.n;
  return {
    summary: ratingSummary(byStars),
    reviews: rows.map((r) => {
      const vehicle = r.vehicleId === null ? undefined : fleet.byId.get(r.vehicleId);
      return {
        id: r.id,
        stars: r.stars,
        title: r.title,
        body: r.body,
        authorName: r.authorName,
        vehicle: vehicle ? fullLabel(vehicle, r.vehicleYear) : null,
        helpfulCount: r.helpfulCount,
        createdAt: r.createdAt.toISOString(),
      };
    }),
  };
}

export interface ModerationRow extends ReviewView {
  productId: number;
  productTitle: string;
  status: ReviewStatus;
}

/** The back office's list: the pending reviews first (oldest first), then the latest moderated ones. */
export async function listReviewsForModeration(db: Db, status: ReviewStatus, limit = 100): Promise<ModerationRow[]> {
  const rows = await db
    .select({
      id: productReviews.id,
      productId: productReviews.productId,
      productTitle: products.title,
      status: productReviews.status,
      stars: productReviews.stars,
      title: productReviews.title,
      body: productReviews.body,
      authorName: productReviews.authorName,
      vehicleId: productReviews.vehicleId,
      vehicleYear: productReviews.vehicleYear,
      helpfulCount: productReviews.helpfulCount,
      createdAt: productReviews.createdAt,
    })
    .from(productReviews)
    .innerJoin(products, eq(products.id, productReviews.productId))
    .where(eq(productReviews.status, status))
    .orderBy(status === 'pending' ? asc(productReviews.createdAt) : desc(productReviews.moderatedAt), desc(productReviews.id))
    .limit(limit);
  const fleet = await loadFleet(db);
  return rows.map((r) => {
    const vehicle = r.vehicleId === null ? undefined : fleet.byId.get(r.vehicleId);
    return { ...r, status: r.status as ReviewStatus, vehicle: vehicle ? fullLabel(vehicle, r.vehicleYear) : null, createdAt: r.createdAt.toISOString() };
  });
}

export type ModerateResult = { ok: true; status: 'approved' | 'refused' } | { ok: false; message: string };

/**
 * Approves or refuses a review. The product's rating (count and sum of the approved stars) is recounted in
 * the same transaction, then the pages that show the product (its page, the lists with its card) are dropped
 * from the page cache, here and on the other instances.
 */
export async function moderateReview(db: Db, changes: CatalogChanges | null, moderatorId: string, reviewId: number, decision: 'approve' | 'refuse'): Promise<ModerateResult> {
  const status = decision === 'approve' ? 'approved' : 'refused';
  const productId = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(productReviews)
      .set({ status, moderatedBy: moderatorId, moderatedAt: new Date() })
      .where(eq(productReviews.id, reviewId))
      .returning({ productId: productReviews.productId });
    if (!row) return null;
    // Serializes recounts of one product (two moderators at once), so the last one counts both decisions.
    await tx.execute(sql`select 1 from ${products} where ${products.id} = ${row.productId} for update`);
    const [totals] = await tx
      .select({ count: sql<number>`count(*)::int`, sum: sql<number>`coalesce(sum(${productReviews.stars}), 0)::int` })
      .from(productReviews)
      .where(and(eq(productReviews.productId, row.productId), eq(productReviews.status, 'approved')));
    await setProductRating(tx, row.productId, { count: totals?.count ?? 0, sum: totals?.sum ?? 0 });
    return row.productId;
  });
  if (productId === null) return { ok: false, message: 'Avaliação não encontrada.' };
  await changes?.announce([productId]);
  return { ok: true, status };
}

/** Who votes: the account, or for guests their address, kept only as a hash. */
export function voterKey(userId: string | null, ip: string): string {
  return userId ? `conta:${userId}` : `ip:${createHash('sha256').update(ip).digest('base64url')}`;
}

export type VoteResult = 'counted' | 'already' | 'missing';

/**
 * "Esta avaliação foi útil?": one vote per visitor (`voterKey`: an account, or a hashed address) and approved
 * review, in one statement: the vote's row and the count move together, and a second vote changes nothing.
 * The cached pages are not dropped for a vote (anyone may vote): the order shown catches up within the TTL.
 */
export async function voteHelpful(db: Db, reviewId: number, voterKey: string): Promise<VoteResult> {
  const result = await db.execute<{ counted: number; exists: number }>(sql`
    with target as (
      select ${productReviews.id} as id from ${productReviews} where ${productReviews.id} = ${reviewId} and ${productReviews.status} = 'approved'
    ), vote as (
      insert into ${reviewVotes} (review_id, voter_key) select id, ${voterKey} from target
      on conflict do nothing returning review_id
    ), bumped as (
      update ${productReviews} set helpful_count = helpful_count + 1 where id in (select review_id from vote) returning id
    )
    select (select count(*) from bumped)::int as counted, (select count(*) from target)::int as exists`);
  const row = (result as unknown as { rows: { counted: number; exists: number }[] }).rows[0];
  if (!row || row.exists === 0) return 'missing';
  return row.counted > 0 ? 'counted' : 'already';
}
