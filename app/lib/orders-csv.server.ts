// The back office's order list as a spreadsheet (GET /Admin/Pedidos/exportar.csv). Buyers type their own names,
// so every text cell goes through src/platform/spreadsheet.ts: nothing in it can run as a formula.
import type { ordersForExport } from '#src/domain/orders/back-office.server.ts';
import { formatCentsDecimal } from '#src/domain/pricing/money.ts';
import { formatDateTime } from '#src/platform/datetime.ts';
import { spreadsheetCsv } from '#src/platform/spreadsheet-csv.server.ts';
import { cpfText, paymentLabel, shippingLabel, statusLabel } from './admin-orders.ts';

type ExportedOrder = Awaited<ReturnType<typeof ordersForExport>>[number];

export function ordersCsv(rows: ExportedOrder[]): string {
  const csv = spreadsheetCsv([
    ['numero', 'data', 'situacao', 'cliente', 'email', 'cpf', 'pagamento', 'envio', 'cupom', 'itens', 'subtotal', 'total', 'rastreio'],
    ...rows.map((o) => [
      o.number,
      formatDateTime(o.createdAt),
      statusLabel(o.status),
      o.customerName,
      o.email,
      cpfText(o.customerCpf),
      paymentLabel(o.paymentMethod),
      shippingLabel(o.shippingMethod, o.shippingLabel),
      o.couponCode,
      Number(o.items),
      formatCentsDecimal(o.subtotalCents),
      formatCentsDecimal(o.totalCents),
      o.trackingCode,
    ]),
  ]);
  return `\uFEFF${csv}`;
}
