import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/**
 * Waits until React Router has hydrated the server-rendered page, so clicks reach React handlers
 * (buttons such as "Comprar" and the carousel controls do nothing before that).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const w = window as unknown as { __reactRouterDataRouter?: { state?: { initialized?: boolean } } };
    if (!w.__reactRouterDataRouter?.state?.initialized) return false;
    const el = document.querySelector('header a[href="/Cart"]');
    return !!el && Object.keys(el).some((k) => k.startsWith('__reactProps'));
  });
}

/** "R$ 1.234,56" (Intl puts a non-breaking space after R$) → 1234.56 */
export function parseBRL(text: string): number {
  const m = /R\$[\s\u00a0\u202f]*(\d{1,3}(?:\.\d{3})*|\d+),(\d{2})/.exec(text);
  if (!m) throw new Error(`Preço não encontrado em: ${JSON.stringify(text)}`);
  return Number(`${m[1]!.replace(/\./g, '')}.${m[2]}`);
}

/** Lower case, accents removed: "Faróis" → "farois". */
export const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The product list's result cards. */
export const resultCards = (page: Page): Locator => page.getByRole('region', { name: 'Resultados' }).locator('article');

/** The number in "51 resultados" / "1 resultado" / "1.234 resultados". */
export async function resultCount(page: Page): Promise<number> {
  const text = await page
    .getByText(/^\d[\d.]* resultados?\b/)
    .first()
    .textContent();
  const m = /^(\d[\d.]*) resultados?/.exec(text ?? '');
  expect(m, `texto de contagem: ${text}`).not.toBeNull();
  return Number(m![1]!.replace(/\./g, ''));
}

/** Card titles, brands and current prices, in page order. */
export async function readCards(page: Page) {
  const cards = resultCards(page);
  const titles = await cards.locator('h3').allTextContents();
  // The brand line is the paragraph just above the title (upper-case by CSS; textContent keeps the real name).
  const brands = await cards.locator('h3').locator('xpath=preceding-sibling::p[1]').allTextContents();
  const priceTexts = await cards.locator('p', { hasText: /^Preço:/ }).allTextContents();
  return { titles, brands, prices: priceTexts.map(parseBRL) };
}

/** The header cart badge (absent when the cart is empty). */
export const cartBadge = (page: Page): Locator => page.getByTestId('cart-count');

// ---- Cart and checkout ----

export interface ApiProduct {
  id: number;
  title: string;
  priceCents: number;
  oldPriceCents: number | null;
  stock: number;
  category: string;
}

export interface ApiVariant {
  color: string;
  size: string;
  stock: number;
}

type Request = import('@playwright/test').APIRequestContext;

/** Products from GET /api/products (query string without "?"), as the API gives them. */
export async function apiProducts(request: Request, query: string): Promise<ApiProduct[]> {
  const res = await request.get(`/api/products?${query}`);
  expect(res.ok(), `GET /api/products?${query}`).toBeTruthy();
  return ((await res.json()) as { items: ApiProduct[] }).items;
}

/**
 * Non-footwear products priced between minReais and maxReais with plenty of stock, in a stable order
 * (A–Z), with distinct titles. Tests take different indexes so parallel orders never compete for stock.
 */
export async function stockedProducts(request: Request, minReais: number, maxReais: number, minStock = 60): Promise<ApiProduct[]> {
  const items = await apiProducts(request, `preco_min=${minReais}&preco_max=${maxReais}&ordem=a-z&limite=200`);
  const seen = new Set<string>();
  return items.filter((p) => {
    if (p.category === 'calcados' || p.stock < minStock || seen.has(p.title)) return false;
    seen.add(p.title);
    return true;
  });
}

export async function productVariants(request: Request, id: number): Promise<ApiVariant[]> {
  const res = await request.get(`/api/products/${id}`);
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { variants: ApiVariant[] }).variants;
}

export interface SeedItem {
  id: number;
  titulo: string;
  quantity: number;
  valoratual?: number;
  cor?: string;
  tamanho?: string;
}

export const seedItem = (p: ApiProduct, quantity = 1, extra: Partial<SeedItem> = {}): SeedItem => ({
  id: p.id,
  titulo: p.title,
  valoratual: p.priceCents / 100,
  quantity,
  ...extra,
});

/** Writes the browser cart (localStorage "cart") for this page's origin, as the shop would have. */
export async function seedCart(page: Page, items: SeedItem[]): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('/robots.txt');
  await page.evaluate((v) => localStorage.setItem('cart', JSON.stringify(v)), items);
}

export const storedCart = (page: Page) => page.evaluate(() => localStorage.getItem('cart'));

/** The value (dd) next to a label (dt) inside `scope`, e.g. "Subtotal" in the RESUMO panel. */
export const dtValue = (scope: Locator | Page, label: string | RegExp): Locator =>
  scope
    .locator('dt')
    .filter({ hasText: typeof label === 'string' ? new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) : label })
    .locator('xpath=following-sibling::dd[1]');

/** Reads a money value in centavos, once the page shows one (not "…" or "—" while a quote loads). */
export async function moneyCents(value: Locator): Promise<number> {
  await expect(value).toHaveText(/R\$[\s\u00a0]*\d/);
  return Math.round(parseBRL((await value.textContent()) ?? '') * 100);
}

/** "R$ 1.234,56" as the page prints it (Intl's non-breaking space), for exact text assertions. */
export const brl = (cents: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100);

