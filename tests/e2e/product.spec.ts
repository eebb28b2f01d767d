import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { cartBadge, waitForHydration } from './helpers.ts';

const SAMPLE_TITLE = 'Farol Dianteiro Esquerdo Volvo C70 2.5 2006-2013';

const related = (page: Page) => page.getByRole('region', { name: 'Produtos relacionados' });

test.describe('Página de produto', () => {
  test('/ProductView/1 mostra REF, preços, parcelamento, relacionados e JSON-LD', async ({ page }) => {
    const response = await page.goto('/ProductView/1');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: SAMPLE_TITLE })).toBeVisible();
    await expect(page.getByText(/^REF: \S+/)).toBeVisible();

    const main = page.locator('main');
    const oldPrice = main.locator('s', { hasText: /R\$\s919,00/ });
    await expect(oldPrice).toHaveCount(1);
    await expect(oldPrice).toBeVisible();
    await expect(main.getByText(/^Preço: R\$\s719,90$/)).toBeVisible();
    await expect(main.getByText(/^ou 10x de R\$\s71,99 sem juros$/)).toBeVisible();

    await expect(related(page).getByRole('heading', { name: 'Produtos relacionados' })).toBeVisible();
    await expect(related(page).locator('article')).toHaveCount(4);
    const relatedHrefs = await related(page)
      .locator('article h3 a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(relatedHrefs).not.toContain('/ProductView/1');

    const ld = await page.locator('script[type="application/ld+json"]').textContent();
    expect(ld).toContain('"priceCurrency":"BRL"');
    const data = JSON.parse(ld!) as { '@type': string; name: string; offers: { price: string; availability: string } };
    expect(data['@type']).toBe('Product');
    expect(data.name).toBe(SAMPLE_TITLE);
    expect(Number(data.offers.price)).toBe(719.9);
    expect(data.offers.availability).toMatch(/schema\.org\/(InStock|OutOfStock)/);
  });

  test('/ProductView sem id mostra o produto de exemplo', async ({ page }) => {
    const response = await page.goto('/ProductView');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: SAMPLE_TITLE })).toBeVisible();
    await expect(page.locator('main s', { hasText: /R\$\s919,00/ })).toBeVisible();
  });

  test('clicar em um produto relacionado abre a página dele', async ({ page }) => {
    await page.goto('/ProductView/1');
    await waitForHydration(page);
    const first = related(page).locator('article h3 a').first();
    const title = (await first.textContent())!.trim();
    const href = (await first.getAttribute('href'))!;
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });
});

test.describe('Comprar', () => {
  test('"Comprar" soma no carrinho, atualiza o selo e outra aba acompanha', async ({ page, context, request }) => {
    await page.goto('/ProductView/1');
    await waitForHydration(page);
    await expect(cartBadge(page)).toHaveCount(0); // empty cart: no badge

    const buy = page.getByRole('button', { name: 'Comprar', exact: true });
    await buy.click();
    await expect(page.getByText(`Produto "${SAMPLE_TITLE}" adicionado ao carrinho!`)).toBeVisible();
    await expect(cartBadge(page)).toHaveText('1');
    await buy.click();
    await expect(cartBadge(page)).toHaveText('2');

    const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? 'null'));
    expect(cart).toHaveLength(1);
    expect(cart[0]).toMatchObject({ id: 1, titulo: SAMPLE_TITLE, quantity: 2 });

    // A second tab of the same context sees the badge.
    const tabB = await context.newPage();
    await tabB.goto('/');
    await expect(cartBadge(tabB)).toHaveText('2');

    // Footwear: choose colour and size.
    const api = await request.get('/api/products?categoria=calcados&limite=1');
    const shoe = ((await api.json()) as { items: { id: number; title: string }[] }).items[0]!;
    const detail = (await (await request.get(`/api/products/${shoe.id}`)).json()) as {
      variants: { color: string; size: string; stock: number }[];
    };
    expect(detail.variants.length).toBeGreaterThan(1);
    const colors = [...new Set(detail.variants.map((v) => v.color))];
    // Pick a colour other than the preselected first one, and an in-stock size that is not the default.
    const color = colors[colors.length - 1]!;
    const sizes = detail.variants.filter((v) => v.color === color && v.stock > 0);
    expect(sizes.length).toBeGreaterThan(0);
    const size = sizes[sizes.length - 1]!.size;

    await page.goto(`/ProductView/${shoe.id}`);
    await waitForHydration(page);
    await expect(cartBadge(page)).toHaveText('2');
    await page.getByRole('group', { name: /^Cor/ }).getByText(color, { exact: true }).click();
    await expect(page.getByRole('radio', { name: color, exact: true })).toBeChecked();
    await page
      .getByRole('group', { name: /^Tamanho/ })
      .getByText(size, { exact: true })
      .click();
    await expect(page.getByRole('radio', { name: size, exact: true })).toBeChecked();
    await page.getByRole('button', { name: 'Comprar', exact: true }).click();
    await expect(page.getByText(`Produto "${shoe.title}" adicionado ao carrinho!`)).toBeVisible();
    await expect(cartBadge(page)).toHaveText('3');

    const cart2 = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? 'null'));
    expect(cart2).toHaveLength(2);
    expect(cart2[1]).toMatchObject({ id: shoe.id, cor: color, tamanho: size, quantity: 1 });

    // Adding in tab A updates tab B through the storage event, without reloading B.
    await expect(cartBadge(tabB)).toHaveText('3');
    await page.getByRole('button', { name: 'Comprar', exact: true }).click();
    await expect(cartBadge(page)).toHaveText('4');
    await expect(cartBadge(tabB)).toHaveText('4');
    const cart3 = await tabB.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? 'null'));
    expect(cart3).toHaveLength(2);
    expect(cart3[1]).toMatchObject({ cor: color, tamanho: size, quantity: 2 });
  });
});
