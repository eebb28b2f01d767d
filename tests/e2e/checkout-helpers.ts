// Shared by the checkout specs (checkout-*.spec.ts): the pt-BR messages, getting a cart to /Checkout, the
// success page's order number, the confirmation e-mails, and the check digits of PIX and boleto codes.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { openCartWith, seedItem, startCheckout, stockedProducts } from './helpers.ts';
import type { ApiProduct } from './helpers.ts';
import { e2eMailDir } from './paths.ts';

// confirmation e-mail, as a guest shopper in Chromium, with the fake ViaCEP of start-server.ts.

export const MSG = {
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
export const CARD = '5555 5555 5555 4444';

export const continueBtn = (page: Page) => page.getByRole('button', { name: 'Continuar', exact: true });
export const finishBtn = (page: Page) => page.locator('section[aria-labelledby="etapa"]').getByRole('button', { name: 'Finalizar Compra' });

// Each test buys its own product (A–Z list of well-stocked items), so parallel orders never compete.
let catalog: ApiProduct[] | null = null;
export async function product(request: APIRequestContext, index: number): Promise<ApiProduct> {
  catalog ??= await stockedProducts(request, 60, 300, 60);
  expect(catalog.length).toBeGreaterThan(index);
  return catalog[index]!;
}

export async function toCheckout(page: Page, request: APIRequestContext, index: number, quantity = 1): Promise<ApiProduct> {
  const p = await product(request, index);
  await openCartWith(page, [seedItem(p, quantity)]);
  await startCheckout(page);
  return p;
}

/** The confirmation e-mails ("Pedido #n recebido") among `mails`; card orders also get "Pagamento aprovado". */
export const confirmations = (mails: string[]) => mails.filter((m) => /recebido/.test(m));

/** .eml files of the e2e server that contain `text`. */
export function mailsWith(text: string): string[] {
  const dir = e2eMailDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .filter((body) => body.includes(text));
}

/** Waits for /Sucesso and returns the 8-digit order number it shows. */
export async function successNumber(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/Sucesso$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Compra realizada com sucesso!' })).toBeVisible();
  const text = await page.getByText(/^Pedido #\d{8}$/).textContent();
  return /#(\d{8})/.exec(text!)![1]!;
}

export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** CRC16/CCITT-FALSE as the BR Code uses it (poly 0x1021, init 0xFFFF), in 4 upper-case hex digits. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

// ---- Boleto check digits (FEBRABAN) ----
export function mod10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const v = Number(digits[i]) * weight;
    sum += v > 9 ? Math.floor(v / 10) + (v % 10) : v;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}
export function mod11(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}
