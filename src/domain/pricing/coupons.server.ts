// Coupons in the database: looking one up with its usage (for the cart quote and place-order, which both
// decide with coupon-rules.ts), and the back office's list, create and edit. Codes are stored upper-case
// and matched case-insensitively. A use is an order with the code that is not cancelled.
import { and, asc, desc, eq, is, isNull, ne, or, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { preparedSelect } from '#src/db/prepared.server.ts';
import type { Db, Tx } from '#src/db/client.server.ts';
import { orders } from '../orders/schema.ts';
import { checkCoupon } from './coupon-rules.ts';
import type { CouponCheck, CouponRule, CouponTerms } from './coupon-rules.ts';
import type { Cents } from './money.ts';
import { coupons } from './schema.ts';

/** The demo store code (spec: "the store's promo word"); never shown on a page. */
export const DEMO_COUPON = { code: 'OLIMPO', percent: 10 } as const;
export const MAX_COUPON_LENGTH = 40;

export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

type CouponRow = typeof coupons.$inferSelect;

function toRule(row: CouponRow): CouponRule {
  const terms: CouponTerms = row.kind === 'fixed' ? { kind: 'fixed', amountCents: row.amountCents ?? 0 } : { kind: 'percent', percent: row.percent ?? 0 };
  return {
    code: row.code,
    terms,
    active: row.active,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    minOrderCents: row.minOrderCents,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
  };
}

/** Who is using a coupon: a signed-in account and/or the order's e-mail. Unknown (a guest's cart): null. */
export interface CouponCustomer {
  userId: string | null;
  email: string | null;
}

const couponByCodeStatement = preparedSelect('coupon_by_code', (db) =>
  db
    .select()
    .from(coupons)
    .where(eq(coupons.code, sql.placeholder('code')))
    .limit(1),
);
/** The coupon of a code: a statement prepared once per database, or built here inside a transaction. */
function couponByCode(db: Db | Tx, code: string): Promise<CouponRow[]> {
  return is(db, PgTransaction) ? db.select().from(coupons).where(eq(coupons.code, code)).limit(1) : couponByCodeStatement(db as Db, { code });
}

/**
 * Looks a code up and checks every rule for an order of `subtotalCents`. Inside place-order's transaction
 * pass `lock: true`: the coupon row is locked until the order commits, so two buyers cannot both take
 * the last use.
 */
export async function evaluateCoupon(db: Db | Tx, code: string, ctx: { subtotalCents: Cents; customer: CouponCustomer | null; now?: Date; lock?: boolean }): Promise<CouponCheck & { code: string }> {
  const normalized = normalizeCouponCode(code);
  const now = ctx.now ?? new Date();
  if (normalized === '' || normalized.length > MAX_COUPON_LENGTH) return { ...checkCoupon(null, { subtotalCents: ctx.subtotalCents, now, usage: { total: 0, byCustomer: null } }), code: normalized };
  const byCode = eq(coupons.code, normalized);
  let row: typeof coupons.$inferSelect | undefined;
  if (ctx.lock) {
    // A coupon with a usage limit stays locked (FOR UPDATE) until the order commits, so its last use cannot
    // be taken twice. One without limits has no last use to protect: concurrent orders share its row
    // (FOR SHARE: a back-office edit still waits for them, and they for it) instead of queueing one behind
    // the other for the whole of each order's transaction.
    [row] = await db
      .select()
      .from(coupons)
      .where(and(byCode, isNull(coupons.usageLimit), isNull(coupons.perCustomerLimit)))
      .limit(1)
      .for('share');
    if (!row) [row] = await db.select().from(coupons).where(byCode).limit(1).for('update');
  } else [row] = await couponByCode(db, normalized);
  if (!row) return { ...checkCoupon(null, { subtotalCents: ctx.subtotalCents, now, usage: { total: 0, byCustomer: null } }), code: normalized };
  const rule = toRule(row);
  const usage = await couponUsage(db, normalized, ctx.customer, rule.usageLimit === null && rule.perCustomerLimit === null);
  return { ...checkCoupon(rule, { subtotalCents: ctx.subtotalCents, now, usage }), code: normalized };
}

async function couponUsage(db: Db | Tx, code: string, customer: CouponCustomer | null, unlimited: boolean) {
  if (unlimited) return { total: 0, byCustomer: null };
  const who = customer ? [customer.userId ? eq(orders.userId, customer.userId) : undefined, customer.email ? eq(orders.email, customer.email.trim().toLowerCase()) : undefined].filter(Boolean) : [];
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      mine: who.length ? sql<number>`(count(*) filter (where ${or(...who)}))::int` : sql<number>`0`,
    })
    .from(orders)
    .where(and(eq(orders.couponCode, code), ne(orders.status, 'cancelled')));
  return { total: row?.total ?? 0, byCustomer: who.length ? (row?.mine ?? 0) : null };
}

