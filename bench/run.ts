// npm run bench [-- --quick] [-- --duration 10 --connections 50 --products 100000 --db postgres,pglite]
// npm run bench:catalog            the catalog and fitment targets only (issues 2 and 7), no Lighthouse
//
// Issue 8's benchmark, in one run, so every figure sits next to the others (ratios only mean something
// inside one run on a noisy 2-core machine):
//   1. builds the app (vite/precompress.ts writes the .br/.gz assets the server sends);
//   2. seeds N products (default 100,000) with the project's own `npm run db:seed`, once into a fresh
//      PostgreSQL database (created here, dropped at the end) and once into a PGlite DATA_DIR (cached in
//      bench/.cache/ by product count + hash of the migrations and the seed code; --no-cache re-seeds; each
//      run works on a copy, because the order benchmark writes);
//   3. gives 2,000 products without variants stock enough to be bought for the whole run
//      (bench/prepare-orders.ts): the order benchmark measures placing orders, not selling out;
//   4. starts a bare Node `http` baseline answering the exact bytes of one real search-API response;
//   5. for each database starts the real server (`node server/main.js`), waits for /readyz, reads its idle
//      RSS, warms up and measures with autocannon: the search API (search + filters), the server-rendered
//      /, /ProductList?q=... and /ProductView/:id, POST /api/cart/quote, and placing orders (POST /api/orders,
//      PIX, a fresh idempotency key and buyer per request), plus the fitment queries; the server's RSS is
//      sampled every 250 ms during the load (peak) and read again at the end. Before each warm-up and
//      measurement it waits until the server and PostgreSQL are idle (requests still in flight from the
//      previous run would land in the next one);
//   6. Lighthouse (mobile preset, Debian Chromium, bench/lighthouse.ts) on /, /ProductList, a product page
//      and /Cart of the first database's server, the median of --lighthouse-runs runs per page;
//   7. prints everything, checks the targets, writes bench/results/bench-*.json and, for a full run,
//      bench/REPORT.md + bench/REPORT.json (a --quick run writes bench/results/REPORT-quick.md instead).
//      bench/NOTES.md (hand-written: how to read the figures, the gaps and the plan) is appended to REPORT.md.
//      The exit code is 0 whether targets pass or not (the bench is informative); 1 when the bench breaks;
//   8. stops every child process and drops the PostgreSQL database, also on error and Ctrl-C.
// Issue 16 adds a second bare baseline answering the home page's bytes (gzipped once, as a cached page
// leaves), the page-cache targets (anonymous /, /ProductList?q=…, /ProductView/:id served from memory) and,
// on a second server started with every cache off (CATALOG_CACHE_SECONDS=0 PAGE_CACHE_SECONDS=0), the same
// pages and varied searches on /api/products. Their ratios are to the page baseline of the same run.
// --against URL measures an already running server instead (no build, seeding or databases), e.g. the
// a server started by hand with other settings. --help lists every option.
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
import { auditPages } from './lighthouse.ts';
import type { PageAudit } from './lighthouse.ts';
import { renderReport } from './report.ts';
import type { Check } from './report.ts';

// Browsing at catalog scale: its own run and options (bench/catalog-scale.ts).
if (process.argv.includes('--scale')) {
  await (await import('./catalog-scale.ts')).runCatalogScale(process.argv.slice(2).filter((a) => a !== '--scale'));
  process.exit(0);
}

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
const DEFAULT_PORT_RANGE = '3200-3299';
// `npm start`'s server command (package.json "serve"): its environment assignments and Node flags, so the
// bench measures the server as it is started (e.g. MALLOC_ARENA_MAX=16 MALLOC_MMAP_THRESHOLD_=65536 node --max-semi-space-size=8 ...).
const SERVE_COMMAND = /((?:[A-Z_]+=\S+ )*)node ((?:--[^ ]+ )*)server\/main\.js/.exec((JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.serve ?? '');
const SERVER_NODE_FLAGS = (SERVE_COMMAND?.[2] ?? '').split(' ').filter((a) => a.startsWith('--'));
const SERVER_ENV: Record<string, string> = Object.fromEntries(
  (SERVE_COMMAND?.[1] ?? '')
    .split(' ')
    .filter(Boolean)
    .map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]),
);
const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd'; // what Chrome sends; hono/compress answers gzip
const TARGET_P95_MS = 25;
const FITMENT_TARGET_P95_MS = 30;
const FITMENT_MIN_ROWS = 1_000_000;
const TARGET_RATIO = 0.3;
// Issue 8's targets.
const ORDER_TARGET_P95_MS = 60;
const ORDER_TARGET_RPS = 300;
const RSS_TARGET_MB = 300;
// Issue 16 lowered the first-load JavaScript budget from issue 8's 120 KB to 110 KB.
const LIGHTHOUSE_TARGETS = { performance: 98, accessibility: 100, bestPractices: 100, seo: 100, lcpMs: 1800, cls: 0.02, tbtMs: 100, jsBytes: 110 * 1024 };
const LIGHTHOUSE_PAGES = ['/', '/ProductList', '/ProductView/{product}', '/Cart'];
// Issue 16's targets, as shares of the bare server answering the home page's bytes.
const CACHED_PAGE_RATIO = 0.4;
const CACHED_PAGE_P95_MS = 20;
const UNCACHED_PAGE_RATIO = 0.025;
const UNCACHED_SEARCH_RATIO = 0.05;
/** The server started with every cache off. */
const CACHE_OFF_ENV = { CATALOG_CACHE_SECONDS: '0', PAGE_CACHE_SECONDS: '0' };
/** The embedded demo catalog's size (src/domain/catalog/seed/seed.server.ts, DEMO_PRODUCT_COUNT). */
const DEMO_PRODUCTS = 1500;
/** Issue 16 measures these groups on the embedded demo catalog too (a third run on a fresh PGlite folder). */
const DEMO_GROUPS = new Set<string>(['pagecache', 'cacheoff']);

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

