// The back office's dashboard, read from the orders and the catalog: sales today, over 7 and 30 days
// (Brasília days: revenue, orders, average ticket, split by payment method), orders waiting for an action,
// low-stock products, top products and the daily revenue of the last 30 days. A sale is an order whose
// payment was confirmed (paid, picking, shipped, delivered); awaiting and cancelled orders are not.
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { brasiliaDay } from '#src/platform/datetime.ts';
import { brasiliaDayStart } from '#src/platform/datetime-input.ts';
import { LOW_STOCK_THRESHOLD } from '../catalog/stock.ts';
import { products } from '../catalog/schema.ts';
import { orderLines, orders } from '../orders/schema.ts';

export const SALE_STATUSES = ['paid', 'invoiced', 'picking', 'shipped', 'delivered'] as const;

export interface SalesFigures {
  revenueCents: number;
  orders: number;
  averageTicketCents: number;
  byPayment: { method: string; revenueCents: number; orders: number }[];
}

export interface Dashboard {
  today: SalesFigures;
  week: SalesFigures;
  month: SalesFigures;
  waiting: { toPick: number; toShip: number; awaitingPayment: number; oldestToPick: { number: string; createdAt: Date }[]; oldestToShip: { number: string; createdAt: Date }[] };
  lowStock: { id: number; title: string; refCode: string; stock: number }[];
  topProducts: { productId: number | null; title: string; units: number; revenueCents: number }[];
  daily: { day: string; revenueCents: number; orders: number }[];
}

/** The instant a Brasília day `daysAgo` days before `now`'s starts. */
function dayStart(now: Date, daysAgo: number): Date {
  const today = brasiliaDayStart(brasiliaDay(now))!;
  return new Date(today.getTime() - daysAgo * 86_400_000);
}

async function sales(db: Db, since: Date): Promise<SalesFigures> {
  const rows = await db
    .select({ method: orders.paymentMethod, revenue: sql<number>`sum(${orders.totalCents})::bigint`, n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(gte(orders.createdAt, since), inArray(orders.status, [...SALE_STATUSES])))
    .groupBy(orders.paymentMethod)
    .orderBy(asc(orders.paymentMethod));
  const byPayment = rows.map((r) => ({ method: r.method, revenueCents: Number(r.revenue), orders: r.n }));
  const revenueCents = byPayment.reduce((s, r) => s + r.revenueCents, 0);
  const count = byPayment.reduce((s, r) => s + r.orders, 0);
  return { revenueCents, orders: count, averageTicketCents: count ? Math.round(revenueCents / count) : 0, byPayment };
}

export async function loadDashboard(db: Db, now = new Date()): Promise<Dashboard> {
  const monthStart = dayStart(now, 29);
  const [today, week, month, waitingCounts, toPick, toShip, lowStock, topProducts, dailyRows] = await Promise.all([
    sales(db, dayStart(now, 0)),
    sales(db, dayStart(now, 6)),
    sales(db, monthStart),
    db
      .select({ status: orders.status, n: sql<number>`count(*)::int` })
      .from(orders)
      .where(inArray(orders.status, ['awaiting_payment', 'paid', 'invoiced', 'picking']))
      .groupBy(orders.status),
    db
      .select({ number: orders.number, createdAt: orders.createdAt })
      .from(orders)
      .where(inArray(orders.status, ['paid', 'invoiced']))
      .orderBy(asc(orders.createdAt))
      .limit(5),
    db.select({ number: orders.number, createdAt: orders.createdAt }).from(orders).where(eq(orders.status, 'picking')).orderBy(asc(orders.createdAt)).limit(5),
    db
      .select({ id: products.id, title: products.title, refCode: products.refCode, stock: products.stock })
      .from(products)
      .where(and(eq(products.active, true), lte(products.stock, LOW_STOCK_THRESHOLD)))
      .orderBy(asc(products.stock), asc(products.id))
      .limit(10),
    db
      .select({
        productId: orderLines.productId,
        title: sql<string>`min(${orderLines.title})`,
        units: sql<number>`sum(${orderLines.quantity})::int`,
        revenue: sql<number>`sum(${orderLines.lineTotalCents})::bigint`,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(gte(orders.createdAt, monthStart), inArray(orders.status, [...SALE_STATUSES])))
      .groupBy(orderLines.productId)
      .orderBy(desc(sql`sum(${orderLines.quantity})`), desc(sql`sum(${orderLines.lineTotalCents})`))
      .limit(10),
    db
      .select({
        day: sql<string>`to_char((${orders.createdAt} at time zone 'America/Sao_Paulo')::date, 'YYYY-MM-DD')`,
        revenue: sql<number>`sum(${orders.totalCents})::bigint`,
        n: sql<number>`count(*)::int`,
      })
      .from(orders)
      .where(and(gte(orders.createdAt, monthStart), inArray(orders.status, [...SALE_STATUSES])))
      .groupBy(sql`1`),
  ]);
  const count = (s: string) => waitingCounts.find((w) => w.status === s)?.n ?? 0;
  const byDay = new Map(dailyRows.map((r) => [r.day, r]));
  const daily = Array.from({ length: 30 }, (_, i) => {
    const day = brasiliaDay(new Date(monthStart.getTime() + i * 86_400_000 + 12 * 3_600_000));
    const r = byDay.get(day);
    return { day, revenueCents: Number(r?.revenue ?? 0), orders: r?.n ?? 0 };
  });
  return {
    today,
    week,
    month,
    // To pick: paid (its nota on the way, src/domain/invoicing) or invoiced.
    waiting: { toPick: count('paid') + count('invoiced'), toShip: count('picking'), awaitingPayment: count('awaiting_payment'), oldestToPick: toPick, oldestToShip: toShip },
    lowStock,
    topProducts: topProducts.map((t) => ({ productId: t.productId, title: t.title, units: t.units, revenueCents: Number(t.revenue) })),
    daily,
  };
}
