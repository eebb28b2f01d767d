// Keeps the browser cart (localStorage "cart", app/lib/cart-storage.ts) and the cart saved for the
// signed-in account in step:
//  - on sign-in, the guest cart is merged into the saved one (same line: quantities add up);
//  - while signed in, every change is saved, and each full page load takes the saved cart (another device
//    may have changed it);
//  - on sign-out (or when the session ends), the account's cart leaves this browser; it stays on the account.
import { CART_EVENT, CART_KEY, clearCart, readCart, sameLine, writeCart } from './cart-storage.ts';
import type { CartItem } from './cart-storage.ts';

/** Which account the stored cart belongs to (absent: a guest cart). */
export const CART_OWNER_KEY = 'cartOwner';

let applying = false;

function adopt(items: CartItem[]) {
  applying = true;
  try {
    writeCart(items);
  } finally {
    applying = false;
  }
}

const lines = (items: CartItem[]) => items.map((i) => ({ id: i.id, cor: i.cor, tamanho: i.tamanho, quantity: i.quantity }));

async function call(method: 'GET' | 'PUT' | 'POST', path: string, items?: CartItem[]): Promise<CartItem[] | null> {
  try {
    const res = await fetch(path, {
      method,
      credentials: 'same-origin',
      keepalive: method === 'PUT',
      headers: items ? { 'Content-Type': 'application/json' } : undefined,
      body: items ? JSON.stringify({ items: lines(items) }) : undefined,
    });
    if (!res.ok) return null;
    return ((await res.json()) as { items: CartItem[] }).items;
  } catch {
    return null;
  }
}

/** `base` with each line's quantity moved by what it went from in `before` to in `now` (lines at 0 leave). */
export function withChanges(base: CartItem[], before: CartItem[], now: CartItem[]): CartItem[] {
  const quantityIn = (items: CartItem[], line: CartItem) => items.find((i) => sameLine(i, line))?.quantity ?? 0;
  const result = base.map((line) => ({ ...line, quantity: line.quantity + quantityIn(now, line) - quantityIn(before, line) }));
  for (const line of now) {
    if (!base.some((b) => sameLine(b, line))) result.push({ ...line, quantity: line.quantity - quantityIn(before, line) });
  }
  return result.filter((line) => line.quantity > 0);
}

/** Starts syncing for this user (or the guest, when null). Returns the clean-up for React's effect. */
export function syncAccountCart(userId: string | null): () => void {
  const owner = localStorage.getItem(CART_OWNER_KEY);
  if (!userId) {
    if (owner) {
      localStorage.removeItem(CART_OWNER_KEY);
      clearCart();
    }
    return () => {};
  }

  let cancelled = false;
  const before = localStorage.getItem(CART_KEY);
  void (async () => {
    if (owner !== userId) {
      // Just signed in. A cart left by another account (its session expired) is not this shopper's.
      const atStart = readCart();
      const merged = await call('POST', '/api/account/cart/merge', owner ? [] : atStart);
      if (cancelled || !merged) return;
      localStorage.setItem(CART_OWNER_KEY, userId);
      // What the shopper changed while the merge was on its way goes on top of it, and is saved.
      const now = readCart();
      if (JSON.stringify(now) === JSON.stringify(atStart)) adopt(merged);
      else {
        adopt(withChanges(merged, atStart, now));
        void call('PUT', '/api/account/cart', readCart());
      }
    } else {
      const saved = await call('GET', '/api/account/cart');
      // If the shopper changed the cart meanwhile, theirs wins (and is being saved).
      if (cancelled || !saved || localStorage.getItem(CART_KEY) !== before) return;
      adopt(saved);
    }
  })();

  const save = () => {
    if (applying || localStorage.getItem(CART_OWNER_KEY) !== userId) return;
    void call('PUT', '/api/account/cart', readCart());
  };
  window.addEventListener(CART_EVENT, save);
  return () => {
    cancelled = true;
    window.removeEventListener(CART_EVENT, save);
  };
}
