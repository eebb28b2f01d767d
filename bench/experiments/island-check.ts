// Experiment (not the product): loads a page in Chromium and checks the static islands: no console errors,
// the kept markup equals the server's, and a card / footer link navigates without a page load.
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:3611';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
const errors: string[] = [];
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text()); });
page.on('pageerror', (e) => errors.push(String(e)));
const requests: string[] = [];
page.on('request', (r) => requests.push(r.url()));

for (const path of ['/', '/ProductList', '/ProductView/1', '/Cart']) {
  const serverHtml = await (await fetch(base + path)).text();
  await page.goto(base + path);
  await page.waitForFunction(() => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined);
  await page.waitForTimeout(800);
  const islands = await page.$$eval('[data-static]', (els) => els.map((e) => ({ id: e.getAttribute('data-static'), html: e.innerHTML })));
  for (const i of islands) {
    const m = serverHtml.indexOf(`data-static="${i.id}"`);
    console.log(path, 'island', i.id, m >= 0 ? 'in server html' : 'NOT in server html', i.html.length);
  }
}
// Client-side navigation from a card: a marker on window survives only if no page load happened.
await page.goto(base + '/');
await page.waitForTimeout(1500);
await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
requests.length = 0;
await page.hover('#em-alta ~ ul a, section[aria-labelledby=em-alta] ul a');
await page.waitForTimeout(400);
console.log('prefetch links after hover:', await page.$$eval('link[rel=prefetch], link[rel=modulepreload]', (ls) => ls.map((l) => (l as HTMLLinkElement).href).join(' ')));
await page.click('section[aria-labelledby=em-alta] ul a');
await page.waitForURL(/ProductView/);
await page.waitForTimeout(500);
console.log('card click ->', page.url(), 'marker', await page.evaluate(() => (window as unknown as { marker?: number }).marker), 'h1', await page.textContent('h1'));
await page.click('footer a[href="/sobre-nos"]');
await page.waitForURL(/sobre-nos/);
await page.waitForTimeout(500);
console.log('footer click ->', page.url(), 'marker', await page.evaluate(() => (window as unknown as { marker?: number }).marker), 'h1', await page.textContent('h1'));
await page.goBack();
await page.waitForTimeout(500);
console.log('back ->', page.url(), 'related cards', await page.$$eval('section[aria-labelledby=relacionados] li', (l) => l.length));
console.log('errors:', errors);
await browser.close();
