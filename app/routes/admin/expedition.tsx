// /Admin/Expedicao: the invoiced orders waiting to leave (Faturado, Em separação), oldest first. With Melhor Envio
// the owner ticks orders and buys their labels (src/domain/orders/labels.server.ts); with the embedded table
// there is no carrier to buy from, so the page prints the store's own labels (/Admin/Expedicao/etiquetas)
// and takes the Correios code per order. A plain HTML form: it works without JavaScript.
import { data, Link } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/expedition';
import { shippingOf } from '#src/domain/checkout/services.server.ts';
import { listOrdersToShip, shipWithTrackingCode } from '#src/domain/orders/expedition.server.ts';
import { saleAccessKeys } from '#src/domain/invoicing/read.server.ts';
import { buyShippingLabels } from '#src/domain/orders/labels.server.ts';
import { formatDateTime } from '#src/platform/datetime.ts';
import { AdminShell, adminButton, adminInput, adminSecondaryButton, Notice } from '#app/components/admin/AdminShell.tsx';
import { requireAdmin } from '#app/lib/admin.server.ts';
import { STATUS_TONE, statusLabel } from '#app/lib/admin-orders.ts';
import { applyMask } from '#app/lib/masks.ts';
import { authOf, checkoutOf, dbOf, jobsOf } from '#app/lib/context.server.ts';
import { formatWeight } from '#app/components/shipping/weight.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Expedição | Administração | Olimpo Peças' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  await requireAdmin(request, url, authOf(context));
  const carrier = Boolean(shippingOf(checkoutOf(context)).provider.labels);
  const rows = await listOrdersToShip(db);
  return {
    carrier,
    orders: rows.map((o) => ({
      number: o.number,
      status: o.status,
      createdAt: formatDateTime(o.createdAt),
      name: o.name,
      place: `${o.city}/${o.state} · CEP ${applyMask('cep', o.cep)}`,
      shipping: o.shippingLabel,
      weight: o.weightGrams === null ? 'sem peso cadastrado' : formatWeight(o.weightGrams),
      buyable: carrier && o.carrierService !== null,
      labelUrl: o.shipment?.labelUrl ?? null,
      lastError: o.shipment?.lastError ?? null,
    })),
  };
}

const numberSchema = z.string().regex(/^\d{8}$/);
const codeSchema = z.string().trim().min(8, 'Informe o código de rastreio (ex.: AB123456789BR).').max(40, 'O código de rastreio pode ter no máximo 40 caracteres.');

export async function action({ request, url, context }: Route.ActionArgs) {
  const db = dbOf(context);
  await requireAdmin(request, url, authOf(context));
  const form = await request.formData();
  const ship = form.get('enviar');
  if (typeof ship === 'string') {
    const number = numberSchema.safeParse(ship);
    if (!number.success) return data({ ok: false, message: 'Pedido inválido.' }, { status: 400 });
    const code = codeSchema.safeParse(String(form.get(`rastreio-${number.data}`) ?? ''));
    if (!code.success) return data({ ok: false, message: `Pedido #${number.data}: ${code.error.issues[0]!.message}` }, { status: 400 });
    const result = await shipWithTrackingCode(db, number.data, code.data.toUpperCase(), { jobs: jobsOf(context) });
    if (!result.ok) return data({ ok: false, message: `Pedido #${number.data}: ${result.message}` }, { status: 409 });
    return { ok: true, message: `Pedido #${number.data} enviado com o código ${code.data.toUpperCase()}; o cliente recebe o e-mail com o rastreio.` };
  }
  if (form.get('intent') !== 'comprar') return data({ ok: false, message: 'Ação inválida.' }, { status: 400 });
  const numbers = z.array(numberSchema).max(50, 'Selecione no máximo 50 pedidos por vez.').safeParse(form.getAll('pedido'));
  if (!numbers.success) return data({ ok: false, message: numbers.error.issues[0]?.message ?? 'Pedidos inválidos.' }, { status: 400 });
  const result = await buyShippingLabels({ db, shipping: shippingOf(checkoutOf(context)), invoiceKeys: (n) => saleAccessKeys(db, n), jobs: jobsOf(context) }, numbers.data);
  return data({ ok: result.ok, message: result.message, labelUrl: result.labelUrl }, { status: result.ok || result.shipped.length > 0 ? 200 : 409 });
}

