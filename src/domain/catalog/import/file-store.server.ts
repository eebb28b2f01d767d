// An import's uploaded file, kept in the database in 1 MB pieces (catalog_import_files): written and read
// back a piece at a time, so a file of 80 MB never sits whole in memory, and any instance can run the job.
// The readers need a file on disk (an XLSX is read by its zip directory), so the job copies it to a
// temporary folder first and removes it afterwards.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { catalogImportFiles } from '../schema.ts';

const PIECE = 1024 * 1024;

/** Stores the file at `filePath` as the import's pieces. */
export async function storeImportFile(db: Db, importId: number, filePath: string): Promise<void> {
  let seq = 0;
  for await (const chunk of fs.createReadStream(filePath, { highWaterMark: PIECE })) {
    await db.insert(catalogImportFiles).values({ importId, seq: seq++, data: chunk as Buffer });
  }
}

/** Writes the import's pieces to `filePath`, in order. False when it has none (already applied, or lost). */
export async function restoreImportFile(db: Db, importId: number, filePath: string): Promise<boolean> {
  const pieces = (await db.select({ seq: catalogImportFiles.seq }).from(catalogImportFiles).where(eq(catalogImportFiles.importId, importId)).orderBy(catalogImportFiles.seq)).map((p) => p.seq);
  if (pieces.length === 0) return false;
  const out = fs.createWriteStream(filePath);
  try {
    for (const seq of pieces) {
      const [piece] = await db
        .select({ data: catalogImportFiles.data })
        .from(catalogImportFiles)
        .where(and(eq(catalogImportFiles.importId, importId), eq(catalogImportFiles.seq, seq)));
      if (!out.write(piece!.data)) await new Promise<void>((r) => out.once('drain', () => r()));
    }
  } finally {
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  }
  return true;
}

export async function dropImportFile(db: Db, importId: number): Promise<void> {
  await db.execute(sql`delete from ${catalogImportFiles} where ${catalogImportFiles.importId} = ${importId}`);
}

/** Runs `fn` with the path of a file in a fresh temporary folder, removed afterwards. */
export async function withTempFile<T>(name: string, fn: (filePath: string) => Promise<T>, dir = os.tmpdir()): Promise<T> {
  const folder = await fs.promises.mkdtemp(path.join(dir, 'olimpo-importacao-'));
  try {
    return await fn(path.join(folder, path.basename(name).replace(/[^\w.-]/g, '_') || 'arquivo'));
  } finally {
    await fs.promises.rm(folder, { recursive: true, force: true });
  }
}

/** Runs `fn` with an uploaded file written to a temporary file (streamed there, removed afterwards). */
export function withUploadedFile<T>(file: File, fn: (filePath: string) => Promise<T>): Promise<T> {
  return withTempFile(file.name, async (filePath) => {
    await pipeline(Readable.fromWeb(file.stream() as never), fs.createWriteStream(filePath));
    return fn(filePath);
  });
}
