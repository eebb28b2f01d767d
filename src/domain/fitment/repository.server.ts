// Fitment reads and the garage of signed-in shoppers: the vehicle filter the catalog search takes, a
// product's compatibility list, and "Minha garagem" (several vehicles per account, one active).
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '#src/db/client.server.ts';
import { preparedSelect } from '#src/db/prepared.server.ts';
import { products } from '../catalog/schema.ts';
import type { SearchRestriction } from '../catalog/search/statement.ts';
import type { VehicleType } from '../catalog/taxonomy.ts';
import { loadFleet } from './fleet.server.ts';
import { choiceKeys } from './rules.ts';
import type { FitmentRow, ProductFitment, VehicleChoice } from './rules.ts';
import { garageVehicles, productFitments, productUniversalFitments } from './schema.ts';
import type { Vehicle } from './vehicles.ts';

/**
 * The catalog restriction for a choice: products whose fitment keys meet the choice's (a GIN index search
 * PostgreSQL combines with the text search), parts made for the vehicle ranked before universal ones.
 */
export function fitmentRestriction(choice: VehicleChoice): SearchRestriction {
  const keys = choiceKeys(choice);
  const specific = keys.specific.length > 0;
  // The keys are placeholders, so the search builds its statements once per shape (with or without a
  // vehicle-specific rank), not once per vehicle.
  return {
    where: sql`${products.fitmentKeys} && ${sql.placeholder('fitmentAll')}::integer[]`,
    first: specific ? sql`(${products.fitmentKeys} && ${sql.placeholder('fitmentSpecific')}::integer[])` : undefined,
    shape: specific ? 'fitment+rank' : 'fitment',
    values: { fitmentAll: keys.all, fitmentSpecific: keys.specific },
    // One version and year: a key of its own and its type's universal key (the garage's list, counted).
    keyed: keys.specific.length === 1 && keys.all.length === 2 ? { specific: keys.specific[0]!, universal: keys.all[1]! } : undefined,
  };
}

/** The restriction for the shopper's active garage vehicle, if any (home, related products, cart). */
export function garageRestriction(active: { vehicle: Vehicle; year: number } | null): SearchRestriction | undefined {
  return active ? fitmentRestriction({ vehicles: [active.vehicle], year: active.year }) : undefined;
}

/** productFitment for several products at once (a list page's cards): one statement, built once. */
export async function productsFitment(db: Db, productIds: number[]): Promise<Map<number, ProductFitment>> {
  const out = new Map<number, ProductFitment>(productIds.map((id) => [id, { rows: [], universalTypes: [] }]));
  if (productIds.length === 0) return out;
  const [fleet, rows] = await Promise.all([loadFleet(db), fitmentRowsOfMany(db, { ids: productIds })]);
  for (const r of rows) {
    if (r.universal !== null) {
      out.get(r.productId)?.universalTypes.push(r.universal as VehicleType);
      continue;
    }
    const vehicle = fleet.byId.get(r.vehicleId);
    if (vehicle) out.get(r.productId)?.rows.push({ vehicle, yearFrom: r.yearFrom, yearTo: r.yearTo });
  }
  return out;
}

/**
 * The fitment rows and universal types of several products (`ids`, an array: one text for any number of
 * cards). Two statements built per call before, with a list of ids each.
 */
const fitmentRowsOfMany = preparedSelect('products_fitment', (db) =>
  db
    .select({
      productId: productFitments.productId,
      vehicleId: productFitments.vehicleId,
      yearFrom: productFitments.yearFrom,
      yearTo: productFitments.yearTo,
      universal: sql<string | null>`null::text`,
    })
    .from(productFitments)
    .where(sql`${productFitments.productId} = any(${sql.placeholder('ids')}::int[])`)
    .unionAll(
      db
        .select({
          productId: productUniversalFitments.productId,
          vehicleId: sql<number>`null::int`,
          yearFrom: sql<number>`null::smallint`,
          yearTo: sql<number>`null::smallint`,
          universal: productUniversalFitments.vehicleType,
        })
        .from(productUniversalFitments)
        .where(sql`${productUniversalFitments.productId} = any(${sql.placeholder('ids')}::int[])`),
    ),
);

/**
 * Replaces what a product fits (a seller's "Cadastrar Produto"): its fitment rows and universal types. The
 * triggers of migration 0006 recompute products.fitment_keys, so the product is in vehicle lists at once.
 */
export async function replaceProductFitment(tx: Tx, productId: number, fit: { rows: { vehicleId: number; yearFrom: number; yearTo: number }[]; universal: VehicleType[] }): Promise<void> {
  await tx.delete(productFitments).where(eq(productFitments.productId, productId));
  await tx.delete(productUniversalFitments).where(eq(productUniversalFitments.productId, productId));
  if (fit.rows.length > 0) await tx.insert(productFitments).values(fit.rows.map((r) => ({ productId, ...r })));
  if (fit.universal.length > 0) await tx.insert(productUniversalFitments).values(fit.universal.map((vehicleType) => ({ productId, vehicleType })));
}

