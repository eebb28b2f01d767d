// npm run bench -- --scale [--scale-products 10000,100000] [--scale-duration 10] [--scale-rounds 2]
//                 [--scale-connections 10] [--scale-baseline DIR [--scale-baseline-db NAME]] [--scale-keep]
//                 [--scale-targets list,list-filtered,...]
//
// Browsing at catalog scale (docs/decisions/015-catalog-facet-counts.md): the same browse requests against
// PostgreSQL catalogs of several sizes, side by side in one run, every cache off
// (CATALOG_CACHE_SECONDS=0 PAGE_CACHE_SECONDS=0), rounds alternating between the sizes so the machine's
// drift falls on all of them alike. Each size is its own database, olimpo_scale_<N> (seeded with the
// project's `npm run db:seed` when it does not hold N products yet, then migrated and vacuumed; kept for the
// next run with --scale-keep, dropped otherwise; one that already held N products is reused and kept). --scale-baseline DIR also runs a built checkout of another
// commit (e.g. the one before this work) on the largest database, or on --scale-baseline-db NAME (a copy of
// it as that commit's migrations leave it), for "no slower than before". PostgreSQL's CPU per request is
// read from its backends' /proc/<pid>/stat: the statements' cost, whatever else the machine runs.
// Reports req/s and p95 per request and size, the ratio of each size's req/s to the smallest one's, and
// writes bench/results/catalog-scale-*.json. Run from bench/run.ts (`--scale`).
import { spawn, execFileSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const ROOT = path.resolve(import.meta.dirname, '..');
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The issue's browse requests, plus the word searches that must stay as fast. */
export const SCALE_TARGETS = [
  { id: 'list', path: '/ProductList', label: '/ProductList (whole catalog, facets and count)' },
  { id: 'list-filtered', path: '/ProductList?marca=bosch&categoria=freios&ordem=menor-preco', label: '/ProductList?marca=bosch&categoria=freios&ordem=menor-preco' },
  { id: 'list-deep', path: '/ProductList?pagina=400', label: '/ProductList?pagina=400' },
  { id: 'api-filtered', path: '/api/products?marca=bosch&categoria=freios&ordem=menor-preco', label: '/api/products?marca=bosch&categoria=freios&ordem=menor-preco' },
  { id: 'list-vehicle', path: '/ProductList?vehicle=12&ano=2015', label: '/ProductList?vehicle=12&ano=2015 (a garage: Gol 1.0 2015)' },
  { id: 'list-price', path: '/ProductList?preco_min=100&preco_max=300', label: '/ProductList?preco_min=100&preco_max=300 (price range, facets)' },
  { id: 'list-word', path: '/ProductList?q=farol', label: '/ProductList?q=farol (word search)' },
  { id: 'list-typo', path: '/ProductList?q=refletor', label: '/ProductList?q=refletor' },
  { id: 'api-words-price', path: '/api/products?q=pastilha%20freio&ordem=menor-preco', label: '/api/products?q=pastilha freio&ordem=menor-preco' },
] as const;

interface Measure {
  rps: number;
  /** CPU the database's own backends spent per request (ms): the statements' cost, whatever the machine's load. */
  pgCpuMs: number | null;
  p95: number;
  p50: number;
  non2xx: number;
  errors: number;
}

function options(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    strict: false,
    options: {
      'scale-products': { type: 'string', default: '10000,100000' },
      'scale-duration': { type: 'string', default: '10' },
      'scale-rounds': { type: 'string', default: '2' },
      'scale-connections': { type: 'string', default: '10' },
      'scale-baseline': { type: 'string' },
      'scale-baseline-db': { type: 'string' },
      'scale-keep': { type: 'boolean', default: false },
      'scale-targets': { type: 'string' },
    },
  });
  return {
    sizes: String(values['scale-products']).split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0),
    duration: Number(values['scale-duration']),
    rounds: Number(values['scale-rounds']),
    connections: Number(values['scale-connections']),
    baseline: values['scale-baseline'] ? path.resolve(String(values['scale-baseline'])) : null,
    baselineDb: values['scale-baseline-db'] ? String(values['scale-baseline-db']) : null,
    keep: values['scale-keep'] === true,
    targets: values['scale-targets'] ? String(values['scale-targets']).split(',') : null,
  };
}

