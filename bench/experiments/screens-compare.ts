// Experiment (not the product): full-page screenshots of the same pages from two servers at 390 and
// 1280 px (after hydration, carousel paused by reduced motion), and whether they are pixel-identical.
import fs from 'node:fs';
import { chromium } from '@playwright/test';

const [a, b, out = '/tmp/screens'] = process.argv.slice(2);
const paths = ['/', '/ProductList', '/ProductView/1', '/Cart'];
fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const width of [390, 1280]) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce', locale: 'pt-BR' });
  const page = await ctx.newPage();
  for (const p of paths) {
    const shots: Buffer[] = [];
    for (const [name, base] of [['a', a], ['b', b]] as const) {
      await page.goto(base + p, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      // content-visibility: auto cards render only near the viewport; scroll through so all paint.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 50));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForTimeout(300);
      const file = `${out}/${name}-${width}${p.replace(/\//g, '_') || '_'}.png`;
      shots.push(await page.screenshot({ path: file, fullPage: true, animations: 'disabled' }));
    }
    // A full-page shot of a tall page sometimes has tiles not yet rasterised: take the second one again.
    for (let retry = 0; retry < 3 && !shots[0]!.equals(shots[1]!); retry++) {
      await page.waitForTimeout(1000);
      shots[1] = await page.screenshot({ path: `${out}/b-${width}${p.replace(/\//g, '_') || '_'}.png`, fullPage: true, animations: 'disabled' });
    }
    console.log(width, p, shots[0]!.equals(shots[1]!) ? 'identical' : `DIFFERENT (${shots[0]!.length} vs ${shots[1]!.length} bytes)`);
  }
  await ctx.close();
}
await browser.close();
