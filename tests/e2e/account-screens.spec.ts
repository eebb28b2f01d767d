// Screenshots of the account, seller and admin pages at 390 px and 1280 px for a human to look at (no
// pixel assertions), and axe checks on the main forms.
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { expect, signInAsAdmin, signInAsAdminThroughForm, test } from './accounts-helpers.ts';
import { waitForHydration } from './helpers.ts';

// Whole flows (several pages, a second browser, the admin) on a shared 2-core machine: more time than the default.
test.describe.configure({ timeout: 90_000 });

async function shoot(page: Page, testInfo: TestInfo, name: string, width: number) {
  await waitForHydration(page);
  const file = `test-results/screenshots/conta-${name}-${width}.png`;
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(`${name}-${width}`, { path: file, contentType: 'image/png' });
}

for (const width of [390, 1280]) {
  test.describe(`capturas das páginas de conta ${width}px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 800 }, reducedMotion: 'reduce' });
    test(`contas @${width}`, async ({ page }, testInfo) => {
      for (const [name, path] of [
        ['login', '/Login'],
        ['registrar', '/Registrar'],
        ['esqueci-senha', '/EsqueciSenha'],
      ] as const) {
        await page.goto(path);
        await shoot(page, testInfo, name, width);
      }
      await page.goto('/Login');
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Acessar Conta' }).click();
      await expect(page.getByText('Informe a senha.')).toBeVisible();
      await shoot(page, testInfo, 'login-erros', width);

      await signInAsAdminThroughForm(page);
      await shoot(page, testInfo, 'home-logado', width);
      await page.locator('header summary', { hasText: 'Olá,' }).click();
      await page.screenshot({ path: `test-results/screenshots/conta-menu-${width}.png` });
      for (const [name, path] of [
        ['minha-conta', '/MinhaConta'],
        ['cadastrar-cliente', '/CustomerForm'],
        ['informacoes', '/Informacoes'],
        ['enderecos', '/CriarFormulario'],
        ['cadastrar-produto', '/CriarProduto'],
        ['meus-produtos', '/MeusProdutos'],
        ['admin-vendedores', '/Admin/Vendedores'],
        ['cadastrar-vendedor', '/SellerForm'],
      ] as const) {
        await page.goto(path);
        await shoot(page, testInfo, name, width);
      }
      await page.goto('/CriarProduto');
      await waitForHydration(page);
      await page.getByLabel('Em promoção (desconto)', { exact: true }).check();
      await page.getByRole('button', { name: 'Cadastrar Produto' }).click();
      await expect(page.getByText('Informe o título.')).toBeVisible();
      await shoot(page, testInfo, 'cadastrar-produto-erros', width);
    });
  });
}

test('axe: nenhuma violação séria ou crítica nas páginas de conta', async ({ page }) => {
  const check = async (path: string) => {
    await page.goto(path);
    await waitForHydration(page);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${path}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
  };
  for (const path of ['/Login', '/Registrar', '/EsqueciSenha']) await check(path);
  await signInAsAdmin(page);
  for (const path of ['/MinhaConta', '/CustomerForm', '/CriarFormulario', '/CriarProduto', '/Admin/Vendedores']) await check(path);
});
