// Catalog import, as one flow: read the file as a stream and check every row (dry run: nothing written but
// the file and its summary; a file over the limits is refused), then apply the rows that passed in batches of BATCH, each batch ONE transaction that
// also advances the import's progress, so a crash resumes after the last committed batch and no row ever
// half-applies. Writes are set-based (one statement per table per batch, rows passed as one JSON
// parameter). A row equal to the stored product is left alone: re-importing a file changes nothing.
// Photos named by foto_url are fetched once (before the batch's transaction) through the upload pipeline.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.server.ts';
import { analyzeDatabase } from '../../../db/maintenance.server.ts';
import { getUploadStore } from '../../../platform/uploads.server.ts';
import { fitmentSearchKeys, sortRows } from '../../fitment/compatibility-text.ts';
import { processProductPhoto } from '../photos.server.ts';
import { MAX_PHOTO_BYTES, PRODUCT_MESSAGES } from '../product-form.ts';
import { fetchRemoteFile } from '../../../platform/remote-image.server.ts';
import { refreshLexicon } from '../search/typos.server.ts';
import { saleFields } from '../../pricing/pricing.ts';
import { catalogImports, importedPhotos } from '../schema.ts';
import { catalogChanged } from '../changes.server.ts';
import { labelOf, slugify } from '../taxonomy.ts';
import type { CatalogRow, ProductSheetColumns } from './format.ts';
import { dropImportFile, restoreImportFile, storeImportFile, withTempFile } from './file-store.server.ts';
import { scanFile } from './scan.server.ts';
import type { RowError } from './scan.server.ts';

export type { RowError } from './scan.server.ts';

export { IMPORT_BATCH } from './scan.server.ts';

// Lists go to the database as ONE JSON parameter (drizzle would expand a JS array into one parameter each).
const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;
const textArray = (v: string[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(v)}::jsonb))`;
const intArray = (v: number[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(v)}::jsonb)::int)`;
const PHOTO_TIMEOUT_MS = 15_000;
const PHOTO_FETCH_FAILED = 'Não foi possível baixar a foto de foto_url. Use um link https público da imagem ou deixe a coluna vazia.';