/** Half-up division to the centavo (the store's rounding), for expected values. */
export const divHalfUp = (cents: number, by: number) => Math.floor((cents * 2 + by) / (2 * by));

/** The cart page's summary panel ("RESUMO"). */
export const cartSummary = (page: Page): Locator => page.getByRole('complementary', { name: 'RESUMO' });

/** A cart row, found by title and optional size. */
export function cartRow(page: Page, title: string, size?: string): Locator {
  let row = page.getByRole('region', { name: 'Itens do carrinho' }).locator('tbody tr').filter({ hasText: title });
  if (size) row = row.filter({ hasText: `Tamanho: ${size}` });
  return row;
}

/** Opens /Cart with the given items already in the browser cart, hydrated and priced. */
export async function openCartWith(page: Page, items: SeedItem[]): Promise<void> {
  await seedCart(page, items);
  await page.goto('/Cart');
  await waitForHydration(page);
  await expect(dtValue(cartSummary(page), 'Subtotal')).toHaveText(/R\$/);
}

export const VALID_CARD = '4111 1111 1111 1111';
export const DECLINED_CARD = '4000 0000 0000 0002';

/** From a hydrated /Cart with items: "Finalizar Compra" → /Checkout step 1. */
export async function startCheckout(page: Page): Promise<void> {
  await cartSummary(page).getByRole('button', { name: 'Finalizar Compra' }).click();
  await expect(page).toHaveURL(/\/Checkout$/);
  await expect(checkoutStep(page)).toHaveText('1. Identificação');
}

export const checkoutStep = (page: Page): Locator => page.locator('#etapa');
export const checkoutNotice = (page: Page): Locator => page.locator('section[aria-labelledby="etapa"]').getByRole('alert');
export const checkoutSummary = (page: Page): Locator => page.getByRole('complementary', { name: 'RESUMO' });

export const BUYER = { name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' };

/** Step 1 ("Identificação"): the fields without moving on (digits typed, as a shopper would; the masks format them). */
export async function fillBuyer(page: Page, email = 'comprador@example.com', buyer = BUYER): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Nome completo').fill(buyer.name);
  await page.getByLabel('CPF').pressSequentially(buyer.cpf.replace(/\D/g, ''));
  await page.getByLabel('Celular').pressSequentially(buyer.phone.replace(/\D/g, ''));
}

/** Step 1 filled (e-mail, "Nome completo", CPF, "Celular"), then "Continuar" to step 2. */
export async function fillEmail(page: Page, email = 'comprador@example.com'): Promise<void> {
  await fillBuyer(page, email);
  await page.getByRole('button', { name: 'Continuar', exact: true }).click();
  await expect(checkoutStep(page)).toHaveText('2. Endereço');
}

/** Step 2 with CEP 01001000 (autofilled by the fake ViaCEP), number 100, and the chosen shipping. */
export async function fillAddress(page: Page, shipping: 'Envio Padrão' | 'Envio Expresso' = 'Envio Padrão'): Promise<void> {
  const cep = page.getByLabel('CEP');
  await cep.fill('01001000');
  await cep.blur();
  await expect(page.getByLabel('Rua')).toHaveValue('Praça da Sé');
  await page.getByLabel('Número').fill('100');
  await page.getByRole('radio', { name: new RegExp(shipping) }).check();
  await page.getByRole('button', { name: 'Continuar', exact: true }).click();
  await expect(checkoutStep(page)).toHaveText('3. Pagamento');
}

export async function fillCard(page: Page, number = VALID_CARD, expiry = '12/30'): Promise<void> {
  await page.getByRole('radio', { name: /Cartão de Crédito/ }).check();
  await page.getByLabel('Número do cartão').fill(number);
  await page.getByLabel('Nome impresso no cartão').fill('MARIA DA SILVA');
  await page.getByLabel('Validade (MM/AA)').fill(expiry);
  await page.getByLabel('CVV').fill('123');
}

/**
 * Places a guest order straight through POST /api/orders (the same placeOrder path as the checkout page's action) and returns what
 * the page keeps as lastOrder. For pages that need an order to exist (success page captures, axe).
 */
export async function placeOrderViaApi(
  request: Request,
  p: ApiProduct,
  payment: 'credit' | 'boleto' | 'pix',
  opts: { quantity?: number; email?: string; shipping?: 'standard' | 'express'; installments?: number } = {},
): Promise<{ order: { number: string }; accessToken: string | null }> {
  const res = await request.post('/api/orders', {
    data: {
      idempotencyKey: `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 12)}`,
      email: opts.email ?? 'capturas@example.com',
      lines: [{ productId: p.id, quantity: opts.quantity ?? 1 }],
      address: { cep: '01001000', street: 'Praça da Sé', number: '100', complement: 'sala 2', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' },
      shipping: opts.shipping ?? 'standard',
      payment,
      installments: opts.installments ?? 1,
      customer: { name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' },
      ...(payment === 'credit' ? { card: { number: VALID_CARD, name: 'MARIA DA SILVA', expiry: '12/30', cvv: '123' } } : {}),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { order: { number: string }; accessToken: string | null };
  return { order: body.order, accessToken: body.accessToken };
}

/** Opens /Sucesso for an order as the checkout leaves it (localStorage lastOrder). */
export async function openSuccessWith(page: Page, data: { order: unknown; accessToken: string | null }): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('/robots.txt');
  await page.evaluate((v) => localStorage.setItem('lastOrder', JSON.stringify(v)), data);
  await page.goto('/Sucesso');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Compra realizada com sucesso!' })).toBeVisible();
}