const GROUPS = ['catalog', 'pages', 'cart', 'orders', 'fitment', 'pagecache', 'cacheoff'] as const;
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
  --targets LIST      only these targets: ids (see TARGETS in bench/run.ts) or groups (${GROUPS.join(', ')})
  --no-lighthouse     skip Lighthouse
  --lighthouse-runs N Lighthouse runs per page, the median is kept (default 3; --quick 1)
  --report / --no-report  write bench/REPORT.md + REPORT.json (default: on for a full run of every target)
  --port-range A-B    ports for the servers the bench starts (default $BENCH_PORT_RANGE or ${DEFAULT_PORT_RANGE})
  --against URL       measure an already running server instead (no build, no seeding; e.g. an experiment),
                      shown as database --label NAME (default "external"); the PostgreSQL targets are not checked;
                      --server-pid PID adds that process's CPU to the table;
                      --against-db URL (its PostgreSQL database) prepares the order pool there as for the bench's own servers;
                      --against-pool FILE reads the pool from a file instead (bench/prepare-orders.ts's output, run on the
                      server's folder before it started: PGlite admits one process)`);
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
  againstDb: args['against-db'],
  againstPool: args['against-pool'],
  lighthouse: !args['no-lighthouse'] && !args.against && (!args.targets || args.targets.split(',').some((t) => t.trim() === 'all' || t.trim() === 'pages')),
  lighthouseRuns: intArg('lighthouse-runs', args['lighthouse-runs'], args.quick ? 1 : 3, 1, 9),
};
const PORT_RANGE = (/^(\d+)-(\d+)$/.exec(args['port-range']) ?? [])
  .slice(1)
  .map(Number) as [number, number];
if (PORT_RANGE.length !== 2 || !(PORT_RANGE[0] > 0 && PORT_RANGE[0] <= PORT_RANGE[1] && PORT_RANGE[1] < 65536)) {
  console.error('--port-range must look like 4160-4169');
  process.exit(1);
}
const writeReport = !args['no-report'] && (args.report || (!opts.quick && !opts.against && !opts.targets));
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
  group: (typeof GROUPS)[number];
  /** Connections for this target when not --connections (the order latency at a load the server is not saturated by). */
  connections?: number;
  /** POST targets: the JSON body, built once (quote) or for every request (orders: a fresh idempotency key). */
  post?: { body: (ctx: RunContext) => Record<string, unknown>; perRequest: boolean };
  /** GET targets whose path changes on every request (varied searches), taken in turn. */
  paths?: string[];
  /** Measured on a second server with every cache off (issue 16). */
  cacheOff?: boolean;
}

/** Varied searches: words × filters × sorts × pages, so no two requests in a row ask the same thing. */
const VARIED_SEARCHES = (() => {
  const words = ['farol', 'pastilha freio', 'filtro oleo', 'amortecedor', 'lampada', 'correia', 'vela ignicao', 'embreagem', 'bateria', 'radiador', 'retrovisor', 'bota'];
  const extras = ['', '&marca=bosch', '&categoria=freios', '&ordem=menor-preco', '&estado=novo', '&pagina=2', '&ordem=maiores-descontos', '&veiculo=motos'];
  return words.flatMap((w, i) => extras.map((e, j) => `/api/products?q=${encodeURIComponent(w)}${e}&limite=24${(i + j) % 3 === 0 ? '&facetas=1' : ''}`));
})();

/** What the targets need from the database being measured. */
interface RunContext {
  /** Products without variants, with stock for the whole run (bench/prepare-orders.ts). */
  pool: number[];
}

