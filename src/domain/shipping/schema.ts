// The carriers' quotes shared by every instance of the app: one row per origin, destination CEP prefix and
// parcel (quote-cache.server.ts's key) with the services answered and when they stop being reused.
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { CarrierService } from './provider.ts';

export const shippingQuotes = pgTable(
  'shipping_quotes',
  {
    key: text('key').primaryKey(),
    services: jsonb('services').$type<CarrierService[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('shipping_quotes_expires_idx').on(t.expiresAt)],
);
