// /Admin/Clientes/:id: one customer's record (what the admin needs to serve them; no password data, the
// CPF masked), their recent orders, and who looked at this record lately. The view itself is logged.
import { data, Link } from 'react-router';
import type { Route } from './+types/customer-detail';
import { applyMask } from '#app/lib/masks.ts';
import { viewCustomer } from '#src/domain/admin/customers.server.ts';
import { formatBRL } from '#src/domain/pricing/money.ts';
import { formatDate, formatDateTime } from '#src/platform/datetime.ts';
import { AdminShell, adminSecondaryButton } from '#app/components/admin/AdminShell.tsx';
import { requireAdmin } from '#app/lib/admin.server.ts';
import { STATUS_TONE, statusLabel } from '#app/lib/admin-orders.ts';
import { authOf, dbOf } from '#app/lib/context.server.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Cliente | Administração | Olimpo Peças' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, url, authOf(context));
  const c = await viewCustomer(dbOf(context), params.id, admin.id);
  if (!c) throw data('Cliente não encontrado.', { status: 404 });
  return {
    c: {
      name: c.name,
      email: c.email,
      since: formatDate(c.createdAt),
      phone: c.phone ? applyMask('celular', c.phone) : null,
      guest: c.guest,
      city: c.city,
      cpf: c.cpfMasked,
      orders: c.orders,
      spent: formatBRL(c.spentCents),
      recentOrders: c.recentOrders.map((o) => ({ number: o.number, at: formatDateTime(o.createdAt), status: o.status, total: formatBRL(o.totalCents) })),
      views: c.views.map((v) => ({ viewer: v.viewer, at: formatDateTime(v.at) })),
    },
  };
}

export default function AdminCustomer({ loaderData: { c } }: Route.ComponentProps) {
  return (
    <AdminShell
      title={c.name}
      actions={
        <Link to="/Admin/Clientes" className={`${adminSecondaryButton} text-sm`}>
          ← Clientes
        </Link>
      }
    >
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="dados" className="rounded-xl bg-white p-4 text-sm ring-1 ring-neutral-200">
          <h2 id="dados" className="font-bold">
            Dados
          </h2>
          <dl className="mt-2 grid gap-2 sm:grid-cols-2">
            <div>
              <dt className="text-ink-soft">E-mail</dt>
              <dd className="break-all">{c.email}</dd>
            </div>
            <div>
              <dt className="text-ink-soft">{c.guest ? 'Comprou sem conta desde' : 'Cliente desde'}</dt>
              <dd>{c.since}</dd>
            </div>
            <div>
              <dt className="text-ink-soft">Celular</dt>
              <dd>{c.phone ?? 'Não informado'}</dd>
            </div>
            <div>
              <dt className="text-ink-soft">Cidade</dt>
              <dd>{c.city ?? 'Não informada'}</dd>
            </div>
            <div>
              <dt className="text-ink-soft">CPF</dt>
              <dd>{c.cpf ?? 'Não informado'}</dd>
            </div>
            <div>
              <dt className="text-ink-soft">Pedidos · total gasto</dt>
              <dd className="font-semibold">
                {c.orders} · {c.spent}
              </dd>
            </div>
          </dl>
          <Link to={`/Admin/Pedidos?q=${encodeURIComponent(c.email)}`} className="mt-3 inline-block font-semibold underline">
            Ver todos os pedidos
          </Link>
        </section>
        <section aria-labelledby="pedidos" className="rounded-xl bg-white p-4 text-sm ring-1 ring-neutral-200">
          <h2 id="pedidos" className="font-bold">
            Pedidos recentes
          </h2>
          {c.recentOrders.length === 0 ? (
            <p className="mt-2">Nenhum pedido.</p>
          ) : (
            <ul className="mt-2 divide-y divide-neutral-200">
              {c.recentOrders.map((o) => (
                <li key={o.number} className="flex flex-wrap justify-between gap-2 py-1.5">
                  <Link to={`/Admin/Pedidos/${o.number}`} className="underline">
                    #{o.number}
                  </Link>
                  <span>{o.at}</span>
                  <span className={`rounded-full px-2 text-xs font-semibold ${STATUS_TONE[o.status] ?? ''}`}>{statusLabel(o.status)}</span>
                  <strong>{o.total}</strong>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="acessos" className="rounded-xl bg-white p-4 text-sm ring-1 ring-neutral-200 lg:col-span-2">
          <h2 id="acessos" className="font-bold">
            Quem consultou este cadastro
          </h2>
          <ul className="mt-2 space-y-1">
            {c.views.map((v, i) => (
              <li key={i}>
                {v.at} · {v.viewer}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </AdminShell>
  );
}
