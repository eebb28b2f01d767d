// GET /Admin/Produtos/exportar.csv: the whole catalog in the import format (admins only), streamed.
import type { Route } from './+types/products-export';
import { exportCatalogCsv } from '#src/domain/catalog/import/export.server.ts';
import { brasiliaDay } from '#src/platform/datetime.ts';
import { requireAdminDownload } from '#app/lib/admin.server.ts';
import { authOf, dbOf } from '#app/lib/context.server.ts';

export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireAdminDownload(request, url, authOf(context));
  const chunks = exportCatalogCsv(dbOf(context));
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="catalogo-olimpo-${brasiliaDay(new Date())}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
}
