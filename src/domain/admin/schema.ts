// Back-office tables: the audit trail of who looked at which customer record.
import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Every view of a customer record in the back office (LGPD: who saw whose personal data, when). */
export const customerRecordViews = pgTable(
  'customer_record_views',
  {
    id: serial('id').primaryKey(),
    /** The admin who looked (users.id). */
    viewerId: text('viewer_id').notNull(),
    /** The customer whose record was shown (users.id); null for a list page, which names `detail`. */
    customerId: text('customer_id'),
    /** 'registro' (one customer's page) or 'lista' (the list, with its search in detail). */
    kind: text('kind').notNull(),
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_record_views_customer_idx').on(t.customerId, t.createdAt)],
);
