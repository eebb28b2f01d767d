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
// --compare DIR measures a second build (another checkout, built there beforehand) on the same databases in the
// same run, so a change can be read side by side as ratios to one baseline.
// The code: bench/run/options.ts (flags, targets' thresholds), targets.ts (what is measured), children.ts
// (child processes and cleanup), helpers.ts, prepare.ts (build, databases, order pool), measure.ts (a server,
// one autocannon measurement), summary.ts (table, checks, reports); this file runs the steps in order.
// --against URL measures an already running server instead (no build, seeding or databases), e.g. the
// a server started by hand with other settings. --help lists every option.
//
// Latency percentiles: autocannon 9's HDR summary has p50, p90, p97_5 and p99 but no p95, so every 2xx
// response time (ms, from autocannon's per-request 'response' event, the same value its histogram records)
// is kept and p50/p95/p99 are computed exactly (nearest rank) from the sorted list. autocannon's own HDR
// p50/p97_5/p99 are stored in the JSON for comparison.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { auditPages } from './lighthouse.ts';
import type { PageAudit } from './lighthouse.ts';
import { BENCH, CACHE_OFF_ENV, DEMO_GROUPS, DEMO_PRODUCTS, LIGHTHOUSE_PAGES, opts } from './run/options.ts';
import { cleanup, cleanups, freePort, startChild, stopChild, waitReady } from './run/children.ts';
import type { Child } from './run/children.ts';
import { gitInfo, rawGet, round, rssMb } from './run/helpers.ts';
import { copyPglite, copyPostgres, ensureBuild, orderPool, preparePglite, preparePostgres } from './run/prepare.ts';
import { measure, sampleTargets, settle, startServer } from './run/measure.ts';
import type { Row, Sample, ServerMemory } from './run/measure.ts';
import { finish } from './run/summary.ts';
import { BASELINE_SOURCE, HEADERS, SELECTED, resolveProduct, resolveVehicle, withVehicle } from './run/targets.ts';
import type { RunContext } from './run/targets.ts';

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

  const dbRuns: { database: string; kind: 'postgres' | 'pglite'; env: Record<string, string>; groups?: Set<string>; appDir?: string }[] = [];
  const mailDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-bench-data-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  };
  // On PostgreSQL, DATA_DIR only holds the order e-mails (.eml) the run writes.
  // --compare: the other checkout's server first, on its own copy of the same seeded data, then this one's.
  const both = async (r: (typeof dbRuns)[number]) => {
    if (opts.compare) {
      const data: Record<string, string> = r.kind === 'postgres' ? { DATABASE_URL: await copyPostgres(pgBench!, opts.compareLabel.replace(/\W/g, '_')), DATA_DIR: mailDir() } : { DATA_DIR: copyPglite(r.env.DATA_DIR!) };
      dbRuns.push({ ...r, database: `${r.database}@${opts.compareLabel}`, appDir: opts.compare, env: { ...r.env, ...data } });
    }
    dbRuns.push(r);
  };
  if (pgBench) await both({ database: 'postgres', kind: 'postgres', env: { DATABASE_URL: pgBench.url, DB_POOL_SIZE: '20', DATA_DIR: mailDir() } });
  if (pgliteBench) await both({ database: 'pglite', kind: 'pglite', env: { DATA_DIR: pgliteBench.dataDir } });
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
      : await startServer(run.kind, run.env, run.database, run.appDir);
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
    if (opts.lighthouse && !lighthouse && server.child && !run.appDir) {
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
      const off = await startServer(run.kind, { ...run.env, ...CACHE_OFF_ENV, SEED_ON_START: 'false' }, run.database, run.appDir);
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

  finish({ startedAt, commit, rows, memory, servers, lighthouse, pgBench, pgliteBench, baselineBody, pageBaselineBody, baselineRps, pageBaselineRps });
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