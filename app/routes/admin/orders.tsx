// /Admin/Pedidos: orders with search (number, e-mail, name, CPF), filters (status, payment method, dates in
// Brasília days, gateway payments of another amount than the total) and pages; each links to its detail page.
// The filtered list exports as CSV. POST keeps the quick status move of the first back office (numero, status,
// rastreio).
import { data, Form, Link } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/orders';
import { moveOrderAsAdmin, searchOrders } from '#src/domain/orders/back-office.server.ts';
import { cancelInvoicedOrder } from '#src/domain/invoicing/events.server.ts';
import { refusedInvoiceMessages } from '#src/domain/invoicing/read.server.ts';
import { ORDER_STATUSES, STATUS_LABELS } from '#src/domain/orders/status.ts';
import { formatBRL } from '#src/domain/pricing/money.ts';
import { PAYMENT_METHODS } from '#src/domain/pricing/pricing.ts';
import { formatDateTime } from '#src/platform/datetime.ts';
import { AdminShell, adminButton, adminInput, adminSecondaryButton, Notice, Pager } from '#app/components/admin/AdminShell.tsx';
import { requireAdmin } from '#app/lib/admin.server.ts';
import { cpfText, orderFilterOf, paymentLabel, STATUS_TONE, statusLabel } from '#app/lib/admin-orders.ts';
import { authOf, catalogChangesOf, dbOf, servicesOf } from '#app/lib/context.server.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Pedidos | Administração | Olimpo Peças' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireAdmin(request, url, authOf(context));
  const filter = orderFilterOf(url.searchParams);
  const result = await searchOrders(dbOf(context), filter);
  const refused = await refusedInvoiceMessages(
    dbOf(context),
    result.rows.map((o) => o.number),
  );
  const exportQuery = new URLSearchParams(url.searchParams);
  exportQuery.delete('pagina');
  return {
    filter,
    search: url.search,
    exportHref: `/Admin/Pedidos/exportar.csv${exportQuery.size ? `?${exportQuery}` : ''}`,
    total: result.total,
    totalText: formatBRL(result.totalCents),
    page: result.page,
    pages: result.pages,
    rows: result.rows.map((o) => ({
      number: o.number,
      createdAt: formatDateTime(o.createdAt),
      email: o.email,
      name: o.customerName,
      cpf: cpfText(o.customerCpf),
      status: o.status,
      payment: paymentLabel(o.paymentMethod),
      items: o.items,
      total: formatBRL(o.totalCents),
      divergentPaid: o.divergentPaidCents === null ? null : formatBRL(o.divergentPaidCents),
      refusedInvoice: refused.get(o.number) ?? null,
    })),
  };
}

const moveSchema = z.object({
  numero: z.string().regex(/^\d{8}$/),
  status: z.enum(ORDER_STATUSES),
  rastreio: z.string().trim().max(40).optional(),
});

export async function action({ request, url, context }: Route.ActionArgs) {
  await requireAdmin(request, url, authOf(context));
  const parsed = moveSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false, message: 'Pedido ou situação inválidos.' }, { status: 400 });
  const { numero, status, rastreio } = parsed.data;
  const db = dbOf(context);
  const result =
    status === 'cancelled'
      ? await cancelInvoicedOrder(db, numero, {
          reason: 'Cancelado pela loja.',
          deps: servicesOf(context).invoicing,
          provider: servicesOf(context).checkout.provider,
          jobs: servicesOf(context).jobs,
          catalogChanges: catalogChangesOf(context),
        })
      : await moveOrderAsAdmin(db, numero, status, rastreio || null, servicesOf(context).jobs);
  if (!result.ok) return data({ ok: false, message: result.message }, { status: 409 });
  return { ok: true, message: `Pedido #${numero}: ${STATUS_LABELS[status]}.` };
}

export default function AdminOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, rows, total, totalText, page, pages, search, exportHref } = loaderData;
  return (
    <AdminShell
      title="Pedidos"
      actions={
        <a href={exportHref} className={`${adminSecondaryButton} text-sm`} download>
          Exportar CSV
        </a>
      }
    >
      {actionData && <Notice ok={actionData.ok} message={actionData.message} />}
      <Form method="get" role="search" className="mt-4 grid gap-3 rounded-xl bg-white p-4 ring-1 ring-neutral-200 sm:grid-cols-2 lg:grid-cols-6">
        <label className="text-sm font-semibold lg:col-span-2">
          Buscar (número, e-mail, nome ou CPF)
          <input name="q" type="search" defaultValue={filter.q} className={adminInput} />
        </label>
        <label className="text-sm font-semibold">
          Situação
          <select name="status" defaultValue={filter.status} className={adminInput}>
            <option value="">Todas</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-semibold">
          Pagamento
          <select name="pagamento" defaultValue={filter.payment} className={adminInput}>
            <option value="">Todos</option>
            {PAYMENT_METHODS.map((m) => (
              <option key={m.id} value={m.id}>
                {m.label}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-semibold">
          De
          <input name="de" type="date" defaultValue={filter.from} className={adminInput} />
        </label>
        <label className="text-sm font-semibold">
          Até
          <input name="ate" type="date" defaultValue={filter.to} className={adminInput} />
        </label>
        <label className="flex items-center gap-2 text-sm font-semibold sm:col-span-2 lg:col-span-6">
          <input name="divergente" type="checkbox" value="1" defaultChecked={filter.divergent} />
          Só pagamentos aprovados com valor diferente do total
        </label>
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-6">
          <button type="submit" className={adminButton}>
            Filtrar
          </button>
          <Link to="/Admin/Pedidos" className={adminSecondaryButton}>
            Limpar
          </Link>
        </div>
      </Form>
      <p className="mt-4 text-sm text-ink-soft" role="status">
        {total} pedido(s) · {totalText} no total
      </p>
      {rows.length === 0 ? (
        <p className="mt-4">Nenhum pedido encontrado.</p>
      ) : (
        <ul className="mt-2 divide-y divide-neutral-200 rounded-xl bg-white ring-1 ring-neutral-200">
          {rows.map((o) => (
            <li key={o.number} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
              <div className="min-w-0">
                <Link to={`/Admin/Pedidos/${o.number}`} className="font-bold hover:underline">
                  Pedido #{o.number}
                </Link>
                <p className="break-all text-ink-soft">
                  {o.createdAt} · {o.name ? `${o.name} · ` : ''}
                  {o.email}
                  {o.cpf ? ` · CPF ${o.cpf}` : ''}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <span>
                  {o.items} item(ns) · {o.payment} · <strong>{o.total}</strong>
                </span>
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[o.status] ?? ''}`}>{statusLabel(o.status)}</span>
                {o.divergentPaid && <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">Valor divergente: pago {o.divergentPaid}</span>}
              </div>
              {o.refusedInvoice && (
                <p className="w-full rounded-lg bg-red-50 px-2 py-1 text-xs text-red-900">
                  <strong>NF-e recusada:</strong> {o.refusedInvoice} ·{' '}
                  <Link to={`/Admin/Pedidos/${o.number}#nota-fiscal`} className="font-semibold underline">
                    corrigir e emitir novamente
                  </Link>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} search={search} />
    </AdminShell>
  );
}
