// The steps before measuring: the build, the seeded databases and the order pool (bench/run.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CACHE, ROOT, opts } from './options.ts';
import { childEnv, cleanups, runToEnd } from './children.ts';
import { hashFiles, rawGet, round } from './helpers.ts';

/**
 * Always builds: the bench measures the code as it is (the server's bundle, with the precompressed assets of
 * vite/precompress.ts). Then gives the run a compile cache of its own, warmed as the first `npm start` after
 * `npm ci` warms it (scripts/ensure-build.ts), so every server starts as `npm start` starts it, whatever changed
 * since the last run.
 */
export async function ensureBuild() {
  console.log('• build: npm run build');
  const started = Date.now();
  await runToEnd('build', 'npm', ['run', 'build'], { ...process.env }, true);
  const cacheParent = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-bench-compile-'));
  cleanups.push(() => fs.rmSync(cacheParent, { recursive: true, force: true }));
  process.env.NODE_COMPILE_CACHE = path.join(cacheParent, 'cache');
  await runToEnd('compile cache', process.execPath, ['scripts/ensure-build.ts'], { ...process.env }, true);
  console.log(`  built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export interface SeedInfo {
  database: 'postgres' | 'pglite';
  products: number;
  /** The seed script's own figure ("Catálogo criado: N produtos em X s"): generation + inserts + lexicon + analyze. */
  seedSeconds: number | null;
  /** From the seed's "Compatibilidades criadas: …" line. */
  fitmentRows: number | null;
  fitmentSeconds: number | null;
  /** Wall time of the whole `npm run db:seed` (npm + Node start-up + migrations + seed). */
  commandSeconds: number;
  vacuumSeconds: number;
  cached: boolean;
  seededAt: string;
  underTwoMinutes: boolean;
}

export async function seed(database: 'postgres' | 'pglite', env: Record<string, string>): Promise<Omit<SeedInfo, 'vacuumSeconds' | 'cached'>> {
  console.log(`• seeding ${database}: npm run db:seed -- --products ${opts.products}`);
  const started = Date.now();
  const log = await runToEnd(`seed ${database}`, 'npm', ['run', 'db:seed', '--', '--products', String(opts.products)], childEnv(env));
  const commandSeconds = (Date.now() - started) / 1000;
  const m = log.map((l) => /Catálogo criado: \d+ produtos em ([\d.]+) s/.exec(l)).find(Boolean);
  const seedSeconds = m ? Number(m[1]) : null;
  const f = log.map((l) => /Compatibilidades criadas: \d+ veículos, (\d+) compatibilidades .* em ([\d.]+) s/.exec(l)).find(Boolean);
  const fitmentRows = f ? Number(f[1]) : null;
  const fitmentSeconds = f ? Number(f[2]) : null;
  if (f) console.log(`  ${database}: fitment ${fitmentRows} rows in ${fitmentSeconds} s`);
  console.log(`  ${database}: seed ${seedSeconds ?? '?'} s (whole command ${commandSeconds.toFixed(1)} s)`);
  return {
    database,
    products: opts.products,
    seedSeconds,
    fitmentRows,
    fitmentSeconds,
    commandSeconds: round(commandSeconds, 1),
    seededAt: new Date().toISOString(),
    underTwoMinutes: (seedSeconds ?? commandSeconds) < 120,
  };
}

export interface PgBench {
  url: string;
  name: string;
  seed: SeedInfo;
  serverVersion: string;
}

export async function preparePostgres(): Promise<PgBench> {
  const name = `olimpo_bench_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: opts.pgAdminUrl });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(
      `cannot reach PostgreSQL at ${opts.pgAdminUrl} (${(err as Error).message}). Start it, pass --pg-admin-url, or run with --db pglite.`,
    );
  }
  const serverVersion = (await admin.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v;
  await admin.query(`create database "${name}"`);
  await admin.end();
  if (!opts.keepDb) {
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: opts.pgAdminUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
      console.log(`• dropped database ${name}`);
    });
  }
  const u = new URL(opts.pgAdminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  console.log(`• created PostgreSQL ${serverVersion} database ${name}`);
  const seeded = await seed('postgres', { DATABASE_URL: url });
  // A freshly bulk-loaded table: vacuum now so autovacuum does not start in the middle of a measurement
  // and the visibility map is set (index-only scans), as on a database that has been running a while.
  const started = Date.now();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('vacuum analyze');
  await c.end();
  const vacuumSeconds = round((Date.now() - started) / 1000, 1);
  return { url, name, serverVersion, seed: { ...seeded, vacuumSeconds, cached: false } };
}

/**
 * A copy of the seeded PostgreSQL database (CREATE DATABASE … TEMPLATE), dropped at the end: --compare's
 * server gets its own, so the orders one server places (dead rows, a longer orders table) never burden the other.
 */