export interface ImportSummary {
  id: number;
  fileName: string;
  status: 'dry_run' | 'queued' | 'running' | 'done' | 'failed';
  totalRows: number;
  validRows: number;
  processedRows: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  errors: RowError[];
  message: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

type Plan = 'create' | 'update' | 'unchanged';

interface Existing extends ProductSheetColumns {
  image_url: string | null;
  has_variants: boolean;
  fitments: string[];
}


/**
 * PostgreSQL's JIT compiles the batch queries (their row estimates are large) for ~0.5 s each, far more
 * than they take to run: off for the import's transactions.
 */
async function noJit(db: Db): Promise<void> {
  await db.execute(sql`set local jit = off`);
}

async function loadExisting(db: Db, refs: string[]): Promise<Map<string, Existing>> {
  const res = (await db.execute(sql`
    select distinct on (upper(p.ref_code)) p.id, p.ref_code, p.title, p.description, p.brand, p.category, p.vehicle_type, p.condition,
      p.price_cents, p.old_price_cents, p.on_sale, p.stock, p.oem_codes, p.equivalent_codes,
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

function fieldsSame(row: CatalogRow, e: Existing, photo: string | null): boolean {
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
    (photo === null || photo === e.image_url)
  );
}
const fitmentSame = (row: CatalogRow, e: Existing) => sameList(fitKeys(row), e.fitments) && sameList(row.fitment.universal, e.universal);

async function knownPhotos(db: Db, urls: string[]): Promise<Map<string, { url: string; width: number; height: number }>> {
  if (urls.length === 0) return new Map();
  const rows = await db.select().from(importedPhotos).where(sql`${importedPhotos.sourceUrl} = any(${textArray(urls)})`);
  return new Map(rows.map((r) => [r.sourceUrl, { url: r.url, width: r.width, height: r.height }]));
}

function plan(row: CatalogRow, existing: Map<string, Existing>, photos: Map<string, { url: string }>): Plan {
  const e = existing.get(row.ref.toUpperCase());
  if (!e) return 'create';
  const photo = row.photoUrl ? (photos.get(row.photoUrl)?.url ?? `pendente:${row.photoUrl}`) : null;
  return fieldsSame(row, e, photo) && fitmentSame(row, e) ? 'unchanged' : 'update';
}

function toSummary(r: typeof catalogImports.$inferSelect): ImportSummary {
  const { userId: _user, updatedAt: _u, ...rest } = r;
  return { ...rest, status: r.status as ImportSummary['status'] };
}

/**
 * The dry run: checks every row of the file at `path` against the catalog and stores the file with what
 * applying it would do (rows to create, update, leave unchanged, and each failing row's line and reason).
 * Writes nothing else. A file the reader refuses is `ok: false` with a pt-BR message and the HTTP status
 * (400, or 413 for a limit) an upload answers with, and nothing is stored.
 */
export async function createImport(db: Db, input: { fileName: string; path: string; userId: string | null }): Promise<{ ok: true; summary: ImportSummary } | { ok: false; message: string; status: 400 | 413 }> {
  const counts = { create: 0, update: 0, unchanged: 0 };
  const scan = await scanFile(db, input.fileName, input.path, async (batch) => {
    const [existing, photos] = await db.transaction(async (tx) => {
      await noJit(tx as unknown as Db);
      return [await loadExisting(tx as unknown as Db, batch.map((r) => r.ref)), await knownPhotos(tx as unknown as Db, batch.flatMap((r) => (r.photoUrl ? [r.photoUrl] : [])))] as const;
    });
    for (const row of batch) counts[plan(row, existing, photos)]++;
  });
  if (!scan.ok) return scan;
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(catalogImports)
      .values({
        userId: input.userId,
        fileName: input.fileName.slice(0, 200),
        status: 'dry_run',
        totalRows: scan.total,
        validRows: scan.valid,
        created: counts.create,
        updated: counts.update,
        unchanged: counts.unchanged,
        failed: scan.failed,
        errors: scan.errors,
      })
      .returning();
    await storeImportFile(tx as unknown as Db, inserted!.id, input.path);
    // Dry runs left unconfirmed for a week give their file's space back (confirming one then says so).
    await tx.execute(sql`delete from catalog_import_files where import_id in (select id from catalog_imports where status = 'dry_run' and created_at < now() - interval '7 days')`);
    return inserted!;
  });
  return { ok: true, summary: toSummary(row) };
}

export async function getImport(db: Db, id: number): Promise<ImportSummary | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const [row] = await db.select().from(catalogImports).where(eq(catalogImports.id, id)).limit(1);
  return row ? toSummary(row) : null;
}

export async function recentImports(db: Db, limit = 10): Promise<ImportSummary[]> {
  const rows = await db
    .select({
      id: catalogImports.id,
      fileName: catalogImports.fileName,
      status: catalogImports.status,
      totalRows: catalogImports.totalRows,
      validRows: catalogImports.validRows,
      processedRows: catalogImports.processedRows,
      created: catalogImports.created,
      updated: catalogImports.updated,
      unchanged: catalogImports.unchanged,
      failed: catalogImports.failed,
      message: catalogImports.message,
      createdAt: catalogImports.createdAt,
      finishedAt: catalogImports.finishedAt,
    })
    .from(catalogImports)
    .orderBy(sql`${catalogImports.id} desc`)
    .limit(limit);
  return rows.map((r) => ({ ...r, errors: [], status: r.status as ImportSummary['status'] }));
}

/** Confirms a dry run: it becomes queued (the caller enqueues the job in the same transaction). False if not a dry run. */
export async function markQueued(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(catalogImports)
    .set({ status: 'queued', processedRows: 0, created: 0, updated: 0, unchanged: 0, updatedAt: new Date() })
    .where(and(eq(catalogImports.id, id), eq(catalogImports.status, 'dry_run')))
    .returning({ id: catalogImports.id });
  return rows.length > 0;
}

export interface ApplyDeps {
  /** Who applies it, for the price history (null: the command line). */
  fetchPhoto?: (url: string) => Promise<Uint8Array>;
  onProgress?: (summary: { processed: number; valid: number }) => void;
}

/** A photo we could not use, with the pt-BR reason the import report may show (nothing from the remote host). */
class PhotoRefused extends Error {}

// Through the same hardened fetcher as the seller form (https, public addresses only, streamed size cap).
async function defaultFetchPhoto(url: string): Promise<Uint8Array> {
  const fetched = await fetchRemoteFile(url, MAX_PHOTO_BYTES, PHOTO_TIMEOUT_MS);
  if (!fetched.ok) throw new PhotoRefused(fetched.reason === 'too_big' ? PRODUCT_MESSAGES.fotoSize : PHOTO_FETCH_FAILED);
  return fetched.data;
}

/** Fetches (once per URL ever) the photos a batch names; returns the rows whose photo failed. */
async function fetchPhotos(db: Db, rows: CatalogRow[], deps: ApplyDeps): Promise<Map<number, string>> {
  const failures = new Map<number, string>();
  const wanted = [...new Set(rows.flatMap((r) => (r.photoUrl ? [r.photoUrl] : [])))];
  const known = await knownPhotos(db, wanted);
  for (const url of wanted.filter((u) => !known.has(u))) {
    try {
      const bytes = await (deps.fetchPhoto ?? defaultFetchPhoto)(url);
      const processed = await processProductPhoto(bytes);
      if (!processed.ok) throw new PhotoRefused(processed.message);
      const saved = await getUploadStore().save('produtos', processed.data, 'webp');
      await db.insert(importedPhotos).values({ sourceUrl: url, url: saved.url, width: Math.min(processed.width, 32_767), height: Math.min(processed.height, 32_767) }).onConflictDoNothing();
    } catch (err) {
      // Only our own pt-BR reasons reach the report: never the address's answer, status or an internal error.
      const reason = err instanceof PhotoRefused ? err.message : PHOTO_FETCH_FAILED;
      for (const r of rows) if (r.photoUrl === url) failures.set(r.line, reason);
    }
  }
  return failures;
}


/** Applies one batch in one transaction, with the import's progress. */
async function applyBatch(db: Db, importId: number, userId: string | null, batch: CatalogRow[], processedAfter: number, photoFailures: Map<number, string>): Promise<{ created: number; updated: number; unchanged: number }> {
  const usable = batch.filter((r) => !photoFailures.has(r.line));
  const errors = batch.filter((r) => photoFailures.has(r.line)).map((r) => ({ line: r.line, message: photoFailures.get(r.line)! }));
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // The import's row is locked for the batch: a second run of the same import (a retried job while the
    // first is still going) waits here, then sees the progress moved and stops instead of applying twice.
    const [progress] = await tx.select({ processed: catalogImports.processedRows }).from(catalogImports).where(eq(catalogImports.id, importId)).for('update');
    if (!progress || progress.processed !== processedAfter - batch.length) throw new ImportOvertaken();
    await noJit(t);
    const [existing, photos] = await Promise.all([loadExisting(t, usable.map((r) => r.ref)), knownPhotos(t, usable.flatMap((r) => (r.photoUrl ? [r.photoUrl] : [])))]);
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
      creates.forEach((r, i) => ids.set(r, Number(seq.rows[i]!.id)));
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
          fitment_keys: fitmentSearchKeys(r.fitment),
          ...saleColumns(r),
        };
      });
      await tx.execute(sql`
        insert into products (id, slug, title, description, kind, brand, brand_slug, category, vehicle_type, condition, ref_code, oem_codes, equivalent_codes, price_cents, old_price_cents, on_sale, discount_percent, stock, fitment_keys, created_at, updated_at)
        select id, slug, title, description, kind, brand, brand_slug, category, vehicle_type, condition, ref_code, oem_codes, equivalent_codes, price_cents, old_price_cents, on_sale, discount_percent, stock, fitment_keys, ${now}::timestamptz, ${now}::timestamptz
        from jsonb_to_recordset(${json(values)}) as v(id int, slug text, title text, description text, kind text, brand text, brand_slug text, category text, vehicle_type text, condition text, ref_code text, oem_codes text[], equivalent_codes text[], price_cents int, old_price_cents int, on_sale boolean, discount_percent smallint, stock int, fitment_keys int[])`);
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
        ...saleColumns(r),
      }));
      await tx.execute(sql`
        update products p set title = v.title, description = v.description, brand = v.brand, brand_slug = v.brand_slug, category = v.category,
          vehicle_type = v.vehicle_type, condition = v.condition, oem_codes = v.oem_codes, equivalent_codes = v.equivalent_codes,
          price_cents = v.price_cents, old_price_cents = v.old_price_cents, on_sale = v.on_sale, discount_percent = v.discount_percent, stock = v.stock, updated_at = ${now}::timestamptz
        from jsonb_to_recordset(${json(values)}) as v(id int, title text, description text, brand text, brand_slug text, category text, vehicle_type text, condition text, oem_codes text[], equivalent_codes text[], price_cents int, old_price_cents int, on_sale boolean, discount_percent smallint, stock int)
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
        await tx.execute(sql`insert into product_fitments (product_id, vehicle_id, year_from, year_to) select product_id, vehicle_id, year_from, year_to from jsonb_to_recordset(${json(fits)}) as v(product_id int, vehicle_id int, year_from smallint, year_to smallint)`);
      }
      const universal = fitmentTargets.flatMap((f) => f.row.fitment.universal.map((t) => ({ product_id: f.id, vehicle_type: t })));
      if (universal.length) {
        await tx.execute(sql`insert into product_universal_fitments (product_id, vehicle_type) select product_id, vehicle_type from jsonb_to_recordset(${json(universal)}) as v(product_id int, vehicle_type text)`);
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
      await tx.execute(sql`insert into product_images (product_id, position, url, alt, width, height) select product_id, 0, url, alt, width, height from jsonb_to_recordset(${json(images)}) as v(product_id int, url text, alt text, width smallint, height smallint)`);
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
class ImportOvertaken extends Error {
  constructor() {
    super('importação retomada por outra execução');
  }
}

function saleColumns(r: CatalogRow) {
  const s = saleFields(r.priceCents, r.oldPriceCents);
  return { old_price_cents: s.oldPriceCents, on_sale: s.onSale, discount_percent: s.discountPercent };
}

/**
 * Applies a queued (or interrupted) import: copies its file to a temporary folder, reads and checks the
 * rows again as a stream, and applies the valid rows from `processed_rows` on, batch by batch. Safe to
 * run again at any point (a job retry). The rows that fail are recorded at the end, with the run's result.
 */
export async function runImport(db: Db, id: number, deps: ApplyDeps = {}): Promise<ImportSummary | null> {
  const imp = await getImport(db, id);
  if (!imp) return null;
  if (imp.status === 'done' || imp.status === 'dry_run') return imp;
  const [owner] = await db.select({ userId: catalogImports.userId }).from(catalogImports).where(eq(catalogImports.id, id));
  try {
    await withTempFile(imp.fileName, async (filePath) => {
      if (!(await restoreImportFile(db, id, filePath))) {
        if ((await getImport(db, id))?.status === 'done') return;
        throw new Error('o arquivo da importação não está mais guardado; envie-o de novo');
      }
      // First run: the failing rows are those of this run's check (the catalog may have changed since the
      // dry run), recorded at its end; a retry after a failure or a crash carries on from the last batch.
      const first = imp.status === 'queued';
      const started = await db
        .update(catalogImports)
        .set({ status: 'running', message: null, finishedAt: null, updatedAt: new Date(), ...(first ? { failed: 0, errors: [] } : {}) })
        .where(and(eq(catalogImports.id, id), ne(catalogImports.status, 'done')))
        .returning({ id: catalogImports.id });
      // Another run of the same import finished it in the meantime.
      if (started.length === 0) return;
      let processed = first ? 0 : imp.processedRows;
      let touched = false;
      const scan = await scanFile(db, imp.fileName, filePath, async (batch, before) => {
        const skip = processed - before;
        if (skip >= batch.length) return;
        const rows = skip > 0 ? batch.slice(skip) : batch;
        const photoFailures = await fetchPhotos(db, rows, deps);
        const res = await applyBatch(db, id, owner?.userId ?? null, rows, processed + rows.length, photoFailures);
        if (res.created || res.updated) touched = true;
        processed += rows.length;
        deps.onProgress?.({ processed, valid: Math.max(processed, imp.validRows) });
      });
      if (!scan.ok) throw new Error(scan.message);
      if (touched) {
        await refreshLexicon(db);
        await catalogChanged(db);
        // The new and changed rows' entries wait in the GIN indexes' pending lists, which every search reads
        // whole, and the planner still sees the catalog as it was: merged and analysed now rather than at the
        // next upkeep (PGlite has no autovacuum; on PostgreSQL it comes when the table has changed enough).
        await analyzeDatabase(db);
      }
      await db.transaction(async (tx) => {
        await tx
          .update(catalogImports)
          .set({
            status: 'done',
            totalRows: scan.total,
            validRows: scan.valid,
            failed: sql`${catalogImports.failed} + ${scan.failed}`,
            errors: sql`${json(scan.errors)} || ${catalogImports.errors}`,
            finishedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(catalogImports.id, id));
        await dropImportFile(tx as unknown as Db, id);
      });
    });
  } catch (err) {
    if (err instanceof ImportOvertaken) return getImport(db, id);
    await db
      .update(catalogImports)
      .set({ status: 'failed', message: `A importação parou: ${(err as Error).message.slice(0, 300)}`, finishedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(catalogImports.id, id), ne(catalogImports.status, 'done')));
    throw err;
  }
  return getImport(db, id);
}
