import { expect, test } from '@playwright/test';
import { checkLayout, shot } from './page-checks.ts';
import { waitForHydration } from './helpers.ts';

// The header's search box proposes products, codes, categories, brands and vehicles while the shopper types
// (the ARIA 1.2 combobox pattern): the keyboard walks the list with the focus in the box, a screen reader
// hears the count, and without JavaScript the box is the plain search form it always was.

const box = (page: import('@playwright/test').Page) => page.getByRole('combobox', { name: 'Pesquisar produto' });

test.describe('Sugestões da busca', () => {
  test('digitar "vela", ↓ e Enter abre o produto sugerido', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const search = box(page);
    await expect(search).toHaveAttribute('aria-expanded', 'false');
    await search.pressSequentially('vela', { delay: 40 });
    const list = page.getByRole('listbox', { name: 'Sugestões de busca' });
    await expect(list).toBeVisible();
    await expect(search).toHaveAttribute('aria-expanded', 'true');
    expect(await search.getAttribute('aria-controls')).toBe(await list.getAttribute('id'));

    const products = list.getByRole('group', { name: 'Produtos' }).getByRole('option');
    const first = products.first();
    await expect(first).toContainText(/Vela/i);
    await expect(first).toContainText(/R\$\s?\d/);
    await expect(first.locator('img')).toHaveCount(1);
    const title = (await first.locator('span > span').first().textContent())!.trim();

    // The count is announced in a live region.
    const count = await list.getByRole('option').count();
    await expect(page.getByRole('status').filter({ hasText: `${count} sugest` })).toHaveCount(1);

    // The focus stays in the box; the active option is named by aria-activedescendant.
    await search.press('ArrowDown');
    await expect(search).toBeFocused();
    await expect(search).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await search.press('ArrowDown');
    await expect(first).toHaveAttribute('aria-selected', 'false');
    await search.press('ArrowUp');
    await expect(first).toHaveAttribute('aria-selected', 'true');

    await search.press('Enter');
    await expect(page).toHaveURL(/\/ProductView\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  });

  test('Escape fecha a lista e Enter sem escolha pesquisa o que foi digitado', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const search = box(page);
    await search.pressSequentially('farol', { delay: 40 });
    await expect(page.getByRole('listbox')).toBeVisible();
    await search.press('Escape');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(search).toHaveAttribute('aria-expanded', 'false');
    await expect(search).not.toHaveAttribute('aria-activedescendant');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/ProductList\?q=farol$/);
  });

  test('propõe categorias, marcas e veículos, cada um abrindo sua lista', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await box(page).pressSequentially('gol', { delay: 40 });
    const vehicles = page.getByRole('group', { name: 'Veículos' });
    await expect(vehicles.getByRole('option', { name: 'Volkswagen Gol' })).toBeVisible();
    await vehicles.getByRole('option', { name: 'Volkswagen Gol' }).click();
    await expect(page).toHaveURL(/\/ProductList\?q=Volkswagen\+Gol$/);
    // The list's search is in the box once the page has arrived.
    await expect(box(page)).toHaveValue('Volkswagen Gol');

    await box(page).fill('');
    await box(page).pressSequentially('ilumina', { delay: 40 });
    await page.getByRole('group', { name: 'Categorias' }).getByRole('option', { name: 'Iluminação' }).click();
    await expect(page).toHaveURL(/\/ProductList\?categoria=iluminacao$/);
  });

  for (const width of [360, 1280]) {
    test(`a lista aberta cabe em ${width} px e passa no axe`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/ProductList?q=farol');
      await waitForHydration(page);
      await checkLayout(page, `fechada ${width}`);
      await box(page).fill('');
      await box(page).pressSequentially('bos', { delay: 40 });
      await expect(page.getByRole('listbox')).toBeVisible();
      await box(page).press('ArrowDown');
      await checkLayout(page, `aberta ${width}`);
      await shot(page, `sugestoes-${width}`);
      if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/sugestoes-${width}-tela.png` });
    });
  }
});

test.describe('Sem JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('a busca do cabeçalho é um formulário comum', async ({ page }) => {
    await page.goto('/');
    const search = box(page);
    await expect(search).toHaveAttribute('aria-expanded', 'false');
    await search.fill('vela');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/ProductList\?q=vela$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Resultado para "vela"' })).toBeVisible();
  });
});
