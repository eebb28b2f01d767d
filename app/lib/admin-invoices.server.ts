// The back office's view of a nota (components/admin/InvoicePanel.tsx): labels, formatted key and date, links.
import { formatAccessKey } from '#src/domain/invoicing/access-key.ts';
import { INVOICE_STATUS_LABELS } from '#src/domain/invoicing/read.server.ts';
import type { InvoiceSummary } from '#src/domain/invoicing/read.server.ts';
import { formatDateTime } from '#src/platform/datetime.ts';
import type { AdminInvoice } from '#app/components/admin/InvoicePanel.tsx';

export function adminInvoice(orderNumber: string, i: InvoiceSummary): AdminInvoice {
  const issued = (i.status === 'authorized' || i.status === 'cancelled') && i.accessKey !== null;
  const q = i.kind === 'sale' ? '' : `?nota=${i.id}`;
  return {
    id: i.id,
    title: i.kind === 'sale' ? 'NF-e de venda' : 'Nota de devolução',
    status: INVOICE_STATUS_LABELS[i.status],
    refused: i.status === 'refused',
    number: i.number === null || !issued ? null : String(i.number),
    key: i.accessKey ? formatAccessKey(i.accessKey) : null,
    message: i.message,
    at: i.cancelledAt ? formatDateTime(i.cancelledAt) : i.authorizedAt ? formatDateTime(i.authorizedAt) : null,
    danfeHref: issued ? `/Pedidos/${orderNumber}/nota-fiscal${q}` : null,
    xmlHref: issued ? `/Pedidos/${orderNumber}/nota-fiscal.xml${q}` : null,
  };
}
