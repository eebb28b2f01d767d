// Experiment (not the product): a V8 CPU profile of a page's first load in Chromium (4x CPU throttling),
// summarised as self and total time per function over the first seconds. For finding what the hydration
// long tasks are made of; build with `minify: false` to read the names.
//
//   node bench/experiments/profile-load.ts http://127.0.0.1:3612/ [--throttle 4]
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { throttle: { type: 'string', default: '4' }, top: { type: 'string', default: '40' }, under: { type: 'string' } } });
const url = positionals[0]!;
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(values.throttle) });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
await page.goto(url, { waitUntil: 'load' });
await page.waitForTimeout(3000);
const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }[]; samples: number[]; timeDeltas: number[]; startTime: number } };
await browser.close();

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const label = (id: number) => {
  const f = byId.get(id)!.callFrame;
  return `${f.functionName || '(anon)'} ${f.url.replace(/^.*\//, '')}:${f.lineNumber + 1}`;
};
const self = new Map<string, number>();
const total = new Map<string, number>();
for (let i = 0; i < profile.samples.length; i++) {
  const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
  const id = profile.samples[i]!;
  const l = label(id);
  if (l.startsWith('(idle)') || l.startsWith('(program)')) continue;
  self.set(l, (self.get(l) ?? 0) + dt);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const k = label(cur);
    if (seen.has(k)) continue;
    seen.add(k);
    total.set(k, (total.get(k) ?? 0) + dt);
  }
}
const top = Number(values.top);
if (values.under) {
  // Self time of the functions that ran below a frame whose label contains --under (e.g. "shell-" + ":1").
  const below = new Map<string, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    let inside = false;
    for (let cur: number | undefined = profile.samples[i]; cur !== undefined; cur = parent.get(cur)) if (label(cur).includes(values.under)) inside = true;
    if (inside) below.set(label(profile.samples[i]!), (below.get(label(profile.samples[i]!)) ?? 0) + dt);
  }
  console.log(`--- self ms under "${values.under}"`);
  for (const [k, v] of [...below].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(v.toFixed(1).padStart(8), k);
}
console.log('--- self ms');
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(v.toFixed(1).padStart(8), k);
console.log('--- total ms');
for (const [k, v] of [...total].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(v.toFixed(1).padStart(8), k);
