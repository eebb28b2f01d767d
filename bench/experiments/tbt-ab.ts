// Experiment (not the product): Lighthouse A/B of Total Blocking Time on two running servers, interleaved
// run by run so both builds see the same machine load. Mobile preset (simulated slow 4G, 4x CPU), Debian
// Chromium. Prints, per page and server, the median TBT / performance / JS KB over the runs, and with
// --tasks the main-thread long tasks and script bootup of the median-TBT run.
//
//   node bench/experiments/tbt-ab.ts --runs 5 A=http://127.0.0.1:3610 B=http://127.0.0.1:3611 / /Cart
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '5' }, tasks: { type: 'boolean', default: false } },
});
const servers = positionals.filter((p) => /^\w+=http/.test(p)).map((p) => ({ name: p.split('=')[0]!, base: p.slice(p.indexOf('=') + 1).replace(/\/+$/, '') }));
const paths = positionals.filter((p) => p.startsWith('/'));
const runs = Number(values.runs);

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

for (const sig of ['SIGTERM', 'SIGINT'] as const) process.on(sig, () => { chrome.kill(); process.exit(1); });

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

type Row = { tbt: number; perf: number; js: number; lcp: number; lhr: Result };
try {
  for (const path of paths) {
    const rows = new Map<string, Row[]>(servers.map((s) => [s.name, []]));
    for (let i = 0; i < runs; i++) {
      for (const s of i % 2 ? [...servers].reverse() : servers) {
        let lhr: Result | undefined;
        // A run Lighthouse could not read (NO_NAVSTART, NO_FCP on a busy machine) is run again.
        for (let attempt = 0; attempt < 3 && !lhr; attempt++) {
          const r = await lighthouse(s.base + path, { port: chrome.port, output: 'json', logLevel: 'error', formFactor: 'mobile', onlyCategories: ['performance'] });
          if (r && !r.lhr.runtimeError) lhr = r.lhr;
        }
        if (!lhr) throw new Error(`Lighthouse failed three times on ${s.base + path}`);
        const items = ((lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] }).items ?? []);
        rows.get(s.name)!.push({
          tbt: Math.round(lhr.audits['total-blocking-time']!.numericValue!),
          perf: Math.round((lhr.categories.performance!.score ?? 0) * 100),
          js: items.filter((x) => x.resourceType === 'Script').reduce((a, x) => a + (x.transferSize ?? 0), 0) / 1024,
          lcp: Math.round(lhr.audits['largest-contentful-paint']!.numericValue!),
          lhr,
        });
      }
    }
    for (const s of servers) {
      const rs = rows.get(s.name)!;
      console.log(
        `${path.padEnd(18)} ${s.name}: TBT median ${median(rs.map((r) => r.tbt))} ms [${rs.map((r) => r.tbt).join(', ')}]  perf ${median(rs.map((r) => r.perf))} [${rs.map((r) => r.perf).join(', ')}]  LCP ${median(rs.map((r) => r.lcp))}  JS ${rs[0]!.js.toFixed(1)} KB`,
      );
      if (values.tasks) {
        const mid = [...rs].sort((a, b) => a.tbt - b.tbt)[Math.floor(rs.length / 2)]!.lhr;
        const lt = (mid.audits['long-tasks']?.details as { items?: { url: string; duration: number; startTime: number }[] })?.items ?? [];
        for (const t of lt) console.log(`     long task ${Math.round(t.startTime)} ms +${Math.round(t.duration)} ms  ${t.url}`);
        const boot = (mid.audits['bootup-time']?.details as { items?: { url: string; total: number; scripting: number; scriptParseCompile: number }[] })?.items ?? [];
        for (const b of boot) console.log(`     bootup ${b.url}: total ${Math.round(b.total)} scripting ${Math.round(b.scripting)} parse/compile ${Math.round(b.scriptParseCompile)}`);
        const mw = (mid.audits['mainthread-work-breakdown']?.details as { items?: { groupLabel: string; duration: number }[] })?.items ?? [];
        console.log(`     main thread: ${mw.map((m) => `${m.groupLabel} ${Math.round(m.duration)}`).join(', ')}`);
      }
    }
  }
} finally {
  chrome.kill();
}
