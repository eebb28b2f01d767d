// Reading a catalog file for the import: the rows stream out of the reader, each is checked against the
// catalog (known brands, the fleet for fitment), repeated refs are caught, and the rows that pass are
// handed on a batch at a time. Only a batch and the refs seen so far are in memory.
import { sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { indexFleet } from '#src/domain/fitment/compatibility-text.ts';
import { loadFleet } from '#src/domain/fitment/fleet.server.ts';
import { FEATURED_BRANDS, slugify } from '../taxonomy.ts';
import { catalogBrands } from '../seed/kinds.ts';
import { checkRow } from './format.ts';
import type { CatalogRow, RowContext } from './format.ts';
import { ImportFileError, openCatalogFile } from './read.ts';

export const IMPORT_BATCH = 1000;
export const MAX_STORED_ERRORS = 1000;

export interface RowError {
  line: number;
  message: string;
}

async function rowContext(db: Db): Promise<RowContext> {
  const [brandRows, fleet] = await Promise.all([
    db.execute(sql`select distinct on (brand_slug) brand_slug as slug, brand from products order by brand_slug, id`) as unknown as Promise<{ rows: { slug: string; brand: string }[] }>,
    loadFleet(db),
  ]);
  const brands = new Map<string, string>();
  // Known brands: the demo catalog's, the filter panel's and every brand the catalog already sells.
  for (const b of catalogBrands()) brands.set(slugify(b), b);
  for (const b of FEATURED_BRANDS) brands.set(b.slug, b.label);
  for (const b of brandRows.rows) brands.set(slugify(b.brand), b.brand);
  return { brands, fleet: indexFleet(fleet) };
}

export interface ScanSummary {
  total: number;
  valid: number;
  failed: number;
  /** The first MAX_STORED_ERRORS failing rows. */
  errors: RowError[];
}

/**
 * Reads and checks a file row by row: `onBatch` gets the rows that pass (file order, first of a repeated
 * ref) IMPORT_BATCH at a time, with how many valid rows came before; only the batch and the refs seen so
 * far are in memory. A file the reader refuses (format, limits) is `ok: false` with its pt-BR message.
 */
export async function scanFile(
  db: Db,
  fileName: string,
  filePath: string,
  onBatch: (rows: CatalogRow[], before: number) => Promise<void>,
): Promise<({ ok: true } & ScanSummary) | { ok: false; message: string; status: 400 | 413 }> {
  const opened = await openCatalogFile(fileName, filePath);
  if (!opened.ok) return opened;
  const ctx = await rowContext(db);
  const out: ScanSummary = { total: 0, valid: 0, failed: 0, errors: [] };
  const seen = new Map<string, number>();
  const fail = (line: number, message: string) => {
    out.failed++;
    if (out.errors.length < MAX_STORED_ERRORS) out.errors.push({ line, message });
  };
  let batch: CatalogRow[] = [];
  try {
    for await (const r of opened.rows) {
      out.total++;
      const res = checkRow(r.cells, r.line, ctx);
      if (!res.ok) {
        fail(res.line, res.message);
        continue;
      }
      const key = res.row.ref.toUpperCase();
      const first = seen.get(key);
      if (first !== undefined) {
        fail(r.line, `Referência ${res.row.ref} repetida (já aparece na linha ${first}).`);
        continue;
      }
      seen.set(key, r.line);
      batch.push(res.row);
      if (batch.length === IMPORT_BATCH) {
        await onBatch(batch, out.valid);
        out.valid += batch.length;
        batch = [];
      }
    }
  } catch (err) {
    if (err instanceof ImportFileError) return { ok: false, message: err.message, status: err.status };
    throw err;
  }
  if (batch.length) {
    await onBatch(batch, out.valid);
    out.valid += batch.length;
  }
  return { ok: true, ...out };
}
