// The back office as an admin uses it: import a spreadsheet (dry run, then apply with the progress bar),
// change a stock figure, create a coupon and use it in the cart, find a customer's order by CPF and ship
// it with a tracking code, and read the dashboard on a phone and a desktop (screenshots for a human).
import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BASE_URL, expect, fillPersonForm, newVisitor, notice, person, signInAsAdmin, createAccount, test, uniqueEmail } from './accounts-helpers.ts';
import { brl, cartSummary, dtValue, moneyCents, openCartWith, VALID_CARD, waitForHydration } from './helpers.ts';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const SHOTS = process.env.SHOTS_DIR ?? path.join(os.tmpdir(), 'olimpo-back-office-shots');
const REF = `E2E-${Date.now().toString(36).toUpperCase()}`;

function supplierCsv(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-import-')), 'fornecedor.csv');
  fs.writeFileSync(
    file,
    [
      'ref;titulo;descricao;marca;categoria;tipo_veiculo;estado;preco;preco_antigo;estoque;oem;equivalentes;compatibilidade;foto_url',
      `${REF};Pastilha de Freio Importada E2E VW Gol 1.0;Jogo de pastilhas importado pela planilha do fornecedor.;Bosch;freios;carros;novo;"1.234,56";;40;5U0698151;Cobreq N-1431;Volkswagen Gol 1.0 2014-2016;`,
      `${REF}-X;Peça de Marca Desconhecida;Descrição suficiente para a linha.;Marca Inventada;freios;carros;novo;10,00;;1;;;;`,
    ].join('\n'),
  );
  return file;
}

