// GET /Admin/Pedidos/exportar.csv: the filtered order list (same query parameters as /Admin/Pedidos) as CSV.
import type { Route } from './+types/orders-export';
import { ordersForExport } from '#src/domain/orders/back-office.server.ts';
import { brasiliaDay } from '#src/platform/datetime.ts';
import { requireAdminDownload } from '#app/lib/admin.server.ts';
import { orderFilterOf } from '#app/lib/admin-orders.ts';
import { ordersCsv } from '#app/lib/orders-csv.server.ts';
import { authOf, dbOf } from '#app/lib/context.server.ts';

export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireAdminDownload(request, url, authOf(context));
  const rows = await ordersForExport(dbOf(context), orderFilterOf(url.searchParams));
  return new Response(ordersCsv(rows), {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="pedidos-${brasiliaDay(new Date())}.csv"`, 'Cache-Control': 'no-store' },
  });
}
