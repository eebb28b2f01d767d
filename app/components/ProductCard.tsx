import type { ProductSummary } from '#src/domain/catalog/types.ts';
import { formatBRL } from '#src/domain/pricing/money.ts';
import { FavoriteButton } from './favorites/FavoriteButton.tsx';
import { DiscountBadge, OldPrice, PriceLines } from './Price.tsx';
import { IslandLink, Static } from './Static.tsx';
import { CardRating } from './product/reviews-stars.tsx';

/** "Serve no seu Gol 1.0 2015", and whether the product serves it as a universal part. */
export interface FitBadge {
  text: string;
  universal: boolean;
}

/** One card; rendered inside `ProductGrid`'s island only (its link is an `IslandLink`). */
function ProductCard({ product, eager = false, fit }: { product: ProductSummary; eager?: boolean; fit?: FitBadge }) {
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-xl border border-neutral-200 bg-white shadow-sm transition hover:shadow-md focus-within:ring-4 focus-within:ring-ink focus-within:ring-offset-2">
      <div className="relative aspect-square bg-neutral-50">
        {product.image && (
          <img
            src={product.image.url}
            alt={product.image.alt}
            width={product.image.width}
            height={product.image.height}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className="h-full w-full object-contain"
          />
        )}
        <span className="absolute top-2 left-2 z-10">
          <FavoriteButton productId={product.id} title={product.title} />
        </span>
        {product.onSale && (
          <span className="absolute top-2 right-2">
            <DiscountBadge percent={product.discountPercent} />
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <p className="text-xs font-medium tracking-wide text-neutral-500 uppercase">{product.brand}</p>
        <h3 className="text-sm leading-snug font-semibold break-words">
          <IslandLink to={`/ProductView/${product.id}`} className="after:absolute after:inset-0 focus:outline-none">
            {product.title}
          </IslandLink>
        </h3>
        {product.rating && <CardRating rating={product.rating} />}
        {fit && (
          <p className="mt-1 flex items-start gap-1 rounded-md bg-green-50 px-2 py-1 text-xs font-semibold text-green-900">
            <svg
              aria-hidden="true"
              width="14"
              height="14"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="3"
              strokeLinecap="round"
              strokeLinejoin="round"
              className="mt-px shrink-0"
            >
              <path d="m5 12 5 5L20 7" />
            </svg>
            <span>
              {fit.text}
              {fit.universal && <span className="font-normal"> (universal)</span>}
            </span>
          </p>
        )}
        <div className="mt-auto pt-2">
          {product.onSale && <OldPrice cents={product.oldPriceCents} />}
          <p className="text-lg font-extrabold">
            <span className="sr-only">Preço: </span>
            {formatBRL(product.priceCents)}
          </p>
          <PriceLines priceCents={product.priceCents} />
          {product.stock === 0 && <p className="text-xs font-semibold text-red-700">Esgotado</p>}
        </div>
      </div>
    </article>
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
  return (
    <Static as="ul" className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4" version={() => JSON.stringify([products, fits, eagerCount])} prefetch>
      {products.map((p, i) => (
        <li key={p.id} className={lazy ? 'product-cell flex' : 'flex'}>
          <ProductCard product={p} eager={i < eagerCount} fit={fits[i]} />
        </li>
      ))}
    </Static>
  );
}