test('importar, ajustar estoque, criar cupom e usá-lo no carrinho', async ({ page, browser }) => {
  await signInAsAdmin(page);
  await page.goto('/Admin/Importar');
  await waitForHydration(page);
  await page.getByLabel(/Planilha/).setInputFiles(supplierCsv());
  await page.getByRole('button', { name: 'Simular importação' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Simulação (nada gravado)' })).toBeVisible();
  const counts = page.locator('section[aria-labelledby="importacao-atual"]');
  await expect(dtValue(counts, 'A criar')).toHaveText('1');
  await expect(dtValue(counts, 'Com erro')).toHaveText('1');
  await expect(page.getByRole('row', { name: /3 Marca desconhecida: "Marca Inventada"\./ })).toBeVisible();
  await page.getByRole('button', { name: /Confirmar e aplicar 1 linha/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Concluída' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('progressbar', { name: 'Progresso da importação' })).toBeVisible();
  await expect(page.getByText('100%', { exact: true })).toBeVisible();

  // The imported product, found by its reference; its stock changed by hand.
  await page.goto(`/Admin/Produtos?q=${REF}`);
  await page.getByRole('link', { name: 'Pastilha de Freio Importada E2E VW Gol 1.0' }).click();
  await waitForHydration(page);
  await expect(page.getByLabel('Preço (R$)')).toHaveValue('1234,56');
  await page.getByLabel('Estoque', { exact: true }).fill('7');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Produto salvo.' })).toBeVisible();
  await expect(page.getByLabel('Estoque', { exact: true })).toHaveValue('7');
  const productId = Number(new URL(page.url()).pathname.split('/').pop());

  // A fixed-value coupon with a minimum order.
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await page.goto('/Admin/Cupons');
  await waitForHydration(page);
  await page.getByLabel('Código').fill(code);
  await page.getByRole('radio', { name: 'Valor fixo' }).check();
  await page.getByLabel('Valor fixo (R$)').fill('25,00');
  await page.getByLabel('Pedido mínimo (R$)').fill('500,00');
  await page.getByLabel('Limite de usos').fill('100');
  await page.getByLabel('Por cliente').fill('1');
  await page.getByRole('button', { name: 'Criar cupom' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Cupom ${code} criado.` })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: code })).toContainText('R$');

  // A shopper uses it in the cart: R$ 25,00 off the imported product.
  const shopper = await newVisitor(browser);
  await openCartWith(shopper.page, [{ id: productId, titulo: 'Pastilha de Freio Importada E2E VW Gol 1.0', valoratual: 1234.56, quantity: 1 }]);
  await shopper.page.getByLabel('Cupom de desconto').fill(code.toLowerCase());
  await shopper.page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(shopper.page.getByRole('status').filter({ hasText: 'Cupom aplicado' })).toContainText(brl(2500));
  expect(await moneyCents(dtValue(cartSummary(shopper.page), 'Subtotal'))).toBe(123456);
  await expect(cartSummary(shopper.page)).toContainText(brl(123456 - 2500));
  await shopper.context.close();
});

test('encontrar o pedido pelo CPF e enviá-lo com código de rastreio', async ({ page, browser }) => {
  // A customer with a CPF on file buys (card: paid at once).
  const customer = await newVisitor(browser);
  const email = uniqueEmail('cliente-cpf');
  await createAccount(customer.page, { email, name: 'Cliente do CPF' });
  await customer.page.goto('/CustomerForm');
  await waitForHydration(customer.page);
  const who = person({ nome: 'Cliente do CPF', email });
  await fillPersonForm(customer.page, who);
  await customer.page.getByRole('button', { name: 'Salvar cadastro' }).click();
  await expect(notice(customer.page)).toHaveText('Dados salvos com sucesso!');
  const products = (await (await customer.page.request.get(`${BASE_URL}/api/products?limit=50`)).json()) as { items: { id: number; stock: number }[] };
  const product = products.items.find((p) => p.stock > 5)!;
  const res = await customer.page.request.post(`${BASE_URL}/api/orders`, {
    headers: { origin: BASE_URL },
    data: {
      idempotencyKey: `e2e-cpf-${Date.now()}`,
      email,
      lines: [{ productId: product.id, quantity: 1 }],
      address: { cep: '01001000', street: 'Praça da Sé', number: '100', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' },
      shipping: 'standard',
      payment: 'credit',
      installments: 1,
      card: { number: VALID_CARD, name: 'CLIENTE DO CPF', expiry: '12/30', cvv: '123' },
      // The buyer of checkout step 1, as the profile has it: the order carries this CPF.
      customer: { name: 'Cliente do CPF', cpf: who.cpf, phone: who.celular },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { order } = (await res.json()) as { order: { number: string } };
  await customer.context.close();

  await signInAsAdmin(page);
  await page.goto('/Admin/Pedidos');
  await waitForHydration(page);
  const cpf = who.cpf.replace(/\D/g, '');
  await page.getByLabel('Buscar (número, e-mail, nome ou CPF)').fill(`${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^1 pedido/ })).toBeVisible();
  await page.getByRole('link', { name: `Pedido #${order.number}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Pedido #${order.number}` })).toBeVisible();
  // The paid order is invoiced by the NF-e job (sandbox) before it can be picked.
  await expect(async () => {
    await page.reload();
    await expect(page.getByLabel('Nova situação')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Nota fiscal' })).toContainText('NF-e de venda nº');
  await waitForHydration(page);

  await page.getByLabel('Nova situação').selectOption({ label: 'Em separação' });
  await page.getByRole('button', { name: 'Atualizar situação' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pedido movido para "Em separação".' })).toBeVisible();
  await page.getByLabel('Nova situação').selectOption({ label: 'Enviado' });
  await page.getByLabel('Código de rastreio (ao enviar)').fill('BR123456789BR');
  await page.getByRole('button', { name: 'Atualizar situação' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pedido movido para "Enviado".' })).toBeVisible();
  await expect(page.getByText(/^· Rastreio: BR123456789BR$/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Histórico' })).toContainText('Código de rastreio: BR123456789BR');

  // The packing slip prints what to pack.
  await page.goto(`/Admin/Pedidos/${order.number}/etiqueta`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Romaneio · Pedido #${order.number}`);
});

/** The page's width, and the elements sticking out of the viewport (to name them when it scrolls sideways). */
const overflow = (page: import('@playwright/test').Page) =>
  page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    offenders: [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${(el.getAttribute('class') ?? '').slice(0, 60)} ${(el.textContent ?? '').slice(0, 40)}`),
  }));

test('o painel em 390 e 1280 px (capturas)', async ({ page }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await signInAsAdmin(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/Admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Painel' })).toBeVisible();
    await expect(page.getByRole('img', { name: /Faturamento diário/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Pedidos esperando ação' })).toBeVisible();
    // No horizontal scroll on a phone.
    const o = await overflow(page);
    expect(o.width, o.offenders.join(' | ')).toBeLessThanOrEqual(width);
    await page.screenshot({ path: path.join(SHOTS, `painel-${width}.png`), fullPage: true });
    for (const [name, url] of [
      ['painel-topo', '/Admin'],
      ['produtos', '/Admin/Produtos'],
      ['pedidos', '/Admin/Pedidos'],
      ['cupons', '/Admin/Cupons'],
      ['importar', '/Admin/Importar'],
      ['clientes', '/Admin/Clientes'],
    ] as const) {
      await page.goto(url);
      const p = await overflow(page);
      expect(p.width, `${url} @ ${width}: ${p.offenders.join(' | ')}`).toBeLessThanOrEqual(width);
      if (width === 1280) {
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
        const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(
          bad.map(
            (v) =>
              `${v.id}: ${v.nodes
                .map((n) => n.target.join(' '))
                .slice(0, 3)
                .join(', ')}`,
          ),
          url,
        ).toEqual([]);
      }
      await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: false });
    }
  }
});
