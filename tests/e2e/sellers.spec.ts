// Roles as people meet them: a customer cannot list products (page or direct POST), a seller application
// goes through an admin's approval, and a seller lists a product with an uploaded photo and finds it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from '@playwright/test';
import { BASE_URL, expect, fillPersonForm, newVisitor, notice, person, signInAsAdmin, createAccount, test, uniqueEmail } from './accounts-helpers.ts';
import { resultCards, waitForHydration } from './helpers.ts';

// Whole flows (several pages, a second browser, the admin) on a shared 2-core machine: more time than the default.
test.describe.configure({ timeout: 90_000 });

/** A shopper who applies to sell and is approved by the admin in another browser. */
async function becomeSeller(page: Page, browser: Browser, name: string) {
  await createAccount(page, { email: uniqueEmail('vendedor'), name });
  await page.goto('/SellerForm');
  await waitForHydration(page);
  await fillPersonForm(page, person({ nome: name }));
  await page.getByRole('button', { name: 'Enviar pedido para vender' }).click();
  await expect(notice(page)).toHaveText('Pedido para vender enviado! Avisaremos quando for analisado.');

  const admin = await newVisitor(browser);
  await signInAsAdmin(admin.page);
  await admin.page.goto('/Admin/Vendedores');
  const card = admin.page.getByRole('listitem', { name: `Pedido de ${name}` });
  await expect(card).toContainText('Em análise');
  await card.getByRole('button', { name: 'Aprovar' }).click();
  await expect(admin.page.getByRole('status').filter({ hasText: 'Pedido aprovado: a conta agora é de vendedor.' })).toBeVisible();
  await expect(card).toContainText('Aprovado');
  await admin.context.close();
}

function tinyPhoto(): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-foto-')), 'farol.png');
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 240, g: 170, b: 30 } } })
    .withMetadata({ exif: { IFD0: { Copyright: 'Segredo GPS' } } })
    .png()
    .toFile(file)
    .then(() => file);
}

test('visitante vai para o login; cliente vê 403 em /CriarProduto e um POST direto não cria nada', async ({ page }) => {
  await page.goto('/CriarProduto');
  await expect(page).toHaveURL(/\/Login\?redirectTo=%2FCriarProduto$/);

  await createAccount(page, { email: uniqueEmail('cliente'), name: 'Cecília Cliente' });
  const response = await page.goto('/CriarProduto');
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1, name: 'Acesso negado' })).toBeVisible();
  await expect(page.getByText('Esta página é só para vendedores aprovados e administradores.')).toBeVisible();

  const title = `Retrovisor Invasor ${Date.now()}`;
  const post = await page.request.post('/CriarProduto', {
    headers: { Origin: BASE_URL },
    multipart: {
      titulo: title,
      descricao: 'Um produto que não deveria existir na loja.',
      valorantigo: '200,00',
      valoratual: '150,00',
      categoria: 'acessorios',
      marca: 'Bosch',
      veiculo: 'carros',
      estado: 'novo',
      estoque: '5',
      foto_url: 'https://example.com/foto.jpg',
    },
  });
  expect(post.status()).toBe(403);
  await page.goto(`/ProductList?q=${encodeURIComponent('Retrovisor Invasor')}`);
  await expect(page.getByText(title)).toHaveCount(0);
});

test('pedido de vendedor → aprovação do admin → a conta vira vendedor', async ({ page, browser }) => {
  await becomeSeller(page, browser, 'Sérgio Vendas Rocha');
  await page.goto('/MinhaConta');
  await expect(page.getByText(/· Vendedor$/)).toBeVisible();
  const res = await page.goto('/CriarProduto');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Cadastrar Produto' })).toBeVisible();
  await page.goto('/SellerForm');
  await expect(page.getByText('Sua conta já é de vendedor.')).toBeVisible();
});