const dbUrl = (name: string) => ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
const psql = (url: string, command: string) => execFileSync('psql', [url, '-Atc', command], { encoding: 'utf8' }).trim();

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, cwd = ROOT) {
  execFileSync(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
}

/** What the seed of one size took (scripts/db-seed.ts --stats): seconds, peak memory, and per 100,000 products. */
interface SeedStats {
  products: number;
  seconds: number;
  peakRssMb: number;
  phases: Record<string, number>;
  steps: { products: number; seconds: number; rssMb: number; heapMb: number }[];
}

/** Where the seed of a kept database left its statistics, so a later run that reuses it still reports them. */
const seedStatsFile = (name: string) => path.join(ROOT, 'bench', 'results', `seed-${name}.json`);

/**
 * The database of one size: seeded when it does not hold that many products, migrated, vacuumed. A database
 * that already holds them is reused as it is (seeded by an earlier run, or by hand with
 * `npm run db:seed -- --products N --stats bench/results/seed-olimpo_scale_N.json`), and its seed's
 * statistics are read back from that file when there is one.
 */
function prepareDatabase(size: number): { url: string; name: string; seeded: boolean; seedSeconds: number | null; seed: SeedStats | null } {
  const name = `olimpo_scale_${size}`;
  const url = dbUrl(name);
  const exists = psql(ADMIN_URL, `select 1 from pg_database where datname = '${name}'`) === '1';
  if (!exists) psql(ADMIN_URL, `create database ${name}`);
  run('npm', ['run', 'db:migrate'], { DATABASE_URL: url });
  const have = Number(psql(url, 'select count(*) from products'));
  const statsFile = seedStatsFile(name);
  if (have === size) {
    const seed = fs.existsSync(statsFile) ? (JSON.parse(fs.readFileSync(statsFile, 'utf8')) as SeedStats) : null;
    console.log(`• ${name}: reused (${size} products${seed ? `, seeded earlier in ${seed.seconds} s, peak RSS ${seed.peakRssMb} MB` : ''})`);
    psql(url, 'vacuum analyze');
    return { url, name, seeded: false, seedSeconds: null, seed };
  }
  console.log(`• ${name}: seeding ${size} products`);
  const started = Date.now();
  fs.mkdirSync(path.dirname(statsFile), { recursive: true });
  run('npm', ['run', 'db:seed', '--', '--products', String(size), '--stats', statsFile], { DATABASE_URL: url });
  const seedSeconds = (Date.now() - started) / 1000;
  const seed = JSON.parse(fs.readFileSync(statsFile, 'utf8')) as SeedStats;
  const per100k = seed.steps.map((s) => `${s.seconds} s`).join(', ');
  console.log(`• ${name}: seeded in ${round(seedSeconds)} s (products ${per100k} per step of up to 100,000; indexes at ${seed.phases.indexes} s, postings at ${seed.phases.postings} s), peak RSS ${seed.peakRssMb} MB`);
  psql(url, 'vacuum analyze');
  return { url, name, seeded: true, seedSeconds, seed };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** A production server (`npm start`'s flags) on one database, every cache off. */
async function startServer(root: string, url: string, label: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-scale-'));
  const env = { ...process.env };
  for (const k of ['DATA_DIR', 'PORT', 'HOST', 'PUBLIC_URL', 'LOG_LEVEL', 'DB_POOL_SIZE']) delete env[k];
  const child = spawn(process.execPath, ['--max-semi-space-size=8', 'server/main.js'], {
    cwd: root,
    env: {
      BETTER_AUTH_SECRET: 'bench-only-secret-not-for-real-use-0123456789',
      ...env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      MALLOC_ARENA_MAX: '16',
      MALLOC_MMAP_THRESHOLD_: '65536',
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_ON_START: 'false',
      CATALOG_CACHE_SECONDS: '0',
      PAGE_CACHE_SECONDS: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 180_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null || Date.now() > until) throw new Error(`server ${label} did not start`);
    await new Promise((r) => setTimeout(r, 300));
  }
  console.log(`• server ${label} ready on :${port}`);
  return { child, base };
}

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) of every PostgreSQL backend connected to `database`, by pid (Linux /proc). */
function backendCpu(database: string): Map<number, number> {
  const out = new Map<number, number>();
  const pids = psql(ADMIN_URL, `select pid from pg_stat_activity where datname = '${database}'`).split('\n').filter(Boolean).map(Number);
  for (const pid of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
      out.set(pid, (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND);
    } catch {
      /* gone, or another machine's PostgreSQL */
    }
  }
  return out;
}

async function measure(url: string, duration: number, connections: number, database: string): Promise<Measure> {
  const before = backendCpu(database);
  const times: number[] = [];
  const instance = autocannon({ url, connections, duration, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
  instance.on('response', (_c, _s, _b, responseTime) => {
    times.push(responseTime);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  const at = (p: number) => (times.length ? times[Math.min(times.length - 1, Math.floor(p * times.length))]! : NaN);
  const after = backendCpu(database);
  let cpu = 0;
  for (const [pid, seconds] of after) cpu += seconds - (before.get(pid) ?? 0);
  const requests = result.requests.total ?? 0;
  return {
    rps: requests / result.duration,
    pgCpuMs: after.size > 0 && requests > 0 ? round((cpu * 1000) / requests) : null,
    p95: round(at(0.95)),
    p50: round(at(0.5)),
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export async function runCatalogScale(argv: string[]): Promise<void> {
  const opts = options(argv);
  if (!fs.existsSync(path.join(ROOT, 'server', 'main.js'))) run('npm', ['run', 'build'], {});
  const databases = opts.sizes.map((size) => ({ size, ...prepareDatabase(size) }));
  const servers: { label: string; size: number; database: string; base: string; child: ChildProcess }[] = [];
  try {
    for (const d of databases) servers.push({ label: String(d.size), size: d.size, database: d.name, ...(await startServer(ROOT, d.url, String(d.size))) });
    if (opts.baseline) {
      const largest = databases[databases.length - 1]!;
      // Its own copy of the largest catalog (--scale-baseline-db, without this work's tables and indexes), or the same one.
      const name = opts.baselineDb ?? largest.name;
      servers.push({ label: `${largest.size} (baseline)`, size: largest.size, database: name, ...(await startServer(opts.baseline, dbUrl(name), `${largest.size} baseline`)) });
    }
    const targets = SCALE_TARGETS.filter((t) => !opts.targets || opts.targets.includes(t.id));
    const results: Record<string, Record<string, Measure[]>> = {};
    for (let round = 1; round <= opts.rounds; round++) {
      for (const t of targets) {
        for (const s of round % 2 ? servers : [...servers].reverse()) {
          const m = await measure(s.base + t.path, opts.duration, opts.connections, s.database);
          ((results[t.id] ??= {})[s.label] ??= []).push(m);
          console.log(`  round ${round} ${t.label} @ ${s.label}: ${m.rps.toFixed(1)} req/s, p50 ${m.p50} ms, p95 ${m.p95} ms, PostgreSQL ${m.pgCpuMs ?? '?'} ms CPU/req${m.non2xx ? `, ${m.non2xx} non-2xx` : ''}`);
        }
      }
    }
    for (const d of databases) {
      if (d.seed) console.log(`  seed ${d.size}${d.seeded ? '' : ' (earlier)'}: ${d.seed.seconds} s, peak RSS ${d.seed.peakRssMb} MB, per 100,000: ${d.seed.steps.map((s) => `${s.seconds} s`).join(' / ')}`);
    }
    const smallest = servers[0]!.label;
    console.log("\nCatalog scale (PostgreSQL, caches off). Per size: req/s per round, p95 ms, PostgreSQL CPU ms per request, and req/s as a share of the smallest catalog's");
    for (const t of targets) {
      const base = mean(results[t.id]![smallest]!.map((m) => m.rps));
      console.log(`  ${t.label}`);
      for (const s of servers) {
        const ms = results[t.id]![s.label]!;
        const share = Math.round((mean(ms.map((m) => m.rps)) / base) * 100);
        console.log(
          `    ${s.label.padEnd(18)} ${ms.map((m) => m.rps.toFixed(1)).join(' / ').padEnd(14)} req/s   p95 ${ms.map((m) => m.p95).join(' / ').padEnd(16)} ms   PG ${ms.map((m) => m.pgCpuMs ?? '?').join(' / ').padEnd(12)} ms/req   ${share} %`,
        );
      }
    }
    const out = path.join(ROOT, 'bench', 'results', `catalog-scale-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, JSON.stringify({ at: new Date().toISOString(), commit: gitHead(), opts, databases: databases.map(({ url: _u, ...d }) => d), results }, null, 2));
    console.log(`• results: ${path.relative(ROOT, out)}`);
  } finally {
    for (const s of servers) s.child.kill('SIGTERM');
    // Only what this run seeded: a database it found seeded (a million products take hours) stays.
    if (!opts.keep) for (const d of databases) if (d.seeded) psql(ADMIN_URL, `drop database if exists ${d.name} with (force)`);
  }
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const round = (n: number, digits = 1) => (Number.isFinite(n) ? Math.round(n * 10 ** digits) / 10 ** digits : n);

function gitHead(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}
