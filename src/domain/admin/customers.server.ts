// The back office's customers: accounts with their order count and total spent (orders placed signed in,
// and guest orders with the same e-mail), a record page with what the admin needs to serve them (no
// password or sign-in data; the CPF shown masked), and the audit trail: every view of a customer record,
// and every list shown, is logged with who looked and when.
import { and, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.server.ts';
import { customerProfiles, users } from '../accounts/schema.ts';
import { orders } from '../orders/schema.ts';
import { SALE_STATUSES } from './dashboard.server.ts';
import { customerRecordViews } from './schema.ts';

export const CUSTOMERS_PAGE_SIZE = 30;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/** The orders of a user: placed signed in, or as a guest with the account's e-mail. */
const ordersOf = (userId: SQLWrapper, email: SQLWrapper) => sql`(${orders.userId} = ${userId} or (${orders.userId} is null and ${orders.email} = lower(${email})))`;
const saleStatuses = sql.join(SALE_STATUSES.map((s) => sql`${s}`), sql`, `);

export interface CustomerRow {
  id: string;
  name: string;
  email: string;
  role: string;
  createdAt: Date;
  orders: number;
  spentCents: number;
}

export async function listCustomers(db: Db, f: { q: string; page: number }, viewerId: string): Promise<{ rows: CustomerRow[]; total: number; page: number; pages: number }> {
  const q = f.q.trim();
  const where = and(eq(users.role, 'customer'), q ? or(ilike(users.name, `%${escapeLike(q)}%`), ilike(users.email, `%${escapeLike(q)}%`)) : undefined);
  const [{ n: total } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
  const pages = Math.max(1, Math.ceil(total / CUSTOMERS_PAGE_SIZE));
  const page = Math.min(Math.max(1, f.page), pages);
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      createdAt: users.createdAt,
      orders: sql<number>`(select count(*)::int from ${orders} where ${ordersOf(users.id, users.email)} and ${orders.status} <> 'cancelled')`,
      spentCents: sql<number>`(select coalesce(sum(${orders.totalCents}), 0)::bigint from ${orders} where ${ordersOf(users.id, users.email)} and ${orders.status} in (${saleStatuses}))`,
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(CUSTOMERS_PAGE_SIZE)
    .offset((page - 1) * CUSTOMERS_PAGE_SIZE);
  await db.insert(customerRecordViews).values({ viewerId, customerId: null, kind: 'lista', detail: `pagina=${page}${q ? ` busca=${q.slice(0, 100)}` : ''}` });
  return { rows: rows.map((r) => ({ ...r, spentCents: Number(r.spentCents) })), total, page, pages };
}

export interface CustomerRecord extends CustomerRow {
  phone: string | null;
  city: string | null;
  /** "***.982.247-**": enough to confirm with the customer, not to copy. */
  cpfMasked: string | null;
  recentOrders: { number: string; createdAt: Date; status: string; totalCents: number }[];
  views: { viewer: string; at: Date }[];
}

export function maskCpf(cpf: string | null): string | null {
  if (!cpf || cpf.length !== 11) return null;
  return `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;
}

/** One customer's record (logged as viewed by `viewerId`), or null. */
export async function viewCustomer(db: Db, id: string, viewerId: string): Promise<CustomerRecord | null> {
  if (id.length === 0 || id.length > 100) return null;
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      createdAt: users.createdAt,
      phone: customerProfiles.phone,
      city: customerProfiles.city,
      cpf: customerProfiles.cpf,
      orders: sql<number>`(select count(*)::int from ${orders} where ${ordersOf(users.id, users.email)} and ${orders.status} <> 'cancelled')`,
      spentCents: sql<number>`(select coalesce(sum(${orders.totalCents}), 0)::bigint from ${orders} where ${ordersOf(users.id, users.email)} and ${orders.status} in (${saleStatuses}))`,
    })
    .from(users)
    .leftJoin(customerProfiles, eq(customerProfiles.userId, users.id))
    .where(eq(users.id, id))
    .limit(1);
  if (!row) return null;
  await db.insert(customerRecordViews).values({ viewerId, customerId: id, kind: 'registro' });
  const [recentOrders, views] = await Promise.all([
    db
      .select({ number: orders.number, createdAt: orders.createdAt, status: orders.status, totalCents: orders.totalCents })
      .from(orders)
      .where(or(eq(orders.userId, id), and(isNull(orders.userId), eq(orders.email, row.email.toLowerCase()))))
      .orderBy(desc(orders.createdAt))
      .limit(10),
    db
      .select({ viewer: sql<string>`coalesce((select u.name from users u where u.id = ${customerRecordViews.viewerId}), ${customerRecordViews.viewerId})`, at: customerRecordViews.createdAt })
      .from(customerRecordViews)
      .where(eq(customerRecordViews.customerId, id))
      .orderBy(desc(customerRecordViews.createdAt), desc(customerRecordViews.id))
      .limit(10),
  ]);
  const { cpf, ...rest } = row;
  return { ...rest, spentCents: Number(row.spentCents), cpfMasked: maskCpf(cpf), recentOrders, views };
}
