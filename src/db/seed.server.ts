// Demo data for a new database: the catalog and the store coupon, each only when missing.
import type { Db } from './client.server.ts';
import { seedCatalogIfEmpty } from '../domain/catalog/seed/seed.server.ts';
import type { SeedOptions } from '../domain/catalog/seed/seed.server.ts';
import { seedCouponsIfEmpty } from '../domain/pricing/coupons.server.ts';

export async function seedDemoData(db: Db, opts: SeedOptions = {}): Promise<{ products: number }> {
  const products = await seedCatalogIfEmpty(db, opts);
  await seedCouponsIfEmpty(db);
  return { products };
}
