// /Admin/Pedidos: admins move orders through their statuses (cancelling returns the stock) and add the
// tracking code when shipping.
import { data, Form, Link } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/orders';
import { getDb } from '../../../src/db/client.server.ts';
import { isAdmin } from '../../../src/domain/accounts/roles.ts';
import { listRecentOrders, moveOrder } from '../../../src/domain/orders/orders.server.ts';
import { cancelOrder } from '../../../src/domain/orders/cancel.server.ts';
import { nextStatuses, ORDER_STATUSES, STATUS_LABELS } from '../../../src/domain/orders/status.ts';
import { formatBRL } from '../../../src/domain/pricing/money.ts';
import { requireRole } from '../../lib/session.server.ts';
import { formatDateTime } from '../../../src/platform/datetime.ts';
import { buyerText, cancelReason } from '../../components/OrderDetails.tsx';

const ADMIN_ONLY = 'Esta página é só para administradores.';

export const meta: Route.MetaFunction = () => [{ title: 'Pedidos | Administração | Olimpo Peças' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireRole(request, url, isAdmin, ADMIN_ONLY);
  return { orders: await listRecentOrders(getDb(), 100) };
}

const moveSchema = z.object({
  numero: z.string().regex(/^\d{8}$/),
  status: z.enum(ORDER_STATUSES),
  rastreio: z.string().trim().max(40).optional(),
});

export async function action({ request, url }: Route.ActionArgs) {
  await requireRole(request, url, isAdmin, ADMIN_ONLY);
  const parsed = moveSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false, message: 'Pedido ou situação inválidos.' }, { status: 400 });
  // Cancelling refunds a paid order through its payment provider first (cancelOrder), then returns the stock.
  const result =
    parsed.data.status === 'cancelled'
      ? await cancelOrder(getDb(), parsed.data.numero)
      : await moveOrder(getDb(), parsed.data.numero, parsed.data.status, { trackingCode: parsed.data.rastreio || null });
  if (!result.ok) return data({ ok: false, message: result.message }, { status: 409 });
  return { ok: true, message: `Pedido #${parsed.data.numero}: ${STATUS_LABELS[parsed.data.status]}.` };
}

export default function AdminOrders({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-extrabold">Pedidos</h1>
      {actionData && (
        <p role={actionData.ok ? 'status' : 'alert'} className={`mt-4 rounded-lg p-3 ${actionData.ok ? 'bg-emerald-50 text-emerald-800' : 'bg-red-50 text-red-800'}`}>
          {actionData.message}
        </p>
      )}
      {loaderData.orders.length === 0 ? (
        <p className="mt-6">Nenhum pedido encontrado.</p>
      ) : (
        <ul className="mt-6 space-y-3">
          {loaderData.orders.map((o) => (
            <li key={o.number} className="rounded-xl bg-white p-4 ring-1 ring-neutral-200">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <Link to={`/Pedidos/${o.number}`} className="font-bold hover:underline">
                  Pedido #{o.number}
                </Link>
                <span className="text-sm">
                  <time dateTime={o.createdAt}>{formatDateTime(o.createdAt)}</time> · {o.email} · {formatBRL(o.totalCents)} · <strong>{STATUS_LABELS[o.status]}</strong>
                </span>
              </div>
              <p className="mt-1 text-sm text-ink-soft">
                {buyerText(o.customer) ?? 'Comprador não informado'}
                {cancelReason(o) ? ` · Cancelado: ${cancelReason(o)}` : ''}
              </p>
              {nextStatuses(o.status).length > 0 && (
                <Form method="post" className="mt-3 flex flex-wrap items-end gap-2 text-sm">
                  <input type="hidden" name="numero" value={o.number} />
                  <label className="flex flex-col">
                    <span className="font-medium">Nova situação</span>
                    <select name="status" className="rounded-lg border border-neutral-300 px-2 py-1.5">
                      {nextStatuses(o.status).map((s) => (
                        <option key={s} value={s}>
                          {STATUS_LABELS[s]}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label className="flex flex-col">
                    <span className="font-medium">Código de rastreio (ao enviar)</span>
                    <input name="rastreio" maxLength={40} className="rounded-lg border border-neutral-300 px-2 py-1.5" />
                  </label>
                  <button type="submit" className="rounded-lg bg-ink px-3 py-2 font-semibold text-white">
                    Atualizar
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
