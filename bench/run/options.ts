// `npm run bench`'s options and constants (bench/run.ts).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const BENCH = path.join(ROOT, 'bench');
export const CACHE = path.join(BENCH, '.cache');
export const RESULTS = path.join(BENCH, 'results');
export const DEFAULT_PORT_RANGE = '3200-3299';
// `npm start`'s server command (package.json "serve") of the app in `dir`: its environment assignments and
// Node flags, so the bench measures the server as it is started (e.g. `FOO=1 node --some-flag server/main.js`).
export function serveCommand(dir: string): { nodeFlags: string[]; env: Record<string, string> } {
  const scripts = (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const m = /((?:[A-Z_]+=\S+ )*)node ((?:--[^ ]+ )*)server\/main\.js/.exec(scripts.serve ?? '');
  return {
    nodeFlags: (m?.[2] ?? '').split(' ').filter((a) => a.startsWith('--')),
    env: Object.fromEntries(
      (m?.[1] ?? '')
        .split(' ')
        .filter(Boolean)
        .map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]),
    ),
  };
}
export const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
export const ACCEPT_ENCODING = 'gzip, deflate, br, zstd'; // what Chrome sends; hono/compress answers gzip
export const TARGET_P95_MS = 25;
export const FITMENT_TARGET_P95_MS = 30;
export const FITMENT_MIN_ROWS = 1_000_000;
export const TARGET_RATIO = 0.3;
// Issue 8's targets.
export const ORDER_TARGET_P95_MS = 60;
export const ORDER_TARGET_RPS = 300;
export const RSS_TARGET_MB = 300;
// Issue 16 lowered the first-load JavaScript budget from issue 8's 120 KB to 110 KB.
export const LIGHTHOUSE_TARGETS = { performance: 98, accessibility: 100, bestPractices: 100, seo: 100, lcpMs: 1800, cls: 0.02, tbtMs: 100, jsBytes: 110 * 1024 };
export const LIGHTHOUSE_PAGES = ['/', '/ProductList', '/ProductView/{product}', '/Cart'];
// Issue 16's targets, as shares of the bare server answering the home page's bytes.
export const CACHED_PAGE_RATIO = 0.4;
export const CACHED_PAGE_P95_MS = 20;
export const UNCACHED_PAGE_RATIO = 0.025;
export const UNCACHED_SEARCH_RATIO = 0.05;
/** The server started with every cache off. */
export const CACHE_OFF_ENV = { CATALOG_CACHE_SECONDS: '0', PAGE_CACHE_SECONDS: '0' };
/** The embedded demo catalog's size (src/domain/catalog/seed/seed.server.ts, DEMO_PRODUCT_COUNT). */
export const DEMO_PRODUCTS = 1500;
/** Issue 16 measures these groups on the embedded demo catalog too (a third run on a fresh PGlite folder). */
export const DEMO_GROUPS = new Set<string>(['pagecache', 'cacheoff']);

// ---------------------------------------------------------------------------------------------- options

// `npm run bench -- --scale …` is bench/catalog-scale.ts's run, with its own options: run.ts hands over to it
// before reading these, but this module is imported first, and a strict parse refused `--scale`.
const scaleRun = process.argv.includes('--scale');

export const { values: args } = parseArgs({
  args: scaleRun ? [] : process.argv.slice(2),
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
    compare: { type: 'string' },
    'compare-label': { type: 'string', default: 'base' },
    label: { type: 'string', default: 'external' },
    targets: { type: 'string' },
    'server-pid': { type: 'string' },
    'against-db': { type: 'string' },
    'against-pool': { type: 'string' },
    'no-lighthouse': { type: 'boolean', default: false },
    'lighthouse-runs': { type: 'string' },
    report: { type: 'boolean', default: false },
    'no-report': { type: 'boolean', default: false },
    'port-range': { type: 'string', default: process.env.BENCH_PORT_RANGE ?? DEFAULT_PORT_RANGE },
    help: { type: 'boolean', default: false },
  },
});

