// npm run bench:catalog [-- --quick] [-- --duration 10 --connections 50 --products 100000 --db postgres,pglite]
//
// Issue 2 §7 ("Speed"), in one run:
//   1. builds the app when build/server/index.js is missing;
//   2. seeds N products (default 100,000) with the project's own `npm run db:seed`, once into a fresh
//      PostgreSQL database (created here, dropped at the end) and once into a PGlite DATA_DIR (cached in
//      bench/.cache/ by product count + hash of the migrations and the seed code; --no-cache re-seeds);
//   3. starts a bare Node `http` baseline answering the exact bytes of one real search-API response;
//   4. for each database starts the real server (`node server/main.ts`), waits for /readyz, warms up and
//      measures with autocannon: the baseline, the search API with several query mixes and the
//      server-rendered /ProductList; before each warm-up and measurement it waits until the server and
//      PostgreSQL are idle (requests still in flight from the previous run would land in the next one);
//   5. prints req/s, p50/p95/p99, errors and the ratio to the baseline, writes bench/results/catalog-*.json
//      and checks the PostgreSQL targets (search API p95 <= 25 ms, >= 30 % of the baseline's req/s; issue 7:
//      >= 1,000,000 fitment rows and the list API filtered by vehicle and a search term p95 <= 30 ms).
//      The seed (npm run db:seed) derives the fitment too; the vehicle is resolved through GET /api/vehicles.
//      `--targets fitment` measures only the vehicle targets (the baseline is measured in every run).
//      The exit code is 0 whether targets pass or not (the bench is informative); 1 when the bench breaks.
//   6. stops every child process and drops the PostgreSQL database, also on error and Ctrl-C.
// --against URL measures an already running server instead (no build, seeding or databases), e.g. the
// experiments in bench/experiments/. --help lists every option.
//
// Latency percentiles: autocannon 9's HDR summary has p50, p90, p97_5 and p99 but no p95, so every 2xx
// response time (ms, from autocannon's per-request 'response' event, the same value its histogram records)
// is kept and p50/p95/p99 are computed exactly (nearest rank) from the sorted list. autocannon's own HDR
// p50/p97_5/p99 are stored in the JSON for comparison.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import type { Result as AutocannonResult } from 'autocannon';
import pg from 'pg';

// autocannon 9 sometimes arms a timer with a negative delay near the end of a run; Node then prints a
// TimeoutNegativeWarning in the middle of the table. It is harmless: drop that one warning, keep the rest.
process.removeAllListeners('warning');
process.on('warning', (w) => {
  if (w.name !== 'TimeoutNegativeWarning') console.warn(`${w.name}: ${w.message}`);
});

const ROOT = path.resolve(import.meta.dirname, '..');
const BENCH = path.join(ROOT, 'bench');
const CACHE = path.join(BENCH, '.cache');
const RESULTS = path.join(BENCH, 'results');
const PORT_RANGE: [number, number] = [3200, 3299];
const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd'; // what Chrome sends; hono/compress answers gzip
const TARGET_P95_MS = 25;
const FITMENT_TARGET_P95_MS = 30;
const FITMENT_MIN_ROWS = 1_000_000;
const TARGET_RATIO = 0.3;

// ---------------------------------------------------------------------------------------------- options

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    duration: { type: 'string' },
    connections: { type: 'string' },
    warmup: { type: 'string' },
    products: { type: 'string' },
    db: { type: 'string', default: 'postgres,pglite' },
    'no-cache': { type: 'boolean', default: false },
    'pg-admin-url': { type: 'string', default: process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    'keep-db': { type: 'boolean', default: false },
    against: { type: 'string' },
    label: { type: 'string', default: 'external' },
    targets: { type: 'string' },
    'server-pid': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

const TARGET_IDS = ['api-search-filter', 'api-search-category-sort', 'api-broad-search', 'ssr-product-list'];
if (args.help) {
  console.log(`npm run bench:catalog -- [options]
  --quick             CI smoke: 2,000 products, 2 s, 10 connections, 1 s warm-up
  --duration S        seconds per measurement (default 10)
  --connections N     autocannon connections (default 50)
  --warmup S          warm-up seconds before each measurement (default 3)
  --products N        catalog size (default 100000)
  --db LIST           postgres,pglite (default both)
  --no-cache          seed PGlite afresh instead of using bench/.cache/
  --pg-admin-url URL  maintenance database used to create/drop the bench database
                      (default $BENCH_PG_ADMIN_URL or postgres://postgres@127.0.0.1:5432/postgres)
  --keep-db           do not drop the PostgreSQL database at the end (prints its URL; for EXPLAIN)
  --targets LIST      only these targets: ids (${TARGET_IDS.join(', ')}) or groups (catalog, fitment)
  --against URL       measure an already running server instead (no build, no seeding; e.g. an experiment),
                      shown as database --label NAME (default "external"); the PostgreSQL targets are not checked;
                      --server-pid PID adds that process's CPU to the table`);
  process.exit(0);
}

function intArg(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max) {
    console.error(`--${name} must be a number between ${min} and ${max}`);
    process.exit(1);
  }
  return n;
}

