import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { checkoutStep, fillAddress, fillCard, fillEmail, openCartWith, openSuccessWith, placeOrderViaApi, seedItem, startCheckout, stockedProducts } from './helpers.ts';

// Axe as in a11y.spec.ts, on the cart with items, the checkout steps and the success page.
async function expectNoSeriousViolations(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length) {
    console.log(
      `Violações em ${name}:\n` +
        bad.map((v) => `- [${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} :: ${n.failureSummary?.replace(/\n/g, ' ')}`).join('\n')}`).join('\n'),
    );
  }
  expect(bad.map((v) => `${v.id} (${v.nodes.length})`)).toEqual([]);
}

test.describe('axe: carrinho, checkout e sucesso', () => {
  test('axe: /Cart com itens, cupom e CEP com erro', async ({ page, request }) => {
    const products = await stockedProducts(request, 30, 300);
    await openCartWith(page, [seedItem(products[20]!, 2), seedItem(products[21]!, 1)]);
    await page.getByLabel('Cupom de desconto').fill('errado');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(page.getByText('Código de desconto incorreto!')).toBeVisible();
    await page.getByLabel('Calcular frete (CEP)').fill('123');
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    await expect(page.getByText('CEP inválido. Por favor, insira um CEP válido.')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, '/Cart');
  });

  test('axe: /Checkout etapas 2, 3 e 4', async ({ page, request }) => {
    // Three axe runs and a checkout: 30 s was not enough on a slower 2-core machine (2026-11-25).
    test.slow();
    const products = await stockedProducts(request, 30, 300);
    await openCartWith(page, [seedItem(products[22]!, 1)]);
    await startCheckout(page);
    await fillEmail(page);
    await page.getByRole('button', { name: 'Continuar', exact: true }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoSeriousViolations(page, '/Checkout etapa 2');
    await fillAddress(page);
    await fillCard(page);
    await expectNoSeriousViolations(page, '/Checkout etapa 3');
    await page.getByRole('button', { name: 'Continuar', exact: true }).click();
    await expect(checkoutStep(page)).toHaveText('4. Confirmação');
    await expectNoSeriousViolations(page, '/Checkout etapa 4');
  });

  for (const payment of ['pix', 'boleto', 'credit'] as const) {
    test(`axe: /Sucesso (${payment})`, async ({ page, request }) => {
      const products = await stockedProducts(request, 30, 300);
      const data = await placeOrderViaApi(request, products[23]!, payment, { installments: payment === 'credit' ? 2 : 1 });
      await openSuccessWith(page, data);
      await page.waitForLoadState('networkidle');
      await expectNoSeriousViolations(page, `/Sucesso (${payment})`);
    });
  }
});
