import { expect, test } from '@playwright/test';
import { apiProducts, brl, cartSummary, dtValue, openCartWith, productVariants, seedItem } from './helpers.ts';

// The cart at 360 px, a very common Android width: a long title, a variant (colour and size) and a coupon
// must fit without sideways scroll (a shopper reported scrollWidth 377).

const noSidewaysScroll = async (page: import('@playwright/test').Page, label: string) => {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll, `${label}: scrollWidth ${scroll} > clientWidth ${client}`).toBeLessThanOrEqual(client);
};

test('o carrinho com título longo, variação e cupom cabe em 360 px sem rolagem lateral', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const items = await apiProducts(request, 'ordem=a-z&limite=200');
  const long = items.filter((p) => p.category !== 'calcados' && p.stock >= 5).sort((a, b) => b.title.length - a.title.length)[0]!;
  expect(long.title.length).toBeGreaterThan(50);
  let shoe: { product: (typeof items)[number]; color: string; size: string } | null = null;
  for (const p of await apiProducts(request, 'categoria=calcados&ordem=a-z&limite=20')) {
    const v = (await productVariants(request, p.id)).find((x) => x.stock >= 2);
    if (v) {
      shoe = { product: p, color: v.color, size: v.size };
      break;
    }
  }
  expect(shoe).not.toBeNull();
  await openCartWith(page, [seedItem(long, 2), seedItem(shoe!.product, 1, { cor: shoe!.color, tamanho: shoe!.size })]);
  await expect(page.getByText(`Tamanho: ${shoe!.size}`)).toBeVisible();
  await noSidewaysScroll(page, 'carrinho');

  await page.getByLabel('Cupom de desconto').fill('OLIMPO');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByText('Cupom aplicado: 10% de desconto.')).toBeVisible();
  await expect(dtValue(cartSummary(page), 'Desconto')).toHaveText(/^− R\$/);
  await noSidewaysScroll(page, 'carrinho com cupom');

  // A CEP checked adds the freight line and the installments sentence.
  const cep = page.getByLabel(/CEP/).first();
  await cep.fill('01001-000');
  await cep.press('Enter');
  await expect(dtValue(cartSummary(page), /Frete/)).toHaveText(brl(4000));
  await noSidewaysScroll(page, 'carrinho com cupom e frete');
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/carrinho-360.png`, fullPage: true });
});