const opts = {
  quick: args.quick,
  duration: intArg('duration', args.duration, args.quick ? 2 : 10, 1, 600),
  connections: intArg('connections', args.connections, args.quick ? 10 : 50, 1, 1000),
  warmup: intArg('warmup', args.warmup, args.quick ? 1 : 3, 0, 60),
  products: intArg('products', args.products, args.quick ? 2_000 : 100_000, 1, 1_000_000),
  dbs: args.db.split(',').map((s) => s.trim()).filter(Boolean) as ('postgres' | 'pglite')[],
  cache: !args['no-cache'],
  pgAdminUrl: args['pg-admin-url'],
  keepDb: args['keep-db'],
  against: args.against?.replace(/\/+$/, ''),
  label: args.label,
  targets: args.targets?.split(',').map((s) => s.trim()).filter(Boolean),
  serverPid: args['server-pid'] ? Number(args['server-pid']) : undefined,
};
for (const d of opts.dbs) {
  if (d !== 'postgres' && d !== 'pglite') {
    console.error(`--db: unknown database "${d}" (use postgres, pglite)`);
    process.exit(1);
  }
}

// ------------------------------------------------------------------------------------ the targets

interface Target {
  id: string;
  label: string;
  path: string;
  kind: 'api' | 'html';
  /** The issue's "search API with a search and a filter": the one the PostgreSQL targets apply to. */
  primary?: boolean;
  /** Issue 7's "list API filtered by vehicle and a search term" (p95 <= 30 ms on PostgreSQL). */
  fitmentPrimary?: boolean;
  group: 'catalog' | 'fitment';
}

const TARGETS: Target[] = ([
  { id: 'api-search-filter', label: 'API q=farol marca=bosch', path: '/api/products?q=farol&marca=bosch&limite=24', kind: 'api', primary: true, group: 'catalog' },
  { id: 'api-search-category-sort', label: 'API q="pastilha freio" cat+preço', path: '/api/products?q=pastilha%20freio&categoria=freios&ordem=menor-preco', kind: 'api', group: 'catalog' },
  { id: 'api-broad-search', label: 'API q=filtro (ampla)', path: '/api/products?q=filtro&limite=24', kind: 'api', group: 'catalog' },
  { id: 'ssr-product-list', label: 'SSR /ProductList?q=farol', path: '/ProductList?q=farol', kind: 'html', group: 'catalog' },
  // Issue 7: {gol} is the VW Gol 1.0 12V MPI Trendline of 2015, resolved through GET /api/vehicles.
  { id: 'api-vehicle-search', label: 'API vehicle=Gol 2015 q=pastilha', path: '/api/products?q=pastilha&vehicle={gol}&ano=2015&limite=24', kind: 'api', fitmentPrimary: true, group: 'fitment' },
  { id: 'api-vehicle-search-broad', label: 'API vehicle=Gol 2015 q=filtro', path: '/api/products?q=filtro&vehicle={gol}&ano=2015&limite=24', kind: 'api', group: 'fitment' },
  { id: 'api-vehicle-words', label: 'API q="pastilha de freio gol 2015"', path: '/api/products?q=pastilha%20de%20freio%20gol%202015&limite=24', kind: 'api', group: 'fitment' },
  { id: 'api-vehicle-only', label: 'API vehicle=Gol 2015 (sem busca)', path: '/api/products?vehicle={gol}&ano=2015&limite=24', kind: 'api', group: 'fitment' },
  { id: 'ssr-vehicle-list', label: 'SSR /ProductList vehicle+q=filtro', path: '/ProductList?q=filtro&vehicle={gol}&ano=2015', kind: 'html', group: 'fitment' },
] satisfies Target[] as Target[]);
const BASELINE_SOURCE = TARGETS[0]!;
for (const id of opts.targets ?? []) {
  if (!TARGETS.some((t) => t.id === id || t.group === id) && id !== 'all') {
    console.error(`--targets: unknown target "${id}" (use ${TARGETS.map((t) => t.id).join(', ')})`);
    process.exit(1);
  }
}
// --targets takes ids or groups ("catalog", "fitment", "all").
const SELECTED = TARGETS.filter((t) => !opts.targets || opts.targets.includes('all') || opts.targets.includes(t.id) || opts.targets.includes(t.group));

