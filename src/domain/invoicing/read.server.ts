// Reading notas for the pages: an order's notas (the buyer's order page, the back office), the refused ones
// (the back office's list), and one nota whole for its DANFE and XML.
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { orders } from '../orders/schema.ts';
import { loadNota } from './nota.ts';
import type { Nota } from './nota.ts';
import { invoices } from './schema.ts';

export interface InvoiceSummary {
  id: number;
  kind: 'sale' | 'return';
  status: 'pending' | 'processing' | 'authorized' | 'refused' | 'cancelled';
  provider: string;
  number: number | null;
  series: number | null;
  accessKey: string | null;
  message: string | null;
  authorizedAt: Date | null;
  cancelledAt: Date | null;
  /** The provider's own files (Focus NFe); null: the shop's DANFE page and XML. */
  xmlPath: string | null;
  danfePath: string | null;
}

export const INVOICE_STATUS_LABELS: Record<InvoiceSummary['status'], string> = {
  pending: 'Aguardando emissão',
  processing: 'Em autorização na SEFAZ',
  authorized: 'Autorizada',
  refused: 'Recusada',
  cancelled: 'Cancelada',
};

const summary = {
  id: invoices.id,
  kind: invoices.kind,
  status: invoices.status,
  provider: invoices.provider,
  number: invoices.number,
  series: invoices.series,
  accessKey: invoices.accessKey,
  message: invoices.message,
  authorizedAt: invoices.authorizedAt,
  cancelledAt: invoices.cancelledAt,
  xmlPath: invoices.xmlPath,
  danfePath: invoices.danfePath,
};

export async function invoicesOfOrder(db: Db, orderNumber: string): Promise<InvoiceSummary[]> {
  const rows = await db.select(summary).from(invoices).innerJoin(orders, eq(orders.id, invoices.orderId)).where(eq(orders.number, orderNumber)).orderBy(invoices.id);
  return rows as InvoiceSummary[];
}

/** The access keys of these orders' authorised sale notas, by order number: a label carries its nota's key. */
export async function saleAccessKeys(db: Db, orderNumbers: string[]): Promise<Map<string, string>> {
  if (orderNumbers.length === 0) return new Map();
  const rows = await db
    .select({ number: orders.number, key: invoices.accessKey })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(inArray(orders.number, orderNumbers), eq(invoices.kind, 'sale'), eq(invoices.status, 'authorized')));
  return new Map(rows.flatMap((r) => (r.key ? [[r.number, r.key] as const] : [])));
}

/** Refused sale notas by order number, for the back office's order list (only of the orders asked). */
export async function refusedInvoiceMessages(db: Db, orderNumbers: string[]): Promise<Map<string, string>> {
  if (orderNumbers.length === 0) return new Map();
  const rows = await db
    .select({ number: orders.number, message: invoices.message })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(invoices.status, 'refused'), inArray(orders.number, orderNumbers)))
    .orderBy(desc(invoices.id));
  return new Map(rows.map((r) => [r.number, r.message ?? 'Nota recusada.']));
}

/** One nota of an order, whole (the DANFE page and the XML). */
export async function readInvoice(db: Db, orderNumber: string, invoiceId?: number): Promise<(InvoiceSummary & { nota: Nota; referencedKey: string | null; cfop: string | null }) | null> {
  const [row] = await db
    .select({ ...summary, nota: invoices.nota, referencedKey: invoices.referencedKey, cfop: invoices.cfop })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(orders.number, orderNumber), invoiceId === undefined ? eq(invoices.kind, 'sale') : eq(invoices.id, invoiceId)))
    .limit(1);
  if (!row || !row.nota || (row.status !== 'authorized' && row.status !== 'cancelled')) return null;
  return { ...(row as InvoiceSummary), nota: loadNota(row.nota), referencedKey: row.referencedKey, cfop: row.cfop };
}
