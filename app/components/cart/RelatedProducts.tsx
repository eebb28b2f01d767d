// Products to add, under the cart: popular ones of the first item's category.
import { useEffect, useState } from 'react';
import type { ProductSummary } from '#src/domain/catalog/types.ts';
import type { Quote } from '#src/domain/cart/quote.ts';
import { ProductGrid } from '../ProductCard.tsx';
import type { CartItem } from '#app/lib/cart-storage.ts';

const RELATED_COUNT = 4;

/** "Produtos Relacionados": popular products of the cart's first category, else popular products. */
export function RelatedProducts({ items, quote, popular }: { items: CartItem[]; quote: Quote | null; popular: ProductSummary[] }) {
  const [related, setRelated] = useState<ProductSummary[] | null>(null);
  const first = items[0];
  const firstTitle = quote?.lines[0]?.title;
  useEffect(() => {
    if (!first) {
      setRelated(null);
      return;
    }
    let cancelled = false;
    fetch(`/api/products/${first.id}`)
      .then((r) => (r.ok ? r.json() : null))
      .then((p: { category: string } | null) => (p ? fetch(`/api/products?categoria=${p.category}&limite=12`) : null))
      .then((r) => (r && r.ok ? r.json() : null))
      .then((res: { items: ProductSummary[] } | null) => {
        if (!cancelled && res) setRelated(res.items);
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [first?.id, firstTitle]);
  const inCart = new Set(items.map((i) => i.id));
  const shown = (related ?? popular).filter((p) => !inCart.has(p.id)).slice(0, RELATED_COUNT);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="relacionados" className="mt-14">
      <h2 id="relacionados" className="mb-5 text-2xl font-extrabold">
        Produtos Relacionados
      </h2>
      <ProductGrid products={shown} />
    </section>
  );
}
