// Buying through the checkout as a guest shopper in Chromium: card, PIX and boleto (with a coupon), a declined
// card, the success page, the order page and the confirmation e-mail.
import { expect, test } from '@playwright/test';
import {
  brl,
  cartBadge,
  cartSummary,
  checkoutNotice,
  checkoutStep,
  checkoutSummary,
  DECLINED_CARD,
  divHalfUp,
  dtValue,
  fillAddress,
  fillCard,
  fillEmail,
  moneyCents,
  openCartWith,
  seedItem,
  startCheckout,
  storedCart,
} from './helpers.ts';
import { MSG, CARD, continueBtn, finishBtn, product, toCheckout, confirmations, mailsWith, successNumber, uniqueEmail, crc16, mod10, mod11 } from './checkout-helpers.ts';

test.describe('Checkout: compras', () => {
  test('cartão: /Sucesso, número do pedido, carrinho limpo, e-mail e "Acompanhar pedido" com status Pago', async ({ page, request }) => {
    const p = await toCheckout(page, request, 5, 2);
    const email = uniqueEmail('cartao');
    await fillEmail(page, email);
    await fillAddress(page);
    await fillCard(page, CARD);
    const total = await moneyCents(page.getByTestId('checkout-total'));
    expect(total).toBe(p.priceCents * 2 + 1590);
    await page.getByLabel('Parcelas').selectOption('3');
    await continueBtn(page).click();
    await finishBtn(page).click();

    const number = await successNumber(page);
    await expect(page.getByText(`Enviamos a confirmação para ${email}.`)).toBeVisible();
    await expect(cartBadge(page)).toHaveCount(0);
    expect(await storedCart(page)).toBe('[]');
    expect(await page.evaluate(() => localStorage.getItem('checkoutData'))).toBeNull();
    const lastOrder = JSON.parse((await page.evaluate(() => localStorage.getItem('lastOrder')))!) as { order: { number: string } };
    expect(lastOrder.order.number).toBe(number);

    const summary = page.getByRole('region', { name: 'Resumo do pedido' });
    await expect(dtValue(summary, 'Pagamento')).toHaveText('Cartão de Crédito - 3x · cartão final 4444');
    await expect(dtValue(summary, 'Entrega')).toHaveText('Envio Padrão: entrega estimada em até 7 dias úteis');
    await expect(dtValue(summary, 'Endereço')).toHaveText('Praça da Sé, 100, Sé, São Paulo - SP, CEP 01001-000');
    await expect(summary.getByRole('listitem').filter({ hasText: p.title })).toContainText(`2 x ${brl(p.priceCents)}`);
    await expect(dtValue(summary, 'Total')).toHaveText(brl(total));
    await expect(summary.getByText(`3x de ${brl(divHalfUp(total, 3))} sem juros`)).toBeVisible();
    expect(await page.locator('body').innerText()).not.toContain('5555 5555');
    await expect(page.getByRole('link', { name: 'Continuar comprando' })).toHaveAttribute('href', '/ProductList');

    // The confirmation e-mail, with the order number, and the "paid" e-mail (both from the outbox, once each).
    await expect.poll(() => confirmations(mailsWith(email)).length).toBe(1);
    const mail = confirmations(mailsWith(email))[0]!;
    expect(mail).toContain(number);
    // The paid e-mail once; the nota fiscal's e-mail may follow (the embedded emitter authorizes at once), once.
    // Each outbox e-mail's Message-ID names its kind (pedido-N-paid, pedido-N-invoiced).
    const kinds = () => mailsWith(email).map((m) => /^Message-ID: <pedido-\d+-([a-z]+)@/m.exec(m)?.[1] ?? '?');
    await expect.poll(() => kinds().filter((k) => k === 'paid').length).toBe(1);
    expect(kinds().sort()).toEqual(expect.arrayContaining(['confirmation', 'paid']));
    expect(kinds().filter((k) => !['confirmation', 'paid'].includes(k))).toEqual(kinds().includes('invoiced') ? ['invoiced'] : []);
    for (const m of mailsWith(email)) expect(m).not.toContain('5555555555554444');

    // "Acompanhar pedido" → the order's page, already paid; leaving /Sucesso drops lastOrder.
    await page.getByRole('link', { name: 'Acompanhar pedido' }).click();
    await expect(page).toHaveURL(new RegExp(`/Pedidos/${number}\\?token=`));
    await expect(page.getByRole('heading', { level: 1, name: `Pedido #${number}` })).toBeVisible();
    await expect(page.getByText(/Situação:/)).toHaveText(/Situação: (Pago|Faturado)$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('lastOrder'))).toBeNull();
  });

  test('PIX: QR Code que carrega, "Copiar código PIX", total = (subtotal + frete) × 0,9; "Simular pagamento" deixa Pago', async ({ page, request, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const p = await toCheckout(page, request, 6);
    const email = uniqueEmail('pix');
    await fillEmail(page, email);
    await fillAddress(page, 'Envio Expresso');
    await page.getByRole('radio', { name: /PIX/ }).check();
    await expect(page.locator('label', { has: page.getByRole('radio', { name: /PIX/ }) })).toContainText('10% de desconto');
    const gross = p.priceCents + 2990;
    const expected = Math.floor((gross * 9000 + 5000) / 10000);
    await expect(page.getByTestId('checkout-total')).toHaveText(brl(expected));
    await continueBtn(page).click();
    await expect(dtValue(page.locator('section[aria-labelledby="etapa"]'), 'Pagamento')).toHaveText('PIX');
    await finishBtn(page).click();

    const number = await successNumber(page);
    const summary = page.getByRole('region', { name: 'Resumo do pedido' });
    await expect(dtValue(summary, 'Pagamento')).toHaveText('PIX - 10% de desconto');
    await expect(dtValue(summary, 'Entrega')).toHaveText('Envio Expresso: entrega estimada em até 3 dias úteis');
    const subtotal = await moneyCents(dtValue(summary, 'Subtotal'));
    const freight = await moneyCents(dtValue(summary, 'Frete'));
    expect(subtotal).toBe(p.priceCents);
    expect(freight).toBe(2990);
    await expect(dtValue(summary, 'Total')).toHaveText(brl(Math.floor(((subtotal + freight) * 9000 + 5000) / 10000)));
    await expect(dtValue(summary, 'Desconto do pagamento')).toHaveText(`− ${brl(subtotal + freight - expected)}`);

    const pix = page.getByRole('region', { name: 'Pague com PIX' });
    const qr = pix.getByRole('img', { name: 'QR Code PIX do pedido' });
    await expect(qr).toBeVisible();
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const code = await pix.getByLabel('PIX copia e cola').inputValue();
    // A BR Code (EMV): payload format 01, the PIX GUI, the amount, and a correct CRC16 at the end.
    expect(code).toMatch(/^000201/);
    expect(code.toLowerCase()).toContain('0014br.gov.bcb.pix');
    expect(code).toContain(`54${String((expected / 100).toFixed(2).length).padStart(2, '0')}${(expected / 100).toFixed(2)}`);
    expect(code.slice(-8, -4)).toBe('6304');
    expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)));
    await pix.getByRole('button', { name: 'Copiar código PIX' }).click();
    await expect(pix.getByRole('status')).toHaveText('Copiado!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    await expect.poll(() => mailsWith(email).length).toBe(1);
    expect(mailsWith(email)[0]).toContain(number);

    // The order waits for payment; the sandbox button pays it.
    await page.getByRole('link', { name: 'Acompanhar pedido' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Pedido #${number}` })).toBeVisible();
    await expect(page.getByText(/Situação:/)).toHaveText(/Situação: Aguardando pagamento$/);
    await expect(page.getByRole('region', { name: 'Pague com PIX' })).toBeVisible();
    await page.getByRole('button', { name: 'Simular pagamento (sandbox)' }).click();
    await expect(page.getByText(/Situação:/)).toHaveText(/Situação: (Pago|Faturado)$/);
    await expect(page.getByRole('region', { name: 'Pague com PIX' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByText(/Situação:/)).toHaveText(/Situação: (Pago|Faturado)$/);
  });

  test('boleto com cupom: "5% de desconto", linha digitável de 47 dígitos válida e "Imprimir boleto" com código de barras', async ({ page, request, context }) => {
    const p = await product(request, 7);
    await openCartWith(page, [seedItem(p, 2)]);
    await page.getByLabel('Cupom de desconto').fill('olimpo');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(dtValue(cartSummary(page), 'Desconto')).toBeVisible();
    await startCheckout(page);
    await fillEmail(page, uniqueEmail('boleto'));
    await fillAddress(page);
    await page.getByRole('radio', { name: /Boleto Bancário/ }).check();
    const subtotal = p.priceCents * 2;
    const coupon = divHalfUp(subtotal, 10);
    const expected = Math.floor(((subtotal - coupon + 1590) * 9500 + 5000) / 10000);
    await expect(dtValue(checkoutSummary(page), 'Cupom')).toHaveText(`− ${brl(coupon)}`);
    await expect(page.getByTestId('checkout-total')).toHaveText(brl(expected));
    await continueBtn(page).click();
    await finishBtn(page).click();

    const number = await successNumber(page);
    const summary = page.getByRole('region', { name: 'Resumo do pedido' });
    await expect(dtValue(summary, 'Pagamento')).toHaveText('Boleto Bancário - 5% de desconto');
    await expect(dtValue(summary, 'Cupom')).toHaveText(`− ${brl(coupon)}`);
    await expect(dtValue(summary, 'Total')).toHaveText(brl(expected));

    const boleto = page.getByRole('region', { name: 'Pague o boleto' });
    const line = (await boleto.getByLabel('Linha digitável').inputValue()).replace(/\D/g, '');
    expect(line).toMatch(/^\d{47}$/);
    expect(mod10(line.slice(0, 9))).toBe(Number(line[9]));
    expect(mod10(line.slice(10, 20))).toBe(Number(line[20]));
    expect(mod10(line.slice(21, 31))).toBe(Number(line[31]));
    const barcodeWithoutDv = line.slice(0, 4) + line.slice(33, 47) + line.slice(4, 9) + line.slice(10, 20) + line.slice(21, 31);
    expect(mod11(barcodeWithoutDv)).toBe(Number(line[32]));
    expect(Number(line.slice(37))).toBe(expected); // the amount field
    await expect(boleto.getByText(/^Vencimento: \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();

    const [print] = await Promise.all([context.waitForEvent('page'), boleto.getByRole('link', { name: 'Imprimir boleto' }).click()]);
    await print.waitForLoadState();
    await expect(print).toHaveURL(new RegExp(`/Pedidos/${number}/boleto`));
    await expect(print.getByRole('heading', { level: 1 })).toHaveText(`Boleto bancário · Pedido #${number}`);
    const barcode = print.getByRole('img', { name: 'Código de barras do boleto' });
    await expect(barcode).toBeVisible();
    expect(await barcode.locator('rect').count()).toBeGreaterThan(100);
    await expect(print.locator('main')).toContainText(line.replace(/^(\d{5})(\d{5})(\d{5})(\d{6})(\d{5})(\d{6})(\d)(\d{14})$/, '$1.$2 $3.$4 $5.$6 $7 $8'));
    await expect(dtValue(print.locator('main'), 'Valor')).toHaveText(brl(expected));
    await print.close();
  });

  test('cartão recusado (4000 0000 0000 0002): erro na etapa 4, carrinho mantido; outro cartão conclui', async ({ page, request }) => {
    const p = await toCheckout(page, request, 8);
    const email = uniqueEmail('recusado');
    await fillEmail(page, email);
    await fillAddress(page);
    await fillCard(page, DECLINED_CARD);
    await continueBtn(page).click();
    await expect(checkoutStep(page)).toHaveText('4. Confirmação');
    await finishBtn(page).click();
    await expect(checkoutNotice(page)).toHaveText(MSG.declined);
    await expect(page).toHaveURL(/\/Checkout$/);
    await expect(checkoutStep(page)).toHaveText('4. Confirmação');
    await expect(cartBadge(page)).toHaveText('1');
    const cart = JSON.parse((await storedCart(page))!) as { id: number; quantity: number }[];
    expect(cart).toEqual([expect.objectContaining({ id: p.id, quantity: 1 })]);
    expect(await page.evaluate(() => localStorage.getItem('lastOrder'))).toBeNull();
    // No confirmation for a declined card: the cancellation e-mail gives the reason.
    await expect.poll(() => mailsWith(email).filter((m) => /cancelado/.test(m)).length).toBe(1);
    expect(confirmations(mailsWith(email))).toHaveLength(0);

    // A second attempt with a good card goes through (a new idempotency key).
    await page.getByRole('button', { name: 'Voltar', exact: true }).click();
    await page.getByLabel('Número do cartão').fill(CARD);
    await continueBtn(page).click();
    await finishBtn(page).click();
    const number = await successNumber(page);
    await expect(cartBadge(page)).toHaveCount(0);
    await expect.poll(() => confirmations(mailsWith(email)).length).toBe(1);
    expect(confirmations(mailsWith(email))[0]).toContain(number);
  });

  // A real double click (the page disables the button after the first), and two clicks within one task,
  // before React re-renders (the page drops the second): the order is posted once, to the checkout route's
  // action, with the attempt's idempotency key, and the server makes one order.
  for (const [mode, index] of [
    ['duplo clique', 9],
    ['dois cliques na mesma tarefa', 11],
  ] as const) {
    test(`${mode} em "Finalizar Compra" cria um único pedido`, async ({ page, request }) => {
      await toCheckout(page, request, index);
      const email = uniqueEmail('duplo');
      await fillEmail(page, email);
      await fillAddress(page);
      await page.getByRole('radio', { name: /Boleto Bancário/ }).check();
      await continueBtn(page).click();
      await expect(checkoutStep(page)).toHaveText('4. Confirmação');

      const keys: string[] = [];
      const answers: { status: number; body: string }[] = [];
      const placing = (url: string) => new URL(url).pathname === '/Checkout.data';
      page.on('request', (r) => {
        if (r.method() === 'POST' && placing(r.url())) keys.push(new URLSearchParams(r.postData() ?? '').get('idempotencyKey') ?? '');
      });
      // The answer is read on its way to the page: once the page moves to /Sucesso, the browser may already
      // have dropped a response's body, and reading it from a 'response' event came back empty.
      await page.route(
        (url) => placing(url.href),
        async (route) => {
          if (route.request().method() !== 'POST') return route.fallback();
          const response = await route.fetch();
          const body = await response.text();
          answers.push({ status: response.status(), body });
          await route.fulfill({ response, body });
        },
      );
      if (mode === 'duplo clique') {
        await finishBtn(page).dblclick();
      } else {
        await finishBtn(page).evaluate((b: HTMLButtonElement) => {
          b.click();
          b.click();
        });
      }
      const number = await successNumber(page);
      await expect.poll(() => answers.length).toBe(keys.length);
      expect(keys).toHaveLength(1);
      expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
      // The action's answer (React Router's encoding) is a success carrying this order's number.
      expect(answers.map((a) => a.status)).toEqual([201]);
      expect(answers[0]!.body).toContain(JSON.stringify(number));
      // One confirmation e-mail for this shopper (give a late second order time to show up).
      await expect.poll(() => mailsWith(email).length).toBe(1);
      await page.waitForTimeout(1000);
      expect(mailsWith(email)).toHaveLength(1);
      expect(mailsWith(email)[0]).toContain(number);
    });
  }
});
