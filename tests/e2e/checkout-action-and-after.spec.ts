// The checkout route's action without the page (pt-BR 400s, one order per key), a lost answer at the last
// step, and what the shopper meets after buying (/Sucesso, /ConfirmarCompra).
import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { cartBadge, checkoutNotice, checkoutStep, fillAddress, fillEmail, openSuccessWith, placeOrderViaApi, waitForHydration } from './helpers.ts';
import { orderForm } from '#app/lib/order-form.ts';
import type { OrderDraft } from '#app/lib/order-form.ts';
import { MSG, continueBtn, finishBtn, product, toCheckout, confirmations, mailsWith, successNumber, uniqueEmail } from './checkout-helpers.ts';

// The order as the last step posts it (a form to the route's action, React Router's `.data` request), sent
// here without the page: bad data is a pt-BR 400 that names its field and places nothing; a good order is
// placed once (201), and its key sent again answers the same order (200) without a second one.
test.describe('Checkout: a ação da rota', () => {
  test('dados inválidos: 400 em pt-BR com o campo e nada muda; pedido válido: 201 uma vez, a mesma chave de novo: 200', async ({ request, baseURL }) => {
    const p = await product(request, 12);
    const stock = async () => ((await (await request.get(`/api/products/${p.id}`)).json()) as { stock: number }).stock;
    const email = uniqueEmail('acao');
    const draft: OrderDraft = {
      idempotencyKey: crypto.randomUUID(),
      email,
      buyer: { name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' },
      lines: [{ productId: p.id, quantity: 2 }],
      coupon: null,
      address: { cep: '01001000', street: 'Praça da Sé', number: '100', complement: '', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' },
      shipping: 'standard',
      payment: 'pix',
      installments: 1,
      card: null,
    };
    const post = (d: OrderDraft) => request.post('/Checkout.data', { headers: { Origin: baseURL!, 'Content-Type': 'application/x-www-form-urlencoded' }, data: orderForm(d).toString() });
    const before = await stock();

    const bad = await post({ ...draft, address: { ...draft.address, cep: '0100' } });
    expect(bad.status()).toBe(400);
    const refused = await bad.text();
    expect(refused).toContain(MSG.cep);
    expect(refused).toContain('"cep"');
    const badCpf = await post({ ...draft, buyer: { ...draft.buyer, cpf: '111.111.111-11' } });
    expect(badCpf.status()).toBe(400);
    expect(await badCpf.text()).toContain('CPF inválido: confira os números digitados.');
    expect(await stock()).toBe(before);

    const placed = await post(draft);
    expect(placed.status()).toBe(201);
    expect(await placed.text()).toContain(email);
    await expect.poll(stock).toBe(before - 2);
    const again = await post(draft);
    expect(again.status()).toBe(200);
    expect(await stock()).toBe(before - 2);
    await expect.poll(() => confirmations(mailsWith(email)).length).toBe(1);
  });

  test('sem resposta do servidor ao finalizar: a mensagem em pt-BR na etapa 4, carrinho mantido; de novo, conclui', async ({ page, request }) => {
    await toCheckout(page, request, 13);
    await fillEmail(page, uniqueEmail('offline'));
    await fillAddress(page);
    await page.getByRole('radio', { name: /PIX/ }).check();
    await continueBtn(page).click();
    await page.route(/\/Checkout\.data/, (route) => route.abort('internetdisconnected'));
    await finishBtn(page).click();
    await expect(checkoutNotice(page)).toHaveText('Erro ao finalizar a compra. Tente novamente.');
    await expect(checkoutStep(page)).toHaveText('4. Confirmação');
    await expect(cartBadge(page)).toHaveText('1');
    await page.unroute(/\/Checkout\.data/);
    await finishBtn(page).click();
    await successNumber(page);
  });
});

test.describe('Depois da compra', () => {
  // The purchase itself is not under test here (checkout-purchases.spec.ts buys through the page with each
  // payment method): the order is placed through the API and /Sucesso opened as the checkout leaves it.
  test('sair de /Sucesso remove lastOrder; /Sucesso sem pedido mostra uma mensagem amigável', async ({ page, request }) => {
    await openSuccessWith(page, await placeOrderViaApi(request, await product(request, 10), 'pix', { email: uniqueEmail('sair') }));
    await successNumber(page);
    expect(await page.evaluate(() => localStorage.getItem('lastOrder'))).not.toBeNull();
    await page.getByRole('link', { name: 'Continuar comprando' }).click();
    await expect(page).toHaveURL(/\/ProductList$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('lastOrder'))).toBeNull();

    // Opened directly, with no order: no invented sample order.
    await page.goto('/Sucesso');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Nenhuma compra recente por aqui' })).toBeVisible();
    await expect(page.getByText('Compra realizada com sucesso!')).toHaveCount(0);
    await expect(page.getByText(/Pedido #/)).toHaveCount(0);
    await expect(page.locator('main').getByRole('link', { name: 'Continuar comprando' })).toHaveAttribute('href', '/ProductList');
    await expect(page.locator('main').getByRole('link', { name: 'Meus pedidos' })).toHaveAttribute('href', '/Pedidos');
  });

  for (const [route, title] of [
    ['/Pedidos', 'Meus Pedidos'],
    ['/HistoricoPedidos', 'Histórico de Pedidos'],
  ] as const) {
    test(`${route} como visitante pede para entrar`, async ({ page }) => {
      const res = await page.goto(route);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText('Entre na sua conta para ver os seus pedidos.')).toBeVisible();
      await expect(page.locator('main').getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', `/Login?redirectTo=${encodeURIComponent(route)}`);
      await expect(page.getByText(/Pedido #\d/)).toHaveCount(0);
    });
  }

  test('/ConfirmarCompra leva ao checkout e, sem nada para finalizar, ao carrinho', async ({ page, request }) => {
    const res = await request.get('/ConfirmarCompra', { maxRedirects: 0 });
    expect([301, 302, 303, 307, 308]).toContain(res.status());
    expect(res.headers()['location']).toMatch(/^\/Checkout(\?|$)/);
    await page.goto('/ConfirmarCompra');
    await expect(page).toHaveURL(/\/Cart$/);
    await expect(page.getByRole('heading', { name: 'Seu carrinho está vazio' })).toBeVisible();
  });
});
