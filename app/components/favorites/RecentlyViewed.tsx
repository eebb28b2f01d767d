import { useEffect, useState } from 'react';
import type { ProductSummary } from '#src/domain/catalog/types.ts';
import { noteViewed, readRecentlyViewed } from '../../lib/recently-viewed.ts';
import { ProductGrid } from '../ProductCard.tsx';

/** Cards shown at most. */
const SHOWN = 4;

/**
 * "Vistos recentemente", rendered in the browser only (the page's cached HTML has nothing of it): the ids
 * come from localStorage, the cards (titles, prices, stock) from GET /api/produtos/cartoes. On a product
 * page (`currentId`) that product is noted as viewed and left out of the list.
 */
export function RecentlyViewed({ currentId }: { currentId?: number }) {
  const [items, setItems] = useState<ProductSummary[]>([]);
  useEffect(() => {
    const ids = readRecentlyViewed()
      .filter((id) => id !== currentId)
      .slice(0, SHOWN);
    if (currentId !== undefined) noteViewed(currentId);
    if (ids.length === 0) {
      setItems([]);
      return;
    }
    let cancelled = false;
    fetch(`/api/produtos/cartoes?ids=${ids.join(',')}`, { headers: { Accept: 'application/json' } })
      .then((res) => (res.ok ? (res.json() as Promise<{ items: ProductSummary[] }>) : { items: [] }))
      .then((r) => {
        if (!cancelled) setItems(r.items);
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [currentId]);
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="vistos-recentemente" className="mt-14">
      <h2 id="vistos-recentemente" className="mb-5 text-2xl font-extrabold">
        Vistos recentemente
      </h2>
      <ProductGrid products={items} />
    </section>
  );
}
