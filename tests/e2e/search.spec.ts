import { expect, test } from '@playwright/test';
import { fold, readCards, resultCards, resultCount, waitForHydration } from './helpers.ts';

test.describe('Busca, filtros e ordenação', () => {
  test('busca "farois" pelo cabeçalho encontra faróis com a contagem real', async ({ page, request }) => {
    await page.goto('/');
    await waitForHydration(page);
    const search = page.getByPlaceholder('Pesquisar produto...');
    await search.fill('farois');
    await search.press('Enter');

    await expect(page).toHaveURL(/\/ProductList\?q=farois$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Resultado para "farois"' })).toBeVisible();
    await expect(search).toHaveValue('farois');

    const api = await request.get('/api/products?q=farois');
    expect(api.ok()).toBe(true);
    const { total } = (await api.json()) as { total: number };
    expect(total).toBeGreaterThan(1);
    expect(await resultCount(page)).toBe(total);

    const { titles, prices } = await readCards(page);
    expect(titles.length).toBe(Math.min(total, 24));
    for (const title of titles) expect(fold(title), title).toMatch(/\bfar(ol|ois)\b/);
    expect(prices).toHaveLength(titles.length);
  });

  test('filtro de marca e ordenação mudam resultados e URL; o botão voltar restaura', async ({ page }) => {
    await page.goto('/ProductList?q=farois');
    await waitForHydration(page);
    const unfiltered = await resultCount(page);
    const unfilteredTitles = (await readCards(page)).titles;

    // The brand with most results, read from the facet counts on the page (it may be under "Mais marcas").
    const brands = page.getByRole('group', { name: 'Marca' });
    const options = await brands.locator('label').evaluateAll((labels) =>
      labels.map((l) => ({
        id: l.getAttribute('for') ?? '',
        name: l.querySelector('span')?.textContent ?? '',
        count: Number((/\(([\d.]+)\)/.exec(l.textContent ?? '')?.[1] ?? '0').replace(/\./g, '')),
      })),
    );
    const brand = options.filter((o) => o.name !== 'Outros' && o.count > 0).sort((a, b) => b.count - a.count)[0];
    expect(brand, `marcas: ${JSON.stringify(options)}`).toBeDefined();
    expect(brand!.count).toBeLessThan(unfiltered);
    const slug = brand!.id.replace(/^marca-/, '');

    if (!(await brands.getByLabel(brand!.name).isVisible())) await brands.getByText(/^Mais marcas/).click();
    await brands.getByLabel(brand!.name).check();
    await expect(page).toHaveURL(new RegExp(`[?&]marca=${slug}(&|$)`));
    await expect(page).toHaveURL(/[?&]q=farois(&|$)/);
    await expect(page.getByText(new RegExp(`^${brand!.count} resultados?`))).toBeVisible();
    const filtered = await readCards(page);
    expect(filtered.brands.length).toBe(Math.min(brand!.count, 24));
    for (const b of filtered.brands) expect(b.trim()).toBe(brand!.name);
    await expect(brands.getByLabel(brand!.name)).toBeChecked();

    // Sort by lowest price.
    const sort = page.getByLabel('Ordenar por:');
    await expect(sort).toHaveValue('relevancia');
    await sort.selectOption({ label: 'menor preço' });
    await expect(page).toHaveURL(/[?&]ordem=menor-preco(&|$)/);
    await expect(page).toHaveURL(new RegExp(`[?&]marca=${slug}(&|$)`));
    await expect(sort).toHaveValue('menor-preco');
    await expect
      .poll(async () => {
        const { prices } = await readCards(page);
        return prices.every((p, i) => i === 0 || prices[i - 1]! <= p) && prices.length === filtered.brands.length;
      })
      .toBe(true);
    const sorted = await readCards(page);
    expect(sorted.prices.length).toBeGreaterThan(1);
    for (const b of sorted.brands) expect(b.trim()).toBe(brand!.name);

    // Back: brand filter still on, sort back to relevance.
    await page.goBack();
    await expect(page).not.toHaveURL(/ordem=menor-preco/);
    expect(new URL(page.url()).searchParams.get('ordem') ?? 'relevancia').toBe('relevancia');
    await expect(page).toHaveURL(new RegExp(`[?&]marca=${slug}(&|$)`));
    await expect(sort).toHaveValue('relevancia');
    await expect(brands.getByLabel(brand!.name)).toBeChecked();
    await expect.poll(async () => (await readCards(page)).titles).toEqual(filtered.titles);

    // Back again: the unfiltered results.
    await page.goBack();
    await expect(page).toHaveURL(/\/ProductList\?q=farois$/);
    await expect(brands.getByLabel(brand!.name)).not.toBeChecked();
    await expect.poll(() => resultCount(page)).toBe(unfiltered);
    await expect.poll(async () => (await readCards(page)).titles).toEqual(unfilteredTitles);
  });
});

test.describe('Sem JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('o formulário de filtros funciona com o botão "Buscar"', async ({ page, request }) => {
    await page.goto('/ProductList');
    await expect(page.getByRole('heading', { level: 1, name: 'Produtos' })).toBeVisible();
    const all = await resultCount(page);

    const categories = page.getByRole('group', { name: 'Categoria' });
    await categories.getByLabel(/^Freios/).check();
    await page.getByRole('button', { name: 'Buscar' }).click();

    await expect(page).toHaveURL(/[?&]categoria=freios(&|$)/);
    await expect(page.getByRole('heading', { level: 1, name: 'Freios' })).toBeVisible();
    const api = (await (await request.get('/api/products?categoria=freios')).json()) as { total: number };
    const count = await resultCount(page);
    expect(count).toBe(api.total);
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(all);
    await expect(categories.getByLabel(/^Freios/)).toBeChecked();
    expect(await resultCards(page).count()).toBe(Math.min(count, 24));
  });
});
