// The storefront's lists and shortcuts, as a shopper in Chromium: the heart (pressed after load, never in the
// cached HTML) → sign-in → "Minha conta › Favoritos"; "Avise-me quando chegar" on a sold-out product; the
// product page's quantity picker feeding "Comprar"; "Comprar novamente" from the account's order list; and
// "Vistos recentemente". Checked at 360 and 1280 px (no sideways scroll, axe); SHOTS_DIR keeps captures.
import type { Page } from '@playwright/test';
import { BASE_URL, expect, createAccount, test, uniqueEmail } from './accounts-helpers.ts';
import { apiProducts, cartBadge, stockedProducts, storedCart, VALID_CARD, waitForHydration } from './helpers.ts';
import { checkLayout, shot } from './page-checks.ts';

const heartIn = (page: Page, title: string) => page.getByRole('button', { name: `Favoritar ${title}`, exact: true }).first();

test('a guest hearts a product, the state comes after load, and it joins the account in Minha conta › Favoritos', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/ProductList');
  await waitForHydration(page);
  const firstCard = page.getByRole('region', { name: 'Resultados' }).locator('article').first();
  const title = (await firstCard.locator('h3').textContent())!.trim();
  const href = (await firstCard.locator('h3 a').getAttribute('href'))!;
  const heart = heartIn(page, title);
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('#favoritos-aviso')).toHaveText('Adicionado aos favoritos.');
  await checkLayout(page, 'list with hearts at 360 px');
  await shot(page, 'favoritos-lista-360');

  // The cached page is the same for everyone: the pressed state is applied after load, from the cookie.
  const html = await (await page.request.get('/ProductList')).text();
  expect(html).not.toContain('aria-pressed="true"');
  // (A page not visited before: a revisit after max-age gets a 304, see the report on the page cache's CSP.)
  await page.goto(href);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(heartIn(page, title)).toHaveAttribute('aria-pressed', 'true');

  // Signing up brings the guest's favourites to the account.
  await createAccount(page, { email: uniqueEmail('favoritos'), name: 'Fernanda Favorita' });
  await page.goto('/MinhaConta');
  await waitForHydration(page);
  await page.getByRole('link', { name: /^Favoritos/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Meus favoritos' })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expect(heartIn(page, title)).toHaveAttribute('aria-pressed', 'true');
  await checkLayout(page, '/Favoritos at 360 px');
  await shot(page, 'favoritos-conta-360');
  await page.setViewportSize({ width: 1280, height: 900 });
  await checkLayout(page, '/Favoritos at 1280 px');
  await shot(page, 'favoritos-conta-1280');
});

test('"Avise-me quando chegar" on a sold-out product stores the e-mail once', async ({ page, request }) => {
  const items = await apiProducts(request, 'ordem=a-z&limite=200');
  const soldOut = items.find((p) => p.stock === 0 && p.category !== 'calcados');
  expect(soldOut, 'a sold-out product in the demo catalog').toBeTruthy();
  await page.goto(`/ProductView/${soldOut!.id}`);
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: 'Comprar', exact: true })).toBeDisabled();
  const form = page.getByRole('form', { name: 'Avise-me quando chegar' });
  await form.getByLabel('E-mail').fill('espera@exemplo.test');
  await form.getByRole('button', { name: 'Avise-me' }).click();
  await expect(form.getByRole('status')).toHaveText('Pronto! Avisaremos por e-mail quando o produto chegar.');
  await form.getByRole('button', { name: 'Avise-me' }).click();
  await expect(form.getByRole('status')).toHaveText('Você já pediu esse aviso: avisaremos por e-mail quando o produto chegar.');
  await form.getByLabel('E-mail').fill('sem-arroba');
  await form.getByRole('button', { name: 'Avise-me' }).click();
  await expect(form.getByRole('status')).toHaveText(/E-mail inválido/);
  await page.setViewportSize({ width: 360, height: 800 });
  await checkLayout(page, 'sold-out product at 360 px');
  await shot(page, 'avise-me-360');
});

test('the quantity picker stays within the stock and the order limit and feeds "Comprar"', async ({ page, request }) => {
  const p = (await stockedProducts(request, 20, 400, 10))[30]!;
  await page.goto(`/ProductView/${p.id}`);
  await waitForHydration(page);
  const field = page.getByRole('spinbutton', { name: 'Quantidade' });
  await expect(field).toHaveValue('1');
  await expect(page.getByRole('button', { name: 'Diminuir a quantidade' })).toBeDisabled();
  await page.getByRole('button', { name: 'Aumentar a quantidade' }).click();
  await page.getByRole('button', { name: 'Aumentar a quantidade' }).click();
  await expect(field).toHaveValue('3');
  await field.fill('100000');
  await field.blur();
  await expect(field).toHaveValue(String(Math.min(p.stock, 100)));
  await expect(page.getByRole('button', { name: 'Aumentar a quantidade' })).toBeDisabled();
  await field.fill('3');
  await page.getByRole('button', { name: 'Comprar', exact: true }).click();
  await expect(page.getByText(`3 unidades de "${p.title}" adicionadas ao carrinho!`)).toBeVisible();
  expect(JSON.parse((await storedCart(page))!)).toEqual([expect.objectContaining({ id: p.id, quantity: 3 })]);
  await expect(cartBadge(page)).toHaveText('3');
  await page.setViewportSize({ width: 360, height: 800 });
  await checkLayout(page, 'product page at 360 px');
  await shot(page, 'quantidade-360');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'quantidade-1280');
});

test('"Comprar novamente" puts a past order back in the cart at today\'s prices; the product page lists what was seen', async ({ page, request }) => {
  const [a, b] = (await stockedProducts(request, 20, 400, 10)).slice(32, 34);
  await createAccount(page, { email: uniqueEmail('denovo'), name: 'Davi Denovo' });
  const res = await page.request.post(`${BASE_URL}/api/orders`, {
    headers: { origin: BASE_URL },
    data: {
      idempotencyKey: `e2e-denovo-${Date.now()}`,
      email: 'denovo@exemplo.test',
      lines: [{ productId: a!.id, quantity: 2 }],
      address: { cep: '01001000', street: 'Praça da Sé', number: '100', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' },
      shipping: 'standard',
      payment: 'credit',
      installments: 1,
      card: { number: VALID_CARD, name: 'DAVI DENOVO', expiry: '12/30', cvv: '123' },
      customer: { name: 'Davi Denovo', cpf: '529.982.247-25', phone: '(11) 98765-4321' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { order } = (await res.json()) as { order: { number: string } };

  await page.goto('/Pedidos');
  await waitForHydration(page);
  await page.getByRole('button', { name: `Comprar novamente os itens do pedido #${order.number}` }).click();
  await expect(page.getByText('2 itens adicionados ao carrinho, com os preços de hoje.')).toBeVisible();
  expect(JSON.parse((await storedCart(page))!)).toEqual([expect.objectContaining({ id: a!.id, quantity: 2 })]);
  await page.setViewportSize({ width: 360, height: 800 });
  await checkLayout(page, '/Pedidos at 360 px');
  await shot(page, 'comprar-novamente-360');

  // The product pages seen show up under "Vistos recentemente" on the next one (cards from the server).
  await page.goto(`/ProductView/${a!.id}`);
  await waitForHydration(page);
  await page.goto(`/ProductView/${b!.id}`);
  await waitForHydration(page);
  const seen = page.getByRole('region', { name: 'Vistos recentemente' });
  await expect(seen.getByRole('link', { name: a!.title })).toBeVisible();
  await expect(seen.getByRole('link', { name: b!.title })).toHaveCount(0);
});
