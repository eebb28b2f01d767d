// Demo data for a new database: the catalog, the vehicle fleet with the catalog's fitment, and the store
// coupon, each only when missing.
import type { Db } from './client.server.ts';
import { seedCatalogIfEmpty } from '../domain/catalog/seed/seed.server.ts';
import type { SeedOptions } from '../domain/catalog/seed/seed.server.ts';
import { seedCouponsIfEmpty } from '../domain/pricing/coupons.server.ts';
import { seedFitment, seedFitmentIfEmpty } from '../domain/fitment/seed/seed.server.ts';
import { analyzeDatabase } from './maintenance.server.ts';

export async function seedDemoData(db: Db, opts: SeedOptions = {}): Promise<{ products: number }> {
  const products = await seedCatalogIfEmpty(db, opts);
  // A new catalog gets its fitment; an existing one gets it once, when the fleet is still empty.
  if (products > 0) await seedFitment(db);
  else await seedFitmentIfEmpty(db);
  await seedCouponsIfEmpty(db);
  // Every table the seed filled (images, variants, the search lexicon, coupons) gets planner statistics now:
  // on PGlite nothing would gather them later.
  if (products > 0) await analyzeDatabase(db);
  return { products };
}
