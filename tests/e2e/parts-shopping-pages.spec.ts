// The store's pages as a shopper and a mechanic meet them: part numbers in search and on the page, specs, precise
// fitment badges, freight on the product page (with and without JavaScript), PIX and installment lines,
// footwear photos that follow the colour, the shopper-facing defects (boleto, /Sucesso, landmarks, header,
// OlimpIA's button) and the policy pages; every changed page at 390 and 1280 px: no sideways scroll, axe
// with no serious or critical violation and no "region". Screenshots go to $SHOTS_DIR when it is set.
import type { APIRequestContext } from '@playwright/test';
import { BASE_URL, expect, test } from './accounts-helpers.ts';
import { resultCards, waitForHydration } from './helpers.ts';
import { WIDTHS, shot, checkLayout, goldVehicleId } from './page-checks.ts';

test.describe.configure({ timeout: 180_000 });

/** A boleto order through the API, for the boleto page. */
async function boletoOrder(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/orders', {
    headers: { Origin: BASE_URL },
    data: {
      idempotencyKey: crypto.randomUUID(),
      email: `comprador.com.um.email.bem.comprido.${Date.now()}@exemplo-de-dominio-longo.test`,
      lines: [{ productId: 2, quantity: 1 }],
      address: { cep: '01001000', street: 'Praça da Sé', number: '1', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' },
      shipping: 'standard',
      payment: 'boleto',
      installments: 1,
      customer: { name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { orderUrl: string };
  const url = new URL(body.orderUrl);
  return `${url.pathname}/boleto${url.search}`;
}

for (const width of WIDTHS) {
  test.describe(`a ${width} px`, () => {
    test.use({ viewport: { width, height: width < 500 ? 844 : 900 } });

    for (const [name, url] of [
      ['inicio', '/'],
      ['lista-codigo', '/ProductList?q=MAG-710301A'],
      ['lista-gol', '/ProductList?q=pastilha%20gol'],
      ['produto-frete', '/ProductView/1?cep=01001-000'],
      ['calcado', '/ProductView/136'],
      ['trocas', '/trocas-e-devolucoes'],
      ['privacidade', '/privacidade'],
      ['termos', '/termos'],
      ['garagem', '/garagem'],
    ] as const) {
      test(`${name}: sem rolagem lateral e sem violação séria no axe`, async ({ page }) => {
        await page.goto(url);
        await waitForHydration(page);
        await checkLayout(page, `${url} @${width}`);
        await shot(page, `${name}-${width}`);
      });
    }

    test('boleto: cabe na tela, código de barras alcançável pelo teclado, botão Imprimir boleto e impressão sem cabeçalho', async ({ page }) => {
      await page.goto(await boletoOrder(page.request));
      await waitForHydration(page);
      await expect(page.getByRole('button', { name: 'Imprimir boleto' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Código de barras do boleto' })).toHaveAttribute('tabindex', '0');
      await checkLayout(page, `boleto @${width}`);
      await shot(page, `boleto-${width}`);
      await page.emulateMedia({ media: 'print' });
      await expect(page.locator('header').first()).toBeHidden();
      await expect(page.locator('footer#rodape')).toBeHidden();
      await expect(page.getByRole('button', { name: 'Imprimir boleto' })).toBeHidden();
    });

    test('/Sucesso: lastOrder corrompido não mostra Invalid Date nem NaN, e o e-mail longo não rola a página', async ({ page }) => {
      await page.goto('/');
      const order = {
        number: '12345678',
        createdAt: 'ontem à tarde',
        email: `um.endereco.de.email.muito.muito.comprido.${'x'.repeat(30)}@exemplo-de-dominio-bem-longo.com.br`,
        paymentMethod: 'cheque',
        shippingMethod: null,
        address: 'rua?',
        subtotalCents: 'abc',
        totalCents: 45990,
        installments: 'três',
        lines: [{ title: '', quantity: 'dois', unitPriceCents: null, lineTotalCents: 'x' }],
      };
      await page.evaluate((o) => localStorage.setItem('lastOrder', JSON.stringify({ order: o, accessToken: null })), order);
      await page.goto('/Sucesso');
      await expect(page.getByRole('heading', { name: 'Compra realizada com sucesso!' })).toBeVisible();
      const text = await page.locator('main').innerText();
      expect(text).not.toMatch(/Invalid Date|NaN|undefined/);
      await expect(page.getByText('Não especificado').first()).toBeVisible();
      await expect(page.getByText('Endereço não disponível')).toBeVisible();
      await expect(page.getByText('Produto', { exact: true })).toBeVisible();
      await checkLayout(page, `/Sucesso @${width}`);
      await shot(page, `sucesso-${width}`);

      await page.goto('/');
      await page.evaluate(() => localStorage.setItem('lastOrder', JSON.stringify({ order: { number: '12345678', totalCents: 'NaN' } })));
      await page.goto('/Sucesso');
      await expect(page.getByRole('heading', { name: 'Nenhuma compra recente por aqui' })).toBeVisible();
    });
  });
}

test('busca por REF, código original e equivalente, com e sem pontuação, acha a peça primeiro', async ({ page, request }) => {
  const p1 = (await (await request.get('/api/products/1')).json()) as { oemCodes: string[]; equivalentCodes: string[] };
  for (const q of ['MAG-710301A', 'mag710301a', '710301', p1.oemCodes[0]!, p1.equivalentCodes[0]!, p1.equivalentCodes[0]!.replace(/[\s-]/g, '')]) {
    await page.goto(`/ProductList?q=${encodeURIComponent(q)}`);
    await expect(resultCards(page).first().locator('h3'), q).toHaveText('Farol Dianteiro Esquerdo Volvo C70 2.5 2006-2013');
  }
  // Typos are corrected, and an empty result without filters offers no "Limpar filtros".
  await page.goto('/ProductList?q=pastilha%20de%20frieo');
  await expect(page.getByText(/Mostrando resultados para/)).toBeVisible();
  await expect(resultCards(page).first()).toContainText('Pastilhas de Freio');
  await page.goto('/ProductList?q=xkcdqwertyzz');
  await expect(page.getByRole('heading', { name: 'Nenhum produto encontrado' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Limpar filtros' })).toHaveCount(0);
  await page.goto('/ProductList?q=xkcdqwertyzz&categoria=freios');
  await expect(page.getByRole('link', { name: 'Limpar filtros' })).toBeVisible();
});

test('página do produto: ficha técnica, Equivalente a…, preço no PIX e parcelas, nos cards também', async ({ page }) => {
  await page.goto('/ProductView/1');
  await expect(page.getByText(/^Equivalente a Arteb 0318004, Hella 1EL 354 123-011$/)).toBeVisible();
  const specs = page.getByRole('table', { name: 'Especificações e códigos da peça' });
  for (const [label, value] of [
    ['Referência (REF)', 'MAG-710301A'],
    ['Código original (OEM)', '30698811, 31299927'],
    ['Lado', 'Esquerdo (motorista)'],
    ['Peso', '2,85 kg'],
  ] as const) {
    await expect(specs.getByRole('row', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) })).toContainText(value);
  }
  await expect(page.getByText(/R\$\s647,91 no PIX/)).toBeVisible();
  await expect(page.getByText(/ou 10x de R\$\s71,99 sem juros/)).toBeVisible();
  await page.goto('/ProductList?q=MAG-710301A');
  const card = resultCards(page).first();
  await expect(card).toContainText(/R\$\s647,91 no PIX/);
  await expect(card).toContainText(/ou 10x de R\$\s71,99 sem juros/);
});

test('frete e prazo na página do produto com JavaScript', async ({ page }) => {
  await page.goto('/ProductView/1');
  await waitForHydration(page);
  const box = page.getByRole('region', { name: 'Calcular frete e prazo' });
  await box.getByLabel('CEP de entrega').pressSequentially('01001000');
  await expect(box.getByLabel('CEP de entrega')).toHaveValue('01001-000');
  await box.getByRole('button', { name: 'Calcular' }).click();
  await expect(page).toHaveURL(/cep=01001-000/);
  await expect(box).toContainText('São Paulo/SP');
  await expect(box.getByRole('row', { name: /Envio Padrão/ })).toContainText(/R\$\s15,90/);
  await expect(box.getByRole('row', { name: /Envio Expresso/ })).toContainText(/R\$\s29,90/);
  await expect(box.locator('time')).toHaveCount(2);
  await box.getByLabel('CEP de entrega').fill('99999-999');
  await box.getByRole('button', { name: 'Calcular' }).click();
  await expect(box.getByRole('alert')).toHaveText('CEP não encontrado');
});

test.describe('sem JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('frete e prazo funcionam como formulário GET', async ({ page }) => {
    await page.goto('/ProductView/1');
    const box = page.getByRole('region', { name: 'Calcular frete e prazo' });
    await box.getByLabel('CEP de entrega').fill('20040-002');
    await box.getByRole('button', { name: 'Calcular' }).click();
    await expect(page).toHaveURL(/\/ProductView\/1\?cep=20040-002/);
    await expect(box).toContainText('Rio de Janeiro/RJ');
    await expect(box.getByRole('row', { name: /Envio Padrão/ })).toContainText(/R\$\s15,90/);
    await box.getByLabel('CEP de entrega').fill('123');
    await box.getByRole('button', { name: 'Calcular' }).click();
    await expect(box.getByRole('alert')).toHaveText('Digite um CEP válido com 8 números.');
  });
});

test('calçado: a foto segue a cor, guia de tamanhos, estoque por tamanho e nenhuma palavra de compatibilidade de carro', async ({ page }) => {
  await page.goto('/ProductView/136');
  await waitForHydration(page);
  const photo = page.getByRole('region', { name: /^Imagens de/ }).locator('img');
  await expect(page.getByText(/^Cor: Caramelo$/)).toBeVisible();
  await expect(photo).toHaveAttribute('src', /\/art\/calcados\/caramelo\//);
  await page.getByText('Cinza', { exact: true }).click();
  await expect(page.getByText(/^Cor: Cinza$/)).toBeVisible();
  await expect(photo).toHaveAttribute('src', /\/art\/calcados\/cinza\//);
  await expect(page.getByText('Guia de tamanhos', { exact: true })).toBeVisible();
  await expect(page.getByText(/^\d+ pares? em estoque$/).first()).toBeVisible();
  const main = await page.locator('main').innerText();
  expect(main).not.toMatch(/Serve no seu veículo|Peça universal|serve em carros|Compatibilidade|Compatível com/i);

  // Sold only in Caramelo: a caramel boot, not a blue one.
  await page.goto('/ProductView/1453');
  await expect(page.getByRole('region', { name: /^Imagens de/ }).locator('img')).toHaveAttribute('src', /\/art\/calcados\/caramelo\//);
});

test('selos de compatibilidade dizem exatamente o que foi conferido', async ({ page, request }) => {
  await page.goto('/ProductList?q=pastilha%20gol');
  const badges = resultCards(page).getByText(/^Serve /);
  await expect(badges.first()).toHaveText(/^Serve em Gol 1\.0 \d{4}(–\d{4})?/);
  const gol = await goldVehicleId(request);
  await page.goto(`/ProductList?q=pastilha&vehicle=${gol}&ano=2015`);
  await expect(
    resultCards(page)
      .getByText(/^Serve /)
      .first(),
  ).toHaveText(/^Serve no Gol 1\.0 2015/);
});

test('cabeçalho curto no celular, links de vendedor só para vendedores, e o botão da OlimpIA não cobre nada', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/garagem');
  await waitForHydration(page);
  const mainTop = await page.locator('main').evaluate((m) => m.getBoundingClientRect().top);
  expect(mainTop).toBeLessThanOrEqual(150);
  await expect(page.locator('header').getByRole('link', { name: 'Cadastrar Produto' })).toHaveCount(0);
  await expect(page.locator('header').getByRole('link', { name: 'Cadastrar Vendedor' })).toHaveCount(0);
  for (const label of ['Cadastrar Cliente', 'Cadastrar Vendedor', 'Cadastrar Produto', 'Trocas e devoluções', 'Política de privacidade', 'Termos de uso']) {
    await expect(page.locator('footer').getByRole('link', { name: label })).toBeVisible();
  }
  const toggle = page.getByRole('button', { name: 'Abrir chat com a OlimpIA, assistente virtual' });
  const overlaps = async (target: import('@playwright/test').Locator) => {
    const a = await toggle.boundingBox();
    const b = await target.boundingBox();
    // The tab may sit in the page's side padding; it must not cover the control's own area.
    return !!a && !!b && a.x < b.x + b.width - 8 && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  };
  const version = page.getByLabel('Versão/Motor').first();
  for (let y = 0; y < 1600; y += 150) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    expect(await overlaps(version), `rolagem ${y}`).toBe(false);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await waitForHydration(page);
  expect(await overlaps(page.getByRole('link', { name: 'Perfil' }))).toBe(false);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await overlaps(page.getByText(/Todos os Direitos Reservados/))).toBe(false);
  // Opening the chat adds no second banner.
  await toggle.click();
  await expect(page.getByRole('dialog', { name: 'OlimpIA' })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(1);
});

test('a aba da OlimpIA fica na margem direita: nenhum conteúdo passa por baixo dela', async ({ page }) => {
  // At every width the tab and its 2 px ring sit in the page's right margin, beside the content box of every
  // page container, so scrolling never brings text or a control under it.
  const underTheTab = () =>
    page.evaluate(() => {
      const tab = document.querySelector('aside[aria-label="Assistente virtual OlimpIA"] button')!.getBoundingClientRect();
      return [...document.querySelectorAll<HTMLElement>('.container-page')]
        .map((el) => ({ el, r: el.getBoundingClientRect() }))
        .filter(({ el, r }) => r.height > 0 && r.right - parseFloat(getComputedStyle(el).paddingRight) > tab.left - 2)
        .map(({ el, r }) => `${el.tagName.toLowerCase()} até ${Math.round(r.right - parseFloat(getComputedStyle(el).paddingRight))} px, aba em ${Math.round(tab.left - 2)} px`);
    });
  for (const width of [390, 800, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    for (const path of ['/', '/ProductList?q=farol', '/ProductView/1']) {
      // The stylesheet is inline: the layout is final once the document is parsed.
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      expect(await underTheTab(), `${path} em ${width} px`).toEqual([]);
    }
  }
});

test('o checkout põe o foco no título ao abrir', async ({ page }) => {
  await page.goto('/ProductView/2');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Comprar' }).click();
  await page.goto('/Cart');
  await waitForHydration(page);
  // The totals come from the server's quote; "Finalizar Compra" waits for them.
  await expect(page.getByTestId('cart-total')).toContainText('R$');
  await page.getByRole('button', { name: 'Finalizar Compra' }).click();
  await expect(page).toHaveURL(/\/Checkout/);
  await expect(page.getByRole('heading', { name: '1. Identificação' })).toBeFocused();
  await expect(page.getByRole('link', { name: 'Termos de uso' }).first()).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await checkLayout(page, `/Checkout @${width}`);
    await shot(page, `checkout-${width}`);
    await page.goto('/Cart');
    await waitForHydration(page);
    await expect(page.getByTestId('cart-total')).toContainText('R$');
    await checkLayout(page, `/Cart @${width}`);
    await shot(page, `carrinho-${width}`);
    await page.getByRole('button', { name: 'Finalizar Compra' }).click();
    await expect(page.getByRole('heading', { name: '1. Identificação' })).toBeFocused();
  }
});
