// The back office's customers: accounts with their order count and total spent (orders placed signed in,
// and guest orders with the same e-mail), and guest buyers (orders without an account, one row per
// e-mail, named by their latest order), a record page with what the admin needs to serve them (no
// password or sign-in data; the CPF shown masked), and the audit trail: every view of a customer record,
// and every list shown, is logged with who looked and when.
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { customerProfiles, users } from '../accounts/schema.ts';
import { orders } from '../orders/schema.ts';
import { SALE_STATUSES } from './dashboard.server.ts';
import { customerRecordViews } from './schema.ts';

export const CUSTOMERS_PAGE_SIZE = 30;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

const saleStatuses = sql.join(
  SALE_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);
const rowsOf = <T>(result: unknown) => ((result as { rows?: T[] }).rows ?? []) as T[];

/** A guest buyer's id: a digest of their e-mail, so no e-mail goes in a URL or a log line. */
export const GUEST_ID_PREFIX = 'convidado-';
const isGuestId = (id: string) => id.startsWith(GUEST_ID_PREFIX) && /^[0-9a-f]{32}$/.test(id.slice(GUEST_ID_PREFIX.length));

/**
 * Everyone who can be served: customer accounts, and each e-mail that bought as a guest without an account
 * (its name from its latest order). Anonymized orders (LGPD) name no one.
 */
const people = sql`(
  select u.id, u.name, u.email, u.role, u.created_at, false as guest from ${users} u where u.role = 'customer'
  union all
  select ${GUEST_ID_PREFIX} || md5(o.email), (array_agg(coalesce(o.customer_name, o.email) order by o.created_at desc))[1], o.email, 'guest', min(o.created_at), true
  from ${orders} o
  where o.user_id is null and o.anonymized_at is null and not exists (select 1 from ${users} x where lower(x.email) = o.email)
  group by o.email
) p`;
/** The orders of a row of `people`: an account's, or a guest's by e-mail. */
const personOrders = sql`(o.user_id = p.id or (o.user_id is null and o.email = lower(p.email)))`;

export interface CustomerRow {
  id: string;
  name: string;
  email: string;
  role: string;
  /** Bought without an account: the row stands for an e-mail's guest orders. */
  guest: boolean;
  createdAt: Date;
  orders: number;
  spentCents: number;
}

type PersonRow = { id: string; name: string; email: string; role: string; guest: boolean; created_at: Date | string; orders: number; spent: number | string };
const toRow = (r: PersonRow): CustomerRow => ({
  id: r.id,
  name: r.name,
  email: r.email,
  role: r.role,
  guest: r.guest,
  createdAt: new Date(r.created_at),
  orders: Number(r.orders),
  spentCents: Number(r.spent),
});
const personFigures = sql`(select count(*)::int from ${orders} o where ${personOrders} and o.status <> 'cancelled') as orders,
  (select coalesce(sum(o.total_cents), 0)::bigint from ${orders} o where ${personOrders} and o.status in (${saleStatuses})) as spent`;

export async function listCustomers(db: Db, f: { q: string; page: number }, viewerId: string): Promise<{ rows: CustomerRow[]; total: number; page: number; pages: number }> {
  const q = f.q.trim();
  const like = `%${escapeLike(q)}%`;
  const where = q ? sql`where p.name ilike ${like} or p.email ilike ${like}` : sql``;
  const [{ n: total } = { n: 0 }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${people} ${where}`));
  const pages = Math.max(1, Math.ceil(Number(total) / CUSTOMERS_PAGE_SIZE));
  const page = Math.min(Math.max(1, f.page), pages);
  const rows = rowsOf<PersonRow>(
    await db.execute(sql`select p.id, p.name, p.email, p.role, p.guest, p.created_at, ${personFigures}
      from ${people} ${where}
      order by p.created_at desc, p.id desc
      limit ${CUSTOMERS_PAGE_SIZE} offset ${(page - 1) * CUSTOMERS_PAGE_SIZE}`),
  );
  await db.insert(customerRecordViews).values({ viewerId, customerId: null, kind: 'lista', detail: `pagina=${page}${q ? ` busca=${q.slice(0, 100)}` : ''}` });
  return { rows: rows.map(toRow), total: Number(total), page, pages };
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

/** The latest non-empty value of an order column among a person's orders (the profile wins when there is one). */
const latest = (column: string) => sql`(select ${sql.raw(`o.${column}`)} from ${orders} o where ${personOrders} and ${sql.raw(`o.${column}`)} is not null order by o.created_at desc limit 1)`;

/** One customer's record, an account or a guest buyer (logged as viewed by `viewerId`), or null. */
export async function viewCustomer(db: Db, id: string, viewerId: string): Promise<CustomerRecord | null> {
  if (id.length === 0 || id.length > 100) return null;
  const [row] = rowsOf<PersonRow & { phone: string | null; city: string | null; cpf: string | null }>(
    await db.execute(sql`select p.id, p.name, p.email, p.role, p.guest, p.created_at, ${personFigures},
        coalesce(cp.phone, ${latest('customer_phone')}) as phone,
        coalesce(cp.city, ${latest('city')}) as city,
        coalesce(cp.cpf, ${latest('customer_cpf')}) as cpf
      from ${people}
      left join ${customerProfiles} cp on cp.user_id = p.id
      where p.id = ${id} ${isGuestId(id) ? sql`and p.guest` : sql`and not p.guest`}
      limit 1`),
  );
  if (!row) return null;
  await db.insert(customerRecordViews).values({ viewerId, customerId: id, kind: 'registro' });
  const email = row.email.toLowerCase();
  const [recentOrders, views] = await Promise.all([
    db
      .select({ number: orders.number, createdAt: orders.createdAt, status: orders.status, totalCents: orders.totalCents })
      .from(orders)
      .where(row.guest ? and(isNull(orders.userId), eq(orders.email, email)) : or(eq(orders.userId, id), and(isNull(orders.userId), eq(orders.email, email))))
      .orderBy(desc(orders.createdAt))
      .limit(10),
    db
      .select({ viewer: sql<string>`coalesce((select u.name from users u where u.id = ${customerRecordViews.viewerId}), ${customerRecordViews.viewerId})`, at: customerRecordViews.createdAt })
      .from(customerRecordViews)
      .where(eq(customerRecordViews.customerId, id))
      .orderBy(desc(customerRecordViews.createdAt), desc(customerRecordViews.id))
      .limit(10),
  ]);
  return { ...toRow(row), phone: row.phone, city: row.city, cpfMasked: maskCpf(row.cpf), recentOrders, views };
}
