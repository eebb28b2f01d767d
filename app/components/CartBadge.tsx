import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CART_EVENT, CART_KEY, cartCount, readCart } from '../lib/cart-storage.ts';

/** Header cart link; the badge is the sum of quantities, shown only above 0, kept in sync across tabs. */
export function CartBadge() {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const refresh = () => setCount(cartCount(readCart()));
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === CART_KEY) refresh();
    };
    refresh();
    window.addEventListener(CART_EVENT, refresh);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(CART_EVENT, refresh);
      window.removeEventListener('storage', onStorage);
    };
  }, []);
  const label = count > 0 ? `Carrinho, ${count} ${count === 1 ? 'item' : 'itens'}` : 'Carrinho';
  return (
    <Link to="/Cart" aria-label={label} className="relative inline-flex h-10 w-10 items-center sm:h-11 sm:w-11 justify-center rounded-full text-white hover:bg-white/10">
      <svg aria-hidden="true" width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="9" cy="20" r="1.4" />
        <circle cx="18" cy="20" r="1.4" />
        <path d="M2.5 3.5h2.6l2.4 11.2a1.6 1.6 0 0 0 1.6 1.3h8.6a1.6 1.6 0 0 0 1.6-1.2L21.5 7H6" />
      </svg>
      {count > 0 && (
        <span data-testid="cart-count" className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-brand px-1.5 text-center text-xs leading-5 font-bold text-ink">
          {count}
        </span>
      )}
    </Link>
  );
}
