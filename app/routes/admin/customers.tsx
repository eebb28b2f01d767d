// /Admin/Clientes: customers with their order count and total spent, a search, pages and a link to
// their orders. Showing the list is logged (the audit trail of customer data).
import { Form, Link } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/customers';
import { listCustomers } from '#src/domain/admin/customers.server.ts';
import { formatBRL } from '#src/domain/pricing/money.ts';
import { formatDate } from '#src/platform/datetime.ts';
import { AdminShell, adminButton, adminInput, Pager } from '#app/components/admin/AdminShell.tsx';
import { requireAdmin } from '#app/lib/admin.server.ts';
import { authOf, dbOf } from '#app/lib/context.server.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Clientes | Administração | Olimpo Peças' }, { name: 'robots', content: 'noindex' }];

const filterSchema = z.object({ q: z.string().max(120).catch(''), pagina: z.coerce.number().int().min(1).max(1_000_000).catch(1) });

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, url, authOf(context));
  const f = filterSchema.parse({ q: url.searchParams.get('q') ?? '', pagina: url.searchParams.get('pagina') ?? '1' });
  const result = await listCustomers(dbOf(context), { q: f.q, page: f.pagina }, admin.id);
  return {
    q: f.q,
    search: url.search,
    ...result,
    rows: result.rows.map((c) => ({ id: c.id, name: c.name, email: c.email, guest: c.guest, since: formatDate(c.createdAt), orders: c.orders, spent: formatBRL(c.spentCents) })),
  };
}

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pages, q, search } = loaderData;
  return (
    <AdminShell title="Clientes">
      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-2 rounded-xl bg-white p-4 ring-1 ring-neutral-200">
        <label className="min-w-0 flex-1 text-sm font-semibold">
          Buscar por nome ou e-mail
          <input name="q" type="search" defaultValue={q} className={adminInput} />
        </label>
        <button type="submit" className={adminButton}>
          Buscar
        </button>
      </Form>
      <p className="mt-4 text-sm text-ink-soft" role="status">
        {total} cliente(s). Cada consulta a dados de clientes fica registrada.
      </p>
      <ul className="mt-2 divide-y divide-neutral-200 rounded-xl bg-white ring-1 ring-neutral-200">
        {rows.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
            <div className="min-w-0">
              <Link to={`/Admin/Clientes/${encodeURIComponent(c.id)}`} className="font-semibold hover:underline">
                {c.name}
              </Link>
              <p className="break-all text-ink-soft">
                {c.email} · {c.guest ? 'sem conta, comprou como convidado desde' : 'cliente desde'} {c.since}
              </p>
            </div>
            <div className="text-right">
              <p>
                {c.orders} pedido(s) · <strong>{c.spent}</strong>
              </p>
              <Link to={`/Admin/Pedidos?q=${encodeURIComponent(c.email)}`} className="underline">
                Ver pedidos
              </Link>
            </div>
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} search={search} />
    </AdminShell>
  );
}