test('vendedor cadastra um produto com foto enviada, encontra na busca e só edita os seus', async ({ page, browser }) => {
  await becomeSeller(page, browser, 'Vera Vendedora Lins');
  await page.goto('/CriarProduto');
  await waitForHydration(page);

  // Every message at once on an empty form; the discount percent appears only with "desconto".
  await page.getByRole('button', { name: 'Cadastrar Produto' }).click();
  for (const message of [
    'Informe o título.',
    'Informe a descrição.',
    'Informe o valor antigo.',
    'Informe o valor atual.',
    'Escolha a categoria.',
    'Informe a marca.',
    'Escolha o tipo de veículo.',
    'Escolha o estado (novo ou usado).',
    'Informe o estoque.',
    'Envie uma foto ou informe o endereço (https://) de uma foto.',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel('Desconto (%)', { exact: true })).toBeHidden();
  await page.getByLabel('Em promoção (desconto)', { exact: true }).check();
  await expect(page.getByLabel('Desconto (%)', { exact: true })).toBeVisible();

  const word = `Zephyrlux${Date.now().toString(36)}`;
  await page.getByLabel('Título', { exact: true }).fill(`Farol ${word} Cromado`);
  await page.getByLabel('Descrição', { exact: true }).fill('Farol dianteiro com lente de policarbonato e refletor cromado.');
  await page.getByLabel('Valor antigo (R$)', { exact: true }).fill('1.234,56');
  await page.getByLabel('Valor atual (R$)', { exact: true }).fill('999,90');
  await page.getByLabel('Desconto (%)', { exact: true }).fill('19');
  await page.getByLabel('Categoria', { exact: true }).selectOption('iluminacao');
  await page.getByLabel('Marca', { exact: true }).fill('Magneti Marelli');
  await page.getByLabel('Tipo de veículo', { exact: true }).selectOption('carros');
  await page.getByLabel('Estado', { exact: true }).selectOption('novo');
  await page.getByLabel('Estoque (unidades)', { exact: true }).fill('7');
  // A file that is not an image is refused by its content, whatever its name says.
  const fake = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-falsa-')), 'foto.png');
  fs.writeFileSync(fake, '<script>alert(1)</script>');
  await page.getByLabel('Enviar foto (JPEG, PNG ou WebP, até 5 MB)', { exact: true }).setInputFiles(fake);
  await page.getByRole('button', { name: 'Cadastrar Produto' }).click();
  await expect(page.getByText('A foto deve ser uma imagem JPEG, PNG ou WebP.')).toBeVisible();
  await expect(page.getByLabel('Título', { exact: true })).toHaveValue(`Farol ${word} Cromado`);

  await page.getByLabel('Enviar foto (JPEG, PNG ou WebP, até 5 MB)', { exact: true }).setInputFiles(await tinyPhoto());
  await page.getByRole('button', { name: 'Cadastrar Produto' }).click();
  await expect(notice(page)).toHaveText('Produto cadastrado com sucesso! Ele já aparece na loja.');
  await expect(page.getByRole('heading', { level: 1, name: `Farol ${word} Cromado` })).toBeVisible();
  await expect(page.getByText(/R\$\s999,90/).first()).toBeVisible();

  // The photo: re-encoded to WebP, served by us, metadata gone.
  const src = await page.locator(`img[alt="Farol ${word} Cromado"]`).first().getAttribute('src');
  expect(src).toMatch(/^\/uploads\/produtos\/[a-f0-9]{32}\.webp$/);
  const photo = await page.request.get(src!);
  expect(photo.status()).toBe(200);
  expect(photo.headers()['content-type']).toBe('image/webp');
  expect(photo.headers()['x-content-type-options']).toBe('nosniff');
  const meta = await sharp(await photo.body()).metadata();
  expect(meta.format).toBe('webp');
  expect(meta.exif).toBeUndefined();

  // At once in the search.
  await page.goto(`/ProductList?q=${word.toLowerCase()}`);
  await expect(resultCards(page)).toHaveCount(1);
  await expect(resultCards(page).first()).toContainText(`Farol ${word} Cromado`);

  // "Meus produtos" lists it and lets the seller edit it.
  await page.goto('/MeusProdutos');
  await page.getByRole('link', { name: `Editar Farol ${word} Cromado` }).click();
  await waitForHydration(page);
  await expect(page.getByLabel('Valor antigo (R$)', { exact: true })).toHaveValue('1.234,56');
  await page.getByLabel('Estoque (unidades)', { exact: true }).fill('3');
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(notice(page)).toHaveText('Produto atualizado com sucesso!');
  await expect(page.getByText('3 em estoque')).toBeVisible();

  // Another seller's (here: the store's) product: 403 on the page and on a direct POST.
  const other = await page.goto('/MeusProdutos/1');
  expect(other?.status()).toBe(403);
  await expect(page.getByText('Você só pode editar os produtos que cadastrou.')).toBeVisible();
  const post = await page.request.post('/MeusProdutos/1', {
    headers: { Origin: BASE_URL },
    multipart: {
      titulo: 'Sequestrado',
      descricao: 'Tentativa de editar o produto de outro.',
      valorantigo: '10,00',
      valoratual: '5,00',
      categoria: 'motor',
      marca: 'X',
      veiculo: 'carros',
      estado: 'novo',
      estoque: '1',
    },
  });
  expect(post.status()).toBe(403);
  await page.goto('/ProductView/1');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Sequestrado');
});
