// How a product's "de/por" price is stored: an old price above the price puts it on sale, with the
// discount percent the badge shows (rounded like the seed's). Shared by the back office and the import.
export function saleFields(priceCents: number, oldPriceCents: number | null): { oldPriceCents: number | null; onSale: boolean; discountPercent: number } {
  if (oldPriceCents === null || oldPriceCents <= priceCents || oldPriceCents <= 0) return { oldPriceCents: null, onSale: false, discountPercent: 0 };
  return { oldPriceCents, onSale: true, discountPercent: Math.min(99, Math.max(1, Math.round((1 - priceCents / oldPriceCents) * 100))) };
}

/** Products with this many units or fewer count as low stock (back-office filter and dashboard). */
export const LOW_STOCK_THRESHOLD = 5;

/** A price after a percentage change (−90 % to +500 %), half-up to the centavo. */
export function changedPrice(priceCents: number, percent: number): number {
  const bp = Math.round((100 + percent) * 100);
  return Math.floor((priceCents * bp + 5000) / 10000);
}
