// Applying one batch of an import: ONE transaction that creates and updates its products set-based (one
// statement per table, the rows as one JSON parameter) and advances the import's progress with them.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { fitmentSearchKeys } from '#src/domain/fitment/compatibility-text.ts';
import { saleFields } from '#src/domain/pricing/pricing.ts';
import { catalogImports } from '../schema.ts';
import { labelOf, slugify } from '../taxonomy.ts';
import { defaultFiscal } from '../fiscal.ts';
import type { CatalogRow } from './format.ts';
import { fieldsSame, fitmentSame, intArray, json, knownPhotos, loadExisting, noJit, plan } from './plan.server.ts';
import type { Existing } from './plan.server.ts';

/** Applies one batch in one transaction, with the import's progress. */
export async function applyBatch(
  db: Db,
  importId: number,
  userId: string | null,
  batch: CatalogRow[],
  processedAfter: number,
  photoFailures: Map<number, string>,
): Promise<{ created: number; updated: number; unchanged: number }> {
  const usable = batch.filter((r) => !photoFailures.has(r.line));
  const errors = batch.filter((r) => photoFailures.has(r.line)).map((r) => ({ line: r.line, message: photoFailures.get(r.line)! }));
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // The import's row is locked for the batch: a second run of the same import (a retried job while the
    // first is still going) waits here, then sees the progress moved and stops instead of applying twice.
    const [progress] = await tx.select({ processed: catalogImports.processedRows }).from(catalogImports).where(eq(catalogImports.id, importId)).for('update');
    if (!progress || progress.processed !== processedAfter - batch.length) throw new ImportOvertaken();
    await noJit(t);
    const [existing, photos] = await Promise.all([
      loadExisting(
        t,
        usable.map((r) => r.ref),
      ),
      knownPhotos(
        t,
        usable.flatMap((r) => (r.photoUrl ? [r.photoUrl] : [])),
      ),
    ]);
    const creates: CatalogRow[] = [];
    const updates: { row: CatalogRow; e: Existing }[] = [];
    let unchanged = 0;
    for (const row of usable) {
      const p = plan(row, existing, photos);
      if (p === 'create') creates.push(row);
      else if (p === 'update') updates.push({ row, e: existing.get(row.ref.toUpperCase())! });
      else unchanged++;
    }
    const now = new Date().toISOString();
    const ids = new Map<CatalogRow, number>();
    if (creates.length) {
      const seq = (await tx.execute(sql`select nextval(pg_get_serial_sequence('products', 'id'))::int as id from generate_series(1, ${creates.length})`)) as unknown as { rows: { id: number }[] };
      creates.forEach((r, i) => {
        ids.set(r, Number(seq.rows[i]!.id));
      });
      const values = creates.map((r) => {
        const id = ids.get(r)!;
        return {
          id,
          slug: `${slugify(r.title).slice(0, 80) || 'produto'}-${id}`,
          title: r.title,
          description: r.description,
          kind: labelOf.category(r.category),
          brand: r.brand,
          brand_slug: r.brandSlug,
          category: r.category,
          vehicle_type: r.vehicleType,
          condition: r.condition,
          ref_code: r.ref,
          oem_codes: r.oemCodes,
          equivalent_codes: r.equivalentCodes,
          price_cents: r.priceCents,
          stock: r.stock,
          ...packageColumns(r),
          ...fiscalColumns(r, true),
          fitment_keys: fitmentSearchKeys(r.fitment),
          ...saleColumns(r),
        };
      });
      await tx.execute(sql`
        insert into products (id, slug, title, description, kind, brand, brand_slug, category, vehicle_type, condition, ref_code, oem_codes, equivalent_codes, price_cents, old_price_cents, on_sale, discount_percent, stock, shipping_weight_grams, shipping_height_cm, shipping_width_cm, shipping_length_cm, ncm, origem, cest, unit, fitment_keys, created_at, updated_at)
        select id, slug, title, description, kind, brand, brand_slug, category, vehicle_type, condition, ref_code, oem_codes, equivalent_codes, price_cents, old_price_cents, on_sale, discount_percent, stock, shipping_weight_grams, shipping_height_cm, shipping_width_cm, shipping_length_cm, ncm, origem, cest, unit, fitment_keys, ${now}::timestamptz, ${now}::timestamptz
        from jsonb_to_recordset(${json(values)}) as v(id int, slug text, title text, description text, kind text, brand text, brand_slug text, category text, vehicle_type text, condition text, ref_code text, oem_codes text[], equivalent_codes text[], price_cents int, old_price_cents int, on_sale boolean, discount_percent smallint, stock int, shipping_weight_grams int, shipping_height_cm int, shipping_width_cm int, shipping_length_cm int, ncm text, origem smallint, cest text, unit text, fitment_keys int[])`);
    }
    const changedFields = updates.filter(({ row, e }) => !fieldsSame(row, e, row.photoUrl ? (photos.get(row.photoUrl)?.url ?? null) : null));
    if (changedFields.length) {
      const values = changedFields.map(({ row: r, e }) => ({
        id: e.id,
        title: r.title,
        description: r.description,
        brand: r.brand,
        brand_slug: r.brandSlug,
        category: r.category,
        vehicle_type: r.vehicleType,
        condition: r.condition,
        oem_codes: r.oemCodes,
        equivalent_codes: r.equivalentCodes,
        price_cents: r.priceCents,
        // A product with colour/size variants keeps its stock: it is the sum of its variants'.
        stock: e.has_variants ? e.stock : r.stock,
        ...packageColumns(r),
        ...fiscalColumns(r, false),
        ...saleColumns(r),
      }));
      await tx.execute(sql`
        update products p set title = v.title, description = v.description, brand = v.brand, brand_slug = v.brand_slug, category = v.category,
          vehicle_type = v.vehicle_type, condition = v.condition, oem_codes = v.oem_codes, equivalent_codes = v.equivalent_codes,
          price_cents = v.price_cents, old_price_cents = v.old_price_cents, on_sale = v.on_sale, discount_percent = v.discount_percent, stock = v.stock,
          -- Empty weight and size columns keep the product's own.
          shipping_weight_grams = coalesce(v.shipping_weight_grams, p.shipping_weight_grams), shipping_height_cm = coalesce(v.shipping_height_cm, p.shipping_height_cm),
          shipping_width_cm = coalesce(v.shipping_width_cm, p.shipping_width_cm), shipping_length_cm = coalesce(v.shipping_length_cm, p.shipping_length_cm),
          -- Empty fiscal columns keep the product's own too.
          ncm = coalesce(v.ncm, p.ncm), origem = coalesce(v.origem, p.origem), cest = case when v.ncm is null then p.cest else v.cest end, unit = coalesce(v.unit, p.unit), updated_at = ${now}::timestamptz
        from jsonb_to_recordset(${json(values)}) as v(id int, title text, description text, brand text, brand_slug text, category text, vehicle_type text, condition text, oem_codes text[], equivalent_codes text[], price_cents int, old_price_cents int, on_sale boolean, discount_percent smallint, stock int, shipping_weight_grams int, shipping_height_cm int, shipping_width_cm int, shipping_length_cm int, ncm text, origem smallint, cest text, unit text)
        where p.id = v.id`);
      const priceLog = changedFields.filter(({ row, e }) => row.priceCents !== e.price_cents).map(({ row, e }) => ({ product_id: e.id, old: e.price_cents, new: row.priceCents }));
      if (priceLog.length) {
        await tx.execute(sql`
          insert into price_changes (product_id, user_id, source, old_price_cents, new_price_cents)
          select product_id, ${userId}, 'importacao', old, new from jsonb_to_recordset(${json(priceLog)}) as v(product_id int, old int, new int)`);
      }
    }
    // Fitment: replaced for new products and for products whose compatibility changed.
    const fitmentTargets = [...creates.map((r) => ({ id: ids.get(r)!, row: r })), ...updates.filter(({ row, e }) => !fitmentSame(row, e)).map(({ row, e }) => ({ id: e.id, row }))];
    if (fitmentTargets.length) {
      const targetIds = fitmentTargets.map((f) => f.id);
      const changedUpdates = targetIds.filter((id) => !creates.some((r) => ids.get(r) === id));
      if (changedUpdates.length) {
        await tx.execute(sql`delete from product_fitments where product_id = any(${intArray(changedUpdates)})`);
        await tx.execute(sql`delete from product_universal_fitments where product_id = any(${intArray(changedUpdates)})`);
      }
      const fits = fitmentTargets.flatMap((f) => f.row.fitment.rows.map((r) => ({ product_id: f.id, vehicle_id: r.vehicleId, year_from: r.yearFrom, year_to: r.yearTo })));
      if (fits.length) {
        await tx.execute(
          sql`insert into product_fitments (product_id, vehicle_id, year_from, year_to) select product_id, vehicle_id, year_from, year_to from jsonb_to_recordset(${json(fits)}) as v(product_id int, vehicle_id int, year_from smallint, year_to smallint)`,
        );
      }
      const universal = fitmentTargets.flatMap((f) => f.row.fitment.universal.map((t) => ({ product_id: f.id, vehicle_type: t })));
      if (universal.length) {
        await tx.execute(
          sql`insert into product_universal_fitments (product_id, vehicle_type) select product_id, vehicle_type from jsonb_to_recordset(${json(universal)}) as v(product_id int, vehicle_type text)`,
        );
      }
    }
    // Photos: the main photo (position 0) of rows naming a photo different from the current one.
    const photoTargets = [
      ...creates.filter((r) => r.photoUrl).map((r) => ({ id: ids.get(r)!, row: r, replace: false })),
      ...updates.filter(({ row, e }) => row.photoUrl && photos.get(row.photoUrl)?.url !== e.image_url).map(({ row, e }) => ({ id: e.id, row, replace: true })),
    ];
    if (photoTargets.length) {
      const replaced = photoTargets.filter((p) => p.replace).map((p) => p.id);
      if (replaced.length) await tx.execute(sql`delete from product_images where position = 0 and product_id = any(${intArray(replaced)})`);
      const images = photoTargets.map((p) => {
        const photo = photos.get(p.row.photoUrl!)!;
        return { product_id: p.id, url: photo.url, alt: p.row.title, width: photo.width, height: photo.height };
      });
      await tx.execute(
        sql`insert into product_images (product_id, position, url, alt, width, height) select product_id, 0, url, alt, width, height from jsonb_to_recordset(${json(images)}) as v(product_id int, url text, alt text, width smallint, height smallint)`,
      );
    }
    const created = creates.length;
    const updated = updates.length;
    await tx
      .update(catalogImports)
      .set({
        processedRows: processedAfter,
        created: sql`${catalogImports.created} + ${created}`,
        updated: sql`${catalogImports.updated} + ${updated}`,
        unchanged: sql`${catalogImports.unchanged} + ${unchanged}`,
        failed: sql`${catalogImports.failed} + ${errors.length}`,
        errors: errors.length ? sql`(${catalogImports.errors} || ${json(errors)})` : undefined,
        updatedAt: new Date(),
      })
      .where(eq(catalogImports.id, importId));
    return { created, updated, unchanged };
  });
}

/** Another run of the same import applied this batch first. */
export class ImportOvertaken extends Error {
  constructor() {
    super('importação retomada por outra execução');
  }
}

/** A row's boxed weight and size as the statements write them (null: not informed). */
function packageColumns(r: CatalogRow) {
  return {
    shipping_weight_grams: r.package?.weightGrams ?? null,
    shipping_height_cm: r.package?.heightCm ?? null,
    shipping_width_cm: r.package?.widthCm ?? null,
    shipping_length_cm: r.package?.lengthCm ?? null,
  };
}

/** A row's fiscal data as the statements write them: a new product without it gets its category's defaults; an update, null (kept). */
function fiscalColumns(r: CatalogRow, creating: boolean) {
  const f = r.fiscal ?? (creating ? defaultFiscal(r.category) : null);
  return { ncm: f?.ncm ?? null, origem: f?.origem ?? null, cest: f?.cest ?? null, unit: f?.unit ?? null };
}

function saleColumns(r: CatalogRow) {
  const s = saleFields(r.priceCents, r.oldPriceCents);
  return { old_price_cents: s.oldPriceCents, on_sale: s.onSale, discount_percent: s.discountPercent };
}
