// GET /Admin/Pedidos/exportar.csv: the filtered order list (same query parameters as /Admin/Pedidos) as CSV.
import { stringify } from 'csv-stringify/sync';
import type { Route } from './+types/orders-export';
import { getDb } from '../../../src/db/client.server.ts';
import { formatCentsDecimal } from '../../../src/domain/pricing/money.ts';
import { ordersForExport } from '../../../src/domain/orders/back-office.server.ts';
import { brasiliaDay, formatDateTime } from '../../../src/platform/datetime.ts';
import { requireAdminDownload } from '../../lib/admin.server.ts';
import { cpfText, orderFilterOf, paymentLabel, shippingLabel, statusLabel } from '../../lib/admin-orders.ts';

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdminDownload(request, url);
  const rows = await ordersForExport(getDb(), orderFilterOf(url.searchParams));
  const csv = stringify(
    [
      ['numero', 'data', 'situacao', 'cliente', 'email', 'cpf', 'pagamento', 'envio', 'cupom', 'itens', 'subtotal', 'total', 'rastreio'],
      ...rows.map((o) => [o.number, formatDateTime(o.createdAt), statusLabel(o.status), o.customerName ?? '', o.email, cpfText(o.customerCpf), paymentLabel(o.paymentMethod), shippingLabel(o.shippingMethod), o.couponCode ?? '', String(o.items), formatCentsDecimal(o.subtotalCents), formatCentsDecimal(o.totalCents), o.trackingCode ?? '']),
    ],
    { delimiter: ';' },
  );
  return new Response(`\uFEFF${csv}`, {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="pedidos-${brasiliaDay(new Date())}.csv"`, 'Cache-Control': 'no-store' },
  });
}
