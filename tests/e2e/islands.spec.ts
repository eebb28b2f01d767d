import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { waitForHydration } from './helpers.ts';

// Static islands (app/components/Static.tsx, issue 16): the cards and the footer keep the server's markup
// while the page hydrates, and still behave as before for the shopper.

/** Whether React hydrated this element (it then carries React's internal props). */
const hydrated = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps')));

/** A value on window survives only client-side navigations (a page load starts a new window object). */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { ilha?: number }).ilha = 42));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { ilha?: number }).ilha === 42);

/** Opens /ProductList, marks the window and goes to page 2 by its link, until the new cards are shown. */
async function toSecondListPage(page: Page) {
  await page.goto('/ProductList');
  await waitForHydration(page);
  await mark(page);
  const firstPage = await page.locator('main article h3 a').allTextContents();
  await page.getByRole('link', { name: 'Página 2' }).click();
  await expect(page).toHaveURL(/pagina=2/);
  await expect.poll(async () => (await page.locator('main article h3 a').allTextContents()).join('|')).not.toBe(firstPage.join('|'));
}

/** Hovers the list's first card and waits for its page to be prefetched, exactly once; returns the card and its href. */
async function hoverFirstCardPrefetches(page: Page) {
  const card = page.locator('main article h3 a').first();
  const href = (await card.getAttribute('href'))!;
  const data = page.waitForRequest((r) => r.url().includes(`${href}.data`));
  await card.hover();
  await data;
  await expect(page.locator(`link[rel="prefetch"][href*="${href}.data"]`)).toHaveCount(1);
  return { card, href };
}

test.describe('Ilhas estáticas', () => {
  test('cards e rodapé não são hidratados, o cabeçalho é; a marcação é a do servidor', async ({ page, request }) => {
    const serverHtml = await (await request.get('/')).text();
    await page.goto('/');
    await waitForHydration(page);
    expect(await hydrated(page, 'header a[href="/Cart"]')).toBe(true);
    expect(await hydrated(page, 'section[aria-labelledby="em-alta"] article a')).toBe(false);
    expect(await hydrated(page, 'footer a[href="/sobre-nos"]')).toBe(false);
    // The island's element is React's (its click handler), with the server's inner markup.
    expect(await hydrated(page, 'footer')).toBe(true);
    const footer = await page.locator('footer').evaluate((el) => el.innerHTML);
    expect(serverHtml).toContain(footer);
  });

  test('clicar num card navega sem recarregar a página, e o rodapé também', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await mark(page);
    const card = page.locator('section[aria-labelledby="em-alta"] article h3 a').first();
    const title = (await card.textContent())!.trim();
    await card.click();
    await expect(page).toHaveURL(/\/ProductView\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(await marked(page)).toBe(true);

    await page.locator('footer a[href="/sobre-nos"]').click();
    await expect(page).toHaveURL(/\/sobre-nos$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sobre Nós' })).toBeVisible();
    expect(await marked(page)).toBe(true);
  });

  test('passar o mouse num card pré-carrega a página do produto (prefetch="intent")', async ({ page }) => {
    await page.goto('/ProductList');
    await waitForHydration(page);
    await hoverFirstCardPrefetches(page);
  });

  test('na página seguinte da lista os cards são os novos produtos, como o servidor os mostra', async ({ page }) => {
    await toSecondListPage(page);
    expect(await marked(page)).toBe(true);
    // Rendered in the browser from the new page's data (ProductCard.tsx): the same cards the server renders
    // for that address.
    const grid = 'main ul.grid[data-static]';
    const same = await page.evaluate(
      async ({ url, grid }) => {
        const served = new DOMParser().parseFromString(await (await fetch(url)).text(), 'text/html');
        // The same DOM: attribute order and the server's text separators (<!-- -->) aside.
        const clean = (root: Element) => {
          const copy = root.cloneNode(true) as Element;
          const walker = document.createTreeWalker(copy, NodeFilter.SHOW_COMMENT);
          const comments: Node[] = [];
          while (walker.nextNode()) comments.push(walker.currentNode);
          for (const c of comments) c.parentNode!.removeChild(c);
          copy.normalize();
          return copy;
        };
        const shown = document.querySelector(grid)!;
        return shown.innerHTML.includes('<article') && clean(shown).isEqualNode(clean(served.querySelector(grid)!));
      },
      { url: page.url(), grid },
    );
    expect(same).toBe(true);
  });

  test('os cards renderizados no navegador também navegam sem recarregar e pré-carregam uma vez', async ({ page }) => {
    // Their links are plain anchors (IslandLink): the island's handlers must stay once its children are live.
    await toSecondListPage(page);
    const { card, href } = await hoverFirstCardPrefetches(page);
    const title = (await card.textContent())!.trim();
    await card.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(await marked(page)).toBe(true);
  });

  test('os filtros da lista não são hidratados e ainda filtram ao clicar; voltar restaura a escolha', async ({ page }) => {
    // A catalog's brands are a hundred inputs: React hydrates the form, not its choices.
    await page.goto('/ProductList');
    await waitForHydration(page);
    await mark(page);
    expect(await hydrated(page, '#filtros')).toBe(true);
    expect(await hydrated(page, '#filtros input[name="marca"]')).toBe(false);
    expect(await hydrated(page, '#filtros input[name="categoria"]')).toBe(false);
    const hydratedElements = await page.evaluate(() => {
      const all = document.body.querySelectorAll('*').length;
      const inIslands = [...document.querySelectorAll('[data-static]')].reduce((n, el) => n + el.querySelectorAll('*').length, 0);
      return all - inIslands;
    });
    expect(hydratedElements).toBeLessThan(300);

    await page.getByRole('checkbox', { name: /^Bosch/ }).check();
    await expect(page).toHaveURL(/[?&]marca=bosch(&|$)/);
    await expect(page.getByRole('checkbox', { name: /^Bosch/ })).toBeChecked();
    // The URL changes before React commits the new list, so wait for the cards rather than reading them once.
    const brands = page.locator('main article p.uppercase');
    await expect(brands.first()).toBeVisible();
    await expect(brands.filter({ hasNotText: /^\s*bosch\s*$/i })).toHaveCount(0);
    expect(await marked(page)).toBe(true);

    await page.goBack();
    await expect(page).toHaveURL(/\/ProductList$/);
    await expect(page.getByRole('checkbox', { name: /^Bosch/ })).not.toBeChecked();
  });
});
