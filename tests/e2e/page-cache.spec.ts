// The page cache never serves one shopper's page to another (issue 16): anonymous visitors are served the
// shared pages, a signed-in shopper with a cart and a vehicle gets pages of their own (never stored, never
// shared), and the anonymous pages rendered around theirs show nothing of them.
import { expect, test } from '@playwright/test';
import type { Page, Response } from '@playwright/test';
import { newVisitor, createAccount, uniqueEmail } from './accounts-helpers.ts';
import { waitForHydration } from './helpers.ts';

const GOL = { tipo: 'Carros', marca: 'Volkswagen', modelo: 'Gol', ano: '2015', versao: '1.0 12V MPI Trendline' };
const GOL_LABEL = 'Gol 1.0 2015';
const SHARED = ['/', '/ProductList?q=farol', '/ProductView/1', '/sobre-nos'];

async function chooseVehicle(page: Page) {
  await page.goto('/ProductList');
  await waitForHydration(page);
  const scope = page.getByRole('region', { name: 'Qual é o seu veículo?' });
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
  await expect(page.locator('header + div')).toContainText(`Meu veículo: ${GOL_LABEL}`);
}

const headersOf = (res: Response | null) => res?.headers() ?? {};

test('anonymous pages stay anonymous and personal pages stay personal', async ({ browser }) => {
  // Three visitors, a sign-up, a cart and a vehicle: longer than one page's test on a loaded machine.
  test.setTimeout(90_000);
  const first = await newVisitor(browser);
  // Anonymous visits fill the cache.
  for (const url of SHARED) {
    const h = headersOf(await first.page.goto(url));
    expect(h['cache-control'], url).toMatch(/^public, max-age=\d+/);
    expect(h['vary'], url).toBe('Cookie, Accept-Encoding');
    expect(h['etag'], url).toBeTruthy();
  }
  await first.context.close();

  // A shopper signs in, fills a cart and picks a vehicle.
  const email = uniqueEmail('cache');
  const shopper = await newVisitor(browser);
  await createAccount(shopper.page, { email, name: 'Zuleica Cacheteste' });
  await shopper.page.goto('/ProductView/2');
  await waitForHydration(shopper.page);
  await shopper.page.getByRole('button', { name: 'Comprar', exact: true }).click();
  await expect(shopper.page.locator('header a[href="/Cart"]')).toContainText('1');
  await chooseVehicle(shopper.page);
  for (const url of SHARED) {
    const res = await shopper.page.goto(url);
    const h = headersOf(res);
    expect(h['cache-control'], `${url} (cliente)`).toBe('private, no-store');
    expect(h['x-page-cache'], `${url} (cliente)`).toBeUndefined();
    expect(h['etag'], `${url} (cliente)`).toBeUndefined();
    await expect(shopper.page.locator('header')).toContainText('Zuleica');
    await expect(shopper.page.locator('header + div')).toContainText(`Meu veículo: ${GOL_LABEL}`);
  }
  const account = await shopper.page.goto('/MinhaConta');
  expect(headersOf(account)['cache-control']).toBe('private, no-store');
  await expect(shopper.page.getByText(email)).toBeVisible();

  // Another visitor, right after: the shared pages, with nothing of the shopper in them.
  const other = await newVisitor(browser);
  for (const url of SHARED) {
    const res = await other.page.goto(url);
    const h = headersOf(res);
    expect(h['x-page-cache'], url).toMatch(/^(HIT|STALE|MISS)$/);
    const html = await res!.text();
    expect(html, url).not.toContain(email);
    expect(html, url).not.toContain('Zuleica');
    expect(html, url).not.toContain('Meu veículo');
    await waitForHydration(other.page);
    await expect(other.page.locator('header')).not.toContainText('Zuleica');
    await expect(other.page.locator('header + div')).not.toContainText('Meu veículo');
    await expect(other.page.locator('header a[href="/Cart"]')).not.toContainText('1');
  }
  // Personal pages stay personal: the other visitor is asked to sign in.
  await other.page.goto('/MinhaConta');
  await expect(other.page).toHaveURL(/\/Login/);
  await other.context.close();

  // The shopper still sees their own pages after the anonymous ones were served.
  await shopper.page.goto('/');
  await expect(shopper.page.locator('header')).toContainText('Zuleica');
  await shopper.context.close();
});

test('a cached page revalidated by the browser (304) keeps its script policy and still starts up', async ({ page, request }) => {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to execute/i.test(m.text())) refused.push(m.text());
  });
  const first = await page.goto('/ProductList?q=vela');
  await waitForHydration(page);
  const etag = headersOf(first)['etag']!;
  const policy = headersOf(first)['content-security-policy']!;
  expect(policy).toContain("'sha256-");
  // The server's answer to the browser's conditional request carries the page's own policy, not the default.
  const revalidated = await request.get('/ProductList?q=vela', { headers: { 'If-None-Match': etag } });
  expect(revalidated.status()).toBe(304);
  expect(revalidated.headers()['content-security-policy']).toBe(policy);
  // A reload revalidates the stored page; its inline scripts still run and the page hydrates.
  await page.reload();
  await waitForHydration(page);
  expect(refused).toEqual([]);
});
