import { Link } from 'react-router';
import type { ProductSummary } from '../../src/domain/catalog/types.ts';
import { formatBRL } from '../../src/domain/pricing/money.ts';
import { DiscountBadge, OldPrice } from './Price.tsx';

export function ProductCard({ product, eager = false }: { product: ProductSummary; eager?: boolean }) {
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-xl border border-neutral-200 bg-white shadow-sm transition hover:shadow-md focus-within:ring-2 focus-within:ring-brand">
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
        {product.onSale && (
          <span className="absolute top-2 right-2">
            <DiscountBadge percent={product.discountPercent} />
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <p className="text-xs font-medium tracking-wide text-neutral-500 uppercase">{product.brand}</p>
        <h3 className="line-clamp-2 text-sm leading-snug font-semibold">
          <Link to={`/ProductView/${product.id}`} prefetch="intent" className="after:absolute after:inset-0 focus:outline-none">
            {product.title}
          </Link>
        </h3>
        <div className="mt-auto pt-2">
          {product.onSale && <OldPrice cents={product.oldPriceCents} />}
          <p className="text-lg font-extrabold">
            <span className="sr-only">Preço: </span>
            {formatBRL(product.priceCents)}
          </p>
          {product.stock === 0 && <p className="text-xs font-semibold text-red-700">Esgotado</p>}
        </div>
      </div>
    </article>
  );
}

export function ProductGrid({ products, eagerCount = 0 }: { products: ProductSummary[]; eagerCount?: number }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
      {products.map((p, i) => (
        <li key={p.id} className="flex">
          <ProductCard product={p} eager={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
