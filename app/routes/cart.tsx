// /Cart: the browser's cart (localStorage) priced by the server. Prices, freight and the coupon come from the
// quote route (/Cart/cotacao) through a fetcher; "Finalizar Compra" hands the quoted cart to /Checkout.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Route } from './+types/cart';
import { trendingProducts } from '#src/domain/catalog/products.server.ts';
import { centsToReais } from '#src/domain/pricing/money.ts';
import { COUPON_INVALID_MESSAGE } from '#src/domain/pricing/messages.ts';
import { CART_CEP_INVALID, isValidCartCep } from '#src/domain/shipping/cep.ts';
import { CartLineItem, lineKey } from '../components/cart/CartLineItem.tsx';
import { CartSummary } from '../components/cart/CartSummary.tsx';
import { DiscountCodeForm } from '../components/cart/DiscountCodeForm.tsx';
import { EmptyCart } from '../components/cart/EmptyCart.tsx';
import { RelatedProducts } from '../components/cart/RelatedProducts.tsx';
import { ShippingCepForm } from '../components/cart/ShippingCepForm.tsx';
import { quoteLine } from '../lib/cart-form.ts';
import { CART_EVENT, CART_KEY, CHECKOUT_KEY, readCart, removeLine, repairCart, setQuantity } from '../lib/cart-storage.ts';
import type { CartItem, CheckoutData } from '../lib/cart-storage.ts';
import { originFrom, seo } from '../lib/seo.ts';
import { useQuote } from '../lib/use-quote.ts';
import { dbOf } from '../lib/context.server.ts';

const EMPTY_CART_MESSAGE = 'Seu carrinho está vazio!';

export async function loader({ context }: Route.LoaderArgs) {
  return { popular: await trendingProducts(dbOf(context), 12) };
}

// Indexable, unlike the checkout and the account pages: the cart itself lives in the browser
// (localStorage), so what the server sends is the same page for everyone, with no one's data in it.
export const meta: Route.MetaFunction = ({ matches }) => seo({ title: 'Meu carrinho', description: 'Revise os itens, calcule o frete e aplique o seu cupom.', url: `${originFrom(matches)}/Cart` });

/** The stored cart, following changes from this tab (cartUpdated) and from others (storage); null until read. */
function useStoredCart() {
  const [items, setItems] = useState<CartItem[] | null>(null);
  useEffect(() => {
    const load = () => setItems(readCart());
    setItems(repairCart());
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === CART_KEY) load();
    };
    window.addEventListener(CART_EVENT, load);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(CART_EVENT, load);
      window.removeEventListener('storage', onStorage);
    };
  }, []);
  return [items, setItems] as const;
}

export default function Cart({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [items, setItems] = useStoredCart();
  const [coupon, setCoupon] = useState<string | null>(null);
  const [couponError, setCouponError] = useState('');
  const [cep, setCep] = useState<string | null>(null);
  const [cepError, setCepError] = useState('');
  const [notice, setNotice] = useState('');
  const { quote, request: quoted, failed: quoteFailed } = useQuote(items ? { lines: items.map(quoteLine), ...(coupon ? { coupon } : {}), ...(cep ? { cep } : {}) } : null);

  useEffect(() => {
    if (!quote) return;
    if (quoted?.coupon && quote.coupon && !quote.coupon.applied) {
      setCoupon(null);
      setCouponError(quote.coupon.message ?? COUPON_INVALID_MESSAGE);
    }
    // Quantities above stock come back capped: keep the stored cart in line with what can be bought.
    let changed = false;
    const next = readCart().map((item) => {
      const line = quote.lines.find((l) => lineKey(l) === lineKey(item));
      if (line && line.status === 'capped' && line.quantity !== item.quantity) {
        changed = true;
        return { ...item, quantity: line.quantity };
      }
      return item;
    });
    if (changed) localStorage.setItem(CART_KEY, JSON.stringify(next));
  }, [quote]);

  const applyCoupon = (code: string) => {
    if (!code) {
      setCoupon(null);
      setCouponError(COUPON_INVALID_MESSAGE);
      return;
    }
    setCouponError('');
    setCoupon(code);
  };

  const checkCep = (input: string) => {
    if (input.trim() === '' && cep === null) return;
    if (isValidCartCep(input)) {
      setCepError('');
      setCep(input.trim());
    } else {
      setCep(null);
      setCepError(CART_CEP_INVALID);
    }
  };

  const finish = () => {
    const current = readCart();
    if (current.length === 0) {
      setNotice(EMPTY_CART_MESSAGE);
      return;
    }
    if (!quote) {
      setNotice('Aguarde o cálculo dos preços e tente de novo.');
      return;
    }
    const data: CheckoutData = {
      subtotal: centsToReais(quote.subtotalCents),
      shipping: centsToReais(quote.freightCents),
      discount: centsToReais(quote.discountCents),
      total: centsToReais(quote.totalCents),
      cartItems: current,
      coupon: quote.coupon?.applied ? coupon : null,
      cep,
    };
    localStorage.setItem(CHECKOUT_KEY, JSON.stringify(data));
    navigate('/Checkout', { state: data });
  };

  const empty = items !== null && items.length === 0;
  return (
    <div className="container-page py-6">
      <h1 className="text-2xl font-extrabold sm:text-3xl">Meu carrinho</h1>
      <noscript>
        <p className="mt-4 rounded-lg bg-amber-100 p-3">O carrinho precisa de JavaScript ativado no navegador.</p>
      </noscript>
      {notice && (
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 font-semibold text-red-800">
          {notice}
        </p>
      )}
      {quoteFailed && (
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-red-800">
          Não foi possível atualizar os preços agora. Verifique a sua conexão e tente novamente.
        </p>
      )}

      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <section aria-label="Itens do carrinho" className="min-w-0">
          {items === null || empty ? (
            <EmptyCart pending={items === null} />
          ) : (
            <table className="w-full border-separate border-spacing-y-3 text-left max-sm:table-fixed">
              <thead className="text-xs tracking-wide text-ink-soft uppercase">
                <tr>
                  <th scope="col">MEU CARRINHO</th>
                  <th scope="col" className="hidden text-center sm:table-cell">
                    QUANTIDADE
                  </th>
                  <th scope="col" className="hidden text-right sm:table-cell">
                    UNITÁRIO
                  </th>
                  <th scope="col" className="hidden text-right sm:table-cell">
                    TOTAL
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <CartLineItem
                    key={lineKey(item)}
                    item={item}
                    line={quote?.lines.find((l) => lineKey(l) === lineKey(item))}
                    onQuantity={(q) => setItems(setQuantity(item, q))}
                    onRemove={() => setItems(removeLine(item))}
                  />
                ))}
              </tbody>
            </table>
          )}

          <div className="mt-6 grid gap-4 sm:grid-cols-2">
            <DiscountCodeForm error={couponError} coupon={quote?.coupon} onApply={applyCoupon} onEdit={() => setCouponError('')} />
            <ShippingCepForm error={cepError} onCheck={checkCep} />
          </div>
        </section>

        <CartSummary quote={quote} hasCep={cep !== null} onFinish={finish} />
      </div>

      <RelatedProducts items={items ?? []} quote={quote} popular={loaderData.popular} />
    </div>
  );
}
