import { expect, test } from '@playwright/test';
import { waitForHydration } from './helpers.ts';

test.describe('Home', () => {
  test('mostra carrossel, coleções, menu em destaque e 12 produtos em alta', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);

    // "Produtos em alta": exactly 12 product cards, each linking to its product page, plus "Ver todos".
    const trending = page.getByRole('region', { name: 'Produtos em alta' });
    await expect(trending.getByRole('heading', { name: 'Produtos em alta' })).toBeVisible();
    await expect(trending.locator('article')).toHaveCount(12);
    const hrefs = await trending.locator('article h3 a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toHaveLength(12);
    for (const href of hrefs) expect(href).toMatch(/^\/ProductView\/\d+$/);
    expect(new Set(hrefs).size).toBe(12);
    await expect(trending.getByRole('link', { name: 'Ver todos' })).toHaveAttribute('href', '/ProductList');

    // Hero carousel: the visible slide has "Ver Ofertas" leading to the list.
    const carousel = page.locator('[aria-roledescription="carrossel"]');
    await expect(carousel).toBeVisible();
    const offers = carousel.getByRole('link', { name: 'Ver Ofertas' });
    await expect(offers).toHaveCount(1); // only the current slide is exposed
    await expect(offers).toHaveAttribute('href', /^\/ProductList/);

    // Three collection cards with "30% OFF" and "Comprar" to the list.
    const collections = page.getByRole('region', { name: 'Coleções em destaque' });
    await expect(collections.getByRole('listitem')).toHaveCount(3);
    await expect(collections.getByText('30% OFF', { exact: true })).toHaveCount(3);
    const buy = collections.getByRole('link', { name: /Comprar/ });
    await expect(buy).toHaveCount(3);
    for (const href of await buy.evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
      expect(href).toMatch(/^\/ProductList\?/);
    }
    for (const name of ['Motor', 'Pistões', 'Filtros']) {
      await expect(collections.getByRole('heading', { name, exact: true })).toBeVisible();
    }

    // "Menu em destaque": Carros, Motos, Acessórios, Baterias to the list; Perfil to /Login.
    const menu = page.getByRole('region', { name: 'Menu em destaque' });
    for (const name of ['Carros', 'Motos', 'Acessórios', 'Baterias']) {
      await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute('href', /^\/ProductList\?/);
    }
    await expect(menu.getByRole('link', { name: 'Perfil', exact: true })).toHaveAttribute('href', '/Login');
  });

  test('carrossel tem controles acessíveis e "Próximo slide" mostra o slide 2', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const carousel = page.locator('[aria-roledescription="carrossel"]');
    const slide = (n: number) => carousel.getByRole('group', { name: `${n} de 4` });

    await expect(carousel.getByRole('button', { name: 'Slide anterior' })).toBeVisible();
    await expect(carousel.getByRole('button', { name: 'Próximo slide' })).toBeVisible();
    for (let i = 1; i <= 4; i++) await expect(carousel.getByRole('button', { name: `Ir para o slide ${i}` })).toBeVisible();

    await expect(slide(1)).toBeVisible();
    await expect(slide(2)).toBeHidden();
    await carousel.getByRole('button', { name: 'Próximo slide' }).click();
    // Focus/hover on the controls pauses auto-advance, so slide 2 stays.
    await expect(slide(2)).toBeVisible();
    await expect(slide(1)).toBeHidden();
    await expect(carousel.getByRole('button', { name: 'Ir para o slide 2' })).toHaveAttribute('aria-current', 'true');
    await expect(slide(2).getByRole('link', { name: 'Ver Ofertas' })).toBeVisible();

    await carousel.getByRole('button', { name: 'Slide anterior' }).click();
    await expect(slide(1)).toBeVisible();
    await carousel.getByRole('button', { name: 'Ir para o slide 4' }).click();
    await expect(slide(4)).toBeVisible();
    await carousel.getByRole('button', { name: 'Próximo slide' }).click();
    await expect(slide(1)).toBeVisible(); // wraps around
  });

  test('teclado: Tab chega primeiro em "Pular para o conteúdo" e logo depois na busca, com foco visível', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);

    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible(); // sr-only until focused
    const skipOutline = await skip.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(skipOutline).not.toBe('none');

    const search = page.getByPlaceholder('Pesquisar produto...');
    let reached = false;
    for (let i = 0; i < 4 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await search.evaluate((el) => el === document.activeElement);
    }
    expect(reached, 'a busca do cabeçalho deve receber foco em até 4 Tabs após o link de pular').toBe(true);
    const style = await search.evaluate((el) => {
      const cs = getComputedStyle(el);
      return { outlineStyle: cs.outlineStyle, outlineWidth: cs.outlineWidth };
    });
    expect(style.outlineStyle).not.toBe('none');
    expect(parseFloat(style.outlineWidth)).toBeGreaterThan(0);

    // The skip link really moves to the main content.
    await page.goto('/');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#conteudo$/);
  });
});
