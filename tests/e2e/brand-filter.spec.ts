import { expect, test } from '@playwright/test';
import { readCards, resultCount, waitForHydration } from './helpers.ts';

// /ProductList?q=farol: the spec's five brands first, then "Mais marcas" with the catalog's real brands and
// their counts; choosing Hella lists exactly its headlights.

test('em /ProductList?q=farol o cliente escolhe Hella em "Mais marcas"', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/ProductList?q=farol');
  await waitForHydration(page);
  const brands = page.getByRole('group', { name: 'Marca' });
  await expect(brands.getByText('Outros', { exact: true })).toHaveCount(0);
  await brands.getByText(/^Mais marcas \(\d+\)$/).click();
  const hella = brands.getByLabel(/^Hella/);
  await expect(hella).toBeVisible();
  const label = (await brands.locator('label[for="marca-hella"]').textContent()) ?? '';
  const count = Number(/\(([\d.]+)\)/.exec(label)?.[1]?.replace(/\./g, ''));
  expect(count).toBeGreaterThan(0);
  await hella.check();
  await expect(page).toHaveURL(/[?&]marca=hella(&|$)/);
  await expect.poll(() => resultCount(page)).toBe(count);
  const { titles } = await readCards(page);
  expect(titles.length).toBe(Math.min(count, 24));
  for (const t of titles) expect(t).toMatch(/Hella/);
  // The choice stays visible: the group opens when one of its brands is chosen.
  await expect(page.getByRole('group', { name: 'Marca' }).getByLabel(/^Hella/)).toBeChecked();
});
