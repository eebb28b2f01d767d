// The browser cart as the spec keeps it: localStorage key "cart", an array of items, with a "cartUpdated"
// window event after every change. Prices stored here are never trusted; the server quotes the cart.
export const CART_KEY = 'cart';
export const CART_EVENT = 'cartUpdated';

export interface CartItem {
  id: number;
  titulo: string;
  valoratual?: number;
  valorantigo?: number | null;
  image?: string | null;
  cor?: string;
  tamanho?: string;
  quantity: number;
}

function isItem(v: unknown): v is CartItem {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return (
    Number.isSafeInteger(o.id) &&
    (o.id as number) > 0 &&
    typeof o.titulo === 'string' &&
    Number.isSafeInteger(o.quantity) &&
    (o.quantity as number) >= 1 &&
    (o.cor === undefined || typeof o.cor === 'string') &&
    (o.tamanho === undefined || typeof o.tamanho === 'string')
  );
}

/** The stored cart; anything corrupted (not JSON, wrong shape) reads as an empty cart. */
export function readCart(): CartItem[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(CART_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isItem) : [];
  } catch {
    return [];
  }
}

/** Reads the cart and, if the stored value was corrupted, replaces it with the lines that could be kept. */
export function repairCart(): CartItem[] {
  const items = readCart();
  const raw = localStorage.getItem(CART_KEY);
  if (raw !== null) {
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = null;
    }
    if (!Array.isArray(parsed) || parsed.length !== items.length) localStorage.setItem(CART_KEY, JSON.stringify(items));
  }
  return items;
}

/** Spec §4: quantity changes by -1 or +1, never below 1 (and, here, never above the stock). */
export function setQuantity(line: Pick<CartItem, 'id' | 'cor' | 'tamanho'>, quantity: number): CartItem[] {
  const cart = readCart();
  const item = cart.find((l) => sameLine(l, line));
  if (item) item.quantity = Math.max(1, Math.floor(quantity));
  writeCart(cart);
  return cart;
}

/** Removes that line only (same id, cor and tamanho), not the product's other colours or sizes. */
export function removeLine(line: Pick<CartItem, 'id' | 'cor' | 'tamanho'>): CartItem[] {
  const cart = readCart().filter((l) => !sameLine(l, line));
  writeCart(cart);
  return cart;
}

export function clearCart(): void {
  writeCart([]);
}

// What the cart hands to the checkout (spec §3 "Checkout data"). Display only: the server recomputes.
export const CHECKOUT_KEY = 'checkoutData';
export interface CheckoutData {
  subtotal: number;
  shipping: number;
  discount: number;
  total: number;
  cartItems: CartItem[];
  coupon: string | null;
  cep: string | null;
}

export function writeCart(items: CartItem[]): void {
  localStorage.setItem(CART_KEY, JSON.stringify(items));
  window.dispatchEvent(new Event(CART_EVENT));
}

export const sameLine = (a: Pick<CartItem, 'id' | 'cor' | 'tamanho'>, b: Pick<CartItem, 'id' | 'cor' | 'tamanho'>) =>
  a.id === b.id && (a.cor ?? '') === (b.cor ?? '') && (a.tamanho ?? '') === (b.tamanho ?? '');

/**
 * Spec §4: the same id, cor and tamanho raises the quantity by 1; otherwise a new line with quantity 1. The
 * product page's quantity picker and "Comprar novamente" add more than one at once.
 */
export function addToCart(item: Omit<CartItem, 'quantity'>, quantity = 1): CartItem[] {
  const cart = readCart();
  const existing = cart.find((line) => sameLine(line, item));
  if (existing) existing.quantity += quantity;
  else cart.push({ ...item, quantity });
  writeCart(cart);
  return cart;
}

export function cartCount(items: CartItem[]): number {
  return items.reduce((sum, line) => sum + line.quantity, 0);
}
