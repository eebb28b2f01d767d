// Expedição with the embedded table provider (no carrier account): the owner signs in, finds the invoiced order,
// prints the store's own label (recipient with the CEP formatted, weight, declaração de conteúdo), types
// the Correios code and ships it; the shopper then sees the shipment on the order page's timeline.
// Captures at 360 and 1280 px go to SHOTS_DIR when set.
import { checkLayout, shot } from './page-checks.ts';
import { expect, newVisitor, signInAsAdmin, test } from './accounts-helpers.ts';
import { placeOrderViaApi, stockedProducts } from './helpers.ts';

test('o dono imprime a etiqueta da loja, informa o código dos Correios e o cliente vê o envio no pedido', async ({ page, request, browser }) => {
  const [p] = await stockedProducts(request, 1, 80);
  const placed = await placeOrderViaApi(request, p!, 'credit', { email: `expedicao-${Date.now()}@example.com` });
  const number = placed.order.number;

  await signInAsAdmin(page);
  await page.goto('/Admin');
  await page.getByRole('navigation', { name: 'Administração' }).getByRole('link', { name: 'Expedição' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Expedição' })).toBeVisible();
  // A paid order ships once the NF-e job (sandbox) has invoiced it: it then shows in Expedição as Faturado.
  const listed = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Pedido #${number}` }) });
  await expect(async () => {
    await page.reload();
    await expect(listed).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText(/Frete por tabela \(sem conta de transportadora\): não há etiqueta para comprar/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Comprar etiquetas' })).toHaveCount(0);
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Pedido #${number}` }) });
  await expect(row).toContainText('Faturado');
  await expect(row).toContainText('CEP 01001-000');
  await expect(row).toContainText(/\d,\d+ kg|sem peso cadastrado/);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await checkLayout(page, `Expedição @ ${width}`);
    await shot(page, `expedicao-${width}`);
  }

  await row.getByRole('checkbox', { name: `Selecionar pedido #${number}` }).check();
  await page.getByRole('button', { name: 'Imprimir etiquetas da loja' }).click();
  await expect(page).toHaveURL(new RegExp(`/Admin/Expedicao/etiquetas\\?(.*&)?pedido=${number}(&|$)`));
  const label = page.getByRole('article', { name: `Pedido #${number}` });
  await expect(label.getByRole('region', { name: 'Destinatário' })).toContainText('Maria da Silva');
  await expect(label.getByRole('region', { name: 'Destinatário' })).toContainText('CEP 01001-000');
  await expect(label.getByRole('region', { name: 'Remetente' })).toContainText('CNPJ 12.345.678/0001-95');
  await expect(label).toContainText(/Peso: \d,\d+ kg/);
  // The NF-e's access key, in groups of four as on the DANFE.
  await expect(label).toContainText(/Chave de acesso da NF-e\s*(\d{4} ){10}\d{4}/);
  await expect(label.getByRole('region', { name: 'Declaração de conteúdo' })).toContainText(p!.title);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await checkLayout(page, `Etiquetas @ ${width}`);
    await shot(page, `etiqueta-loja-${width}`);
  }

  await page.getByRole('link', { name: '← Expedição' }).click();
  const again = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Pedido #${number}` }) });
  await again.getByLabel(`Código de rastreio do pedido #${number}`).fill('ab123456789br');
  await again.getByRole('button', { name: 'Marcar como enviado' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Pedido #${number} enviado com o código AB123456789BR` })).toBeVisible();
  await expect(page.getByRole('link', { name: `Pedido #${number}` })).toHaveCount(0);

  // The shopper (the order's link, as in the confirmation e-mail) sees the shipment on the timeline.
  const shopper = await newVisitor(browser);
  await shopper.page.goto(`/Pedidos/${number}?token=${encodeURIComponent(placed.accessToken!)}`);
  await expect(shopper.page.getByText('Situação: Enviado')).toBeVisible();
  const tracking = shopper.page.getByRole('list').filter({ hasText: 'Código de rastreio: AB123456789BR' });
  await expect(tracking).toBeVisible();
  await expect(shopper.page.getByRole('heading', { name: 'Rastreamento' })).toBeVisible();
  for (const width of [360, 1280]) {
    await shopper.page.setViewportSize({ width, height: 900 });
    await checkLayout(shopper.page, `Pedido enviado @ ${width}`);
    await shot(shopper.page, `pedido-rastreamento-${width}`);
  }
  await shopper.context.close();
});