/** A product's fitment rows and universal types in one statement, built once (product page). */
const fitmentRows = preparedSelect('product_fitment', (db) =>
  db
    .select({ vehicleId: productFitments.vehicleId, yearFrom: productFitments.yearFrom, yearTo: productFitments.yearTo, universal: sql<string | null>`null::text` })
    .from(productFitments)
    .where(eq(productFitments.productId, sql.placeholder('id')))
    .unionAll(
      db
        .select({ vehicleId: sql<number>`null::int`, yearFrom: sql<number>`null::smallint`, yearTo: sql<number>`null::smallint`, universal: productUniversalFitments.vehicleType })
        .from(productUniversalFitments)
        .where(eq(productUniversalFitments.productId, sql.placeholder('id'))),
    ),
);

/** Every vehicle (version and years) a product fits, and the types it is universal for. */
export async function productFitment(db: Db, productId: number): Promise<ProductFitment> {
  // The vehicles and the universal types in one statement (one exchange with the database instead of two).
  const [fleet, rows] = await Promise.all([loadFleet(db), fitmentRows(db, { id: productId })]);
  const fitted: FitmentRow[] = [];
  const universalTypes: VehicleType[] = [];
  for (const r of rows) {
    if (r.universal !== null) {
      universalTypes.push(r.universal as VehicleType);
      continue;
    }
    const vehicle = fleet.byId.get(r.vehicleId);
    if (vehicle) fitted.push({ vehicle, yearFrom: r.yearFrom, yearTo: r.yearTo });
  }
  return { rows: fitted, universalTypes };
}

// --------------------------------------------------------------------------------- account garages

/** Most vehicles one account keeps; adding another drops the oldest inactive one. */
export const GARAGE_LIMIT = 10;

export interface GarageEntry {
  vehicle: Vehicle;
  year: number;
  active: boolean;
}

/** The account's vehicles, the active one first, then the most recently added. */
export async function listGarage(db: Db, userId: string): Promise<GarageEntry[]> {
  const [fleet, rows] = await Promise.all([
    loadFleet(db),
    db
      .select({ vehicleId: garageVehicles.vehicleId, year: garageVehicles.year, active: garageVehicles.active })
      .from(garageVehicles)
      .where(eq(garageVehicles.userId, userId))
      .orderBy(sql`${garageVehicles.active} desc`, sql`${garageVehicles.createdAt} desc`, asc(garageVehicles.id)),
  ]);
  return rows.flatMap((r) => {
    const vehicle = fleet.byId.get(r.vehicleId);
    return vehicle ? [{ vehicle, year: r.year, active: r.active }] : [];
  });
}

/**
 * Makes a vehicle (version and model year) the account's active one, adding it to the garage when it is
 * new. `null` leaves the garage as it is with no vehicle active. One transaction: there is never more than
 * one active vehicle (a partial unique index enforces it too).
 */
export async function setActiveVehicle(db: Db, userId: string, choice: { vehicleId: number; year: number } | null): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(garageVehicles)
      .set({ active: false })
      .where(and(eq(garageVehicles.userId, userId), eq(garageVehicles.active, true)));
    if (!choice) return;
    await tx
      .insert(garageVehicles)
      .values({ userId, vehicleId: choice.vehicleId, year: choice.year, active: true })
      .onConflictDoUpdate({ target: [garageVehicles.userId, garageVehicles.vehicleId, garageVehicles.year], set: { active: true } });
    await tx.execute(sql`
      delete from ${garageVehicles} where id in (
        select id from ${garageVehicles} where user_id = ${userId} and not active
        order by created_at desc, id desc offset ${GARAGE_LIMIT - 1})`);
  });
}

export async function removeFromGarage(db: Db, userId: string, choice: { vehicleId: number; year: number }): Promise<void> {
  await db.delete(garageVehicles).where(and(eq(garageVehicles.userId, userId), eq(garageVehicles.vehicleId, choice.vehicleId), eq(garageVehicles.year, choice.year)));
}

/**
 * Adds a guest's vehicles (from the garage cookie) to an account, e.g. right after sign-in; the guest's
 * active vehicle becomes the account's active one when the account has none.
 */
/** Forgets an account's vehicles (account deletion). */
export async function deleteGarage(db: Db, userId: string): Promise<void> {
  await db.delete(garageVehicles).where(eq(garageVehicles.userId, userId));
}

export async function importGarage(db: Db, userId: string, entries: { vehicleId: number; year: number; active: boolean }[]): Promise<void> {
  if (entries.length === 0) return;
  const current = await listGarage(db, userId);
  const hasActive = current.some((e) => e.active);
  // Oldest first, so the guest's most recent vehicles end up the most recent in the account too.
  for (const e of [...entries].reverse()) {
    await db.insert(garageVehicles).values({ userId, vehicleId: e.vehicleId, year: e.year, active: false }).onConflictDoNothing();
  }
  const active = entries.find((e) => e.active);
  if (active && !hasActive) await setActiveVehicle(db, userId, active);
}
