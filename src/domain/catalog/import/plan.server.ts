// What each row of an import would do to the catalog (create, update or leave unchanged), read with one
// statement per batch; and the list parameters the import's set-based statements share.
import { sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { sortRows } from '#src/domain/fitment/compatibility-text.ts';
import { saleFields } from '#src/domain/pricing/pricing.ts';
import { importedPhotos } from '../schema.ts';
import type { CatalogRow, ProductSheetColumns } from './format.ts';

// Lists go to the database as ONE JSON parameter (drizzle would expand a JS array into one parameter each).
export const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;
export const textArray = (v: string[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(v)}::jsonb))`;
export const intArray = (v: number[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(v)}::jsonb)::int)`;
export type Plan = 'create' | 'update' | 'unchanged';

export interface Existing extends ProductSheetColumns {
  image_url: string | null;
  has_variants: boolean;
  fitments: string[];
}

/**
 * PostgreSQL's JIT compiles the batch queries (their row estimates are large) for ~0.5 s each, far more
 * than they take to run: off for the import's transactions.
 */
export async function noJit(db: Db): Promise<void> {
  await db.execute(sql`set local jit = off`);
}

export async function loadExisting(db: Db, refs: string[]): Promise<Map<string, Existing>> {
  const res = (await db.execute(sql`
    select distinct on (upper(p.ref_code)) p.id, p.ref_code, p.title, p.description, p.brand, p.category, p.vehicle_type, p.condition,
      p.price_cents, p.old_price_cents, p.on_sale, p.stock, p.oem_codes, p.equivalent_codes,
      p.shipping_weight_grams, p.shipping_height_cm, p.shipping_width_cm, p.shipping_length_cm, p.ncm, p.origem, p.cest, p.unit,
      (select i.url from product_images i where i.product_id = p.id and i.position = 0) as image_url,
      exists (select 1 from product_variants v where v.product_id = p.id) as has_variants,
      coalesce((select array_agg(f.vehicle_id || ':' || f.year_from || ':' || f.year_to order by f.vehicle_id, f.year_from, f.year_to) from product_fitments f where f.product_id = p.id), '{}') as fitments,
      coalesce((select array_agg(u.vehicle_type order by u.vehicle_type) from product_universal_fitments u where u.product_id = p.id), '{}') as universal
    from products p
    where upper(p.ref_code) = any(${textArray(refs.map((r) => r.toUpperCase()))})
    order by upper(p.ref_code), p.id`)) as unknown as { rows: Existing[] };
  return new Map(res.rows.map((r) => [r.ref_code.toUpperCase(), { ...r, id: Number(r.id) }]));
}

const fitKeys = (row: CatalogRow) => sortRows(row.fitment.rows).map((r) => `${r.vehicleId}:${r.yearFrom}:${r.yearTo}`);
const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export function fieldsSame(row: CatalogRow, e: Existing, photo: string | null): boolean {
  return (
    row.title === e.title &&
    row.description === e.description &&
    row.brand === e.brand &&
    row.category === e.category &&
    row.vehicleType === e.vehicle_type &&
    row.condition === e.condition &&
    row.priceCents === e.price_cents &&
    saleFields(row.priceCents, row.oldPriceCents).oldPriceCents === (e.on_sale ? e.old_price_cents : null) &&
    (e.has_variants || row.stock === e.stock) &&
    sameList(row.oemCodes, e.oem_codes) &&
    sameList(row.equivalentCodes, e.equivalent_codes) &&
    (photo === null || photo === e.image_url) &&
    (row.package === null ||
      (row.package.weightGrams === e.shipping_weight_grams &&
        row.package.heightCm === e.shipping_height_cm &&
        row.package.widthCm === e.shipping_width_cm &&
        row.package.lengthCm === e.shipping_length_cm)) &&
    (row.fiscal === null || (row.fiscal.ncm === e.ncm && row.fiscal.origem === Number(e.origem) && row.fiscal.cest === e.cest && row.fiscal.unit === e.unit))
  );
}
export const fitmentSame = (row: CatalogRow, e: Existing) => sameList(fitKeys(row), e.fitments) && sameList(row.fitment.universal, e.universal);

export async function knownPhotos(db: Db, urls: string[]): Promise<Map<string, { url: string; width: number; height: number }>> {
  if (urls.length === 0) return new Map();
  const rows = await db
    .select()
    .from(importedPhotos)
    .where(sql`${importedPhotos.sourceUrl} = any(${textArray(urls)})`);
  return new Map(rows.map((r) => [r.sourceUrl, { url: r.url, width: r.width, height: r.height }]));
}

export function plan(row: CatalogRow, existing: Map<string, Existing>, photos: Map<string, { url: string }>): Plan {
  const e = existing.get(row.ref.toUpperCase());
  if (!e) return 'create';
  const photo = row.photoUrl ? (photos.get(row.photoUrl)?.url ?? `pendente:${row.photoUrl}`) : null;
  return fieldsSame(row, e, photo) && fitmentSame(row, e) ? 'unchanged' : 'update';
}
