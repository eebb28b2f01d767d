// /Admin/Pedidos/:number/etiqueta: the packing slip, laid out for printing (the page's own print button
// and the browser's print both work): order number, recipient and address, the nota's number and access key,
// items and quantities.
import { data } from 'react-router';
import { applyMask } from '#app/lib/masks.ts';
import type { Route } from './+types/packing-slip';
import { getAdminOrder } from '#src/domain/orders/back-office.server.ts';
import { store } from '#src/config/store.ts';
import { formatDateTime } from '#src/platform/datetime.ts';
import { addressText } from '#app/components/OrderDetails.tsx';
import { requireAdmin } from '#app/lib/admin.server.ts';
import { shippingLabel } from '#app/lib/admin-orders.ts';
import { authOf, dbOf } from '#app/lib/context.server.ts';
import { formatAccessKey } from '#src/domain/invoicing/access-key.ts';
import { invoicesOfOrder } from '#src/domain/invoicing/read.server.ts';

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Romaneio do pedido #${params.number} | Olimpo Peças` }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, url, authOf(context));
  const order = await getAdminOrder(dbOf(context), params.number);
  if (!order) throw data('Pedido não encontrado.', { status: 404 });
  const sale = (await invoicesOfOrder(dbOf(context), order.number)).find((i) => i.kind === 'sale');
  return {
    storeName: store.name,
    number: order.number,
    createdAt: formatDateTime(order.createdAt),
    name: order.customerName ?? order.email,
    phone: order.customerPhone ? applyMask('celular', order.customerPhone) : null,
    address: addressText(order.address),
    shipping: shippingLabel(order.shippingMethod, order.shippingLabel),
    trackingCode: order.trackingCode,
    lines: order.lineDetails.map((l) => ({ title: l.title, variant: l.color ? `${l.color}, ${l.size}` : null, quantity: l.quantity })),
    units: order.lineDetails.reduce((n, l) => n + l.quantity, 0),
    // The goods travel with their nota: its number and access key on the slip.
    nota: sale?.accessKey && sale.status === 'authorized' ? { number: String(sale.number), key: formatAccessKey(sale.accessKey) } : null,
  };
}

export default function PackingSlip({ loaderData: s }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-2xl bg-white p-6 text-ink print:p-0">
      <div className="flex items-start justify-between gap-4 border-b-2 border-ink pb-3">
        <div>
          <p className="text-sm">{s.storeName}</p>
          <h1 className="text-2xl font-extrabold">Romaneio · Pedido #{s.number}</h1>
          <p className="text-sm">{s.createdAt}</p>
        </div>
        <button type="button" onClick={() => window.print()} className="rounded-lg bg-ink px-3 py-2 text-sm font-semibold text-white print:hidden">
          Imprimir
        </button>
      </div>
      <section className="mt-4">
        <h2 className="text-sm font-bold uppercase">Destinatário</h2>
        <p className="text-lg font-semibold">{s.name}</p>
        <p>{s.address}</p>
        {s.phone && <p>Celular: {s.phone}</p>}
        <p className="mt-1 text-sm">
          {s.shipping}
          {s.trackingCode ? ` · Rastreio ${s.trackingCode}` : ''}
        </p>
        <p className="mt-1 text-sm [overflow-wrap:anywhere]">
          {s.nota ? `NF-e nº ${s.nota.number} · Chave de acesso: ${s.nota.key}` : 'NF-e ainda não autorizada: não despache a mercadoria sem a nota.'}
        </p>
      </section>
      <table className="mt-4 w-full border-collapse text-left text-sm">
        <thead>
          <tr className="border-b border-ink">
            <th scope="col" className="py-1">
              Item
            </th>
            <th scope="col" className="py-1 text-right">
              Qtd.
            </th>
            <th scope="col" className="py-1 text-right">
              Conferido
            </th>
          </tr>
        </thead>
        <tbody>
          {s.lines.map((l, i) => (
            <tr key={i} className="border-b border-neutral-300">
              <td className="py-1.5">
                {l.title}
                {l.variant ? ` (${l.variant})` : ''}
              </td>
              <td className="py-1.5 text-right font-bold">{l.quantity}</td>
              <td className="py-1.5 text-right">☐</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-sm">Total de unidades: {s.units}</p>
    </div>
  );
}
