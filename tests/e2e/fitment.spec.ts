import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { newVisitor, signIn, createAccount, uniqueEmail } from './accounts-helpers.ts';
import { resultCards, resultCount, waitForHydration } from './helpers.ts';

const GOL = { tipo: 'Carros', marca: 'Volkswagen', modelo: 'Gol', ano: '2015', versao: '1.0 12V MPI Trendline' };
const GOL_LABEL = 'Gol 1.0 2015';
const GOL_FULL = 'Volkswagen Gol 1.0 12V MPI Trendline 2015';

/** The vehicle id of the Gol above, through the same API the selector uses. */
async function golId(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/vehicles?tipo=carros&marca=volkswagen&modelo=gol&ano=2015');
  const body = (await res.json()) as { options: { value: string; label: string }[] };
  return Number(body.options.find((o) => o.label === GOL.versao)!.value);
}

/** Fills a selector (Tipo → Versão/Motor) level by level, each list arriving after the previous choice. */
async function chooseVehicle(page: Page, scope: ReturnType<Page['locator']>) {
  for (const [label, value] of [
    ['Tipo', GOL.tipo],
    ['Marca', GOL.marca],
    ['Modelo', GOL.modelo],
    ['Ano', GOL.ano],
    ['Versão/Motor', GOL.versao],
  ] as const) {
    const select = scope.getByLabel(label, { exact: true });
    await expect(select).toBeEnabled();
    await expect(select.locator('option', { hasText: value })).toHaveCount(1);
    await select.selectOption({ label: value });
  }
  await scope.getByRole('button', { name: 'Usar este veículo' }).click();
}