/** The Gol the fitment targets ask for, through the selector's own API (ids come from the seed). */
async function resolveVehicle(base: string): Promise<number> {
  const res = await rawGet(`${base}/api/vehicles?tipo=carros&marca=volkswagen&modelo=gol&ano=2015`, { accept: 'application/json' });
  const body = JSON.parse(res.body.toString()) as { options?: { value: string; label: string }[] };
  const option = body.options?.find((o) => o.label === '1.0 12V MPI Trendline');
  if (!option) throw new Error(`GET /api/vehicles did not offer the Gol 1.0 12V MPI Trendline 2015: ${res.body.toString().slice(0, 300)}`);
  return Number(option.value);
}

const withVehicle = (t: Target, gol: number): Target => ({ ...t, path: t.path.replaceAll('{gol}', String(gol)) });

const HEADERS = {
  api: { accept: 'application/json', 'accept-encoding': ACCEPT_ENCODING, 'user-agent': CHROME_UA },
  html: {
    accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    'accept-encoding': ACCEPT_ENCODING,
    'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8',
    'user-agent': CHROME_UA,
  },
};

// ------------------------------------------------------------------------------- child processes

interface Child {
  name: string;
  proc: ChildProcess;
  log: string[];
  exited: Promise<number | null>;
}

const children = new Set<Child>();
const cleanups: (() => Promise<void> | void)[] = [];

/** Starts a child in its own process group (so `npm` and what it spawns stop together). */
function startChild(
  name: string,
  cmd: string,
  argv: string[],
  env: NodeJS.ProcessEnv,
  { echo = false }: { echo?: boolean } = {},
): Child {
  const proc = spawn(cmd, argv, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const log: string[] = [];
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      log.push(line);
      if (log.length > 200) log.shift();
      if (echo && !/Unknown (env|user) config/.test(line)) console.log(`    [${name}] ${line}`);
    }
  };
  proc.stdout!.on('data', onData);
  proc.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => {
    proc.on('exit', (code) => resolve(code));
    proc.on('error', (err) => {
      log.push(String(err));
      resolve(-1);
    });
  });
  const child: Child = { name, proc, log, exited };
  children.add(child);
  void exited.then(() => children.delete(child));
  return child;
}

function killGroup(child: Child, signal: NodeJS.Signals) {
  if (child.proc.pid === undefined) return;
  try {
    process.kill(-child.proc.pid, signal);
  } catch {
    /* already gone */
  }
}

async function stopChild(child: Child): Promise<void> {
  if (child.proc.exitCode !== null || child.proc.signalCode !== null) return;
  killGroup(child, 'SIGTERM');
  const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 6000).unref());
  if ((await Promise.race([child.exited, timer])) === 'timeout') {
    killGroup(child, 'SIGKILL');
    await child.exited;
  }
}

async function runToEnd(name: string, cmd: string, argv: string[], env: NodeJS.ProcessEnv, echo = true) {
  const child = startChild(name, cmd, argv, env, { echo });
  const code = await child.exited;
  if (code !== 0) {
    throw new Error(`${name} failed (exit ${code}):\n${child.log.slice(-30).join('\n')}`);
  }
  return child.log;
}