const ORDER_ADDRESS = { cep: '01001000', street: 'Praça da Sé', number: '100', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' };
let orderSeq = 0;
/** A new order: a fresh idempotency key and buyer, one or two products of the pool, PIX. */
function orderBody(ctx: RunContext): Record<string, unknown> {
  const n = ++orderSeq;
  const pick = () => ctx.pool[crypto.randomInt(ctx.pool.length)]!;
  const first = pick();
  let second = pick();
  if (second === first) second = ctx.pool[(ctx.pool.indexOf(first) + 1) % ctx.pool.length]!;
  return {
    idempotencyKey: `bench-${process.pid}-${n}-${crypto.randomBytes(6).toString('hex')}`,
    email: `comprador${n}@bench.example.com`,
    lines: n % 2 ? [{ productId: first, quantity: 1 }] : [{ productId: first, quantity: 1 }, { productId: second, quantity: 2 }],
    coupon: n % 3 === 0 ? 'OLIMPO' : undefined,
    address: ORDER_ADDRESS,
    shipping: n % 4 === 0 ? 'express' : 'standard',
    payment: 'pix',
    installments: 1,
    customer: { name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' },
  };
}

const TARGETS: Target[] = ([
  { id: 'api-search-filter', label: 'API q=farol marca=bosch', path: '/api/products?q=farol&marca=bosch&limite=24', kind: 'api', primary: true, group: 'catalog' },
  { id: 'api-search-category-sort', label: 'API q="pastilha freio" cat+preço', path: '/api/products?q=pastilha%20freio&categoria=freios&ordem=menor-preco', kind: 'api', group: 'catalog' },
  { id: 'api-broad-search', label: 'API q=filtro (ampla)', path: '/api/products?q=filtro&limite=24', kind: 'api', group: 'catalog' },
  { id: 'ssr-product-list', label: 'SSR /ProductList?q=farol', path: '/ProductList?q=farol', kind: 'html', group: 'catalog' },
  { id: 'ssr-home', label: 'SSR /', path: '/', kind: 'html', group: 'pages' },
  // {product}: the first result of the search above, resolved through the API.
  { id: 'ssr-product-view', label: 'SSR /ProductView/:id', path: '/ProductView/{product}', kind: 'html', group: 'pages' },
  {
    id: 'api-cart-quote',
    label: 'POST /api/cart/quote (3 itens, cupom, CEP)',
    path: '/api/cart/quote',
    kind: 'api',
    group: 'cart',
    post: { perRequest: false, body: (ctx) => ({ lines: ctx.pool.slice(0, 3).map((productId, i) => ({ productId, quantity: i + 1 })), coupon: 'OLIMPO', cep: '01001-000' }) },
  },
  { id: 'api-place-order', label: 'POST /api/orders (PIX, pedido novo)', path: '/api/orders', kind: 'api', group: 'orders', post: { perRequest: true, body: orderBody } },
  // The same at 10 connections: by Little's law 50 connections at ~300 orders/s queue ~170 ms per order, so the
  // latency of one order is read where the server is busy but not saturated.
  { id: 'api-place-order-10', label: 'POST /api/orders (PIX, 10 conexões)', path: '/api/orders', kind: 'api', group: 'orders', connections: 10, post: { perRequest: true, body: orderBody } },
  // Issue 7: {gol} is the VW Gol 1.0 12V MPI Trendline of 2015, resolved through GET /api/vehicles.
  { id: 'api-vehicle-search', label: 'API vehicle=Gol 2015 q=pastilha', path: '/api/products?q=pastilha&vehicle={gol}&ano=2015&limite=24', kind: 'api', fitmentPrimary: true, group: 'fitment' },
  { id: 'api-vehicle-search-broad', label: 'API vehicle=Gol 2015 q=filtro', path: '/api/products?q=filtro&vehicle={gol}&ano=2015&limite=24', kind: 'api', group: 'fitment' },
  { id: 'api-vehicle-words', label: 'API q="pastilha de freio gol 2015"', path: '/api/products?q=pastilha%20de%20freio%20gol%202015&limite=24', kind: 'api', group: 'fitment' },
  { id: 'api-vehicle-only', label: 'API vehicle=Gol 2015 (sem busca)', path: '/api/products?vehicle={gol}&ano=2015&limite=24', kind: 'api', group: 'fitment' },
  { id: 'ssr-vehicle-list', label: 'SSR /ProductList vehicle+q=filtro', path: '/ProductList?q=filtro&vehicle={gol}&ano=2015', kind: 'html', group: 'fitment' },
  // Issue 16: anonymous pages from the page cache (the bench sends no cookie) ...
  { id: 'cached-home', label: 'page cache /', path: '/', kind: 'html', group: 'pagecache' },
  { id: 'cached-product-list', label: 'page cache /ProductList?q=farol', path: '/ProductList?q=farol', kind: 'html', group: 'pagecache' },
  { id: 'cached-product-view', label: 'page cache /ProductView/:id', path: '/ProductView/{product}', kind: 'html', group: 'pagecache' },
  // ... and the same with every cache off, plus varied searches the memo could not help anyway.
  { id: 'nocache-home', label: 'caches off /', path: '/', kind: 'html', group: 'cacheoff', cacheOff: true },
  { id: 'nocache-product-list', label: 'caches off /ProductList?q=farol', path: '/ProductList?q=farol', kind: 'html', group: 'cacheoff', cacheOff: true },
  { id: 'nocache-product-view', label: 'caches off /ProductView/:id', path: '/ProductView/{product}', kind: 'html', group: 'cacheoff', cacheOff: true },
  { id: 'nocache-varied-search', label: `caches off varied API searches (${VARIED_SEARCHES.length})`, path: VARIED_SEARCHES[0]!, paths: VARIED_SEARCHES, kind: 'api', group: 'cacheoff', cacheOff: true },
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

const withVehicle = (t: Target, gol: number, product = 0): Target => ({ ...t, path: t.path.replaceAll('{gol}', String(gol)).replaceAll('{product}', String(product)) });

/** The product page the benchmark opens: the first result of the primary search. */
async function resolveProduct(base: string): Promise<number> {
  const res = await rawGet(base + BASELINE_SOURCE.path, { accept: 'application/json' });
  const id = (JSON.parse(res.body.toString()) as { items?: { id: number }[] }).items?.[0]?.id;
  if (!id) throw new Error(`${BASELINE_SOURCE.path} found no product: ${res.body.toString().slice(0, 300)}`);
  return id;
}

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
  return rawRequest(url, 'GET', headers);
}

function rawRequest(url: string, method: string, headers: Record<string, string> = {}, body?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${url}`)));
    req.end(body);
  });
}

/** Resident memory of one process in MB, from /proc (Linux only; null elsewhere). */
function rssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? round(Number(m[1]) / 1024, 1) : null;
  } catch {
    return null;
  }
}

/** Headers and body of a target's request, as a browser (or the shop's own scripts) would send it. */
function requestFor(t: Target, base: string, ctx: RunContext) {
  const headers: Record<string, string> = { ...HEADERS[t.kind] };
  if (!t.post) return { method: 'GET' as const, headers, body: undefined };
  headers['content-type'] = 'application/json';
  headers.origin = base; // the shop's own pages post same-origin (server/app.ts refuses other origins)
  return { method: 'POST' as const, headers, body: JSON.stringify(t.post.body(ctx)) };
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

/**
 * Always builds: the bench measures the code as it is (the server's bundle, with the precompressed assets of
 * vite/precompress.ts). Then gives the run a compile cache of its own, warmed as the first `npm start` after
 * `npm ci` warms it (scripts/ensure-build.ts), so every server starts as `npm start` starts it, whatever changed
 * since the last run.
 */
async function ensureBuild() {
  console.log('• build: npm run build');
  const started = Date.now();
  await runToEnd('build', 'npm', ['run', 'build'], { ...process.env }, true);
  const cacheParent = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-bench-compile-'));
  cleanups.push(() => fs.rmSync(cacheParent, { recursive: true, force: true }));
  process.env.NODE_COMPILE_CACHE = path.join(cacheParent, 'cache');
  await runToEnd('compile cache', process.execPath, ['scripts/ensure-build.ts'], { ...process.env }, true);
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

async function startServer(kind: 'postgres' | 'pglite', env: Record<string, string>, database: string = kind) {
  const port = await freePort();
  // The same V8 flags and environment as `npm start` (package.json "serve"): young generation capped at 8 MB
  // per semi-space, up to 16 malloc arenas.
  const child = startChild(`server ${database}`, process.execPath, [...SERVER_NODE_FLAGS, 'server/main.js'], childEnv({
    ...SERVER_ENV,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SEED_ON_START: 'false',
    // The load generator is one client placing thousands of orders: lift the per-IP and per-e-mail limits.
    ORDER_LIMIT_PER_IP: '1000000',
    ORDER_LIMIT_PER_EMAIL: '1000000',
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
async function sampleTargets(base: string, targets: Target[], ctx: RunContext): Promise<Record<string, Sample>> {
  const out: Record<string, Sample> = {};
  for (const t of targets) {
    const r = requestFor(t, base, ctx);
    const res = await rawRequest(base + t.path, r.method, r.headers, r.body);
    let count: string | number | undefined = res.headers['x-total-count'] as string | undefined;
    if (count === undefined && t.kind === 'html') {
      const enc = res.headers['content-encoding'];
      const html = (enc === 'gzip' ? zlib.gunzipSync(res.body) : enc === 'br' ? zlib.brotliDecompressSync(res.body) : res.body).toString();
      const m = /([\d.]+) resultados?/.exec(html);
      if (m) count = m[1]!.replace(/\./g, '');
    }
    out[t.id] = {
      status: res.status,
      contentEncoding: (res.headers['content-encoding'] as string | undefined) ?? null,
      wireBytes: res.body.length,
      total: count === undefined ? null : Number(count),
    };
    if (res.status !== 200 && res.status !== 201) throw new Error(`${t.path} answered ${res.status}: ${res.body.toString().slice(0, 300)}`);
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
  cpu: { serverPercent: number | null; postgresPercent: number | null; benchPercent: number; serverMsPerRequest: number | null; postgresMsPerRequest: number | null };
  /** 1-minute load average when the measurement started: the machine is shared, this shows the noise. */
  loadAverage1m: number;
  ratioToBaseline?: number;
  /** Issue 16: requests/s over the bare server answering the home page's bytes. */
  ratioToPageBaseline?: number;
  sample?: Sample;
  /** Server RSS: highest of the 250 ms samples during the measurement, and right after it (MB). */
  rss?: { peakMb: number | null; endMb: number | null };
}

async function measure(
  t: Pick<Target, 'id' | 'label' | 'path' | 'kind' | 'post' | 'connections' | 'paths'>,
  database: string,
  base: string,
  serverPid: number | undefined,
  ctx: RunContext = { pool: [] },
): Promise<Row> {
  const url = base + t.path;
  const connections = t.connections ?? opts.connections;
  const first = requestFor(t as Target, base, ctx);
  // A POST with a fresh body per request (orders) builds it in autocannon's setupRequest.
  let turn = 0;
  const request = t.post?.perRequest
    ? { requests: [{ method: 'POST' as const, path: t.path, headers: first.headers, setupRequest: (req: Record<string, unknown>) => ({ ...req, body: JSON.stringify(t.post!.body(ctx)) }) }] }
    : t.paths
      ? { requests: [{ method: 'GET' as const, path: t.path, headers: first.headers, setupRequest: (req: Record<string, unknown>) => ({ ...req, path: t.paths![turn++ % t.paths!.length] }) }] }
      : { method: first.method, headers: first.headers, ...(first.body ? { body: first.body } : {}) };
  process.stdout.write(`  ${database.padEnd(8)} ${t.label.padEnd(34)} `);
  const watchPg = database === 'postgres' || database === opts.label;
  await settle(serverPid, watchPg);
  if (opts.warmup > 0) {
    await autocannon({ url, connections, duration: opts.warmup, timeout: 10, ...request });
    await settle(serverPid, watchPg);
  }

  const latencies: number[] = [];
  const loadAverage1m = round(os.loadavg()[0]!, 2);
  const cpuServer0 = serverPid ? procCpuSeconds(serverPid) : null;
  const cpuPg0 = watchPg ? postgresCpuSeconds() : null;
  const cpuSelf0 = process.cpuUsage();
  let rssPeak: number | null = null;
  const rssTimer = setInterval(() => {
    const mb = rssMb(serverPid);
    if (mb !== null) rssPeak = Math.max(rssPeak ?? 0, mb);
  }, 250);
  const wall0 = performance.now();
  const instance = autocannon({ url, connections, duration: opts.duration, timeout: 10, title: t.id, ...request });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const r: AutocannonResult = await instance;
  clearInterval(rssTimer);
  const rssEnd = rssMb(serverPid);
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
    connections,
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
      // Backends that exit during the measurement take their CPU time with them: a drop reads as unknown.
      postgresPercent: cpuPg0 !== null && cpuPg1 !== null && cpuPg1 >= cpuPg0 ? round(((cpuPg1 - cpuPg0) / wall) * 100, 0) : null,
      benchPercent: round(((cpuSelf.user + cpuSelf.system) / 1e6 / wall) * 100, 0),
      // CPU milliseconds one answered request cost the server process and PostgreSQL.
      serverMsPerRequest: cpuServer0 !== null && cpuServer1 !== null && completed > 0 ? round(((cpuServer1 - cpuServer0) * 1000) / completed, 2) : null,
      postgresMsPerRequest: cpuPg0 !== null && cpuPg1 !== null && cpuPg1 >= cpuPg0 && completed > 0 ? round(((cpuPg1 - cpuPg0) * 1000) / completed, 2) : null,
    },
    loadAverage1m,
    rss: { peakMb: rssPeak === null ? rssEnd : Math.max(rssPeak, rssEnd ?? 0), endMb: rssEnd },
  };
  console.log(
    `${String(row.rps).padStart(8)} req/s  p50 ${row.p50} ms  p95 ${row.p95} ms  p99 ${row.p99} ms` +
      (row.errors + row.non2xx > 0 ? `  errors ${row.errors} (timeouts ${row.timeouts}) non-2xx ${row.non2xx}` : ''),
  );
  return row;
}

// --------------------------------------------------------------------------------------------- main

/**
 * The products the orders targets buy: for the bench's own servers, and with --against-db, prepared with stock
 * (prepareOrders); with --against-pool, read from that file; for any other external server, the first page
 * of its catalog (its stock is whatever it is).
 */
async function orderPool(env: Record<string, string>): Promise<number[]> {
  if (!opts.against) return prepareOrders(env);
  if (opts.againstPool) return JSON.parse(fs.readFileSync(opts.againstPool, 'utf8')) as number[];
  if (opts.againstDb) return prepareOrders({ DATABASE_URL: opts.againstDb });
  const res = await rawGet(`${opts.against}/api/products?limite=48`, { accept: 'application/json' });
  return ((JSON.parse(res.body.toString()) as { items: { id: number; category: string }[] }).items ?? []).filter((p) => p.category !== 'calcados').map((p) => p.id);
}

/** Gives the pool products stock for the whole run (bench/prepare-orders.ts), before the server starts. */
async function prepareOrders(env: Record<string, string>): Promise<number[]> {
  const log = await runToEnd('prepare orders', process.execPath, ['bench/prepare-orders.ts'], childEnv(env), false);
  const line = log.find((l) => l.startsWith('['));
  const pool = line ? (JSON.parse(line) as number[]) : [];
  if (pool.length < 3) throw new Error(`bench/prepare-orders.ts found ${pool.length} products without variants:\n${log.join('\n')}`);
  return pool;
}

interface ServerMemory {
  database: string;
  /** After start-up and one request per target, before any load. */
  idleMb: number | null;
  /** Highest 250 ms sample during any measurement. */
  peakUnderLoadMb: number | null;
  /** Right after the last measurement. */
  endOfLoadMb: number | null;
}

async function main() {
  const startedAt = new Date();
  // The commit measured is the one checked out when the run (and its build) started.
  const commit = gitInfo();
  console.log(
    `Olimpo Peças bench: ${opts.products.toLocaleString('en')} products, ${opts.connections} connections, ` +
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
  const memory: ServerMemory[] = [];
  let lighthouse: { database: string; productPath: string; runs: number; pages: PageAudit[] } | null = null;
  let baseline: Awaited<ReturnType<typeof startChild>> | null = null;
  let baselineBase = '';
  let baselineBody: { bytes: number; source: string; gzipBytes: number } | null = null;
  let pageBaseline: Awaited<ReturnType<typeof startChild>> | null = null;
  let pageBaselineBase = '';
  let pageBaselineBody: { bytes: number; source: string; gzipBytes: number } | null = null;

  const dbRuns: { database: string; kind: 'postgres' | 'pglite'; env: Record<string, string>; groups?: Set<string> }[] = [];
  const mailDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-bench-data-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  };
  // On PostgreSQL, DATA_DIR only holds the order e-mails (.eml) the run writes.
  if (pgBench) dbRuns.push({ database: 'postgres', kind: 'postgres', env: { DATABASE_URL: pgBench.url, DB_POOL_SIZE: '20', DATA_DIR: mailDir() } });
  if (pgliteBench) dbRuns.push({ database: 'pglite', kind: 'pglite', env: { DATA_DIR: pgliteBench.dataDir } });
  // Issue 16's figures "on the embedded demo catalog": what `npm start` gives on a bare machine (a fresh
  // DATA_DIR, the 1,500-product demo catalog seeded by the server itself), when the run measures another size.
  // Not in --quick (CI's smoke run): its 2,000 products are close enough to the demo catalog.
  if (pgliteBench && !opts.quick && opts.products !== DEMO_PRODUCTS && SELECTED.some((t) => DEMO_GROUPS.has(t.group))) {
    dbRuns.push({ database: 'pglite-demo', kind: 'pglite', env: { DATA_DIR: path.join(mailDir(), 'data'), SEED_ON_START: 'true' }, groups: DEMO_GROUPS });
  }
  if (opts.against) dbRuns.push({ database: opts.label, kind: 'pglite', env: {} });

  console.log('\n• measuring');
  for (const run of dbRuns) {
    const runSelected = SELECTED.filter((t) => !run.groups || run.groups.has(t.group));
    const needsPool = runSelected.some((t) => t.post);
    const ctx: RunContext = { pool: needsPool ? await orderPool(run.env) : [] };
    const server: { child: Child | null; base: string; readyMs: number } = opts.against
      ? { child: null, base: opts.against, readyMs: 0 }
      : await startServer(run.kind, run.env, run.database);
    if (server.child) servers[run.database] = { readySeconds: round(server.readyMs / 1000, 1) };
    const serverPid = server.child?.proc.pid ?? opts.serverPid;
    const gol = runSelected.some((t) => t.group === 'fitment') ? await resolveVehicle(server.base) : 0;
    const product = await resolveProduct(server.base);
    const allTargets = runSelected.map((t) => withVehicle(t, gol, product));
    // A server given with --against is measured as it runs (start it with the caches off for those targets).
    const targets = opts.against ? allTargets : allTargets.filter((t) => !t.cacheOff);
    const cacheOffTargets = opts.against ? [] : allTargets.filter((t) => t.cacheOff);
    samples[run.database] = await sampleTargets(server.base, targets, ctx);
    await settle(serverPid, run.kind === 'postgres');
    const mem: ServerMemory = { database: run.database, idleMb: rssMb(serverPid), peakUnderLoadMb: null, endOfLoadMb: null };
    memory.push(mem);

    if (!baseline) {
      // 2. the baseline: the exact bytes of a real search-API response, uncompressed
      const body = await rawGet(server.base + withVehicle(BASELINE_SOURCE, gol).path, { accept: 'application/json' });
      const gzipBytes = zlib.gzipSync(body.body).length;
      const bodyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-bench-body-')), 'body.json');
      cleanups.push(() => fs.rmSync(path.dirname(bodyFile), { recursive: true, force: true }));
      fs.writeFileSync(bodyFile, body.body);
      baselineBody = { bytes: body.body.length, source: BASELINE_SOURCE.path, gzipBytes };
      const port = await freePort();
      baseline = startChild('baseline', process.execPath, ['bench/baseline-server.ts'], { ...process.env, PORT: String(port), BODY_FILE: bodyFile });
      baselineBase = `http://127.0.0.1:${port}`;
      await waitReady(baseline, `${baselineBase}/`);
      console.log(`• baseline (bare node:http) on :${port} answering ${body.body.length} bytes of ${BASELINE_SOURCE.path}`);
      rows.push(await measure({ id: 'baseline', label: 'baseline node:http (same JSON)', path: '/', kind: 'api' }, '-', baselineBase, baseline.proc.pid));
    }
    if (!pageBaseline) {
      // Issue 16's baseline: the home page's bytes, gzipped once, as a cached page leaves the server.
      const home = await rawGet(`${server.base}/`, { ...HEADERS.html, 'accept-encoding': 'identity' });
      const gz = zlib.gzipSync(home.body);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-bench-page-'));
      cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
      fs.writeFileSync(path.join(dir, 'page.html.gz'), gz);
      const port = await freePort();
      pageBaseline = startChild('page baseline', process.execPath, ['bench/baseline-server.ts'], {
        ...process.env,
        PORT: String(port),
        BODY_FILE: path.join(dir, 'page.html.gz'),
        CONTENT_TYPE: 'text/html; charset=utf-8',
        CONTENT_ENCODING: 'gzip',
      });
      pageBaselineBase = `http://127.0.0.1:${port}`;
      await waitReady(pageBaseline, `${pageBaselineBase}/`);
      pageBaselineBody = { bytes: home.body.length, gzipBytes: gz.length, source: '/' };
      console.log(`• page baseline (bare node:http) on :${port} answering the home page, ${home.body.length} bytes gzipped once to ${gz.length}`);
      rows.push(await measure({ id: 'page-baseline', label: 'page baseline node:http (home, gzip)', path: '/', kind: 'html' }, '-', pageBaselineBase, pageBaseline.proc.pid));
    }

    for (const t of targets) {
      const row = await measure(t, run.database, server.base, serverPid, ctx);
      row.sample = samples[run.database]![t.id];
      rows.push(row);
      if (row.rss?.peakMb != null) mem.peakUnderLoadMb = Math.max(mem.peakUnderLoadMb ?? 0, row.rss.peakMb);
      mem.endOfLoadMb = row.rss?.endMb ?? mem.endOfLoadMb;
    }
    if (mem.peakUnderLoadMb !== null) console.log(`  ${run.database} server RSS: idle ${mem.idleMb} MB, peak under load ${mem.peakUnderLoadMb} MB, end of load ${mem.endOfLoadMb} MB`);

    // 3. Lighthouse on the first database's server, once the load has drained.
    if (opts.lighthouse && !lighthouse && server.child) {
      await settle(serverPid, run.kind === 'postgres');
      const productPath = `/ProductView/${product}`;
      const pages = (opts.quick ? ['/', '/Cart'] : LIGHTHOUSE_PAGES).map((p) => p.replace('{product}', String(product)));
      console.log(`\n• Lighthouse ${lighthouseVersion()} (mobile, ${process.env.CHROME_PATH ?? '/usr/bin/chromium'}), ${opts.lighthouseRuns} run(s) per page, median kept, on ${run.database}`);
      lighthouse = { database: run.database, productPath, runs: opts.lighthouseRuns, pages: await auditPages(server.base, pages, opts.lighthouseRuns, console.log) };
      console.log('');
    }
    if (server.child && cacheOffTargets.length > 0) {
      // The same database on a server with every cache off: what an uncached page or search costs.
      // After Lighthouse, which audits the first server.
      await stopChild(server.child);
      const off = await startServer(run.kind, { ...run.env, ...CACHE_OFF_ENV, SEED_ON_START: 'false' }, run.database);
      const offPid = off.child.proc.pid;
      Object.assign(samples[run.database]!, await sampleTargets(off.base, cacheOffTargets, ctx));
      for (const t of cacheOffTargets) {
        const row = await measure(t, run.database, off.base, offPid, ctx);
        row.sample = samples[run.database]![t.id];
        rows.push(row);
      }
      await stopChild(off.child);
    }
    if (server.child) await stopChild(server.child);
  }

  // The machine is shared and noisy: measure the baseline again at the end and compare against the mean.
  if (baseline) {
    rows.push(await measure({ id: 'baseline-end', label: 'baseline node:http (again, at end)', path: '/', kind: 'api' }, '-', baselineBase, baseline.proc.pid));
    await stopChild(baseline);
  }
  if (pageBaseline) {
    rows.push(await measure({ id: 'page-baseline-end', label: 'page baseline (again, at end)', path: '/', kind: 'html' }, '-', pageBaselineBase, pageBaseline.proc.pid));
    await stopChild(pageBaseline);
  }

  const baselineRows = rows.filter((r) => r.target.startsWith('baseline'));
  const baselineRps = baselineRows.reduce((a, r) => a + r.rps, 0) / Math.max(1, baselineRows.length);
  for (const r of rows) r.ratioToBaseline = round(r.rps / baselineRps, 3);
  const pageBaselineRows = rows.filter((r) => r.target.startsWith('page-baseline'));
  const pageBaselineRps = pageBaselineRows.reduce((a, r) => a + r.rps, 0) / Math.max(1, pageBaselineRows.length);
  if (pageBaselineRows.length > 0) for (const r of rows) r.ratioToPageBaseline = round(r.rps / pageBaselineRps, 4);

  // 4. console summary
  const seeds = [pgBench?.seed, pgliteBench?.seed].filter((x): x is SeedInfo => Boolean(x));
  console.log(`\nSeeding (npm run db:seed -- --products ${opts.products}):`);
  for (const x of seeds) {
    console.log(
      `  ${x.database.padEnd(8)} seed ${x.seedSeconds ?? '?'} s, whole command ${x.commandSeconds} s, vacuum ${x.vacuumSeconds} s` +
        `${x.cached ? ` (cached, seeded ${x.seededAt})` : ''}; fitment ${x.fitmentRows ?? '?'} rows in ${x.fitmentSeconds ?? '?'} s`,
    );
  }
  const header = ['target', 'database', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'err(t/o)/non-2xx', 'x baseline', 'x page bl.', 'bytes/resp', 'load', 'cpu srv/pg/ac %', 'rss MB'];
  const table = rows.map((r) => [
    r.label,
    r.database,
    r.rps.toFixed(0),
    r.p50.toFixed(1),
    r.p95.toFixed(1),
    r.p99.toFixed(1),
    `${r.errors}${r.timeouts ? `(${r.timeouts})` : ''}/${r.non2xx}`,
    `${((r.ratioToBaseline ?? 0) * 100).toFixed(1)} %`,
    r.ratioToPageBaseline === undefined ? '-' : `${(r.ratioToPageBaseline * 100).toFixed(1)} %`,
    String(r.bytesPerResponse),
    r.loadAverage1m.toFixed(1),
    `${r.cpu.serverPercent ?? '-'}/${r.cpu.postgresPercent ?? '-'}/${r.cpu.benchPercent}`,
    String(r.rss?.peakMb ?? '-'),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\nResults (${opts.connections} connections, ${opts.duration} s each; ratios use the mean baseline ${baselineRps.toFixed(0)} req/s):`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of table) console.log(line(row));

  // 5. targets
  const checks: Check[] = [];
  const add = (c: Check) => checks.push(c);
  const pgRow = (id: string) => rows.find((r) => r.database === 'postgres' && r.target === id);
  const clean = (r: Row) => r.non2xx + r.errors === 0;
  const search = pgRow('api-search-filter');
  if (search) {
    add({ issue: 8, what: 'search API p95 (PostgreSQL)', goal: `<= ${TARGET_P95_MS} ms`, value: `${search.p95} ms`, pass: search.p95 <= TARGET_P95_MS && clean(search) });
    add({ issue: 2, what: 'search API throughput vs bare node:http (PostgreSQL)', goal: `>= ${TARGET_RATIO * 100} %`, value: `${((search.ratioToBaseline ?? 0) * 100).toFixed(1)} %`, pass: (search.ratioToBaseline ?? 0) >= TARGET_RATIO });
  }
  const orders = pgRow('api-place-order');
  if (orders) {
    add({ issue: 8, what: `place order p95 (PostgreSQL, ${orders.connections} connections)`, goal: `<= ${ORDER_TARGET_P95_MS} ms`, value: `${orders.p95} ms`, pass: orders.p95 <= ORDER_TARGET_P95_MS && clean(orders) });
    add({ issue: 8, what: `orders per second (PostgreSQL, ${orders.connections} connections)`, goal: `>= ${ORDER_TARGET_RPS}`, value: `${orders.rps}`, pass: orders.rps >= ORDER_TARGET_RPS && clean(orders) });
  }
  const orders10 = pgRow('api-place-order-10');
  if (orders10) {
    add({ issue: 16, what: `orders per second (PostgreSQL, ${orders10.connections} connections)`, goal: `>= ${ORDER_TARGET_RPS}`, value: `${orders10.rps}`, pass: orders10.rps >= ORDER_TARGET_RPS && clean(orders10) });
    add({ issue: 16, what: `place order p95 (PostgreSQL, ${orders10.connections} connections)`, goal: `<= ${ORDER_TARGET_P95_MS} ms`, value: `${orders10.p95} ms`, pass: orders10.p95 <= ORDER_TARGET_P95_MS && clean(orders10) });
  }
  for (const m of memory) {
    if (m.peakUnderLoadMb !== null) add({ issue: 16, what: `server RSS under load (${m.database})`, goal: `<= ${RSS_TARGET_MB} MB`, value: `${m.peakUnderLoadMb} MB`, pass: m.peakUnderLoadMb <= RSS_TARGET_MB });
  }
  const vehicle = pgRow('api-vehicle-search');
  if (vehicle) add({ issue: 7, what: 'list API by vehicle + term p95 (PostgreSQL)', goal: `<= ${FITMENT_TARGET_P95_MS} ms`, value: `${vehicle.p95} ms`, pass: vehicle.p95 <= FITMENT_TARGET_P95_MS && clean(vehicle) });
  for (const x of seeds) {
    if (x.fitmentRows != null && opts.products >= 100_000) add({ issue: 7, what: `fitment rows (${x.database})`, goal: `>= ${FITMENT_MIN_ROWS.toLocaleString('en')}`, value: x.fitmentRows.toLocaleString('en'), pass: x.fitmentRows >= FITMENT_MIN_ROWS });
    if (!x.cached) add({ issue: 2, what: `seed ${opts.products.toLocaleString('en')} products (${x.database})`, goal: '< 120 s', value: `${x.seedSeconds ?? x.commandSeconds} s`, pass: x.underTwoMinutes });
  }
  for (const r of rows.filter((r) => r.database !== '-' && !clean(r))) {
    add({ issue: 8, what: `${r.label} (${r.database}) answered without errors`, goal: '0 errors, 0 non-2xx', value: `${r.errors} errors, ${r.non2xx} non-2xx ${JSON.stringify(r.statusCodes)}`, pass: false });
  }
  // Issue 16: shares of the page baseline, on every database measured.
  const pct = (r: Row) => `${((r.ratioToPageBaseline ?? 0) * 100).toFixed(1)} %`;
  for (const r of rows.filter((x) => x.database !== '-' && x.ratioToPageBaseline !== undefined)) {
    if (r.target.startsWith('cached-')) {
      add({ issue: 16, what: `${r.label} (${r.database}) vs bare page server`, goal: `>= ${CACHED_PAGE_RATIO * 100} %`, value: pct(r), pass: (r.ratioToPageBaseline ?? 0) >= CACHED_PAGE_RATIO && clean(r) });
      add({ issue: 16, what: `${r.label} (${r.database}) p95 at ${r.connections} connections`, goal: `<= ${CACHED_PAGE_P95_MS} ms`, value: `${r.p95} ms`, pass: r.p95 <= CACHED_PAGE_P95_MS && clean(r) });
    } else if (r.target === 'nocache-varied-search') {
      // The issue sets this one on the embedded demo catalog and asks the 100,000-product figure reported only.
      if (r.database !== 'pglite-demo' && opts.products > DEMO_PRODUCTS) continue;
      add({ issue: 16, what: `${r.label} (${r.database}) vs bare page server`, goal: `>= ${UNCACHED_SEARCH_RATIO * 100} %`, value: pct(r), pass: (r.ratioToPageBaseline ?? 0) >= UNCACHED_SEARCH_RATIO && clean(r) });
    } else if (r.target.startsWith('nocache-')) {
      add({ issue: 16, what: `${r.label} (${r.database}) vs bare page server`, goal: `>= ${UNCACHED_PAGE_RATIO * 100} %`, value: pct(r), pass: (r.ratioToPageBaseline ?? 0) >= UNCACHED_PAGE_RATIO && clean(r) });
    }
  }
  const T = LIGHTHOUSE_TARGETS;
  for (const a of lighthouse?.pages ?? []) {
    const page = a.path.startsWith('/ProductView/') ? 'product page' : a.path;
    add({ issue: 16, what: `Lighthouse performance ${page}`, goal: `>= ${T.performance}`, value: String(a.scores.performance), pass: a.scores.performance >= T.performance });
    add({ issue: 8, what: `Lighthouse accessibility / best practices / SEO ${page}`, goal: '100 / 100 / 100', value: `${a.scores.accessibility} / ${a.scores.bestPractices} / ${a.scores.seo}`, pass: a.scores.accessibility >= T.accessibility && a.scores.bestPractices >= T.bestPractices && a.scores.seo >= T.seo });
    add({ issue: 16, what: `LCP / CLS / TBT ${page}`, goal: `<= ${T.lcpMs} ms / <= ${T.cls} / <= ${T.tbtMs} ms`, value: `${a.lcpMs} ms / ${a.cls} / ${a.tbtMs} ms`, pass: a.lcpMs <= T.lcpMs && a.cls <= T.cls && a.tbtMs <= T.tbtMs });
    add({ issue: 16, what: `JavaScript on first load ${page}`, goal: `<= ${T.jsBytes / 1024} KB compressed`, value: `${(a.jsBytes / 1024).toFixed(1)} KB`, pass: a.jsBytes <= T.jsBytes });
  }
  console.log('\nTargets:');
  for (const c of checks) console.log(`  ${c.pass ? 'PASS' : 'MISS'}  #${c.issue} ${c.what}: ${c.value} (target ${c.goal})`);

  // 6. files
  const result = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    commit,
    machine: { node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memGiB: round(os.totalmem() / 2 ** 30, 1), loadAverageAtEnd: os.loadavg() },
    options: { ...opts, acceptEncoding: ACCEPT_ENCODING, userAgent: CHROME_UA },
    latencyMethod: 'exact nearest-rank percentiles over every 2xx response time from autocannon\'s per-request "response" event; autocannonHdr holds autocannon\'s own HDR summary (no p95 there)',
    postgres: pgBench ? { serverVersion: pgBench.serverVersion, database: pgBench.name, poolSize: 20, kept: opts.keepDb } : null,
    pglite: pgliteBench ? { cacheDir: pgliteBench.cacheDir && path.relative(ROOT, pgliteBench.cacheDir) } : null,
    seeds,
    servers,
    baseline: { ...baselineBody, meanRps: round(baselineRps, 1) },
    pageBaseline: pageBaselineBody ? { ...pageBaselineBody, meanRps: round(pageBaselineRps, 1) } : null,
    rows,
    memory,
    lighthouse,
    checks,
  };
  fs.mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `bench-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(result, null, 2));
  console.log(`\nwrote ${path.relative(ROOT, file)}`);
  const notesFile = path.join(BENCH, 'NOTES.md');
  const markdown = renderReport(result, fs.existsSync(notesFile) ? fs.readFileSync(notesFile, 'utf8') : '');
  const reportFile = writeReport ? path.join(BENCH, 'REPORT.md') : path.join(RESULTS, opts.quick ? 'REPORT-quick.md' : 'REPORT-partial.md');
  fs.writeFileSync(reportFile, markdown);
  if (writeReport) fs.writeFileSync(path.join(BENCH, 'REPORT.json'), JSON.stringify(result, null, 2));
  console.log(`wrote ${path.relative(ROOT, reportFile)}${writeReport ? ' and bench/REPORT.json' : ''}`);
  if (pgBench && opts.keepDb) console.log(`kept PostgreSQL database: ${pgBench.url}`);
}

function lighthouseVersion(): string {
  try {
    return (JSON.parse(fs.readFileSync(path.join(BENCH, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '?';
  }
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
