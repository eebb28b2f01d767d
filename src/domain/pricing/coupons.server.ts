// Coupon lookup: the store's codes live in the database, matched case-insensitively.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.server.ts';
import { coupons } from './schema.ts';

export { COUPON_INVALID_MESSAGE as COUPON_INVALID } from './messages.ts';
/** The demo store code (spec: "the store's promo word"); never shown on a page. */
export const DEMO_COUPON = { code: 'OLIMPO', percent: 10 } as const;
export const MAX_COUPON_LENGTH = 40;

export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The percent of an active, currently valid coupon, or null. */
export async function findCouponPercent(db: Db, code: string, now = new Date()): Promise<number | null> {
  const normalized = normalizeCouponCode(code);
  if (normalized === '' || normalized.length > MAX_COUPON_LENGTH) return null;
  const [row] = await db
    .select({ percent: coupons.percent })
    .from(coupons)
    .where(
      and(
        eq(coupons.code, normalized),
        eq(coupons.active, true),
        sql`(${coupons.validFrom} is null or ${coupons.validFrom} <= ${now})`,
        sql`(${coupons.validUntil} is null or ${coupons.validUntil} > ${now})`,
      ),
    )
    .limit(1);
  return row?.percent ?? null;
}

export async function seedCouponsIfEmpty(db: Db): Promise<void> {
  await db.insert(coupons).values({ code: DEMO_COUPON.code, percent: DEMO_COUPON.percent }).onConflictDoNothing();
}
