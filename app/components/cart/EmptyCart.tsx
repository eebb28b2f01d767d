// The empty cart, and what the server sends before the browser's cart is read.
import { Link } from 'react-router';
import { CART_KEY } from '#app/lib/cart-storage.ts';

/**
 * The cart lives in the browser, so the server cannot know what it holds. It sends "Carregando carrinho..."
 * and, hidden, the empty cart; a small inline script, run by the parser before the first paint, reveals the
 * empty cart at once when the stored cart is missing or empty (a first visit, or a crawler). The page then
 * paints its final content with the HTML, not after the JavaScript (Lighthouse LCP), and React keeps the
 * same elements when it reads the cart. Either way the block is as tall as the empty cart (CLS).
 */
const REVEAL_EMPTY = `(function(s){try{var c=JSON.parse(localStorage.getItem(${JSON.stringify(CART_KEY)})||"[]");if(Array.isArray(c)&&c.length)return}catch(e){}s.previousElementSibling.setAttribute("data-empty","")})(document.currentScript)`;

export function EmptyCart({ pending }: { pending: boolean }) {
  return (
    <>
      <div className="group min-h-56">
        {pending && (
          <p role="status" className="group-data-empty:hidden">
            Carregando carrinho...
          </p>
        )}
        <div className={`${pending ? 'hidden group-data-empty:block ' : ''}min-h-56 rounded-xl border border-dashed border-neutral-300 bg-white p-8 text-center`}>
          <h2 className="text-xl font-bold">Seu carrinho está vazio</h2>
          <p className="mt-2 text-ink-soft">Encontre peças para o seu veículo e adicione ao carrinho.</p>
          <Link to="/ProductList" className="mt-5 inline-block rounded-lg bg-brand px-5 py-3 font-semibold text-ink hover:bg-brand-dark">
            Ver produtos
          </Link>
        </div>
      </div>
      {/* Rendered by the server; when React renders it on a client-side navigation it does not run. */}
      {pending && <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: REVEAL_EMPTY }} />}
    </>
  );
}
