// A shoe bought in another colour shows that colour's photo in the cart, as on its product page.
import { expect, test } from '@playwright/test';
import { waitForHydration } from './helpers.ts';

test('a bota escolhida na cor Cinza aparece com a foto cinza no carrinho', async ({ page }) => {
  await page.goto('/ProductView/869');
  await waitForHydration(page);
  await page.getByText('Cinza', { exact: true }).click();
  await expect(page.getByText('Cor: Cinza')).toBeVisible();
  await page.getByRole('button', { name: 'Comprar', exact: true }).click();
  await page.goto('/Cart');
  await waitForHydration(page);
  const photo = page.getByRole('main').locator('img[src*="/art/calcados/"]').first();
  await expect(photo).toHaveAttribute('src', /\/art\/calcados\/cinza\/0\.svg$/);
});
