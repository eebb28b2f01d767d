import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
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
  stockedProducts,
  storedCart,
  waitForHydration,
} from './helpers.ts';
import type { ApiProduct } from './helpers.ts';
import { e2eMailDir } from './paths.ts';
import { orderForm } from '../../app/lib/order-form.ts';
import type { OrderDraft } from '../../app/lib/order-form.ts';

// Issue 4: the four-step checkout, the three payment methods, the success page, the order page and the
// confirmation e-mail, as a guest shopper in Chromium, with the fake ViaCEP of start-server.ts.

const MSG = {
  email: 'Por favor, insira um e-mail válido.',
  address: 'Por favor, preencha todos os campos do endereço e selecione uma forma de envio.',
  cep: 'Digite um CEP válido com 8 números.',
  cepNotFound: 'CEP não encontrado',
  cepManual: 'Não foi possível consultar o CEP agora. Preencha o endereço manualmente.',
  payment: 'Por favor, selecione um método de pagamento.',
  card: 'Por favor, preencha todos os dados do cartão.',
  cardNumber: 'Número do cartão inválido. Confira os dígitos.',
  cardExpiry: 'Validade inválida ou vencida. Use o formato MM/AA.',
  declined: 'Pagamento recusado pelo emissor do cartão. Verifique os dados ou use outro cartão.',
};

/** A Mastercard test number that passes Luhn; its last four digits appear nowhere else. */
const CARD = '5555 5555 5555 4444';

const continueBtn = (page: Page) => page.getByRole('button', { name: 'Continuar', exact: true });
const finishBtn = (page: Page) => page.locator('section[aria-labelledby="etapa"]').getByRole('button', { name: 'Finalizar Compra' });

// Each test buys its own product (A–Z list of well-stocked items), so parallel orders never compete.
let catalog: ApiProduct[] | null = null;
async function product(request: APIRequestContext, index: number): Promise<ApiProduct> {
  catalog ??= await stockedProducts(request, 60, 300, 60);
  expect(catalog.length).toBeGreaterThan(index);
  return catalog[index]!;
}

async function toCheckout(page: Page, request: APIRequestContext, index: number, quantity = 1): Promise<ApiProduct> {
  const p = await product(request, index);
  await openCartWith(page, [seedItem(p, quantity)]);
  await startCheckout(page);
  return p;
}

/** The confirmation e-mails ("Pedido #n recebido") among `mails`; card orders also get "Pagamento aprovado". */
const confirmations = (mails: string[]) => mails.filter((m) => /recebido/.test(m));

/** .eml files of the e2e server that contain `text`. */
function mailsWith(text: string): string[] {
  const dir = e2eMailDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .filter((body) => body.includes(text));
}

/** Waits for /Sucesso and returns the 8-digit order number it shows. */
async function successNumber(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/Sucesso$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Compra realizada com sucesso!' })).toBeVisible();
  const text = await page.getByText(/^Pedido #\d{8}$/).textContent();
  return /#(\d{8})/.exec(text!)![1]!;
}

const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** CRC16/CCITT-FALSE as the BR Code uses it (poly 0x1021, init 0xFFFF), in 4 upper-case hex digits. */
function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

// ---- Boleto check digits (FEBRABAN) ----
function mod10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const v = Number(digits[i]) * weight;
    sum += v > 9 ? Math.floor(v / 10) + (v % 10) : v;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}
function mod11(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

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
    await expect.poll(() => mailsWith(email).length).toBe(2);
    for (const m of mailsWith(email)) expect(m).not.toContain('5555555555554444');

    // "Acompanhar pedido" → the order's page, already paid; leaving /Sucesso drops lastOrder.
    await page.getByRole('link', { name: 'Acompanhar pedido' }).click();
    await expect(page).toHaveURL(new RegExp(`/Pedidos/${number}\\?token=`));
    await expect(page.getByRole('heading', { level: 1, name: `Pedido #${number}` })).toBeVisible();
    await expect(page.getByText(/Situação:/)).toHaveText(/Situação: Pago$/);
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
    await expect(page.getByText(/Situação:/)).toHaveText(/Situação: Pago$/);
    await expect(page.getByRole('region', { name: 'Pague com PIX' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByText(/Situação:/)).toHaveText(/Situação: Pago$/);
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
      page.on('response', async (r) => {
        if (r.request().method() === 'POST' && placing(r.url())) answers.push({ status: r.status(), body: await r.text().catch(() => '') });
      });
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
    const post = (d: OrderDraft) =>
      request.post('/Checkout.data', { headers: { Origin: baseURL!, 'Content-Type': 'application/x-www-form-urlencoded' }, data: orderForm(d).toString() });
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
  test('sair de /Sucesso remove lastOrder; /Sucesso sem pedido mostra uma mensagem amigável', async ({ page, request }) => {
    await toCheckout(page, request, 10);
    await fillEmail(page, uniqueEmail('sair'));
    await fillAddress(page);
    await page.getByRole('radio', { name: /PIX/ }).check();
    await continueBtn(page).click();
    await finishBtn(page).click();
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
