// The back office's product list in the browser: "Próxima" continues after the last product of the page
// (keyset) and lands on the page a number would give. Screenshots at 360 and 1280 px for a human to look at.
// (The storefront's "A lista vai até a página 417" needs more than 10,000 products: the demo catalog has
// 1,500; tests/integration/catalog-facet-counts.test.ts covers it.)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, signInAsAdmin, test } from './accounts-helpers.ts';

const SHOTS = process.env.SHOTS_DIR ?? path.join(os.tmpdir(), 'olimpo-catalog-depth-shots');
fs.mkdirSync(SHOTS, { recursive: true });

async function noHorizontalScroll(page: import('@playwright/test').Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test('a lista de produtos do painel avança por "Próxima" depois do último produto da página', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/Admin/Produtos?pagina=2');
  const byNumber = await page.locator('main li a[href^="/Admin/Produtos/"]').allTextContents();
  await page.goto('/Admin/Produtos');
  await expect(page.getByText(/Página 1 de \d+/)).toBeVisible();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await noHorizontalScroll(page);
    await page.screenshot({ path: path.join(SHOTS, `painel-produtos-${width}.png`), fullPage: false });
  }
  await page.getByRole('link', { name: 'Próxima →' }).click();
  await expect(page).toHaveURL(/apos=\d+/);
  await expect(page.getByText(/Página 2 de \d+/)).toBeVisible();
  expect(await page.locator('main li a[href^="/Admin/Produtos/"]').allTextContents()).toEqual(byNumber);
});
