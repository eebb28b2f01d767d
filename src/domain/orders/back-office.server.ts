// The back office's orders: search (number, e-mail, buyer's name or CPF) with filters (status, payment
// method, date range in Brasília days) and pages, the same list as CSV, one order with its payment record
// and history, and the moves an admin makes (shipping with the tracking code, cancelling with restock).
import { cancelOrder } from './cancel.server.ts';
import { and, asc, desc, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { qualified } from '#src/db/qualified.ts';
import { brasiliaDayStart } from '#src/platform/datetime-input.ts';
import { payments } from '../payments/schema.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { divergentPaidCents } from './gateway-sync.server.ts';
import { moveOrder } from './orders.server.ts';
import type { MoveResult } from './orders.server.ts';
import { loadOrderView } from './read.server.ts';
import type { OrderView } from './view.ts';
import { orderLines, orders } from './schema.ts';
import type { OrderStatus } from './status.ts';
import type { JobQueue } from '#src/platform/job-queue.ts';
import type { CatalogChanges } from '#src/domain/catalog/changes.server.ts';

export const ORDERS_PAGE_SIZE = 30;
export const MAX_ORDERS_EXPORT = 50_000;

export interface OrderFilter {
  q: string;
  status: OrderStatus | '';
  payment: 'credit' | 'boleto' | 'pix' | '';
  /** YYYY-MM-DD, Brasília days, inclusive. */
  from: string;
  to: string;
  page: number;
  /** Only orders whose gateway payment was approved for another amount than their total. */
  divergent?: boolean;
}

export interface OrderListRow {
  number: string;
  createdAt: Date;
  email: string;
  customerName: string | null;
  customerCpf: string | null;
  status: OrderStatus;
  paymentMethod: string;
  shippingMethod: string;
  /** The option as chosen ("Correios PAC"); null on orders placed before orders kept it. */
  shippingLabel: string | null;
  couponCode: string | null;
  items: number;
  subtotalCents: number;
  totalCents: number;
  trackingCode: string | null;
  /** What the gateway approved when it is not the total (to refund or settle); null otherwise. */
  divergentPaidCents: number | null;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

function conditions(f: OrderFilter): SQL[] {
  const where: SQL[] = [];
  const q = f.q.trim();
  if (q) {
    const digits = q.replace(/\D/g, '');
    const parts: SQL[] = [ilike(orders.email, `%${escapeLike(q)}%`), ilike(orders.customerName, `%${escapeLike(q)}%`)];
    if (/^\d{8}$/.test(q)) parts.push(eq(orders.number, q));
    // A CPF typed with or without its dots and dash.
    if (digits.length === 11 && /^[\d.\-\s]+$/.test(q)) {
      parts.push(eq(orders.customerCpf, digits));
      // Orders placed signed in before checkout asked the CPF: the account's registered CPF.
      parts.push(sql`exists (select 1 from customer_profiles cp where cp.user_id = ${orders.userId} and cp.cpf = ${digits})`);
    }
    where.push(or(...parts)!);
  }
  if (f.status) where.push(eq(orders.status, f.status));
  if (f.payment) where.push(eq(orders.paymentMethod, f.payment));
  const from = f.from ? brasiliaDayStart(f.from) : null;
  const to = f.to ? brasiliaDayStart(f.to, { end: true }) : null;
  if (f.divergent) where.push(sql`${divergentPaidCents} is not null`);
  if (from) where.push(gte(orders.createdAt, from));
  if (to) where.push(lt(orders.createdAt, to));
  return where;
}

const listColumns = {
  number: orders.number,
  createdAt: orders.createdAt,
  email: orders.email,
  customerName: orders.customerName,
  customerCpf: orders.customerCpf,
  status: orders.status,
  paymentMethod: orders.paymentMethod,
  shippingMethod: orders.shippingMethod,
  shippingLabel: orders.shippingLabel,
  couponCode: orders.couponCode,
  items: sql<number>`(select coalesce(sum(l.quantity), 0)::int from order_lines l where l.order_id = ${qualified(orders.id)})`,
  subtotalCents: orders.subtotalCents,
  totalCents: orders.totalCents,
  trackingCode: orders.trackingCode,
  divergentPaidCents,
};

export async function searchOrders(db: Db, f: OrderFilter): Promise<{ rows: OrderListRow[]; total: number; page: number; pages: number; totalCents: number }> {
  const where = and(...conditions(f));
  const [agg] = await db
    .select({ n: sql<number>`count(*)::int`, cents: sql<number>`coalesce(sum(${orders.totalCents}), 0)::bigint` })
    .from(orders)
    .where(where);
  const total = agg?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));
  const page = Math.min(Math.max(1, f.page), pages);
  const rows = await db
    .select(listColumns)
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDERS_PAGE_SIZE)
    .offset((page - 1) * ORDERS_PAGE_SIZE);
  return { rows: rows as OrderListRow[], total, page, pages, totalCents: Number(agg?.cents ?? 0) };
}

