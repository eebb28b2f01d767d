/**
 * The heart ("Favoritar") on a card or the product page. Its markup is the same for everyone (the catalog
 * pages are cached): `aria-pressed` starts false and `FavoritesBridge` (app/lib/favorites.ts) sets the
 * shopper's state after the page has loaded and handles the click, also inside the cards' static islands.
 */
export function FavoriteButton({ productId, title, size = 'sm' }: { productId: number; title: string; size?: 'sm' | 'lg' }) {
  const box = size === 'lg' ? 'h-11 w-11' : 'h-9 w-9';
  const icon = size === 'lg' ? 24 : 20;
  return (
    <button
      type="button"
      data-fav={productId}
      aria-pressed="false"
      aria-label={`Favoritar ${title}`}
      title="Favoritar"
      className={`relative z-10 inline-flex ${box} shrink-0 items-center justify-center rounded-full bg-white/90 text-neutral-600 shadow-sm ring-1 ring-neutral-300 hover:text-red-700 focus-visible:ring-4 focus-visible:ring-ink aria-pressed:text-red-700 aria-pressed:*:fill-current`}
    >
      <svg aria-hidden="true" width={icon} height={icon} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
        <path d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 8 3.4 4.5 6.9 4.5c2.1 0 3.6 1.2 5.1 3 1.5-1.8 3-3 5.1-3 3.5 0 5.5 3.5 4.2 6.8-1.8 4.6-9.3 9.2-9.3 9.2Z" />
      </svg>
    </button>
  );
}
