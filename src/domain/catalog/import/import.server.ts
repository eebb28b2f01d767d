// Catalog import, as one flow: read the file as a stream and check every row (dry run: nothing written but
// the file and its summary; a file over the limits is refused), then apply the rows that passed in batches of BATCH, each batch ONE transaction that
// also advances the import's progress, so a crash resumes after the last committed batch and no row ever
// half-applies. Writes are set-based (one statement per table per batch, rows passed as one JSON
// parameter). A row equal to the stored product is left alone: re-importing a file changes nothing.
// Photos named by foto_url are fetched once (before the batch's transaction) through the upload pipeline.
// One batch's transaction: apply-batch.server.ts; what a row would do to the catalog: plan.server.ts.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { analyzeDatabase } from '#src/db/maintenance.server.ts';
import type { UploadStore } from '#src/platform/uploads.server.ts';
import { processProductPhoto } from '../photos.server.ts';
import { MAX_PHOTO_BYTES, PRODUCT_MESSAGES } from '../product-form.ts';
import { createRemoteFetch } from '#src/platform/remote-image.server.ts';
import type { RemoteFetch } from '#src/platform/remote-image.server.ts';
import { refreshLexicon } from '../search/typos.server.ts';
import { catalogImports, importedPhotos } from '../schema.ts';
import type { CatalogChanges } from '../changes.server.ts';
import type { CatalogRow } from './format.ts';
import { applyBatch, ImportOvertaken } from './apply-batch.server.ts';
import { json, knownPhotos, loadExisting, noJit, plan } from './plan.server.ts';
import { dropImportFile, restoreImportFile, storeImportFile, withTempFile } from './file-store.server.ts';
import { scanFile } from './scan.server.ts';
import type { RowError } from './scan.server.ts';

export type { RowError } from './scan.server.ts';

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
export async function createImport(
  db: Db,
  input: { fileName: string; path: string; userId: string | null },
): Promise<{ ok: true; summary: ImportSummary } | { ok: false; message: string; status: 400 | 413 }> {
  const counts = { create: 0, update: 0, unchanged: 0 };
  const scan = await scanFile(db, input.fileName, input.path, async (batch) => {
    const [existing, photos] = await db.transaction(async (tx) => {
      await noJit(tx as unknown as Db);
      return [
        await loadExisting(
          tx as unknown as Db,
          batch.map((r) => r.ref),
        ),
        await knownPhotos(
          tx as unknown as Db,
          batch.flatMap((r) => (r.photoUrl ? [r.photoUrl] : [])),
        ),
      ] as const;
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
  /** The remote fetch photos go through (default: the strict production one; tests pass a local https host's). */
  remoteFetch?: RemoteFetch;
  /** Where fetched photos are kept (Services.uploads; the job runner's context). Needed only when rows name photos. */
  uploads?: UploadStore;
  onProgress?: (summary: { processed: number; valid: number }) => void;
  /** The catalog change event (Services.catalogChanges; a script's own, which NOTIFYs the running shop); none: the caches' TTLs. */
  catalogChanges?: CatalogChanges | null;
}

function uploadsOf(deps: ApplyDeps): UploadStore {
  if (!deps.uploads) throw new Error('Armazenamento de arquivos não informado à importação.');
  return deps.uploads;
}

/** A photo we could not use, with the pt-BR reason the import report may show (nothing from the remote host). */
class PhotoRefused extends Error {}

// Through the same hardened fetcher as the seller form (https, public addresses only, streamed size cap).
const strictRemoteFetch = createRemoteFetch();

async function fetchPhotoWith(remoteFetch: RemoteFetch, url: string): Promise<Uint8Array> {
  const fetched = await remoteFetch(url, MAX_PHOTO_BYTES, PHOTO_TIMEOUT_MS);
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
      const bytes = await (deps.fetchPhoto ?? ((u: string) => fetchPhotoWith(deps.remoteFetch ?? strictRemoteFetch, u)))(url);
      const processed = await processProductPhoto(bytes);
      if (!processed.ok) throw new PhotoRefused(processed.message);
      const saved = await uploadsOf(deps).save('produtos', processed.data, 'webp');
      await db
        .insert(importedPhotos)
        .values({ sourceUrl: url, url: saved.url, width: Math.min(processed.width, 32_767), height: Math.min(processed.height, 32_767) })
        .onConflictDoNothing();
    } catch (err) {
      // Only our own pt-BR reasons reach the report: never the address's answer, status or an internal error.
      const reason = err instanceof PhotoRefused ? err.message : PHOTO_FETCH_FAILED;
      for (const r of rows) if (r.photoUrl === url) failures.set(r.line, reason);
    }
  }
  return failures;
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
        await deps.catalogChanges?.announce();
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