export async function copyPostgres(bench: PgBench, suffix: string): Promise<string> {
  const name = `${bench.name}_${suffix}`;
  const admin = new pg.Client({ connectionString: opts.pgAdminUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${bench.name}"`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: opts.pgAdminUrl });
    await c.connect();
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.end();
  });
  const u = new URL(bench.url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A copy of the seeded PGlite folder, for the same reason (PGlite runs no autovacuum). */
export function copyPglite(dataDir: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-bench-pglite-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.cpSync(dataDir, path.join(dir, 'data'), { recursive: true, filter: (src) => !src.endsWith('olimpo.lock') });
  return path.join(dir, 'data');
}

export interface PgliteBench {
  dataDir: string;
  seed: SeedInfo;
  cacheDir: string | null;
}

export async function vacuumPglite(dataDir: string): Promise<number> {
  const started = Date.now();
  const code = [
    "import { sql } from 'drizzle-orm';",
    "import { openDatabase } from './src/db/client.server.ts';",
    'const d = await openDatabase({ dataDir: process.env.DATA_DIR });',
    'try { await d.db.execute(sql`vacuum analyze`); } finally { await d.close(); }',
  ].join('\n');
  await runToEnd('vacuum pglite', process.execPath, ['--input-type=module', '-e', code], childEnv({ DATA_DIR: dataDir }), false);
  return round((Date.now() - started) / 1000, 1);
}

export async function preparePglite(): Promise<PgliteBench> {
  const hash = hashFiles(['migrations', 'src/domain/catalog/seed', 'src/domain/fitment/seed', 'src/domain/catalog/search', 'src/domain/catalog/products.server.ts', 'src/db/maintenance.server.ts', 'node_modules/@electric-sql/pglite/package.json']).slice(0, 12);
  const key = `pglite-${opts.products}-${hash}`;
  const cacheDir = path.join(CACHE, key);
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-bench-pglite-'));
  cleanups.push(() => fs.rmSync(runDir, { recursive: true, force: true }));

  // Both the metadata and the data folder must be there (a meta.json alone, e.g. from a checkout, is no cache).
  if (opts.cache && fs.existsSync(path.join(cacheDir, 'meta.json')) && fs.existsSync(path.join(cacheDir, 'data', 'pglite'))) {
    const seedInfo = JSON.parse(fs.readFileSync(path.join(cacheDir, 'meta.json'), 'utf8')) as SeedInfo;
    console.log(`• PGlite: cached catalog ${path.relative(ROOT, cacheDir)} (seeded ${seedInfo.seededAt} in ${seedInfo.seedSeconds} s)`);
    fs.cpSync(path.join(cacheDir, 'data'), path.join(runDir, 'data'), { recursive: true, filter: (src) => !src.endsWith('olimpo.lock') });
    return { dataDir: path.join(runDir, 'data'), seed: { ...seedInfo, cached: true }, cacheDir };
  }

  const dataDir = path.join(runDir, 'data');
  const seeded = await seed('pglite', { DATA_DIR: dataDir });
  const vacuumSeconds = await vacuumPglite(dataDir);
  const info: SeedInfo = { ...seeded, vacuumSeconds, cached: false };
  if (!opts.cache) return { dataDir, seed: info, cacheDir: null };

  // Store a pristine copy; the run uses its own copy so a killed server never damages the cache.
  const staging = path.join(CACHE, `.staging-${process.pid}`);
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  cleanups.push(() => fs.rmSync(staging, { recursive: true, force: true }));
  fs.cpSync(dataDir, path.join(staging, 'data'), { recursive: true, filter: (src) => !src.endsWith('olimpo.lock') });
  fs.writeFileSync(path.join(staging, 'meta.json'), JSON.stringify(info, null, 2));
  fs.rmSync(cacheDir, { recursive: true, force: true });
  fs.renameSync(staging, cacheDir);
  // Older catalogs of the same size (other migrations or seed code) are no use any more.
  for (const entry of fs.readdirSync(CACHE)) {
    if (entry.startsWith(`pglite-${opts.products}-`) && entry !== key) fs.rmSync(path.join(CACHE, entry), { recursive: true, force: true });
  }
  console.log(`  cached in ${path.relative(ROOT, cacheDir)}`);
  return { dataDir, seed: info, cacheDir };
}

/**
 * The products the orders targets buy: for the bench's own servers, and with --against-db, prepared with stock
 * (prepareOrders); with --against-pool, read from that file; for any other external server, the first page
 * of its catalog (its stock is whatever it is).
 */
export async function orderPool(env: Record<string, string>): Promise<number[]> {
  if (!opts.against) return prepareOrders(env);
  if (opts.againstPool) return JSON.parse(fs.readFileSync(opts.againstPool, 'utf8')) as number[];
  if (opts.againstDb) return prepareOrders({ DATABASE_URL: opts.againstDb });
  const res = await rawGet(`${opts.against}/api/products?limite=48`, { accept: 'application/json' });
  return ((JSON.parse(res.body.toString()) as { items: { id: number; category: string }[] }).items ?? []).filter((p) => p.category !== 'calcados').map((p) => p.id);
}

/** Gives the pool products stock for the whole run (bench/prepare-orders.ts), before the server starts. */
export async function prepareOrders(env: Record<string, string>): Promise<number[]> {
  const log = await runToEnd('prepare orders', process.execPath, ['bench/prepare-orders.ts'], childEnv(env), false);
  const line = log.find((l) => l.startsWith('['));
  const pool = line ? (JSON.parse(line) as number[]) : [];
  if (pool.length < 3) throw new Error(`bench/prepare-orders.ts found ${pool.length} products without variants:\n${log.join('\n')}`);
  return pool;
}