/** Every order of the filter (newest first, at most MAX_ORDERS_EXPORT), for the CSV export. */
export async function ordersForExport(db: Db, f: OrderFilter): Promise<OrderListRow[]> {
  const rows = await db
    .select(listColumns)
    .from(orders)
    .where(and(...conditions(f)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(MAX_ORDERS_EXPORT);
  return rows as OrderListRow[];
}

export interface AdminOrder extends OrderView {
  customerName: string | null;
  customerCpf: string | null;
  customerPhone: string | null;
  userId: string | null;
  paymentRecord: { provider: string; method: string; status: string; amountCents: number; providerRef: string | null; paidAt: Date | null; createdAt: Date; updatedAt: Date } | null;
  /** What the gateway approved when it is not the total (to refund or settle); null otherwise. */
  divergentPaidCents: number | null;
  lineDetails: { productId: number | null; title: string; quantity: number; unitPriceCents: number; lineTotalCents: number; color: string | null; size: string | null }[];
}

export async function getAdminOrder(db: Db, number: string): Promise<AdminOrder | null> {
  if (!/^\d{8}$/.test(number)) return null;
  const [hit] = await db.select({ row: orders, divergentPaidCents }).from(orders).where(eq(orders.number, number)).limit(1);
  if (!hit) return null;
  const { row } = hit;
  const [view, [payment]] = await Promise.all([
    loadOrderView(db, row),
    db
      .select({
        provider: payments.provider,
        method: payments.method,
        status: payments.status,
        amountCents: payments.amountCents,
        providerRef: payments.providerRef,
        paidAt: payments.paidAt,
        createdAt: payments.createdAt,
        updatedAt: payments.updatedAt,
      })
      .from(payments)
      .where(eq(payments.orderId, row.id))
      .limit(1),
  ]);
  const lineDetails = await db
    .select({
      productId: orderLines.productId,
      title: orderLines.title,
      quantity: orderLines.quantity,
      unitPriceCents: orderLines.unitPriceCents,
      lineTotalCents: orderLines.lineTotalCents,
      color: orderLines.color,
      size: orderLines.size,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, row.id))
    .orderBy(asc(orderLines.id));
  return {
    ...view,
    customerName: row.customerName,
    customerCpf: row.customerCpf,
    customerPhone: row.customerPhone,
    userId: row.userId,
    paymentRecord: payment ?? null,
    divergentPaidCents: hit.divergentPaidCents,
    lineDetails,
  };
}

/**
 * Cancels an order with its refund and restock, without the nota's fiscal event. The admin pages cancel through
 * src/domain/invoicing/events.server.ts `cancelInvoicedOrder`, which calls the same cancellation and then
 * cancels the nota (or issues a return nota).
 */
export function cancelOrderAsAdmin(
  db: Db,
  number: string,
  note: string | null,
  deps: { provider: PaymentProvider | null; jobs: JobQueue | null; catalogChanges: CatalogChanges | null },
): Promise<MoveResult> {
  // A paid order is refunded through its gateway first (cancel.server.ts); then cancelled with its stock back.
  return cancelOrder(db, number, { reason: note ?? 'Cancelado pela loja.', ...deps });
}

/** Moves an order (not to "cancelled": see cancelOrderAsAdmin), with the tracking code when shipping. */
export async function moveOrderAsAdmin(db: Db, number: string, to: Exclude<OrderStatus, 'cancelled'>, trackingCode: string | null, jobs: JobQueue | null): Promise<MoveResult> {
  // "Pago" comes from a verified payment, "Faturado" from an authorised nota fiscal: never typed in.
  if (to === 'paid') return { ok: false, message: 'A situação "Pago" vem da confirmação do pagamento.' };
  if (to === 'invoiced') return { ok: false, message: 'A situação "Faturado" vem da nota fiscal autorizada (veja "Nota fiscal" no pedido).' };
  return moveOrder(db, number, to, { trackingCode, jobs });
}
