// Experiment (not the product): a "CPU-time TBT" that a busy machine cannot inflate. Loads a page in
// Chromium with a trace, takes every main-thread task of the load (before and after the first paint), and sums
// max(0, 4 x thread CPU time - 50 ms): Lighthouse's blocking-time formula with its 4x CPU slowdown, but on
// the CPU time each task used (trace `tdur`) instead of its wall time, which other processes stretch.
// Prints the median over the runs per server, interleaving the servers.
//
//   node bench/experiments/cpu-tbt.ts --runs 7 A=http://127.0.0.1:3614 B=http://127.0.0.1:3615 / /Cart
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { runs: { type: 'string', default: '7' } } });
const servers = positionals.filter((p) => /^\w+=http/.test(p)).map((p) => ({ name: p.split('=')[0]!, base: p.slice(p.indexOf('=') + 1) }));
const paths = positionals.filter((p) => p.startsWith('/'));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

type Ev = { name: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; args?: { name?: string } };
async function once(url: string) {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'blink.user_timing'] });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(2500);
  const buf = await browser.stopTracing();
  if (process.env.SAVE_TRACES) (await import('node:fs')).writeFileSync(`${process.env.SAVE_TRACES}-${Date.now()}.json`, buf);
  await ctx.close();
  const events = (JSON.parse(buf.toString()) as { traceEvents: Ev[] }).traceEvents;
  // The page's renderer: the process that parsed our document (not the browser's own WebUI pages).
  const parse = events.find((e) => e.name === 'ParseHTML' && (e.args as { beginData?: { url?: string } } | undefined)?.beginData?.url?.startsWith(url.split('?')[0]!));
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && (!parse || e.pid === parse.pid));
  let best = { pid: 0, tid: 0, n: 0 };
  for (const m of mains) {
    const n = events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'RunTask').length;
    if (n > best.n) best = { pid: m.pid, tid: m.tid, n };
  }
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === best.pid);
  const all = events.filter((e) => e.pid === best.pid && e.tid === best.tid && e.name === 'RunTask' && e.ph === 'X');
  if (process.env.DEBUG_TASKS) for (const t of all.filter((t) => (t.tdur ?? 0) > 4000)) console.log('   task', Math.round((t.ts - all[0]!.ts) / 1000), 'cpu', ((t.tdur ?? 0) / 1000).toFixed(1), 'wall', ((t.dur ?? 0) / 1000).toFixed(1), fcp && t.ts >= fcp.ts ? 'after FCP' : 'before FCP');
  // Every task of the load (the first paint's own layout included): a total that only our work changes.
  const tasks = all;
  let blocking = 0;
  let longest = 0;
  for (const t of tasks) {
    const cpu = ((t.tdur ?? t.dur ?? 0) / 1000) * 4;
    longest = Math.max(longest, cpu);
    blocking += Math.max(0, cpu - 50);
  }
  return { blocking: Math.round(blocking), longest: Math.round(longest) };
}

for (const path of paths) {
  const rows = new Map(servers.map((s) => [s.name, [] as { blocking: number; longest: number }[]]));
  for (let i = 0; i < Number(values.runs); i++) {
    for (const s of i % 2 ? [...servers].reverse() : servers) rows.get(s.name)!.push(await once(s.base + path));
  }
  for (const s of servers) {
    const r = rows.get(s.name)!;
    console.log(`${path.padEnd(18)} ${s.name}: CPU blocking median ${median(r.map((x) => x.blocking))} ms [${r.map((x) => x.blocking).join(', ')}]  longest task (4x CPU) median ${median(r.map((x) => x.longest))} ms`);
  }
}
await browser.close();