let cleaningUp: Promise<void> | null = null;
function cleanup(): Promise<void> {
  cleaningUp ??= (async () => {
    await Promise.all([...children].map((c) => stopChild(c)));
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (err) {
        console.error(`cleanup: ${(err as Error).message}`);
      }
    }
  })();
  return cleaningUp;
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping children and cleaning up...`);
    void cleanup().finally(() => process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1)));
  });
}

// ----------------------------------------------------------------------------------------- helpers

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Environment for project processes: ours, minus anything that would point them at another database. */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of ['DATABASE_URL', 'DATA_DIR', 'PORT', 'HOST', 'PUBLIC_URL', 'SEED_ON_START', 'DB_POOL_SIZE', 'LOG_LEVEL']) delete env[k];
  // A production server on PostgreSQL requires an auth secret; any fixed one will do for a benchmark.
  return { BETTER_AUTH_SECRET: 'bench-only-secret-not-for-real-use-0123456789', ...env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...extra };
}

const usedPorts = new Set<number>();
async function freePort(): Promise<number> {
  for (let port = PORT_RANGE[0]; port <= PORT_RANGE[1]; port++) {
    if (usedPorts.has(port)) continue;
    const ok = await new Promise<boolean>((resolve) => {
      const srv = net.createServer();
      srv.once('error', () => resolve(false));
      srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
    });
    if (ok) {
      usedPorts.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${PORT_RANGE[0]}-${PORT_RANGE[1]}`);
}

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** GET with node:http so the body arrives exactly as sent (fetch would decompress it). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${url}`)));
  });
}

async function waitReady(child: Child, url: string, timeoutMs = 180_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.proc.exitCode !== null) {
      throw new Error(`${child.name} exited (code ${child.proc.exitCode}) before it was ready:\n${child.log.slice(-30).join('\n')}`);
    }
    try {
      const res = await rawGet(url);
      if (res.status === 200) return Date.now() - started;
    } catch {
      /* not listening yet */
    }
    await sleep(150);
  }
  throw new Error(`${child.name} not ready after ${timeoutMs / 1000} s:\n${child.log.slice(-30).join('\n')}`);
}

function hashFiles(paths: string[]): string {
  const h = crypto.createHash('sha256');
  const files: string[] = [];
  const walk = (p: string) => {
    const st = fs.statSync(p);
    if (st.isDirectory()) for (const e of fs.readdirSync(p).sort()) walk(path.join(p, e));
    else files.push(p);
  };
  for (const p of paths) walk(path.join(ROOT, p));
  for (const f of files.sort()) {
    h.update(path.relative(ROOT, f));
    h.update('\0');
    h.update(fs.readFileSync(f));
    h.update('\0');
  }
  return h.digest('hex');
}

/** CPU seconds (user + system) of one process, from /proc (Linux only; null elsewhere). */
function procCpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (CLK_TCK = 100)
  } catch {
    return null;
  }
}

/** CPU seconds of every `postgres` process (the local PostgreSQL server; other users' load included). */
function postgresCpuSeconds(): number | null {
  try {
    let total = 0;
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        if (!stat.includes('(postgres)')) continue;
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        total += (Number(fields[11]) + Number(fields[12])) / 100;
      } catch {
        /* process gone */
      }
    }
    return total;
  } catch {
    return null;
  }
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

const round = (n: number, digits = 2) => (Number.isFinite(n) ? Math.round(n * 10 ** digits) / 10 ** digits : n);

function gitInfo() {
  try {
    const head = fs.readFileSync(path.join(ROOT, '.git/HEAD'), 'utf8').trim();
    if (!head.startsWith('ref: ')) return head;
    const ref = head.slice(5);
    const refFile = path.join(ROOT, '.git', ref);
    if (fs.existsSync(refFile)) return fs.readFileSync(refFile, 'utf8').trim();
    const packed = fs.readFileSync(path.join(ROOT, '.git/packed-refs'), 'utf8');
    return packed.split('\n').find((l) => l.endsWith(` ${ref}`))?.split(' ')[0] ?? null;
  } catch {
    return null;
  }
}

// ------------------------------------------------------------------------------------------- steps

async function ensureBuild() {
  if (fs.existsSync(path.join(ROOT, 'build/server/index.js')) && fs.existsSync(path.join(ROOT, 'build/client'))) {
    console.log('• build: build/server/index.js present');
    return;
  }
  console.log('• build: missing, running npx react-router build');
  const started = Date.now();
  await runToEnd('build', 'npx', ['react-router', 'build'], { ...process.env }, true);
  console.log(`  built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