export default function Expedition({ loaderData, actionData }: Route.ComponentProps) {
  const { carrier, orders } = loaderData;
  const labelUrl = actionData && 'labelUrl' in actionData && typeof actionData.labelUrl === 'string' ? actionData.labelUrl : null;
  return (
    <AdminShell title="Expedição">
      <p className="mt-2 max-w-3xl text-sm text-ink-soft">
        {carrier
          ? 'Etiquetas pelo Melhor Envio: marque os pedidos e clique em "Comprar etiquetas". O valor sai do saldo da conta no Melhor Envio; cada pedido vai para "Enviado" com o código da transportadora e o cliente recebe o e-mail. O andamento da entrega aparece sozinho no pedido.'
          : 'Frete por tabela (sem conta de transportadora): não há etiqueta para comprar. Marque os pedidos, imprima as etiquetas da loja (remetente, destinatário, peso e declaração de conteúdo), poste nos Correios e informe o código de rastreio de cada pedido.'}
      </p>
      {actionData && <Notice ok={actionData.ok} message={actionData.message} />}
      {labelUrl && (
        <p className="mt-2">
          <a href={labelUrl} target="_blank" rel="noopener noreferrer" className="font-semibold underline">
            Abrir o PDF das etiquetas
          </a>
        </p>
      )}
      {orders.length === 0 ? (
        <p className="mt-6">Nenhum pedido faturado aguardando envio.</p>
      ) : (
        <form method="post" className="mt-4">
          <p className="text-sm text-ink-soft" role="status">
            {orders.length} pedido(s) aguardando envio
          </p>
          <ul className="mt-2 divide-y divide-neutral-200 rounded-xl bg-white ring-1 ring-neutral-200">
            {orders.map((o) => (
              <li key={o.number} className="grid gap-3 p-3 text-sm md:grid-cols-[auto_1fr_auto] md:items-center">
                <input type="checkbox" name="pedido" value={o.number} id={`pedido-${o.number}`} className="h-5 w-5" aria-label={`Selecionar pedido #${o.number}`} />
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <Link to={`/Admin/Pedidos/${o.number}`} className="font-bold hover:underline">
                      Pedido #{o.number}
                    </Link>
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[o.status] ?? ''}`}>{statusLabel(o.status)}</span>
                  </p>
                  <p className="break-words text-ink-soft">
                    {o.createdAt} · {o.name} · {o.place}
                  </p>
                  <p>
                    {o.shipping} · {o.weight}
                  </p>
                  {carrier && !o.buyable && <p className="text-amber-800">Frete escolhido pela tabela: imprima a etiqueta da loja e informe o código no pedido.</p>}
                  {o.lastError && <p className="text-red-700">{o.lastError}</p>}
                  {o.labelUrl && (
                    <a href={o.labelUrl} target="_blank" rel="noopener noreferrer" className="underline">
                      Etiqueta (PDF)
                    </a>
                  )}
                </div>
                {!carrier && (
                  <div className="flex flex-wrap items-end gap-2">
                    <label className="text-sm font-semibold">
                      Código de rastreio do pedido #{o.number}
                      <input name={`rastreio-${o.number}`} maxLength={40} autoComplete="off" placeholder="AB123456789BR" className={adminInput} />
                    </label>
                    <button type="submit" name="enviar" value={o.number} className={adminSecondaryButton}>
                      Marcar como enviado
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
          <div className="mt-4 flex flex-wrap gap-2">
            {carrier && (
              <button type="submit" name="intent" value="comprar" className={adminButton}>
                Comprar etiquetas
              </button>
            )}
            <button type="submit" formMethod="get" formAction="/Admin/Expedicao/etiquetas" className={carrier ? adminSecondaryButton : adminButton}>
              Imprimir etiquetas da loja
            </button>
          </div>
        </form>
      )}
    </AdminShell>
  );
}
