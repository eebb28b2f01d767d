import { expect, test } from '@playwright/test';
import type { Page, TestInfo } from '@playwright/test';
import { apiProducts, checkoutStep, fillAddress, fillCard, fillEmail, openCartWith, openSuccessWith, placeOrderViaApi, productVariants, seedItem, startCheckout, stockedProducts } from './helpers.ts';

// Full-page and first-screen captures of the cart, checkout step 3 and the success page, for a human
// to look at; no pixel assertions.
async function capture(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 40));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
  const file = `test-results/screenshots/${name}.png`;
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
  const fold = `test-results/screenshots/${name}-primeira-tela.png`;
  await page.screenshot({ path: fold });
  await testInfo.attach(`${name}-primeira-tela`, { path: fold, contentType: 'image/png' });
}

for (const width of [390, 1280]) {
  test.describe(`capturas do checkout ${width}px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 800 }, reducedMotion: 'reduce' });

    test(`carrinho @${width}`, async ({ page, request }, testInfo) => {
      const products = await stockedProducts(request, 30, 300);
      const [shoe] = await apiProducts(request, 'categoria=calcados&ordem=a-z&limite=1');
      const variant = (await productVariants(request, shoe!.id)).find((v) => v.stock > 0)!;
      await openCartWith(page, [seedItem(products[24]!, 2), seedItem(shoe!, 1, { cor: variant.color, tamanho: variant.size }), seedItem(products[25]!, 1)]);
      await page.getByLabel('Cupom de desconto').fill('olimpo');
      await page.getByRole('button', { name: 'Aplicar' }).click();
      await page.getByLabel('Calcular frete (CEP)').fill('01001-000');
      await page.getByRole('button', { name: 'OK', exact: true }).click();
      await expect(page.getByText('Cupom aplicado: 10% de desconto.')).toBeVisible();
      await capture(page, testInfo, `carrinho-${width}`);
    });

    test(`checkout etapa 3 @${width}`, async ({ page, request }, testInfo) => {
      const products = await stockedProducts(request, 30, 300);
      await openCartWith(page, [seedItem(products[26]!, 2)]);
      await startCheckout(page);
      await fillEmail(page);
      await fillAddress(page);
      await fillCard(page);
      await page.getByLabel('Parcelas').selectOption('3');
      await expect(checkoutStep(page)).toHaveText('3. Pagamento');
      await capture(page, testInfo, `checkout-etapa3-${width}`);
    });

    test(`sucesso PIX @${width}`, async ({ page, request }, testInfo) => {
      const products = await stockedProducts(request, 30, 300);
      const data = await placeOrderViaApi(request, products[27]!, 'pix', { quantity: 2, shipping: 'express' });
      await openSuccessWith(page, data);
      await expect.poll(() => page.getByRole('img', { name: 'QR Code PIX do pedido' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await capture(page, testInfo, `sucesso-pix-${width}`);
    });
  });
}
