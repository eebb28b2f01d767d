// The end of a bench run: the console table, the targets checked, the JSON and Markdown reports.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PageAudit } from '../lighthouse.ts';
import { renderReport } from '../report.ts';
import type { Check } from '../report.ts';
import {
  ACCEPT_ENCODING,
  BENCH,
  CACHED_PAGE_P95_MS,
  CACHED_PAGE_RATIO,
  CHROME_UA,
  DEMO_PRODUCTS,
  FITMENT_MIN_ROWS,
  FITMENT_TARGET_P95_MS,
  LIGHTHOUSE_TARGETS,
  ORDER_TARGET_P95_MS,
  ORDER_TARGET_RPS,
  RESULTS,
  ROOT,
  RSS_TARGET_MB,
  TARGET_P95_MS,
  TARGET_RATIO,
  UNCACHED_PAGE_RATIO,
  UNCACHED_SEARCH_RATIO,
  opts,
  writeReport,
} from './options.ts';
import { round } from './helpers.ts';
import type { Row, ServerMemory } from './measure.ts';
import type { PgBench, PgliteBench, SeedInfo } from './prepare.ts';

export interface RunOutcome {
  startedAt: Date;
  commit: string | null;
  rows: Row[];
  memory: ServerMemory[];
  servers: Record<string, { readySeconds: number }>;
  lighthouse: { database: string; productPath: string; runs: number; pages: PageAudit[] } | null;
  pgBench: PgBench | null;
  pgliteBench: PgliteBench | null;
  baselineBody: { bytes: number; source: string; gzipBytes: number } | null;
  pageBaselineBody: { bytes: number; source: string; gzipBytes: number } | null;
  baselineRps: number;
  pageBaselineRps: number;
}

/** Prints the run, checks the targets and writes bench/results/bench-*.json and the Markdown report. */
export function finish(outcome: RunOutcome): void {
  const { startedAt, commit, rows, memory, servers, lighthouse, pgBench, pgliteBench, baselineBody, pageBaselineBody, baselineRps, pageBaselineRps } = outcome;
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
