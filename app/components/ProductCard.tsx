import { preload } from 'react-dom';
import type { ProductSummary } from '../../src/domain/catalog/types.ts';
import { formatBRL } from '../../src/domain/pricing/money.ts';
import { productPriceLines } from '../../src/domain/pricing/pricing.ts';
import { escapeHtml } from '../../src/platform/html.ts';
import { Static } from './Static.tsx';

/** "Serve no seu Gol 1.0 2015", and whether the product serves it as a universal part. */
export interface FitBadge {
  text: string;
  universal: boolean;
}

const CARD_CLASS =
  'group relative flex w-full flex-col overflow-hidden rounded-xl border border-neutral-200 bg-white shadow-sm transition hover:shadow-md focus-within:ring-4 focus-within:ring-ink focus-within:ring-offset-2';
const CHECK_ICON =
  '<svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="3" stroke-linecap="round" stroke-linejoin="round" class="mt-px shrink-0"><path d="m5 12 5 5L20 7"></path></svg>';

/**
 * One card as HTML: the markup the card's JSX rendered (Price.tsx's badge and price lines included), written
 * as a string. A grid is an island (`Static`) that React never hydrates, and its 24 cards were half of a list
 * page's elements: React's server renderer spent about 7 µs on each (issue 16's bench runs, in git history). Every value from the
 * catalog goes through `escapeHtml`; the link is a router link for the island (`data-discover`, as `IslandLink`).
 */
export function productCardHtml(product: ProductSummary, eager: boolean, fit: FitBadge | undefined): string {
  const { image } = product;
  const lines = productPriceLines(product.priceCents);
  return (
    `<article class="${CARD_CLASS}"><div class="relative aspect-square bg-neutral-50">` +
    (image
      ? `<img src="${escapeHtml(image.url)}" alt="${escapeHtml(image.alt)}" width="${image.width}" height="${image.height}" loading="${eager ? 'eager' : 'lazy'}" decoding="async" class="h-full w-full object-contain"/>`
      : '') +
    (product.onSale
      ? `<span class="absolute top-2 right-2">${product.discountPercent > 0 ? `<span class="rounded-md bg-brand px-2 py-0.5 text-xs font-bold text-ink">${product.discountPercent}% OFF</span>` : ''}</span>`
      : '') +
    `</div><div class="flex flex-1 flex-col gap-1 p-3"><p class="text-xs font-medium tracking-wide text-neutral-500 uppercase">${escapeHtml(product.brand)}</p>` +
    `<h3 class="text-sm leading-snug font-semibold break-words"><a class="after:absolute after:inset-0 focus:outline-none" href="/ProductView/${product.id}" data-discover="true">${escapeHtml(product.title)}</a></h3>` +
    (fit
      ? `<p class="mt-1 flex items-start gap-1 rounded-md bg-green-50 px-2 py-1 text-xs font-semibold text-green-900">${CHECK_ICON}<span>${escapeHtml(fit.text)}${fit.universal ? '<span class="font-normal"> (universal)</span>' : ''}</span></p>`
      : '') +
    '<div class="mt-auto pt-2">' +
    (product.onSale && product.oldPriceCents !== null
      ? `<s class="text-sm text-neutral-500"><span class="sr-only">Preço antigo: </span>${formatBRL(product.oldPriceCents)}</s>`
      : '') +
    `<p class="text-lg font-extrabold"><span class="sr-only">Preço: </span>${formatBRL(product.priceCents)}</p>` +
    `<p class="text-xs font-semibold text-emerald-800">${formatBRL(lines.pixCents)} no PIX</p>` +
    (lines.installments ? `<p class="text-xs text-ink-soft">ou ${lines.installments.count}x de ${formatBRL(lines.installments.eachCents)} sem juros</p>` : '') +
    (product.stock === 0 ? '<p class="text-xs font-semibold text-red-700">Esgotado</p>' : '') +
    '</div></div></article>'
  );
}

/**
 * The cards are static HTML once the page has loaded (app/components/Static.tsx): React hydrates none of
 * them. Their links (`IslandLink`) navigate client-side and prefetch on intent through the island, before
 * and after new products render.
 */
export function ProductGrid({
  products,
  eagerCount = 0,
  fit,
  lazy = false,
}: {
  products: ProductSummary[];
  eagerCount?: number;
  fit?: (id: number) => FitBadge | undefined;
  /** A long list (a list page's 24 cards, with the pagination below): cells far from the viewport skip
   * rendering until needed (`.product-cell`, app/app.css). Not for the short grids that end a page (the
   * product page's and the cart's four related products, the home page's twelve): there the size estimate
   * sits right above the footer, and the footer moved when a shopper jumped to it. */
  lazy?: boolean;
}) {
  const fits = products.map((p) => fit?.(p.id));
  // React preloads an eager <img> it renders (a <link rel="preload"> in the page's <head>); these are strings.
  for (const p of products.slice(0, eagerCount)) if (p.image) preload(p.image.url, { as: 'image' });
  const cell = lazy ? '<li class="product-cell flex">' : '<li class="flex">';
  const html = products.map((p, i) => cell + productCardHtml(p, i < eagerCount, fits[i]) + '</li>').join('');
  return <Static as="ul" className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4" version={() => JSON.stringify([products, fits, eagerCount])} prefetch html={html} />;
}
