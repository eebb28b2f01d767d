import { expect, test } from '@playwright/test';
import { E2E_PORT } from './e2e-config.ts';

const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

test.describe('404', () => {
  for (const path of ['/qualquer-coisa', '/Error', '/ProductView/999999']) {
    test(`${path} mostra a página 404 com status 404`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Error 404' })).toBeVisible();
      const home = page.getByRole('link', { name: 'Voltar para Home' });
      await expect(home).toHaveAttribute('href', '/');
      await home.click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { name: 'Produtos em alta' })).toBeVisible();
    });
  }
});

test.describe('Rodapé', () => {
  test('links institucionais abrem páginas com conteúdo', async ({ page }) => {
    for (const title of ['Sobre Nós', 'Segurança', 'Blog', 'Trabalhe conosco']) {
      await page.goto('/');
      const link = page.locator('footer').getByRole('link', { name: title, exact: true });
      const href = (await link.getAttribute('href'))!;
      const response = await page.goto(href);
      expect(response?.status(), href).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const text = (await page.locator('main').textContent()) ?? '';
      expect(text.length, `${href} deve ter conteúdo`).toBeGreaterThan(200);
    }
    // "Segurança" tells how data and payments are protected.
    await page.goto('/seguranca');
    await expect(page.locator('main')).toContainText(/pagamento/i);
    await expect(page.locator('main')).toContainText(/dados/i);
  });

  test('links de categoria, redes sociais, copyright e CNPJ', async ({ page }) => {
    await page.goto('/');
    const footer = page.locator('footer');

    for (const [name, slug] of [
      ['Frenagem', 'freios'],
      ['Filtros', 'filtros'],
      ['Motor', 'motor'],
      ['Freio', 'freios'],
      ['Acessórios', 'acessorios'],
    ] as const) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', `/ProductList?categoria=${slug}`);
    }
    await footer.getByRole('link', { name: 'Frenagem', exact: true }).click();
    await expect(page).toHaveURL(/\/ProductList\?categoria=freios$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Freios' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Resultados' }).locator('article').first()).toBeVisible();

    const social = footer.getByRole('list', { name: 'Redes sociais' }).getByRole('link');
    expect(await social.count()).toBeGreaterThanOrEqual(3);
    for (const link of await social.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      const rel = ((await link.getAttribute('rel')) ?? '').split(/\s+/);
      expect(rel).toContain('noopener');
      expect(rel).toContain('noreferrer');
      await expect(link).toHaveAttribute('href', /^https:\/\//);
    }

    const copyright = footer.getByText(/Todos os Direitos Reservados/);
    await expect(copyright).toBeVisible();
    await expect(copyright).toContainText('2025');
    await expect(footer.getByText(/CNPJ\s+\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}/)).toBeVisible();
    await expect(footer.locator('address')).toContainText(/\(\d{2}\) \d{4,5}-\d{4}/);
  });
});

test.describe('SEO', () => {
  for (const path of ['/', '/ProductList?q=farol', '/ProductView/1']) {
    test(`${path}: lang, título, descrição e canonical absoluto`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
      const title = await page.title();
      expect(title.trim().length).toBeGreaterThan(5);
      expect(title).toContain('Olimpo Peças');
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.trim().length ?? 0).toBeGreaterThan(20);
      await expect(page.locator('meta[name="description"]')).toHaveCount(1);
      const canonical = page.locator('link[rel="canonical"]');
      await expect(canonical).toHaveCount(1);
      const href = (await canonical.getAttribute('href'))!;
      expect(href).toMatch(/^https?:\/\//);
      const url = new URL(href);
      expect(url.origin).toBe(ORIGIN);
      expect(url.pathname).toBe(new URL(path, 'http://x').pathname);
      await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
    });
  }

  test('sitemap.xml e robots.txt', async ({ request }) => {
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()['content-type']).toContain('xml');
    const xml = await sitemap.text();
    expect(xml).toContain('<urlset');
    expect(xml).toContain(`<loc>${ORIGIN}/ProductView/1</loc>`);

    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    const text = await robots.text();
    expect(text.split('\n')).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  test('/Cart pode ser indexada (a mesma página vazia para todos); checkout e conta, não', async ({ request }) => {
    const lines = (await (await request.get('/robots.txt')).text()).split('\n');
    expect(lines).toContain('Disallow: /Checkout');
    expect(lines).not.toContain('Disallow: /Cart');
    const noindex = /<meta name="robots" content="noindex"/;
    const cart = await (await request.get('/Cart')).text();
    expect(cart).not.toMatch(noindex);
    expect(cart).toContain(`<link rel="canonical" href="${ORIGIN}/Cart"`);
    for (const path of ['/Checkout', '/Login', '/Registrar', '/Sucesso']) {
      expect(await (await request.get(path)).text(), path).toMatch(noindex);
    }
  });
});
