// The order page's nota links (components/OrderInvoices.tsx): the shop's DANFE page and XML for sandbox
// notas, the provider's files for Focus NFe's. Masked views (the tracking link) get none: a nota shows the CPF.
import type { Db } from '#src/db/client.server.ts';
import type { InvoiceProvider } from '#src/domain/invoicing/provider.ts';
import { INVOICE_STATUS_LABELS, invoicesOfOrder } from '#src/domain/invoicing/read.server.ts';
import type { OrderView } from '#src/domain/orders/view.ts';
import type { OrderInvoiceLink } from '../components/OrderInvoices.tsx';

export async function invoiceLinks(db: Db, order: OrderView, token: string | null, provider: InvoiceProvider): Promise<{ invoices: OrderInvoiceLink[]; invoicePending: boolean }> {
  if (order.masked || order.status === 'awaiting_payment') return { invoices: [], invoicePending: false };
  const all = await invoicesOfOrder(db, order.number);
  const shown = all.filter((i) => (i.status === 'authorized' || i.status === 'cancelled') && i.accessKey && i.number !== null);
  const invoices = shown.map((i): OrderInvoiceLink => {
    const query = (extra: Record<string, string>) => {
      const q = new URLSearchParams({ ...(token ? { token } : {}), ...extra }).toString();
      return q ? `?${q}` : '';
    };
    const own = i.provider === 'sandbox' || provider.name !== i.provider || !i.danfePath || !i.xmlPath;
    const extra: Record<string, string> = i.kind === 'sale' ? {} : { nota: String(i.id) };
    return {
      title: i.kind === 'sale' ? 'NF-e' : 'Nota de devolução',
      number: String(i.number),
      status: INVOICE_STATUS_LABELS[i.status],
      danfeHref: own ? `/Pedidos/${order.number}/nota-fiscal${query(extra)}` : provider.fileUrl(i.danfePath!),
      xmlHref: own ? `/Pedidos/${order.number}/nota-fiscal.xml${query(extra)}` : provider.fileUrl(i.xmlPath!),
      external: !own,
    };
  });
  const sale = all.find((i) => i.kind === 'sale');
  const invoicePending = order.status === 'paid' && (!sale || sale.status !== 'authorized');
  return { invoices, invoicePending };
}
