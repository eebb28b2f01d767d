// The four-step checkout as a guest shopper in Chromium, with the fake ViaCEP of start-server.ts: entering
// it from the cart, and each step's validation, masks and "Voltar".
import { expect, test } from '@playwright/test';
import { brl, checkoutNotice, checkoutStep, checkoutSummary, divHalfUp, dtValue, fillAddress, fillCard, fillEmail, moneyCents } from './helpers.ts';
import { MSG, CARD, continueBtn, toCheckout } from './checkout-helpers.ts';

test.describe('Checkout: entrada e etapas', () => {
  test('do carrinho "Finalizar Compra" abre /Checkout; /Checkout direto com o carrinho vazio volta a /Cart', async ({ page, request }) => {
    await toCheckout(page, request, 0);
    const steps = page.getByRole('list', { name: 'Etapas' }).getByRole('listitem');
    await expect(steps).toHaveText(['1 Identificação', '2 Endereço', '3 Pagamento', '4 Confirmação']);
    await expect(steps.nth(0)).toHaveAttribute('aria-current', 'step');
    await expect(page.getByRole('heading', { level: 1, name: 'Finalizar compra' })).toBeVisible();
    const data = JSON.parse((await page.evaluate(() => localStorage.getItem('checkoutData')))!) as { subtotal: number; total: number; cartItems: unknown[] };
    expect(data.cartItems).toHaveLength(1);
    expect(data.total).toBe(data.subtotal);

    const fresh = await page.context().browser()!.newContext();
    const other = await fresh.newPage();
    await other.goto(new URL('/Checkout', page.url()).href);
    await expect(other).toHaveURL(/\/Cart$/);
    await expect(other.getByRole('heading', { name: 'Seu carrinho está vazio' })).toBeVisible();
    await fresh.close();
  });

  test('etapa 1: e-mail inválido mostra a mensagem e não avança', async ({ page, request }) => {
    await toCheckout(page, request, 1);
    await continueBtn(page).click();
    await expect(checkoutNotice(page)).toHaveText(MSG.email);
    for (const bad of ['maria', 'maria@', 'maria@exemplo', '@exemplo.com', 'maria silva@exemplo.com']) {
      await page.getByLabel('E-mail').fill(bad);
      await continueBtn(page).click();
      await expect(checkoutNotice(page)).toHaveText(MSG.email);
      await expect(checkoutStep(page)).toHaveText('1. Identificação');
    }
    await page.getByLabel('E-mail').fill('maria@exemplo.com.br');
    // Then the buyer: "Nome completo", CPF (check digits) and "Celular", with masks while typing.
    await continueBtn(page).click();
    await expect(checkoutNotice(page)).toHaveText('Informe o nome completo (nome e sobrenome).');
    await page.getByLabel('Nome completo').fill('Maria da Silva');
    await continueBtn(page).click();
    await expect(checkoutNotice(page)).toHaveText('Informe o CPF.');
    await page.getByLabel('CPF').pressSequentially('52998224726');
    await expect(page.getByLabel('CPF')).toHaveValue('529.982.247-26');
    await continueBtn(page).click();
    await expect(checkoutNotice(page)).toHaveText('CPF inválido: confira os números digitados.');
    await page.getByLabel('CPF').fill('');
    await page.getByLabel('CPF').pressSequentially('52998224725');
    await continueBtn(page).click();
    await expect(checkoutNotice(page)).toHaveText('Informe o celular.');
    await page.getByLabel('Celular').pressSequentially('11987654321');
    await expect(page.getByLabel('Celular')).toHaveValue('(11) 98765-4321');
    await expect(checkoutStep(page)).toHaveText('1. Identificação');
    await continueBtn(page).click();
    await expect(checkoutStep(page)).toHaveText('2. Endereço');
    await expect(checkoutNotice(page)).toHaveCount(0);
  });

  test('etapa 2: campos obrigatórios, CEP só com dígitos, autopreenchimento, CEP não encontrado e serviço fora do ar', async ({ page, request }) => {
    await toCheckout(page, request, 2);
    await fillEmail(page);

    // Shipping options, with price and delivery time.
    const standard = page.getByRole('radio', { name: /Envio Padrão/ });
    const express = page.getByRole('radio', { name: /Envio Expresso/ });
    await expect(page.locator('label', { has: standard })).toHaveText(/^Envio Padrão\s*R\$\s15,90 · 5-7 dias úteis$/);
    await expect(page.locator('label', { has: express })).toHaveText(/^Envio Expresso\s*R\$\s29,90 · 2-3 dias úteis$/);

    await continueBtn(page).click();
    await expect(checkoutNotice(page)).toHaveText(MSG.address);
    await expect(checkoutStep(page)).toHaveText('2. Endereço');

    const cep = page.getByLabel('CEP');
    await cep.pressSequentially('01a001-0001');
    await expect(cep).toHaveValue('01001000');

    // Leaving the field with 5 digits.
    await cep.fill('01001');
    await cep.blur();
    await expect(checkoutNotice(page)).toHaveText(MSG.cep);

    // Autofill from the (fake) ViaCEP.
    await cep.fill('01001000');
    await cep.blur();
    await expect(page.getByLabel('Rua')).toHaveValue('Praça da Sé');
    await expect(page.getByLabel('Bairro')).toHaveValue('Sé');
    await expect(page.getByLabel('Cidade')).toHaveValue('São Paulo');
    await expect(page.getByLabel('Estado')).toHaveValue('SP');
    await expect(checkoutNotice(page)).toHaveCount(0);

    // Address without number or shipping: still refused.
    await continueBtn(page).click();
    await expect(checkoutNotice(page)).toHaveText(MSG.address);

    await cep.fill('99999999');
    await cep.blur();
    await expect(checkoutNotice(page)).toHaveText(MSG.cepNotFound);

    // The service answers 500: a notice to type by hand, and the form still works.
    await cep.fill('50000000');
    await cep.blur();
    await expect(page.getByRole('status').filter({ hasText: MSG.cepManual })).toHaveText(MSG.cepManual);
    await page.getByLabel('Rua').fill('Rua das Flores');
    await page.getByLabel('Número').fill('42');
    await page.getByLabel('Complemento').fill('apto 3');
    await page.getByLabel('Bairro').fill('Boa Vista');
    await page.getByLabel('Cidade').fill('Recife');
    await page.getByLabel('Estado').selectOption('PE');
    await express.check();
    await continueBtn(page).click();
    await expect(checkoutStep(page)).toHaveText('3. Pagamento');
    await expect(dtValue(checkoutSummary(page), 'Frete (Envio Expresso)')).toHaveText(brl(2990));
  });

  test('etapa 3: método obrigatório, dados do cartão, formatação, Luhn, validade vencida e parcelas', async ({ page, request }) => {
    await toCheckout(page, request, 3, 2);
    await fillEmail(page);
    await fillAddress(page);

    await continueBtn(page).click();
    await expect(checkoutNotice(page)).toHaveText(MSG.payment);

    await page.getByRole('radio', { name: /Cartão de Crédito/ }).check();
    await continueBtn(page).click();
    await expect(checkoutNotice(page)).toHaveText(MSG.card);

    const number = page.getByLabel('Número do cartão');
    const name = page.getByLabel('Nome impresso no cartão');
    const expiry = page.getByLabel('Validade (MM/AA)');
    const cvv = page.getByLabel('CVV');
    await number.pressSequentially('4111x1111111111112222');
    await expect(number).toHaveValue('4111 1111 1111 1111');
    await expect(number).toHaveAttribute('maxlength', '19');
    await expiry.pressSequentially('1230');
    await expect(expiry).toHaveValue('12/30');
    await cvv.pressSequentially('12a345');
    await expect(cvv).toHaveValue('123');

    // One field missing (the name).
    await continueBtn(page).click();
    await expect(checkoutNotice(page)).toHaveText(MSG.card);
    await name.fill('MARIA DA SILVA');

    // A number that fails the Luhn check.
    await number.fill('4111 1111 1111 1112');
    await continueBtn(page).click();
    await expect(checkoutNotice(page)).toHaveText(MSG.cardNumber);
    await number.fill(CARD);

    // An expired date.
    await expiry.fill('01/20');
    await continueBtn(page).click();
    await expect(checkoutNotice(page)).toHaveText(MSG.cardExpiry);
    for (const bad of ['13/30', '12/99']) {
      // Month 13; a date 70+ years ahead (no real card has it).
      await expiry.fill(bad);
      await continueBtn(page).click();
      await expect(checkoutNotice(page)).toHaveText(MSG.cardExpiry);
    }
    await expiry.fill('12/30');

    // Installments: 1 up to min(10, floor(total / R$ 10)), each total/n.
    const total = await moneyCents(page.getByTestId('checkout-total'));
    const select = page.getByLabel('Parcelas');
    await expect(select).toHaveValue('1');
    const options = select.locator('option');
    const max = Math.min(10, Math.floor(total / 1000));
    await expect(options).toHaveCount(max);
    await expect(options.first()).toHaveText(`1x de ${brl(total)} sem juros`);
    expect(max).toBeGreaterThanOrEqual(3);
    await select.selectOption('3');
    await expect(select.locator('option:checked')).toHaveText(`3x de ${brl(divHalfUp(total, 3))} sem juros`);

    await continueBtn(page).click();
    await expect(checkoutStep(page)).toHaveText('4. Confirmação');
    await expect(dtValue(page.locator('section[aria-labelledby="etapa"]'), 'Parcelas')).toHaveText(`3x de ${brl(divHalfUp(total, 3))} sem juros`);
  });

  test('etapa 4: resumo com cartão mascarado; "Voltar" volta uma etapa mantendo os dados', async ({ page, request }) => {
    const p = await toCheckout(page, request, 4, 2);
    await fillEmail(page, 'resumo@example.com');
    await fillAddress(page, 'Envio Expresso');
    await fillCard(page, CARD);
    await page.getByLabel('Parcelas').selectOption('2');
    await continueBtn(page).click();
    await expect(checkoutStep(page)).toHaveText('4. Confirmação');

    const step = page.locator('section[aria-labelledby="etapa"]');
    await expect(dtValue(step, 'E-mail')).toHaveText('resumo@example.com');
    await expect(dtValue(step, 'Comprador')).toHaveText('Maria da Silva · CPF 529.982.247-25 · Celular (11) 98765-4321');
    await expect(dtValue(step, 'Endereço')).toHaveText('Praça da Sé, 100, Sé, São Paulo - SP, CEP 01001-000');
    await expect(dtValue(step, 'Envio')).toHaveText('Envio Expresso (2-3 dias úteis)');
    await expect(dtValue(step, 'Pagamento')).toHaveText('Cartão de Crédito');
    await expect(dtValue(step, 'Cartão')).toHaveText('•••• •••• •••• 4444');
    const subtotal = p.priceCents * 2;
    const total = subtotal + 2990;
    await expect(dtValue(step, 'Parcelas')).toHaveText(`2x de ${brl(divHalfUp(total, 2))} sem juros`);
    const item = dtValue(step, 'Itens').getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(p.title);
    await expect(item).toContainText('Quantidade: 2');
    await expect(item).toContainText(brl(subtotal));
    await expect(item.getByRole('img')).toHaveJSProperty('complete', true);
    expect(await item.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(dtValue(checkoutSummary(page), 'Subtotal')).toHaveText(brl(subtotal));
    await expect(dtValue(checkoutSummary(page), 'Frete (Envio Expresso)')).toHaveText(brl(2990));
    await expect(page.getByTestId('checkout-total')).toHaveText(brl(total));

    // The full card number is nowhere in the page's text or markup.
    const text = await page.locator('body').innerText();
    const html = await page.content();
    for (const s of [CARD, CARD.replace(/ /g, ''), '5555 5555']) {
      expect(text).not.toContain(s);
      expect(html).not.toContain(s);
    }
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))).not.toContain('5555555555554444');

    // "Voltar" goes back one step at a time, keeping what was typed.
    await page.getByRole('button', { name: 'Voltar', exact: true }).click();
    await expect(checkoutStep(page)).toHaveText('3. Pagamento');
    await expect(page.getByRole('radio', { name: /Cartão de Crédito/ })).toBeChecked();
    await expect(page.getByLabel('Número do cartão')).toHaveValue(CARD);
    await expect(page.getByLabel('Parcelas')).toHaveValue('2');
    await page.getByRole('button', { name: 'Voltar', exact: true }).click();
    await expect(checkoutStep(page)).toHaveText('2. Endereço');
    await expect(page.getByLabel('CEP')).toHaveValue('01001000');
    await expect(page.getByLabel('Rua')).toHaveValue('Praça da Sé');
    await expect(page.getByLabel('Número')).toHaveValue('100');
    await expect(page.getByRole('radio', { name: /Envio Expresso/ })).toBeChecked();
    await page.getByRole('button', { name: 'Voltar', exact: true }).click();
    await expect(checkoutStep(page)).toHaveText('1. Identificação');
    await expect(page.getByLabel('E-mail')).toHaveValue('resumo@example.com');
    await expect(page.getByLabel('CPF')).toHaveValue('529.982.247-25');
    await expect(page.getByRole('link', { name: 'Voltar ao carrinho' })).toHaveAttribute('href', '/Cart');

    // And forward again to the same summary.
    await continueBtn(page).click();
    await continueBtn(page).click();
    await continueBtn(page).click();
    await expect(checkoutStep(page)).toHaveText('4. Confirmação');
    await expect(dtValue(step, 'Cartão')).toHaveText('•••• •••• •••• 4444');
  });
});
