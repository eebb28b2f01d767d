// The notas fiscais (NF-e) of orders: one sale nota per order (issued by a job once paid) and its fiscal
// events (cancellation, a return nota referencing it). Money in integer centavos.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgSequence, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from '../orders/schema.ts';
import type { StoredNota } from './nota.ts';

/**
 * Feeds the sandbox's nota numbers (nNF) of the configured series: a database sequence, so two instances
 * never give the same number. Focus NFe numbers its notas itself.
 */
export const invoiceNumberSeq = pgSequence('invoice_number_seq', { startWith: 1, increment: 1, maxValue: 999_999_999 });

/** A returned line: which order line and how many of its units. */
export interface ReturnedLine {
  orderLineId: number;
  quantity: number;
}

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** sale: the order's nota (finalidade 1); return: a nota de devolução (finalidade 4) referencing the sale's key. */
    kind: text('kind').notNull(),
    /** pending (not sent yet), processing (the provider is authorising), authorized, refused, cancelled. */
    status: text('status').notNull(),
    /** sandbox or focusnfe: who issued it (a cancellation goes to the same one). */
    provider: text('provider').notNull(),
    /** The provider's reference for the nota (Focus NFe's `ref`). */
    ref: text('ref').notNull(),
    series: smallint('series'),
    number: integer('number'),
    accessKey: text('access_key'),
    cfop: text('cfop'),
    totalCents: integer('total_cents'),
    /** The sale nota's key a return nota refers to. */
    referencedKey: text('referenced_key'),
    returnedLines: jsonb('returned_lines').$type<ReturnedLine[]>(),
    /** The nota as last sent (nota.ts, dates as ISO strings): what the DANFE and the XML print. */
    nota: jsonb('nota').$type<StoredNota>(),
    /** The provider's XML and DANFE addresses (Focus NFe's caminho_*); the sandbox's are the shop's own pages. */
    xmlPath: text('xml_path'),
    danfePath: text('danfe_path'),
    /** The SEFAZ's message when refused (or the provider's), shown in the back office. */
    message: text('message'),
    attempts: integer('attempts').notNull().default(0),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    authorizedAt: timestamp('authorized_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoices_order_idx').on(t.orderId),
    uniqueIndex('invoices_ref_key').on(t.ref),
    uniqueIndex('invoices_access_key_key').on(t.accessKey),
    // One sale nota per order, whatever the retries.
    uniqueIndex('invoices_order_sale_key').on(t.orderId).where(sql`${t.kind} = 'sale'`),
    index('invoices_refused_idx').on(t.status).where(sql`${t.status} in ('pending', 'processing', 'refused')`),
    check('invoices_kind_check', sql`${t.kind} in ('sale', 'return')`),
    check('invoices_status_check', sql`${t.status} in ('pending', 'processing', 'authorized', 'refused', 'cancelled')`),
    check('invoices_access_key_format', sql`${t.accessKey} is null or ${t.accessKey} ~ '^[0-9]{44}$'`),
  ],
);
