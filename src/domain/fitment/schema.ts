// Fitment tables: the vehicles the store knows (type, make, model, version/engine, years), which products
// fit which vehicle in which years, which products are universal for a vehicle type, and the shoppers'
// garages ("Minha garagem": several vehicles per account, one active).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from '../catalog/schema.ts';

export const vehicles = pgTable(
  'vehicles',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    make: text('make').notNull(),
    makeSlug: text('make_slug').notNull(),
    model: text('model').notNull(),
    modelSlug: text('model_slug').notNull(),
    /** "Versão/Motor" as the shopper reads it: "1.0 12V MPI Trendline", "Fan", "24.280 6x2". */
    version: text('version').notNull(),
    /** The engine as product titles name it: "1.0", "2.8", "160", "24.280". */
    engine: text('engine').notNull(),
    yearFrom: smallint('year_from').notNull(),
    yearTo: smallint('year_to').notNull(),
  },
  (t) => [
    uniqueIndex('vehicles_key').on(t.type, t.makeSlug, t.modelSlug, t.version, t.yearFrom),
    check('vehicles_type_check', sql`${t.type} in ('carros', 'motos', 'caminhoes')`),
    // Years stay in 1900–2155: fitment keys give the year 8 bits (see rules.ts, fitmentKey).
    check('vehicles_years_check', sql`${t.yearFrom} between 1900 and 2100 and ${t.yearTo} between ${t.yearFrom} and 2100`),
  ],
);

/** A product fits a vehicle (one version) from year_from to year_to, inclusive. */
export const productFitments = pgTable(
  'product_fitments',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    yearFrom: smallint('year_from').notNull(),
    yearTo: smallint('year_to').notNull(),
  },
  (t) => [
    primaryKey({ name: 'product_fitments_pkey', columns: [t.productId, t.vehicleId, t.yearFrom] }),
    // "Which products fit vehicle V in year Y": an index-only range scan.
    index('product_fitments_vehicle_idx').on(t.vehicleId, t.yearFrom, t.yearTo, t.productId),
    check('product_fitments_years_check', sql`${t.yearFrom} between 1900 and 2100 and ${t.yearTo} between ${t.yearFrom} and 2100`),
  ],
);

/** A universal product (a lamp, a phone holder, driving shoes) serves every vehicle of a type. */
export const productUniversalFitments = pgTable(
  'product_universal_fitments',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    vehicleType: text('vehicle_type').notNull(),
  },
  (t) => [
    primaryKey({ name: 'product_universal_fitments_pkey', columns: [t.productId, t.vehicleType] }),
    index('product_universal_fitments_type_idx').on(t.vehicleType, t.productId),
    check('product_universal_fitments_type_check', sql`${t.vehicleType} in ('carros', 'motos', 'caminhoes')`),
  ],
);

/**
 * "Minha garagem" of signed-in shoppers: their vehicles (a version and its model year), one active.
 * user_id is the accounts' user id (text); guests keep the same data in a signed cookie instead.
 */
export const garageVehicles = pgTable(
  'garage_vehicles',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id').notNull(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    active: boolean('active').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('garage_vehicles_user_vehicle_key').on(t.userId, t.vehicleId, t.year), uniqueIndex('garage_vehicles_one_active_key').on(t.userId).where(sql`${t.active}`)],
);