export const GROUPS = ['catalog', 'pages', 'cart', 'orders', 'fitment', 'pagecache', 'cacheoff'] as const;
if (args.help) {
  console.log(`npm run bench -- [options]
  --quick             CI smoke: 2,000 products, 2 s, 10 connections, 1 s warm-up, Lighthouse once on / and /Cart
  --duration S        seconds per measurement (default 10)
  --connections N     autocannon connections (default 50)
  --warmup S          warm-up seconds before each measurement (default 3)
  --products N        catalog size (default 100000)
  --db LIST           postgres,pglite (default both)
  --no-cache          seed PGlite afresh instead of using bench/.cache/
  --pg-admin-url URL  maintenance database used to create/drop the bench database
                      (default $BENCH_PG_ADMIN_URL or postgres://postgres@127.0.0.1:5432/postgres)
  --keep-db           do not drop the PostgreSQL database at the end (prints its URL; for EXPLAIN)
  --targets LIST      only these targets: ids (see TARGETS in bench/run/targets.ts) or groups (${GROUPS.join(', ')})
  --no-lighthouse     skip Lighthouse
  --lighthouse-runs N Lighthouse runs per page, the median is kept (default 3; --quick 1)
  --report / --no-report  write bench/REPORT.md + REPORT.json (default: on for a full run of every target)
  --port-range A-B    ports for the servers the bench starts (default $BENCH_PORT_RANGE or ${DEFAULT_PORT_RANGE})
  --compare DIR       also measure the app built in DIR (another checkout, e.g. a git worktree at an older commit,
                      after its own npm run build) on the same databases, in the same run, shown as database
                      postgres@LABEL / pglite@LABEL (--compare-label, default "base"); on each database DIR's
                      server is measured first, then this checkout's
  --against URL       measure an already running server instead (no build, no seeding; e.g. an experiment),
                      shown as database --label NAME (default "external"); the PostgreSQL targets are not checked;
                      --server-pid PID adds that process's CPU to the table;
                      --against-db URL (its PostgreSQL database) prepares the order pool there as for the bench's own servers;
                      --against-pool FILE reads the pool from a file instead (bench/prepare-orders.ts's output, run on the
                      server's folder before it started: PGlite admits one process)`);
  process.exit(0);
}

export function intArg(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max) {
    console.error(`--${name} must be a number between ${min} and ${max}`);
    process.exit(1);
  }
  return n;
}

export const opts = {
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
  compare: args.compare ? path.resolve(args.compare) : undefined,
  compareLabel: args['compare-label'],
  label: args.label,
  targets: args.targets?.split(',').map((s) => s.trim()).filter(Boolean),
  serverPid: args['server-pid'] ? Number(args['server-pid']) : undefined,
  againstDb: args['against-db'],
  againstPool: args['against-pool'],
  lighthouse: !args['no-lighthouse'] && !args.against && (!args.targets || args.targets.split(',').some((t) => t.trim() === 'all' || t.trim() === 'pages')),
  lighthouseRuns: intArg('lighthouse-runs', args['lighthouse-runs'], args.quick ? 1 : 3, 1, 9),
};
export const PORT_RANGE = (/^(\d+)-(\d+)$/.exec(args['port-range']) ?? [])
  .slice(1)
  .map(Number) as [number, number];
if (PORT_RANGE.length !== 2 || !(PORT_RANGE[0] > 0 && PORT_RANGE[0] <= PORT_RANGE[1] && PORT_RANGE[1] < 65536)) {
  console.error('--port-range must look like 4160-4169');
  process.exit(1);
}
export const writeReport = !args['no-report'] && (args.report || (!opts.quick && !opts.against && !opts.targets));
for (const d of opts.dbs) {
  if (d !== 'postgres' && d !== 'pglite') {
    console.error(`--db: unknown database "${d}" (use postgres, pglite)`);
    process.exit(1);
  }
}