test.describe('Compatibilidade: "Qual é o seu veículo?"', () => {
  test('escolher o Gol estreita a lista com o selo, o produto diz se serve e a escolha sobrevive ao recarregar', async ({ page, request, context }) => {
    const all = (await (await request.get('/api/products?limite=1')).json()) as { total: number };
    const id = await golId(request);
    const expected = (await (await request.get(`/api/products?vehicle=${id}&ano=2015&limite=1`)).json()) as { total: number };
    expect(expected.total).toBeGreaterThan(0);
    expect(expected.total).toBeLessThan(all.total);

    await page.goto('/ProductList');
    await waitForHydration(page);
    expect(await resultCount(page)).toBe(all.total);
    await chooseVehicle(page, page.getByRole('region', { name: 'Qual é o seu veículo?' }));

    // The list narrows to what fits (or is universal), with the badge on every card.
    await expect(page.getByRole('region', { name: 'Veículo' })).toContainText(`Mostrando só peças que servem no seu ${GOL_FULL}`);
    await expect(page).toHaveURL(/\/ProductList$/);
    expect(await resultCount(page)).toBe(expected.total);
    const cards = resultCards(page);
    const n = await cards.count();
    expect(n).toBe(Math.min(24, expected.total));
    for (let i = 0; i < n; i++) await expect(cards.nth(i)).toContainText(`Serve no seu ${GOL_LABEL}`);
    await expect(page.locator('header + div')).toContainText(`Meu veículo: ${GOL_LABEL}`);

    // The cookie: HttpOnly, SameSite=Lax.
    const cookie = (await context.cookies()).find((c) => c.name === 'olimpo_garagem');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    // A product made for the Gol: its page says it fits and lists the Gol in its compatibility table.
    const fitting = cards.filter({ hasNotText: '(universal)' }).first();
    const title = (await fitting.locator('h3').textContent())!.trim();
    await fitting.locator('h3 a').click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: `Serve no seu ${GOL_LABEL}` })).toBeVisible();
    const table = page.getByRole('table', { name: 'Veículos compatíveis' });
    await expect(table.getByRole('cell', { name: 'Volkswagen Gol' }).first()).toBeVisible();

    // The sample headlight is for a Volvo C70: it does not fit.
    await page.goto('/ProductView/1');
    await expect(page.getByRole('status').filter({ hasText: `Não serve no seu ${GOL_LABEL}` })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Veículos compatíveis' })).toContainText('Volvo C70');

    // A reload (and a new tab) keeps the vehicle: the server reads the cookie on the first request.
    await page.goto('/ProductList');
    await page.reload();
    await expect(page.locator('header + div')).toContainText(`Meu veículo: ${GOL_LABEL}`);
    expect(await resultCount(page)).toBe(expected.total);
    const other = await context.newPage();
    await other.goto('/ProductList');
    await expect(other.getByRole('region', { name: 'Veículo' })).toContainText(GOL_FULL);
    await other.close();

    // "Limpar" shows every product again; the garage keeps the Gol.
    await waitForHydration(page);
    await page.getByRole('region', { name: 'Veículo' }).getByRole('button', { name: 'Limpar veículo' }).click();
    await expect(page.getByRole('region', { name: 'Qual é o seu veículo?' })).toBeVisible();
    expect(await resultCount(page)).toBe(all.total);
    await page.goto('/garagem');
    await expect(page.getByRole('region', { name: 'Minha garagem' })).toContainText(GOL_FULL);
  });

  test('o seletor do cabeçalho busca cada lista na API e lembra o veículo', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const vehicleRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/vehicles')) vehicleRequests.push(r.url());
    });
    await page.getByRole('link', { name: /Qual é o seu veículo\?/ }).click();
    const panel = page.locator('#painel-veiculo');
    await expect(panel).toBeVisible();
    await chooseVehicle(page, panel);
    await expect(page.locator('header + div')).toContainText(`Meu veículo: ${GOL_LABEL}`);
    expect(vehicleRequests.length).toBe(4);
    expect(vehicleRequests.at(-1)).toMatch(/tipo=carros&marca=volkswagen&modelo=gol&ano=2015$/);
    // Home: "Produtos em alta" for the vehicle.
    await expect(page.getByRole('heading', { name: /Produtos em alta/ })).toContainText(`para o seu ${GOL_LABEL}`);
  });

  test('sem JavaScript, /garagem estreita passo a passo e salva o veículo', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/garagem?voltar=%2FProductList%3Fq%3Dfiltro');
    const steps = [
      ['Tipo', GOL.tipo, /tipo=carros/],
      ['Marca', GOL.marca, /marca=volkswagen/],
      ['Modelo', GOL.modelo, /modelo=gol/],
      ['Ano', GOL.ano, /ano=2015/],
    ] as const;
    for (const [label, value, url] of steps) {
      await page.getByLabel(label, { exact: true }).selectOption({ label: value });
      await page.getByRole('button', { name: 'Continuar' }).click();
      await expect(page).toHaveURL(url);
    }
    await page.getByLabel('Versão/Motor', { exact: true }).selectOption({ label: GOL.versao });
    await page.getByRole('button', { name: 'Usar este veículo' }).click();
    await expect(page).toHaveURL(/\/ProductList\?q=filtro$/);
    await expect(page.getByRole('region', { name: 'Veículo' })).toContainText(GOL_FULL);
    await expect(resultCards(page).first()).toContainText(`Serve no seu ${GOL_LABEL}`);
    await context.close();
  });

  test('a busca entende o veículo nas palavras: "filtro gol 2015"', async ({ page, request }) => {
    await page.goto('/ProductList?q=filtro%20gol%202015');
    await expect(page.getByRole('heading', { level: 1, name: 'Resultado para "filtro gol 2015"' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Veículo' })).toContainText('Entendemos “gol 2015” como o veículo Volkswagen Gol 2015');
    const api = (await (await request.get('/api/products?q=filtro%20gol%202015&limite=1')).json()) as { total: number; vehicle: { words: string } };
    expect(api.vehicle.words).toBe('gol 2015');
    expect(await resultCount(page)).toBe(api.total);
    const titles = await resultCards(page).locator('h3').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    for (const t of titles) expect(t).toMatch(/Filtro/);
    // Issue 17: the badge names the versions checked, not just the model ("Serve em Gol 1.0 2015").
    for (const card of await resultCards(page).all()) await expect(card).toContainText(/Serve em Gol \d\.\d 2015|Universal: serve em carros/);
  });

  test('axe: nenhuma violação séria ou crítica na lista com veículo ativo', async ({ page }) => {
    await page.goto('/ProductList');
    await waitForHydration(page);
    await chooseVehicle(page, page.getByRole('region', { name: 'Qual é o seu veículo?' }));
    await expect(page.getByRole('region', { name: 'Veículo' })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    if (bad.length) console.log(bad.map((v) => `- [${v.impact}] ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`).join('\n'));
    expect(bad.map((v) => `${v.id} (${v.nodes.length})`)).toEqual([]);
  });

  test('a garagem de quem entrou na conta vale numa nova sessão, em outro navegador', async ({ browser }) => {
    const email = uniqueEmail('garagem');
    const first = await newVisitor(browser);
    await createAccount(first.page, { email, name: 'Gabriela Garagem' });
    await first.page.goto('/ProductList');
    await waitForHydration(first.page);
    await chooseVehicle(first.page, first.page.getByRole('region', { name: 'Qual é o seu veículo?' }));
    await expect(first.page.getByRole('region', { name: 'Veículo' })).toContainText(GOL_FULL);
    await first.context.close();

    // Another browser: no garage cookie, only the account.
    const second = await newVisitor(browser);
    await signIn(second.page, email);
    expect((await second.context.cookies()).some((c) => c.name === 'olimpo_garagem')).toBe(false);
    await second.page.goto('/ProductList');
    await expect(second.page.getByRole('region', { name: 'Veículo' })).toContainText(`Mostrando só peças que servem no seu ${GOL_FULL}`);
    await second.context.close();
  });

  for (const width of [390, 1280]) {
    test(`capturas ${width}px: seletor, lista com veículo, página de produto`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      const shot = async (name: string) => {
        const file = `test-results/screenshots/compatibilidade-${name}-${width}.png`;
        await page.screenshot({ path: file, fullPage: false });
        await testInfo.attach(`${name}-${width}`, { path: file, contentType: 'image/png' });
      };
      await page.goto('/');
      await waitForHydration(page);
      await page.getByRole('link', { name: /Qual é o seu veículo\?/ }).click();
      const panel = page.locator('#painel-veiculo');
      for (const [label, value] of [
        ['Tipo', GOL.tipo],
        ['Marca', GOL.marca],
        ['Modelo', GOL.modelo],
        ['Ano', GOL.ano],
      ] as const) {
        await panel.getByLabel(label, { exact: true }).selectOption({ label: value });
      }
      await expect(panel.getByLabel('Versão/Motor', { exact: true })).toBeEnabled();
      await shot('seletor');
      await panel.getByLabel('Versão/Motor', { exact: true }).selectOption({ label: GOL.versao });
      await panel.getByRole('button', { name: 'Usar este veículo' }).click();
      // The choice is saved by the form's answer (it sets the cookie): leaving before it arrives loses it.
      await expect(page.locator('header + div')).toContainText(`Meu veículo: ${GOL_LABEL}`);
      await page.goto('/ProductList');
      await expect(page.getByRole('region', { name: 'Veículo' })).toBeVisible();
      await shot('lista');
      await page.screenshot({ path: `test-results/screenshots/compatibilidade-lista-${width}-inteira.png`, fullPage: true });
      // Open the first specific (not universal) part directly: a click can race hydration on a loaded machine.
      const href = await resultCards(page).filter({ hasNotText: '(universal)' }).first().locator('h3 a').getAttribute('href');
      await page.goto(href!);
      await expect(page.getByRole('status').filter({ hasText: 'Serve no seu' })).toBeVisible();
      await shot('produto');
      await page.locator('#compatibilidade').scrollIntoViewIfNeeded();
      await shot('produto-tabela');
      await page.goto('/ProductView/1');
      await shot('produto-nao-serve');
    });
  }
});
