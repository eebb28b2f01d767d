// Merging the guest cart (localStorage) into the cart saved for the account when the shopper signs in:
// the same line (product, colour, size) adds its quantities; everything else is kept, saved lines first.
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../cart/quote.ts';

export interface CartLine {
  productId: number;
  color: string;
  size: string;
  quantity: number;
}

const keyOf = (l: Pick<CartLine, 'productId' | 'color' | 'size'>) => `${l.productId}\u0000${l.color}\u0000${l.size}`;

/** Lines with the same key folded into one (quantities added, capped), in first-seen order. */
export function normalizeLines(lines: readonly CartLine[]): CartLine[] {
  const byKey = new Map<string, CartLine>();
  for (const l of lines) {
    const k = keyOf(l);
    const found = byKey.get(k);
    if (found) found.quantity = Math.min(MAX_LINE_QUANTITY, found.quantity + l.quantity);
    else if (byKey.size < MAX_CART_LINES) byKey.set(k, { ...l, quantity: Math.min(MAX_LINE_QUANTITY, l.quantity) });
  }
  return [...byKey.values()];
}

export function mergeCartLines(saved: readonly CartLine[], guest: readonly CartLine[]): CartLine[] {
  return normalizeLines([...saved, ...guest]);
}
