// Lighthouse (mobile preset: simulated slow 4G and a 4x slower CPU) on a running server, with Debian's
// Chromium (CHROME_PATH, default /usr/bin/chromium). Used by `npm run bench` (bench/run.ts); also runnable
// alone: `node bench/lighthouse.ts http://127.0.0.1:3000 / /ProductList /ProductView/1 /Cart [--runs 3]`.
//
// Each page is audited `runs` times in one browser and the run with the median performance score is kept
// (Lighthouse's own advice for noisy machines). "JavaScript" is the compressed bytes of every script the
// page loaded before Lighthouse stopped watching (first load, cache disabled), as the budget asks.
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result as LighthouseResult } from 'lighthouse';

export interface PageAudit {
  path: string;
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  jsBytes: number;
  jsRequests: number;
  totalBytes: number;
  requests: number;
  /** Audits that lost points (score < 1), for the report's explanations. */
  failing: { id: string; title: string; score: number; displayValue?: string }[];
  runs: number[];
  lighthouseVersion: string;
}

const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function summarise(path: string, lhr: LighthouseResult): PageAudit {
  const audits = lhr.audits;
  const num = (id: string) => Math.round((audits[id]?.numericValue ?? Number.NaN) * 1000) / 1000;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const items = ((audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? []);
  const scripts = items.filter((i) => i.resourceType === 'Script');
  const scored = new Set(Object.values(lhr.categories).flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => r.id)));
  return {
    path,
    scores: { performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'), seo: score('seo') },
    lcpMs: Math.round(num('largest-contentful-paint')),
    fcpMs: Math.round(num('first-contentful-paint')),
    tbtMs: Math.round(num('total-blocking-time')),
    cls: num('cumulative-layout-shift'),
    speedIndexMs: Math.round(num('speed-index')),
    jsBytes: scripts.reduce((sum, i) => sum + (i.transferSize ?? 0), 0),
    jsRequests: scripts.length,
    totalBytes: Math.round(num('total-byte-weight')),
    requests: items.length,
    failing: Object.values(audits)
      .filter((a) => scored.has(a.id) && a.score !== null && a.score < 1)
      .map((a) => ({ id: a.id, title: a.title, score: a.score!, ...(a.displayValue ? { displayValue: String(a.displayValue) } : {}) })),
    runs: [],
    lighthouseVersion: lhr.lighthouseVersion,
  };
}

// A run Lighthouse itself could not read (e.g. NO_NAVSTART, seen a few times in a hundred runs here) is run
// again instead of ending the whole bench; three failures in a row are a real problem.
async function auditOnce(url: string, port: number, log: (line: string) => void): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', formFactor: 'mobile' });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError) return result.lhr;
    if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`);
    log(`  ${url}: ${result.lhr.runtimeError.code}, running it again`);
  }
}

export async function auditPages(base: string, paths: string[], runs = 3, log: (line: string) => void = () => {}): Promise<PageAudit[]> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    const out: PageAudit[] = [];
    for (const path of paths) {
      const results: PageAudit[] = [];
      for (let i = 0; i < runs; i++) {
        results.push(summarise(path, await auditOnce(base + path, chrome.port, log)));
      }
      results.sort((a, b) => a.scores.performance - b.scores.performance || a.lcpMs - b.lcpMs);
      const median = results[Math.floor(results.length / 2)]!;
      median.runs = results.map((r) => r.scores.performance);
      log(
        `  ${path.padEnd(22)} perf ${median.scores.performance} (runs ${median.runs.join('/')}) a11y ${median.scores.accessibility} bp ${median.scores.bestPractices} seo ${median.scores.seo}` +
          `  LCP ${median.lcpMs} ms  FCP ${median.fcpMs} ms  TBT ${median.tbtMs} ms  CLS ${median.cls}  JS ${(median.jsBytes / 1024).toFixed(1)} KB (${median.jsRequests} files)  total ${(median.totalBytes / 1024).toFixed(1)} KB`,
      );
      out.push(median);
    }
    return out;
  } finally {
    chrome.kill();
  }
}

if (import.meta.main) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { runs: { type: 'string', default: '1' }, json: { type: 'boolean', default: false } } });
  const [base, ...paths] = positionals;
  if (!base || paths.length === 0) {
    console.error('usage: node bench/lighthouse.ts BASE_URL PATH... [--runs N] [--json]');
    process.exit(1);
  }
  const audits = await auditPages(base.replace(/\/+$/, ''), paths, Number(values.runs), console.log);
  if (values.json) console.log(JSON.stringify(audits, null, 2));
  else for (const a of audits) for (const f of a.failing) console.log(`    ${a.path}: ${f.id} ${f.score} ${f.displayValue ?? ''}`);
}
