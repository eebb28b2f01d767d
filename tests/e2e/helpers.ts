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
export const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** The product list's result cards. */
export const resultCards = (page: Page): Locator => page.getByRole('region', { name: 'Resultados' }).locator('article');

/** The number in "51 resultados" / "1 resultado" / "1.234 resultados". */
export async function resultCount(page: Page): Promise<number> {
  const text = await page.getByText(/^\d[\d.]* resultados?\b/).first().textContent();
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
