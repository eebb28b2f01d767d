// A new embedded (PGlite) folder is migrated and seeded with the demo data by a short-lived child process,
// before the server opens it. PGlite's WebAssembly memory grows with the work and never shrinks: seeding the
// demo catalog in the server's own process left it at 416 MB once ready, where the same folder opened by a
// later start stands at 310 MB (measured on `npm start`'s first run; README, issue 16). The child costs one
// more opening of the folder (about a second), on the first start only.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { openDatabase } from './client.server.ts';
import { seedDemoData } from './seed.server.ts';

export interface PrepareOptions {
  dataDir: string;
  pgliteSharedBuffersMb?: number;
}

/** True for a PGlite data folder that holds no cluster yet (a first start); false for memory:// and existing folders. */
export function isNewEmbeddedFolder(dataDir: string | undefined): boolean {
  if (!dataDir || dataDir === 'memory://') return false;
  return !fs.existsSync(path.join(path.resolve(dataDir), 'pglite', 'PG_VERSION'));
}

/** Migrates and seeds the folder in a child process; resolves with how many products it seeded. */
export async function prepareEmbeddedInChild(opts: PrepareOptions): Promise<{ products: number }> {
  const child = spawn(process.execPath, [import.meta.filename, JSON.stringify(opts)], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const code = await new Promise<number | string>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (c, signal) => resolve(signal ?? c ?? 1));
  });
  const result = /^\{"products":(\d+)\}$/m.exec(stdout);
  if (code !== 0 || !result) {
    throw new Error(`Não foi possível preparar o banco embutido em ${opts.dataDir} (${typeof code === 'string' ? code : `código ${code}`}): ${stderr.trim()}`);
  }
  return { products: Number(result[1]) };
}

/** The child's work: open (creating the cluster), migrate, seed what is missing, close. */
async function prepare(opts: PrepareOptions): Promise<{ products: number }> {
  const database = await openDatabase({ dataDir: opts.dataDir, pgliteSharedBuffersMb: opts.pgliteSharedBuffersMb });
  try {
    await database.migrate();
    return await seedDemoData(database.db);
  } finally {
    await database.close();
  }
}

if (import.meta.main) {
  const seeded = await prepare(JSON.parse(process.argv[2] ?? '{}') as PrepareOptions);
  process.stdout.write(`${JSON.stringify(seeded)}\n`);
}