export async function seedCouponsIfEmpty(db: Db): Promise<void> {
  await db.insert(coupons).values({ code: DEMO_COUPON.code, kind: 'percent', percent: DEMO_COUPON.percent }).onConflictDoNothing();
}

// ---- Back office ----

export interface CouponInput {
  code: string;
  terms: CouponTerms;
  minOrderCents: Cents;
  validFrom: Date | null;
  validUntil: Date | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  active: boolean;
}

export interface CouponListRow extends CouponRule {
  id: number;
  uses: number;
  createdAt: Date;
}

export async function listCoupons(db: Db): Promise<CouponListRow[]> {
  const rows = await db
    .select({ c: coupons, uses: sql<number>`(select count(*)::int from ${orders} o where o.coupon_code = ${coupons.code} and o.status <> 'cancelled')` })
    .from(coupons)
    .orderBy(desc(coupons.active), asc(coupons.code));
  return rows.map((r) => ({ ...toRule(r.c), id: r.c.id, uses: r.uses, createdAt: r.c.createdAt }));
}

export async function getCoupon(db: Db, id: number): Promise<CouponListRow | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const all = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  if (!all[0]) return null;
  const [{ uses } = { uses: 0 }] = await db
    .select({ uses: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.couponCode, all[0].code), ne(orders.status, 'cancelled')));
  return { ...toRule(all[0]), id: all[0].id, uses, createdAt: all[0].createdAt };
}

function columnsOf(input: CouponInput) {
  return {
    code: normalizeCouponCode(input.code),
    kind: input.terms.kind,
    percent: input.terms.kind === 'percent' ? input.terms.percent : null,
    amountCents: input.terms.kind === 'fixed' ? input.terms.amountCents : null,
    minOrderCents: input.minOrderCents,
    validFrom: input.validFrom,
    validUntil: input.validUntil,
    usageLimit: input.usageLimit,
    perCustomerLimit: input.perCustomerLimit,
    active: input.active,
  };
}

export const COUPON_CODE_TAKEN = 'Já existe um cupom com este código.';

/** Creates (id null) or updates a coupon. A code already used by another coupon is refused. */
export async function saveCoupon(db: Db, id: number | null, input: CouponInput): Promise<{ ok: true; id: number } | { ok: false; message: string }> {
  const values = columnsOf(input);
  const [clash] = await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, values.code)).limit(1);
  if (clash && clash.id !== id) return { ok: false, message: COUPON_CODE_TAKEN };
  if (id === null) {
    const [row] = await db.insert(coupons).values(values).onConflictDoNothing().returning({ id: coupons.id });
    return row ? { ok: true, id: row.id } : { ok: false, message: COUPON_CODE_TAKEN };
  }
  const [row] = await db
    .update(coupons)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(coupons.id, id))
    .returning({ id: coupons.id });
  return row ? { ok: true, id: row.id } : { ok: false, message: 'Cupom não encontrado.' };
}

export async function setCouponActive(db: Db, id: number, active: boolean): Promise<boolean> {
  const rows = await db.update(coupons).set({ active, updatedAt: new Date() }).where(eq(coupons.id, id)).returning({ id: coupons.id });
  return rows.length > 0;
}