interface SeedInfo {
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

async function seed(database: 'postgres' | 'pglite', env: Record<string, string>): Promise<Omit<SeedInfo, 'vacuumSeconds' | 'cached'>> {
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

interface PgBench {
  url: string;
  name: string;
  seed: SeedInfo;
  serverVersion: string;
}

async function preparePostgres(): Promise<PgBench> {
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

interface PgliteBench {
  dataDir: string;
  seed: SeedInfo;
  cacheDir: string | null;
}

async function vacuumPglite(dataDir: string): Promise<number> {
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

async function preparePglite(): Promise<PgliteBench> {
  const hash = hashFiles(['migrations', 'src/domain/catalog/seed', 'src/domain/fitment/seed', 'src/domain/catalog/repository.server.ts', 'node_modules/@electric-sql/pglite/package.json']).slice(0, 12);
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

async function startServer(database: 'postgres' | 'pglite', env: Record<string, string>) {
  const port = await freePort();
  const child = startChild(`server ${database}`, process.execPath, ['server/main.ts'], childEnv({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SEED_ON_START: 'false',
    ...env,
  }));
  const readyMs = await waitReady(child, `http://127.0.0.1:${port}/readyz`);
  console.log(`• ${database} server ready on :${port} in ${(readyMs / 1000).toFixed(1)} s`);
  return { child, port, base: `http://127.0.0.1:${port}`, readyMs };
}

interface Sample {
  status: number;
  contentEncoding: string | null;
  wireBytes: number;
  total: number | null;
}

/** One request per target as a browser would send it: status, compression, size, result count. */
async function sampleTargets(base: string, targets: Target[]): Promise<Record<string, Sample>> {
  const out: Record<string, Sample> = {};
  for (const t of targets) {
    const res = await rawGet(base + t.path, HEADERS[t.kind]);
    let count: string | number | undefined = res.headers['x-total-count'] as string | undefined;
    if (count === undefined && t.kind === 'html') {
      const html = (res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(res.body) : res.body).toString();
      const m = /([\d.]+) resultados?/.exec(html);
      if (m) count = m[1]!.replace(/\./g, '');
    }
    out[t.id] = {
      status: res.status,
      contentEncoding: (res.headers['content-encoding'] as string | undefined) ?? null,
      wireBytes: res.body.length,
      total: count === undefined ? null : Number(count),
    };
    if (res.status !== 200) throw new Error(`${t.path} answered ${res.status}: ${res.body.toString().slice(0, 300)}`);
  }
  return out;
}

/**
 * autocannon stops sending when its time is up, but the server still works through the requests in
 * flight (and PostgreSQL through their queries). Wait until the server process and PostgreSQL are idle
 * (< 10 % of a core over 300 ms, at most 60 s) so one measurement's backlog does not land in the next.
 */
async function settle(serverPid: number | undefined, watchPg: boolean): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    const s0 = serverPid ? procCpuSeconds(serverPid) : null;
    const p0 = watchPg ? postgresCpuSeconds() : null;
    await sleep(300);
    const s1 = serverPid ? procCpuSeconds(serverPid) : null;
    const p1 = watchPg ? postgresCpuSeconds() : null;
    const busy = (a: number | null, b: number | null) => a !== null && b !== null && (b - a) / 0.3 > 0.1;
    if (!busy(s0, s1) && !busy(p0, p1)) break;
  }
  return Date.now() - started;
}

interface Row {
  target: string;
  label: string;
  database: string;
  url: string;
  connections: number;
  durationSeconds: number;
  rps: number;
  rpsFromTotal: number;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
  autocannonHdr: { p50: number; p90: number; p97_5: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  bytesPerResponse: number;
  cpu: { serverPercent: number | null; postgresPercent: number | null; benchPercent: number };
  /** 1-minute load average when the measurement started: the machine is shared, this shows the noise. */
  loadAverage1m: number;
  ratioToBaseline?: number;
  sample?: Sample;
}

async function measure(
  t: { id: string; label: string; path: string; kind: 'api' | 'html' },
  database: string,
  base: string,
  serverPid: number | undefined,
): Promise<Row> {
  const url = base + t.path;
  const headers = HEADERS[t.kind];
  process.stdout.write(`  ${database.padEnd(8)} ${t.label.padEnd(34)} `);
  const watchPg = database === 'postgres' || database === opts.label;
  await settle(serverPid, watchPg);
  if (opts.warmup > 0) {
    await autocannon({ url, connections: opts.connections, duration: opts.warmup, headers, timeout: 10 });
    await settle(serverPid, watchPg);
  }

  const latencies: number[] = [];
  const loadAverage1m = round(os.loadavg()[0]!, 2);
  const cpuServer0 = serverPid ? procCpuSeconds(serverPid) : null;
  const cpuPg0 = watchPg ? postgresCpuSeconds() : null;
  const cpuSelf0 = process.cpuUsage();
  const wall0 = performance.now();
  const instance = autocannon({ url, connections: opts.connections, duration: opts.duration, headers, timeout: 10, title: t.id });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const r: AutocannonResult = await instance;
  const wall = (performance.now() - wall0) / 1000;
  const cpuSelf = process.cpuUsage(cpuSelf0);
  const cpuServer1 = serverPid ? procCpuSeconds(serverPid) : null;
  const cpuPg1 = watchPg ? postgresCpuSeconds() : null;

  const sorted = Float64Array.from(latencies).sort();
  const completed = r['1xx'] + r['2xx'] + r['3xx'] + r['4xx'] + r['5xx'];
  const statusCodes = Object.fromEntries(Object.entries(r.statusCodeStats).map(([k, v]) => [k, v.count]));
  const row: Row = {
    target: t.id,
    label: t.label,
    database,
    url: t.path,
    connections: opts.connections,
    durationSeconds: r.duration,
    rps: round(r.requests.average, 1),
    rpsFromTotal: round(completed / r.duration, 1),
    requests: completed,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.length ? sorted[sorted.length - 1]! : Number.NaN),
    mean: round(latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length)),
    autocannonHdr: { p50: r.latency.p50!, p90: r.latency.p90!, p97_5: r.latency.p97_5!, p99: r.latency.p99! },
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    statusCodes,
    bytesPerResponse: Math.round(r.throughput.total! / Math.max(1, r['2xx'])),
    cpu: {
      serverPercent: cpuServer0 !== null && cpuServer1 !== null ? round(((cpuServer1 - cpuServer0) / wall) * 100, 0) : null,
      postgresPercent: cpuPg0 !== null && cpuPg1 !== null ? round(((cpuPg1 - cpuPg0) / wall) * 100, 0) : null,
      benchPercent: round(((cpuSelf.user + cpuSelf.system) / 1e6 / wall) * 100, 0),
    },
    loadAverage1m,
  };
  console.log(
    `${String(row.rps).padStart(8)} req/s  p50 ${row.p50} ms  p95 ${row.p95} ms  p99 ${row.p99} ms` +
      (row.errors + row.non2xx > 0 ? `  errors ${row.errors} (timeouts ${row.timeouts}) non-2xx ${row.non2xx}` : ''),
  );
  return row;
}

// --------------------------------------------------------------------------------------------- main

async function main() {
  const startedAt = new Date();
  console.log(
    `Olimpo Peças catalog bench: ${opts.products.toLocaleString('en')} products, ${opts.connections} connections, ` +
      `${opts.duration} s per target (+${opts.warmup} s warm-up), databases: ${opts.dbs.join(', ')}${opts.quick ? ' [quick]' : ''}`,
  );
  console.log(`  node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  if (!opts.against) await ensureBuild();

  // 1. databases
  const pgBench = !opts.against && opts.dbs.includes('postgres') ? await preparePostgres() : null;
  const pgliteBench = !opts.against && opts.dbs.includes('pglite') ? await preparePglite() : null;

  const rows: Row[] = [];
  const samples: Record<string, Record<string, Sample>> = {};
  const servers: Record<string, { readySeconds: number }> = {};
  let baseline: Awaited<ReturnType<typeof startChild>> | null = null;
  let baselineBase = '';
  let baselineBody: { bytes: number; source: string; gzipBytes: number } | null = null;

  const dbRuns: { database: string; env: Record<string, string> }[] = [];
  if (pgBench) dbRuns.push({ database: 'postgres', env: { DATABASE_URL: pgBench.url, DB_POOL_SIZE: '20' } });
  if (pgliteBench) dbRuns.push({ database: 'pglite', env: { DATA_DIR: pgliteBench.dataDir } });
  if (opts.against) dbRuns.push({ database: opts.label, env: {} });

  console.log('\n• measuring');
  for (const run of dbRuns) {
    const server: { child: Child | null; base: string; readyMs: number } = opts.against
      ? { child: null, base: opts.against, readyMs: 0 }
      : await startServer(run.database as 'postgres' | 'pglite', run.env);
    if (server.child) servers[run.database] = { readySeconds: round(server.readyMs / 1000, 1) };
    const gol = SELECTED.some((t) => t.group === 'fitment') ? await resolveVehicle(server.base) : 0;
    const targets = SELECTED.map((t) => withVehicle(t, gol));
    samples[run.database] = await sampleTargets(server.base, targets);

    if (!baseline) {
      // 2. the baseline: the exact bytes of a real search-API response, uncompressed
      const body = await rawGet(server.base + withVehicle(BASELINE_SOURCE, gol).path, { accept: 'application/json' });
      const gz = samples[run.database]![BASELINE_SOURCE.id]!;
      const bodyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-bench-body-')), 'body.json');
      cleanups.push(() => fs.rmSync(path.dirname(bodyFile), { recursive: true, force: true }));
      fs.writeFileSync(bodyFile, body.body);
      baselineBody = { bytes: body.body.length, source: BASELINE_SOURCE.path, gzipBytes: gz.wireBytes };
      const port = await freePort();
      baseline = startChild('baseline', process.execPath, ['bench/baseline-server.ts'], { ...process.env, PORT: String(port), BODY_FILE: bodyFile });
      baselineBase = `http://127.0.0.1:${port}`;
      await waitReady(baseline, `${baselineBase}/`);
      console.log(`• baseline (bare node:http) on :${port} answering ${body.body.length} bytes of ${BASELINE_SOURCE.path}`);
      rows.push(await measure({ id: 'baseline', label: 'baseline node:http (same JSON)', path: '/', kind: 'api' }, '-', baselineBase, baseline.proc.pid));
    }

    for (const t of targets) {
      const row = await measure(t, run.database, server.base, server.child?.proc.pid ?? opts.serverPid);
      row.sample = samples[run.database]![t.id];
      rows.push(row);
    }
    if (server.child) await stopChild(server.child);
  }

  // The machine is shared and noisy: measure the baseline again at the end and compare against the mean.
  if (baseline) {
    rows.push(await measure({ id: 'baseline-end', label: 'baseline node:http (again, at end)', path: '/', kind: 'api' }, '-', baselineBase, baseline.proc.pid));
    await stopChild(baseline);
  }

  const baselineRows = rows.filter((r) => r.target.startsWith('baseline'));
  const baselineRps = baselineRows.reduce((a, r) => a + r.rps, 0) / Math.max(1, baselineRows.length);
  for (const r of rows) r.ratioToBaseline = round(r.rps / baselineRps, 3);

  // 3. report
  const seeds = [pgBench?.seed, pgliteBench?.seed].filter((s): s is SeedInfo => Boolean(s));
  console.log('\nSeeding (npm run db:seed -- --products ' + opts.products + '):');
  for (const s of seeds) {
    console.log(
      `  ${s.database.padEnd(8)} seed ${s.seedSeconds ?? '?'} s, whole command ${s.commandSeconds} s, vacuum ${s.vacuumSeconds} s` +
        `${s.cached ? ` (cached, seeded ${s.seededAt})` : ''}  -> < 2 min: ${s.underTwoMinutes ? 'PASS' : 'MISS'}` +
        `; fitment ${s.fitmentRows ?? '?'} rows in ${s.fitmentSeconds ?? '?'} s`,
    );
  }

  const header = ['target', 'database', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'err(t/o)/non-2xx', 'x baseline', 'bytes/resp', 'load', 'cpu srv/pg/ac %'];
  const table = rows.map((r) => [
    r.label,
    r.database,
    r.rps.toFixed(0),
    r.p50.toFixed(1),
    r.p95.toFixed(1),
    r.p99.toFixed(1),
    `${r.errors}${r.timeouts ? `(${r.timeouts})` : ''}/${r.non2xx}`,
    `${((r.ratioToBaseline ?? 0) * 100).toFixed(1)} %`,
    String(r.bytesPerResponse),
    r.loadAverage1m.toFixed(1),
    `${r.cpu.serverPercent ?? '-'}/${r.cpu.postgresPercent ?? '-'}/${r.cpu.benchPercent}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\nResults (${opts.connections} connections, ${opts.duration} s each; ratios use the mean baseline ${baselineRps.toFixed(0)} req/s):`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of table) console.log(line(row));
  console.log('  p50/p95/p99: exact nearest-rank over every 2xx response time; cpu: server process / all postgres processes / this bench (autocannon), % of one core;\n  errors include timeouts (a response slower than 10 s, shown in brackets); bytes/resp: on the wire, headers included; load: 1-min load average when the measurement started (2 cores, shared machine)');
  for (const [db, s] of Object.entries(samples)) {
    console.log(`  ${db} results per query: ${SELECTED.map((t) => `${t.id}=${s[t.id]?.total ?? 'n/a'}${s[t.id]?.contentEncoding ? ` (${s[t.id]!.contentEncoding})` : ''}`).join(', ')}`);
  }

  const checks: { target: string; database: string; metric: string; goal: string; value: string; pass: boolean; primary: boolean }[] = [];
  for (const r of rows.filter((r) => r.database === 'postgres' && r.target.startsWith('api-') && TARGETS.find((t) => t.id === r.target)?.group === 'catalog')) {
    const primary = TARGETS.find((t) => t.id === r.target)?.primary ?? false;
    checks.push({ target: r.target, database: r.database, metric: 'p95', goal: `<= ${TARGET_P95_MS} ms`, value: `${r.p95} ms`, pass: r.p95 <= TARGET_P95_MS && r.non2xx + r.errors === 0, primary });
    checks.push({ target: r.target, database: r.database, metric: 'throughput', goal: `>= ${TARGET_RATIO * 100} % of baseline`, value: `${((r.ratioToBaseline ?? 0) * 100).toFixed(1)} %`, pass: (r.ratioToBaseline ?? 0) >= TARGET_RATIO, primary });
  }
  if (checks.length > 0) {
    console.log('\nIssue 2 §7 targets on PostgreSQL (search API = ' + BASELINE_SOURCE.path + '):');
    for (const c of checks) {
      console.log(`  ${c.pass ? 'PASS' : 'MISS'}  ${c.target} ${c.metric} ${c.value} (target ${c.goal})${c.primary ? '' : '  [informative: other query mix]'}`);
    }
  } else if (SELECTED.some((t) => t.group === 'catalog')) {
    console.log('\n(PostgreSQL not measured: the issue\'s targets were not checked.)');
  }

  // Issue 7: the fitment data and the vehicle-filtered list API.
  const fitmentChecks: typeof checks = [];
  for (const seedInfo of seeds.filter((x) => x.database === 'postgres' || x.database === 'pglite')) {
    if (seedInfo.fitmentRows !== null && seedInfo.fitmentRows !== undefined) {
      fitmentChecks.push({ target: 'seed', database: seedInfo.database, metric: 'fitment rows', goal: `>= ${FITMENT_MIN_ROWS.toLocaleString('en')}`, value: seedInfo.fitmentRows.toLocaleString('en'), pass: seedInfo.fitmentRows >= FITMENT_MIN_ROWS || opts.products < 100_000, primary: opts.products >= 100_000 });
    }
  }
  for (const r of rows.filter((r) => r.database === 'postgres' && TARGETS.find((t) => t.id === r.target)?.group === 'fitment' && r.target.startsWith('api-'))) {
    const primary = TARGETS.find((t) => t.id === r.target)?.fitmentPrimary ?? false;
    fitmentChecks.push({ target: r.target, database: r.database, metric: 'p95', goal: `<= ${FITMENT_TARGET_P95_MS} ms`, value: `${r.p95} ms`, pass: r.p95 <= FITMENT_TARGET_P95_MS && r.non2xx + r.errors === 0, primary });
  }
  if (fitmentChecks.length > 0) {
    console.log('\nIssue 7 targets (fitment; list API filtered by vehicle and a search term on PostgreSQL):');
    for (const c of fitmentChecks) {
      console.log(`  ${c.pass ? 'PASS' : 'MISS'}  ${c.database} ${c.target} ${c.metric} ${c.value} (target ${c.goal})${c.primary ? '' : '  [informative]'}`);
    }
  }
  checks.push(...fitmentChecks);

  fs.mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `catalog-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify(
      {
        startedAt: startedAt.toISOString(),
        finishedAt: new Date().toISOString(),
        commit: gitInfo(),
        machine: { node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memGiB: round(os.totalmem() / 2 ** 30, 1), loadAverageAtEnd: os.loadavg() },
        options: { ...opts, acceptEncoding: ACCEPT_ENCODING, userAgent: CHROME_UA },
        latencyMethod: 'exact nearest-rank percentiles over every 2xx response time from autocannon\'s per-request "response" event; autocannonHdr holds autocannon\'s own HDR summary (no p95 there)',
        postgres: pgBench ? { serverVersion: pgBench.serverVersion, database: pgBench.name, poolSize: 20, kept: opts.keepDb } : null,
        pglite: pgliteBench ? { cacheDir: pgliteBench.cacheDir && path.relative(ROOT, pgliteBench.cacheDir) } : null,
        seeds,
        servers,
        baseline: { ...baselineBody, meanRps: round(baselineRps, 1) },
        rows,
        checks,
      },
      null,
      2,
    ),
  );
  console.log(`\nwrote ${path.relative(ROOT, file)}`);
  if (pgBench && opts.keepDb) console.log(`kept PostgreSQL database: ${pgBench.url}`);
}

try {
  await main();
  await cleanup();
  process.exit(0);
} catch (err) {
  console.error(`\nbench failed: ${(err as Error).stack ?? err}`);
  await cleanup();
  process.exit(1);
}
