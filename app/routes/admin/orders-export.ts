// GET /Admin/Pedidos/exportar.csv: the filtered order list (same query parameters as /Admin/Pedidos) as CSV.
import type { Route } from './+types/orders-export';
import { getDb } from '../../../src/db/client.server.ts';
import { ordersForExport } from '../../../src/domain/orders/back-office.server.ts';
import { brasiliaDay } from '../../../src/platform/datetime.ts';
import { requireAdminDownload } from '../../lib/admin.server.ts';
import { orderFilterOf } from '../../lib/admin-orders.ts';
import { ordersCsv } from '../../lib/orders-csv.server.ts';

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdminDownload(request, url);
  const rows = await ordersForExport(getDb(), orderFilterOf(url.searchParams));
  return new Response(ordersCsv(rows), {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="pedidos-${brasiliaDay(new Date())}.csv"`, 'Cache-Control': 'no-store' },
  });
}
