import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import {
  apiProducts,
  brl,
  cartBadge,
  cartRow,
  cartSummary,
  divHalfUp,
  dtValue,
  moneyCents,
  openCartWith,
  parseBRL,
  productVariants,
  seedItem,
  stockedProducts,
  storedCart,
  waitForHydration,
} from './helpers.ts';

// Issue 3: the cart as a shopper uses it, in Chromium. Every number is read from the page and checked
// against the store's rules (10 % coupon, R$ 40,00 freight, total = subtotal + frete − desconto).

const qty = (row: ReturnType<typeof cartRow>) => row.getByTestId('quantity').filter({ visible: true });
const summaryCents = (page: Page, label: string) => moneyCents(dtValue(cartSummary(page), label));

test.describe('Carrinho', () => {
  test('adicionar produto duas vezes e um calçado em dois tamanhos: selo 4; +/−, mínimo 1; remover um tamanho mantém o outro', async ({ page, request }) => {
    const [part] = await stockedProducts(request, 50, 150);
    // A shoe whose default colour has at least two sizes in stock.
    let shoe: { id: number; title: string } | undefined;
    let sizes: string[] = [];
    for (const s of await apiProducts(request, 'categoria=calcados&ordem=a-z&limite=50')) {
      const variants = await productVariants(request, s.id);
      const firstColor = variants[0]?.color;
      const inStock = variants.filter((v) => v.color === firstColor && v.stock >= 2).map((v) => v.size);
      if (inStock.length >= 2) {
        shoe = s;
        sizes = inStock.slice(0, 2);
        break;
      }
    }
    expect(shoe, 'um calçado com dois tamanhos em estoque').toBeDefined();
    const [sizeA, sizeB] = sizes as [string, string];

    await page.goto(`/ProductView/${part!.id}`);
    await waitForHydration(page);
    const buy = page.getByRole('button', { name: 'Comprar', exact: true });
    await buy.click();
    await expect(page.getByText(`Produto "${part!.title}" adicionado ao carrinho!`)).toBeVisible();
    await buy.click();
    await expect(cartBadge(page)).toHaveText('2');

    await page.goto(`/ProductView/${shoe!.id}`);
    await waitForHydration(page);
    for (const size of [sizeA, sizeB]) {
      await page
        .getByRole('group', { name: /^Tamanho/ })
        .getByText(size, { exact: true })
        .click();
      await expect(page.getByRole('radio', { name: size, exact: true })).toBeChecked();
      await page.getByRole('button', { name: 'Comprar', exact: true }).click();
    }
    await expect(page.getByText(`Produto "${shoe!.title}" adicionado ao carrinho!`)).toBeVisible();
    await expect(cartBadge(page)).toHaveText('4');

    await page.goto('/Cart');
    await waitForHydration(page);
    await expect(cartBadge(page)).toHaveText('4');
    for (const h of ['MEU CARRINHO', 'QUANTIDADE', 'UNITÁRIO', 'TOTAL']) await expect(page.getByRole('columnheader', { name: h })).toBeVisible();
    const partRow = cartRow(page, part!.title);
    const rowA = cartRow(page, shoe!.title, sizeA);
    const rowB = cartRow(page, shoe!.title, sizeB);
    await expect(page.getByRole('region', { name: 'Itens do carrinho' }).locator('tbody tr')).toHaveCount(3);
    await expect(qty(partRow)).toHaveText('2');
    await expect(qty(rowA)).toHaveText('1');
    await expect(qty(rowB)).toHaveText('1');
    await expect(rowA.getByText(`Tamanho: ${sizeA}`)).toBeVisible();
    await expect(rowA.getByText(/^Cor: \S/)).toBeVisible();

    // Unit and line prices come from the server: unit × quantity.
    const unit = await moneyCents(partRow.locator('td').nth(2).locator('span').last());
    expect(unit).toBe(part!.priceCents);
    await expect(partRow.locator('td').nth(3)).toHaveText(brl(unit * 2));

    const plus = partRow.getByRole('button', { name: `Aumentar quantidade de ${part!.title}` });
    const minus = partRow.getByRole('button', { name: `Diminuir quantidade de ${part!.title}` });
    await plus.click();
    await expect(qty(partRow)).toHaveText('3');
    await expect(cartBadge(page)).toHaveText('5');
    await expect(partRow.locator('td').nth(3)).toHaveText(brl(unit * 3));
    await minus.click();
    await minus.click();
    await expect(qty(partRow)).toHaveText('1');
    await expect(minus).toBeDisabled();
    await minus.click({ force: true }); // a disabled button does nothing
    await expect(qty(partRow)).toHaveText('1');
    await expect(cartBadge(page)).toHaveText('3');
    await expect(rowA.getByRole('button', { name: `Diminuir quantidade de ${shoe!.title}` })).toBeDisabled();
    await expect(dtValue(cartSummary(page), 'Subtotal')).toHaveText(brl(unit + 2 * (await moneyCents(rowA.locator('td').nth(2).locator('span').last()))));

    // "Remover item" on size A removes that line only.
    await rowA.getByRole('button', { name: 'Remover item' }).click();
    await expect(rowA).toHaveCount(0);
    await expect(rowB).toHaveCount(1);
    await expect(qty(rowB)).toHaveText('1');
    await expect(cartBadge(page)).toHaveText('2');
    const stored = JSON.parse((await storedCart(page))!) as { id: number; tamanho?: string; quantity: number }[];
    expect(stored.map((l) => [l.id, l.tamanho ?? null, l.quantity])).toEqual([
      [part!.id, null, 1],
      [shoe!.id, sizeB, 1],
    ]);
  });

  test('cupom errado mostra erro, digitar limpa; "olimpo" dá 10 % do subtotal', async ({ page, request }) => {
    const products = await stockedProducts(request, 30, 120);
    const a = products[1]!;
    const b = products[2]!;
    await openCartWith(page, [seedItem(a, 2), seedItem(b, 1)]);
    const subtotal = await summaryCents(page, 'Subtotal');
    expect(subtotal).toBe(a.priceCents * 2 + b.priceCents);
    await expect(dtValue(cartSummary(page), 'Desconto')).toHaveCount(0);

    const code = page.getByLabel('Cupom de desconto');
    await code.fill('ERRADO10');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    const error = page.getByText('Código de desconto incorreto!', { exact: true });
    await expect(error).toBeVisible();
    await expect(error).toHaveRole('alert');
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(dtValue(cartSummary(page), 'Desconto')).toHaveCount(0);

    // Typing (here: deleting the last letter) clears the message.
    await code.press('End');
    await code.press('Backspace');
    await expect(code).toHaveValue('ERRADO1');
    await expect(error).toHaveCount(0);
    await expect(code).not.toHaveAttribute('aria-invalid', 'true');

    await code.fill('olimpo');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(dtValue(cartSummary(page), 'Desconto')).toHaveText(`− ${brl(divHalfUp(subtotal, 10))}`);
    await expect(page.getByText('Cupom aplicado: 10% de desconto.')).toBeVisible();
    await expect(error).toHaveCount(0);
    // The code itself is never printed on the page.
    expect(await page.locator('body').innerText()).not.toMatch(/\bOLIMPO\b/);
    await expect(page.getByTestId('cart-total')).toHaveText(brl(subtotal - divHalfUp(subtotal, 10)));
  });

  test('CEP inválido no OK e ao sair do campo; 01001-000 dá frete R$ 40,00 e total = subtotal + 40 − desconto', async ({ page, request }) => {
    const products = await stockedProducts(request, 30, 120);
    await openCartWith(page, [seedItem(products[3]!, 3)]);
    const cep = page.getByLabel('Calcular frete (CEP)');
    const frete = dtValue(cartSummary(page), 'Frete estimado');
    const message = page.getByText('CEP inválido. Por favor, insira um CEP válido.', { exact: true });

    await cep.fill('123');
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    await expect(message).toBeVisible();
    await expect(frete).not.toHaveText(/40,00/);

    await cep.fill('01001-000');
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    await expect(message).toHaveCount(0);
    await expect(frete).toHaveText(brl(4000));
    // Under the estimate, the options checkout will offer for this CEP, at the prices it will charge.
    await expect(page.getByTestId('cart-shipping-options').getByRole('listitem')).toHaveText([/^Envio Padrão: R\$\s15,90 \(5-7 dias úteis\)$/, /^Envio Expresso: R\$\s29,90 \(2-3 dias úteis\)$/]);

    // On blur: an invalid code takes the freight back to 0.
    await cep.fill('123');
    await cep.press('Tab');
    await expect(message).toBeVisible();
    await expect(cep).toHaveAttribute('aria-invalid', 'true');
    await expect(frete).not.toHaveText(/40,00/);

    await cep.fill('01001-000');
    await cep.press('Tab');
    await expect(frete).toHaveText(brl(4000));
    await expect(message).toHaveCount(0);

    // With the coupon too: total = subtotal + frete − desconto, from the numbers on the page.
    await page.getByLabel('Cupom de desconto').fill('OLIMPO');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(dtValue(cartSummary(page), 'Desconto')).toBeVisible();
    const subtotal = await summaryCents(page, 'Subtotal');
    const discount = Math.round(parseBRL((await dtValue(cartSummary(page), 'Desconto').textContent())!) * 100);
    const freight = await summaryCents(page, 'Frete estimado');
    expect(freight).toBe(4000);
    expect(discount).toBe(divHalfUp(subtotal, 10));
    await expect(page.getByTestId('cart-total')).toHaveText(brl(subtotal + freight - discount));
  });

  test('"ou 10x de R$ … sem juros" aparece acima de R$ 200,00 e some abaixo', async ({ page, request }) => {
    const [cheap] = await apiProducts(request, 'ordem=menor-preco&limite=1');
    const [expensive] = await apiProducts(request, 'ordem=maior-preco&limite=1');
    expect(cheap!.priceCents).toBeLessThan(20_000);
    expect(expensive!.priceCents).toBeGreaterThan(20_000);
    const hint = page.getByTestId('installment-hint');

    await openCartWith(page, [seedItem(cheap!, 1)]);
    await expect(page.getByTestId('cart-total')).toHaveText(brl(cheap!.priceCents));
    await expect(hint).toHaveCount(0);

    // Up to the first quantity above R$ 200,00 with "+", then back below with "−".
    const over = Math.floor(20_000 / cheap!.priceCents) + 1;
    const row = cartRow(page, cheap!.title);
    for (let q = 2; q <= over; q++) {
      await row.getByRole('button', { name: `Aumentar quantidade de ${cheap!.title}` }).click();
      await expect(qty(row)).toHaveText(String(q));
    }
    const total = cheap!.priceCents * over;
    await expect(page.getByTestId('cart-total')).toHaveText(brl(total));
    await expect(hint).toHaveText(`ou 10x de ${brl(divHalfUp(total, 10))} sem juros`);
    await row.getByRole('button', { name: `Diminuir quantidade de ${cheap!.title}` }).click();
    await expect(page.getByTestId('cart-total')).toHaveText(brl(total - cheap!.priceCents));
    await expect(hint).toHaveCount(0);

    // An expensive product alone shows it; removing it hides it again.
    await openCartWith(page, [seedItem(cheap!, 1), seedItem(expensive!, 1)]);
    const both = cheap!.priceCents + expensive!.priceCents;
    await expect(hint).toHaveText(`ou 10x de ${brl(divHalfUp(both, 10))} sem juros`);
    await cartRow(page, expensive!.title).getByRole('button', { name: 'Remover item' }).click();
    await expect(page.getByTestId('cart-total')).toHaveText(brl(cheap!.priceCents));
    await expect(hint).toHaveCount(0);
  });

  test('carrinho vazio: "Finalizar Compra" mostra "Seu carrinho está vazio!" e fica em /Cart', async ({ page }) => {
    await page.goto('/Cart');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: 'Seu carrinho está vazio' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ver produtos' })).toHaveAttribute('href', '/ProductList');
    await cartSummary(page).getByRole('button', { name: 'Finalizar Compra' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Seu carrinho está vazio!' })).toHaveText('Seu carrinho está vazio!');
    await expect(page).toHaveURL(/\/Cart$/);
    expect(await page.evaluate(() => localStorage.getItem('checkoutData'))).toBeNull();
  });

  test('antes do JavaScript da página: carrinho vazio já aparece; com itens, "Carregando carrinho..."', async ({ page }) => {
    // The hydration scripts never arrive: what shows is the server's HTML and its inline script.
    await page.route('**/assets/*.js', (route) => route.abort());
    const empty = page.getByRole('heading', { name: 'Seu carrinho está vazio' });
    const loading = page.getByText('Carregando carrinho...');

    await page.goto('/Cart');
    await expect(empty).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ver produtos' })).toHaveAttribute('href', '/ProductList');
    await expect(loading).toBeHidden();

    await page.evaluate(() => localStorage.setItem('cart', '{not json'));
    await page.reload();
    await expect(empty).toBeVisible();

    await page.evaluate(() => localStorage.setItem('cart', JSON.stringify([{ id: 1, titulo: 'Peça', quantity: 1 }])));
    await page.reload();
    await expect(loading).toBeVisible();
    await expect(empty).toBeHidden();
  });

  test('a 360 px o carrinho com itens cabe na tela: sem rolagem horizontal', async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    const [p] = await stockedProducts(request, 60, 300);
    await openCartWith(page, [seedItem(p!)]);
    await expect(cartRow(page, p!.title)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  });

  test('sem resposta do servidor ao recalcular, o carrinho avisa e mantém os últimos preços', async ({ page, request }) => {
    const [p] = await stockedProducts(request, 60, 300);
    await openCartWith(page, [seedItem(p!)]);
    const total = await cartSummary(page).getByTestId('cart-total').textContent();
    // The quote the cart posts through its fetcher (whatever its address) never gets an answer.
    await page.route(/\/Cart\/cotacao/, (route) => route.abort('internetdisconnected'));
    await cartRow(page, p!.title)
      .getByRole('button', { name: `Aumentar quantidade de ${p!.title}` })
      .filter({ visible: true })
      .click();
    await expect(page.getByRole('alert').filter({ hasText: 'Não foi possível atualizar os preços agora.' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Meu carrinho' })).toBeVisible();
    await expect(cartSummary(page).getByTestId('cart-total')).toHaveText(total!);
    // Back online, the next change is priced again and the warning goes.
    await page.unroute(/\/Cart\/cotacao/);
    await cartRow(page, p!.title)
      .getByRole('button', { name: `Diminuir quantidade de ${p!.title}` })
      .filter({ visible: true })
      .click();
    await expect(page.getByRole('alert').filter({ hasText: 'Não foi possível atualizar os preços agora.' })).toHaveCount(0);
  });

  test('uma segunda aba vê o selo mudar', async ({ page, context, request }) => {
    const p = (await stockedProducts(request, 30, 120))[4]!;
    await openCartWith(page, [seedItem(p, 1)]);
    await expect(cartBadge(page)).toHaveText('1');
    const tabB = await context.newPage();
    await tabB.goto('/');
    await waitForHydration(tabB);
    await expect(cartBadge(tabB)).toHaveText('1');

    const row = cartRow(page, p.title);
    await row.getByRole('button', { name: `Aumentar quantidade de ${p.title}` }).click();
    await expect(cartBadge(page)).toHaveText('2');
    await expect(cartBadge(tabB)).toHaveText('2');
    await row.getByRole('button', { name: 'Remover item' }).click();
    await expect(cartBadge(page)).toHaveCount(0);
    await expect(cartBadge(tabB)).toHaveCount(0);
    await tabB.close();
  });

  test('preço editado no localStorage é ignorado: a página mostra o preço do servidor', async ({ page, request }) => {
    const p = (await stockedProducts(request, 100, 400))[0]!;
    await openCartWith(page, [seedItem(p, 2)]);
    await expect(dtValue(cartSummary(page), 'Subtotal')).toHaveText(brl(p.priceCents * 2));

    await page.evaluate(() => {
      const cart = JSON.parse(localStorage.getItem('cart')!) as { valoratual: number }[];
      cart[0]!.valoratual = 0.01;
      localStorage.setItem('cart', JSON.stringify(cart));
    });
    await page.reload();
    await waitForHydration(page);
    const row = cartRow(page, p.title);
    await expect(row.locator('td').nth(2)).toContainText(brl(p.priceCents));
    await expect(row.locator('td').nth(3)).toHaveText(brl(p.priceCents * 2));
    await expect(dtValue(cartSummary(page), 'Subtotal')).toHaveText(brl(p.priceCents * 2));
    await expect(page.getByTestId('cart-total')).toHaveText(brl(p.priceCents * 2));
    expect(await page.locator('main').innerText()).not.toContain('0,01');

    // What goes to the checkout is the server's total too.
    await cartSummary(page).getByRole('button', { name: 'Finalizar Compra' }).click();
    await expect(page).toHaveURL(/\/Checkout$/);
    await expect(dtValue(page.getByRole('complementary', { name: 'RESUMO' }), 'Subtotal')).toHaveText(brl(p.priceCents * 2));
  });

  test('um valor corrompido em "cart" não quebra /Cart e vira "[]"', async ({ page }) => {
    await page.goto('/robots.txt');
    await page.evaluate(() => localStorage.setItem('cart', '{not json'));
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/Cart');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: 'Seu carrinho está vazio' })).toBeVisible();
    await expect(cartBadge(page)).toHaveCount(0);
    expect(await storedCart(page)).toBe('[]');
    expect(errors).toEqual([]);
  });
});
