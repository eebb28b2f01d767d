// PGlite (the default): the store's database in a folder (DATA_DIR), one process per folder, enforced by a
// lock file. No statement timeouts or lanes here: one process runs one statement at a time.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import * as schema from './schema.ts';
import type { Database, Db, OpenOptions } from './types.ts';
import { createConnectionLossCounter } from './errors.ts';
import { withPreparedStatements, yieldBetweenTurns } from './pglite-adapter.server.ts';
import { SizeCachingNodeFS } from './pglite-fs.server.ts';
import { EMBEDDED_STATISTICS_TARGET } from './maintenance.server.ts';
import { pingWithin } from './ping.server.ts';
import { DEFAULT_PGLITE_SHARED_BUFFERS_MB } from '../config/env.ts';

export async function openPglite(opts: OpenOptions, migrationsFolder: string): Promise<Database> {
  const dir = opts.dataDir && opts.dataDir !== 'memory://' ? path.resolve(opts.dataDir) : undefined;
  const release = dir ? acquireLock(dir) : () => {};
  try {
    if (dir && !opts.clusterInProcess) await createClusterInChild(clusterDir(dir));
    const client = await PGlite.create({
      // On disk: NODEFS, remembering file sizes between changes (pglite-fs.server.ts); otherwise in memory.
      ...(dir ? { fs: new SizeCachingNodeFS(clusterDir(dir)) } : opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
      extensions: { pg_trgm, unaccent },
      // PostgreSQL's default 128 MB of shared buffers lives in PGlite's WebAssembly memory, on top of the
      // operating system's cache of the same files: the process stood at 390 MB right after opening and
      // 527 MB after one full scan. With 32 MB: 283 and 350 MB (issue 16); the files stay in the OS cache.
      // 16 MB since 2026-11-28 (DEFAULT_PGLITE_SHARED_BUFFERS_MB): about 15 MB less at a busy server's peak.
      // ANALYZE's sample is sized to fit PGlite's memory too (maintenance.server.ts).
      postgresqlconf: [`shared_buffers=${opts.pgliteSharedBuffersMb ?? DEFAULT_PGLITE_SHARED_BUFFERS_MB}MB`, `default_statistics_target=${EMBEDDED_STATISTICS_TARGET}`],
    });
    // Each turn at the database lets the event loop poll first when it has waited 10 ms (pglite-adapter.server.ts).
    yieldBetweenTurns(client);
    // Statements run twice are kept prepared, as drivers keep them on PostgreSQL (the one adapter on PGlite's
    // internals: pglite-adapter.server.ts, decision 007).
    const db = drizzlePglite(withPreparedStatements(client), { schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      jobs: { kind: 'pglite', client },
      migrate: () => migratePglite(db as never, { migrationsFolder }),
      // The folder lock already makes this the only process: nothing to take.
      exclusive: (fn) => fn(),
      ping: () => pingWithin(() => db.execute(sql`select 1`)),
      ...createConnectionLossCounter(),
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * A new PGlite folder gets its cluster (PostgreSQL's initdb) from a short-lived child process. Run in this
 * process, initdb's own WebAssembly module and memory stayed resident after it finished: the first start on
 * a bare machine (`npm start`) opened at 780 MB and settled at 503 MB after GC, where the same folder opened
 * by a later start sits at 357 MB (measured with scratch scripts on the demo catalog; bench/NOTES.md). The
 * child costs about a second, once per folder.
 */
async function createClusterInChild(pgDir: string): Promise<void> {
  if (hasCluster(pgDir)) return;
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)}); const db = await PGlite.create({ dataDir: process.argv[1] }); await db.close();`;
  await runNodeChild(['--input-type=module', '-e', script, pgDir], (why) => `Não foi possível criar o banco embutido em ${pgDir} (${why})`);
}

/** Where PGlite keeps its cluster inside a DATA_DIR. */
const clusterDir = (dataDir: string) => path.join(path.resolve(dataDir), 'pglite');
const hasCluster = (pgDir: string) => fs.existsSync(path.join(pgDir, 'PG_VERSION'));

/** True for a PGlite data folder that holds no cluster yet (a first start); false for memory:// and existing folders. */
export function isNewEmbeddedFolder(dataDir: string | undefined): boolean {
  return !!dataDir && dataDir !== 'memory://' && !hasCluster(clusterDir(dataDir));
}

/**
 * Runs `node <args>` to its end and gives its standard output; a failure rejects with `message(why)` followed
 * by the end of its standard error.
 */
export function runNodeChild(args: string[], message: (why: string) => string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve(stdout) : reject(new Error(`${message(signal ?? `código ${code}`)}: ${stderr.trim()}`))));
  });
}

/**
 * PGlite has no lock of its own and two processes on one folder corrupt it. A lock file holding our pid is
 * created exclusively; a stale one (its process is gone) is taken over.
 */
export function acquireLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'olimpo.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
      process.on('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new Error(`A pasta de dados ${dir} já está em uso pelo processo ${holder}. ` + 'Pare esse processo, use outro DATA_DIR ou configure DATABASE_URL para usar PostgreSQL.');
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Não foi possível travar a pasta de dados ${dir}.`);
}

/** Whether a process with that id runs (another user's counts too). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
