// NF-e for a paid order, as the buyer sees it: the order turns "Faturado" (the sandbox's nota, issued by the
// job), its page links the DANFE and the XML, and the DANFE reads in pt-BR with the emitente, the buyer's
// formatted CPF, the key in groups of four, NCM and CFOP, marked "SEM VALOR FISCAL" in homologação.
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { placeOrderViaApi, stockedProducts } from './helpers.ts';
import { checkLayout, shot } from './page-checks.ts';
import { signInAsAdmin } from './accounts-helpers.ts';

async function paidOrderPage(page: Page, request: Parameters<typeof placeOrderViaApi>[0]) {
  const [p] = await stockedProducts(request, 1, 80);
  const placed = await placeOrderViaApi(request, p!, 'pix', { quantity: 2, email: `nota-${Date.now()}@example.com` });
  const token = placed.accessToken!;
  const q = `?token=${encodeURIComponent(token)}`;
  expect((await request.post(`/api/payments/sandbox/${placed.order.number}/pay${q}`)).status()).toBe(200);
  await page.goto(`/Pedidos/${placed.order.number}${q}`);
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(/Situação:/)).toHaveText(/Situação: Faturado$/, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  return { number: placed.order.number, q };
}

test('um pedido pago fica Faturado e abre o DANFE e o XML da nota em pt-BR', async ({ page, request }) => {
  const { number } = await paidOrderPage(page, request);
  // The timeline has Faturado between Pago and Em separação, reached.
  const steps = page.getByRole('region', { name: 'Andamento' }).getByRole('listitem');
  await expect(steps).toHaveText([/Aguardando pagamento/, /Pago/, /Faturado/, /Em separação/, /Enviado/, /Entregue/]);
  await expect(steps.nth(2)).toHaveAttribute('aria-current', 'step');

  const nota = page.getByRole('region', { name: 'Nota fiscal' });
  await expect(nota).toContainText(/NF-e nº \d+ · Autorizada/);
  await nota.getByRole('link', { name: 'Ver DANFE (nota fiscal)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'DANFE · Documento Auxiliar da Nota Fiscal Eletrônica' })).toBeVisible();
  await expect(page.getByRole('note')).toHaveText('SEM VALOR FISCAL — ambiente de homologação');
  await expect(page.getByText(`Nota fiscal de venda do pedido #${number}`)).toBeVisible();
  const key = page.getByRole('region', { name: 'Chave de acesso' }).locator('p').first();
  await expect(key).toHaveText(/^35\d{2} (\d{4} ){9}\d{4}$/);
  await expect(page.getByRole('region', { name: 'Emitente' })).toContainText('Olimpo Peças Automotivas Ltda.');
  await expect(page.getByRole('region', { name: 'Emitente' })).toContainText('CNPJ 12.345.678/0001-95');
  const dest = page.getByRole('region', { name: 'Destinatário' });
  await expect(dest).toContainText('Maria da Silva');
  await expect(dest).toContainText('529.982.247-25');
  await expect(dest).toContainText('01001-000');
  const items = page.getByRole('region', { name: 'Dados dos produtos' });
  await expect(items.getByRole('columnheader')).toHaveText(['Código', 'Descrição', 'NCM', 'CFOP', 'Un.', 'Qtd.', 'Valor unit.', 'Valor total']);
  await expect(items.getByRole('row').nth(1).getByRole('cell').nth(2)).toHaveText(/^\d{4}\.\d{2}\.\d{2}$/);
  await expect(items.getByRole('row').nth(1).getByRole('cell').nth(3)).toHaveText('5102');
  await expect(items.getByRole('row').nth(1).getByRole('cell').nth(5)).toHaveText('2');
  await expect(page.getByRole('region', { name: 'Cálculo do imposto e totais' })).toContainText(/Valor total da nota\s*R\$\s[\d.]+,\d{2}/);
  await expect(page.getByText(/^Pagamento: PIX · R\$/)).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Baixar XML da nota' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^NFe\d{44}\.xml$/);
  const xml = fs.readFileSync((await download.path())!, 'utf8');
  expect(xml).toContain('<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">');
  expect(xml).toContain('SEM VALOR FISCAL — ambiente de homologação');
  expect(xml).toContain('<CFOP>5102</CFOP>');
  expect(xml).toContain('<CPF>52998224725</CPF>');
});

for (const width of [360, 1280]) {
  test(`DANFE e pedido faturado sem rolagem lateral e acessíveis @${width}`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    const { number, q } = await paidOrderPage(page, request);
    await checkLayout(page, `pedido faturado ${width}`);
    await shot(page, `pedido-faturado-${width}`);
    await page.goto(`/Pedidos/${number}/nota-fiscal${q}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('DANFE · Documento Auxiliar da Nota Fiscal Eletrônica');
    await checkLayout(page, `DANFE ${width}`);
    await shot(page, `danfe-${width}`);
  });
}

test('sem o token do pedido, o DANFE e o XML não abrem', async ({ page, request }) => {
  const { number } = await paidOrderPage(page, request);
  const res = await page.goto(`/Pedidos/${number}/nota-fiscal`);
  expect(res?.status()).toBe(404);
  const xml = await request.get(`/Pedidos/${number}/nota-fiscal.xml`);
  expect(xml.status()).toBe(404);
});

test('no back office o pedido faturado mostra a NF-e com chave, DANFE e XML, e o romaneio leva a chave', async ({ page, request }) => {
  const { number } = await paidOrderPage(page, request);
  await signInAsAdmin(page);
  await page.goto(`/Admin/Pedidos/${number}`);
  const panel = page.getByRole('region', { name: 'Nota fiscal' });
  await expect(panel).toContainText(/NF-e de venda nº \d+ · Autorizada/);
  await expect(panel).toContainText(/^.*35\d{2}( \d{4}){10}/);
  await expect(panel.getByRole('link', { name: 'DANFE' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'XML' })).toBeVisible();
  // "Faturado" comes from the nota only: the next move offered is "Em separação".
  await expect(page.getByLabel('Nova situação').getByRole('option')).toHaveText(['Em separação']);
  await shot(page, 'admin-pedido-faturado');
  await page.goto(`/Admin/Pedidos/${number}/etiqueta`);
  await expect(page.getByText(/^NF-e nº \d+ · Chave de acesso: 35\d{2}( \d{4}){10}$/)).toBeVisible();
});
