import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { waitForHydration } from './helpers.ts';

// Nothing on a page moves by itself once it is painted (a shifted link takes a click meant for another).
// Chromium reports every layout shift not caused by the shopper's own input (the CLS entries); each test
// sums those. Found when the islands spec clicked "Página 2" and a footer link just as they moved:
// - the vehicle selector dropped its no-JavaScript "Continuar" button on hydrating, and the list below it
//   moved up 42 px;
// - cards never rendered count as a size estimate (content-visibility, app/app.css); at 340 px the footer
//   moved down 95 px on a 1280 px screen when a shopper jumped to it;
// - the same estimate on the product page's related cards, right above the footer: the footer moved 39 px at
//   1280 px (those short grids now keep their real size);
// - the product page's thumbnails had no size until their pictures loaded (a button is as wide as its
//   content), and the column below them moved 58 px on a phone.

/** Starts counting layout shifts (with their moved elements) before the page's first byte. */
async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: { value: number; moved: string[] }[] };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: { node?: Node }[] }[]) {
        if (e.hadRecentInput) continue;
        w.shifts.push({ value: e.value, moved: e.sources.map((s) => (s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : String(s.node?.nodeName))) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const shifts = (page: Page) => page.evaluate(() => (window as unknown as { shifts: { value: number; moved: string[] }[] }).shifts);

/** Two rendering frames and a pause: whatever would move has moved and been reported. */
const settle = async (page: Page) => {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForTimeout(300);
};

for (const width of [390, 1280]) {
  test.describe(`a ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const path of ['/ProductList', '/ProductList?q=bota', '/ProductView/1', '/garagem']) {
      test(`${path}: nada se move ao hidratar nem quando as imagens chegam`, async ({ page }) => {
        await watchShifts(page);
        // The product pictures arrive after the first paint, as on a slow connection: their boxes must
        // already have their size.
        await page.route(/\/art\//, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 400));
          await route.continue();
        });
        await page.goto(path);
        await waitForHydration(page);
        await page.waitForFunction(() => [...document.images].filter((img) => img.getBoundingClientRect().top < innerHeight).every((img) => img.complete));
        await settle(page);
        expect(await shifts(page)).toEqual([]);
      });
    }

    // The OlimpIA tab is the last thing in the page's HTML, anchored by its bottom edge. Chromium may paint
    // before the parser reaches the tab's label (CI, 2026-11-27, "/ProductList?q=bota" at 1280 px: a shift of
    // 0.0005, the trace's first frame showing the tab as a sliver): a tab painted without its label must
    // already have its final size.
    test('a aba da OlimpIA tem o mesmo tamanho antes de o rótulo chegar', async ({ page }) => {
      await page.goto('/ProductList?q=bota');
      // After hydration: emptying the label while the island hydrates can have React put the tab back anew
      // (the box read as null, CI 2026-11-28); the size in question is the CSS's, the same before and after.
      await waitForHydration(page);
      const tab = page.getByRole('button', { name: 'Abrir chat com a OlimpIA, assistente virtual' });
      const full = await tab.boundingBox();
      await tab.evaluate((button) => button.replaceChildren());
      expect(await tab.boundingBox()).toEqual(full);
      expect(full!.height).toBeGreaterThan(80);
    });

    // The short grids that end a page (home, product page, cart) keep their real size: at 1280 px the
    // product page's related cards sat as an estimate right above the footer, which moved 39 px on the jump
    // and took a click meant for "Sobre Nós" (islands.spec.ts in a full e2e run, 2026-11-26).
    for (const path of ['/ProductList', '/ProductList?q=farol', '/', '/ProductView/1', '/Cart']) {
      test(`${path}: pular para o rodapé não move o rodapé`, async ({ page }) => {
        await watchShifts(page);
        await page.goto(path);
        await waitForHydration(page);
        await settle(page);
        const before = (await shifts(page)).length;
        await page.locator('footer a[href="/sobre-nos"]').evaluate((a) => a.scrollIntoView({ block: 'center' }));
        await settle(page);
        expect((await shifts(page)).slice(before)).toEqual([]);
      });
    }
  });
}
