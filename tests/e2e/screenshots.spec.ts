import { test } from '@playwright/test';
import { waitForHydration } from './helpers.ts';

// Saves full-page screenshots for a human to look at; no pixel assertions.
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'lista-farol', path: '/ProductList?q=farol' },
  { name: 'produto-1', path: '/ProductView/1' },
];

for (const width of [390, 1280]) {
  test.describe(`capturas ${width}px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 800 }, reducedMotion: 'reduce' });
    for (const p of PAGES) {
      test(`${p.name} @${width}`, async ({ page }, testInfo) => {
        await page.goto(p.path);
        await waitForHydration(page);
        // Lazy images: scroll through so they load before the full-page capture.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 600) {
            window.scrollTo(0, y);
            await new Promise((r) => setTimeout(r, 40));
          }
          window.scrollTo(0, 0);
        });
        await page.waitForLoadState('networkidle');
        const file = `test-results/screenshots/${p.name}-${width}.png`;
        await page.screenshot({ path: file, fullPage: true });
        await testInfo.attach(`${p.name}-${width}`, { path: file, contentType: 'image/png' });
        // The first screen, as the shopper sees it on arrival.
        const fold = `test-results/screenshots/${p.name}-${width}-primeira-tela.png`;
        await page.screenshot({ path: fold });
        await testInfo.attach(`${p.name}-${width}-primeira-tela`, { path: fold, contentType: 'image/png' });
      });
    }
  });
}
