// The pages run under a Content-Security-Policy without 'unsafe-eval': no script on them may try eval() or
// new Function(). zod probes for eval when a module builds an object schema, so a schema riding into a page's
// bundle (a product card's stars importing the review form's rules, the checkout's step validation) made
// Chromium log a CSP issue and cost Lighthouse's best practices its 100. The client build now runs zod
// jitless (vite/zod-without-eval.ts); this walks every page a shopper reaches, as a guest and signed in.
import type { Page } from '@playwright/test';
import { expect, createAccount, test, uniqueEmail } from './accounts-helpers.ts';
import { placeOrderViaApi, seedCart, seedItem, stockedProducts, waitForHydration } from './helpers.ts';

/** Opens `path` and returns the CSP issues Chromium reported while it loaded and hydrated. */
async function cspIssuesOn(page: Page, path: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const issues: string[] = [];
  cdp.on('Audits.issueAdded', (e: { issue: { code: string; details: unknown } }) => {
    if (e.issue.code === 'ContentSecurityPolicyIssue') issues.push(JSON.stringify(e.issue.details));
  });
  await cdp.send('Audits.enable');
  await page.goto(path);
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  return issues;
}

for (const path of ['/', '/Cart', '/ProductList?q=farol', '/ProductView/1', '/Login', '/Registrar', '/AcompanharPedido', '/Favoritos', '/garagem']) {
  test(`${path} runs no eval that the script policy refuses`, async ({ page }) => {
    expect(await cspIssuesOn(page, path)).toEqual([]);
  });
}

test('the checkout, with a cart, runs no eval that the script policy refuses', async ({ page, request }) => {
  const [p] = await stockedProducts(request, 20, 400);
  await seedCart(page, [seedItem(p!)]);
  expect(await cspIssuesOn(page, '/Checkout')).toEqual([]);
});

test("an order's page and the success page run no eval that the script policy refuses", async ({ page, request }) => {
  const [p] = await stockedProducts(request, 20, 400);
  const placed = await placeOrderViaApi(request, p!, 'pix');
  const token = `?token=${encodeURIComponent(placed.accessToken!)}`;
  expect(await cspIssuesOn(page, `/Pedidos/${placed.order.number}${token}`)).toEqual([]);
  await page.evaluate((v) => localStorage.setItem('lastOrder', JSON.stringify(v)), placed);
  expect(await cspIssuesOn(page, '/Sucesso')).toEqual([]);
});

test('the account pages run no eval that the script policy refuses', async ({ page }) => {
  await createAccount(page, { email: uniqueEmail('politica'), name: 'Paula Política' });
  for (const path of ['/MinhaConta', '/Informacoes', '/CriarFormulario', '/Favoritos', '/Pedidos', '/garagem']) {
    expect(await cspIssuesOn(page, path), path).toEqual([]);
  }
});
