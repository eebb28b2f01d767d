import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Route } from './+types/cart';
import { getDb } from '../../src/db/client.server.ts';
import { trendingProducts } from '../../src/domain/catalog/products.server.ts';
import type { ProductSummary } from '../../src/domain/catalog/types.ts';
import type { Quote, QuotedLine } from '../../src/domain/cart/quote.ts';
import { centsToReais, formatBRL } from '../../src/domain/pricing/money.ts';
import { COUPON_INVALID_MESSAGE } from '../../src/domain/pricing/messages.ts';
import { CART_CEP_INVALID, isValidCartCep } from '../../src/domain/shipping/cep.ts';
import { ProductGrid } from '../components/ProductCard.tsx';
import { CART_EVENT, CART_KEY, CHECKOUT_KEY, readCart, removeLine, repairCart, setQuantity } from '../lib/cart-storage.ts';
import type { CartItem, CheckoutData } from '../lib/cart-storage.ts';
import { originFrom, seo } from '../lib/seo.ts';

const RELATED_COUNT = 4;
const EMPTY_CART_MESSAGE = 'Seu carrinho está vazio!';

export async function loader() {
  return { popular: await trendingProducts(getDb(), 12) };
}

// Indexable, unlike the checkout and the account pages: the cart itself lives in the browser
// (localStorage), so what the server sends is the same page for everyone, with no one's data in it.
export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: 'Meu carrinho', description: 'Revise os itens, calcule o frete e aplique o seu cupom.', url: `${originFrom(matches)}/Cart` });

async function fetchQuote(items: CartItem[], coupon: string | null, cep: string | null): Promise<Quote> {
  const res = await fetch('/api/cart/quote', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      lines: items.map((i) => ({ productId: i.id, color: i.cor, size: i.tamanho, quantity: i.quantity })),
      ...(coupon ? { coupon } : {}),
      ...(cep ? { cep } : {}),
    }),
  });
  if (!res.ok) throw new Error(`quote ${res.status}`);
  return (await res.json()) as Quote;
}

const lineKey = (l: { id?: number; productId?: number; cor?: string | null; tamanho?: string | null; color?: string | null; size?: string | null }) =>
  `${l.id ?? l.productId}|${l.cor ?? l.color ?? ''}|${l.tamanho ?? l.size ?? ''}`;

export default function Cart({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [items, setItems] = useState<CartItem[] | null>(null);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [quoteFailed, setQuoteFailed] = useState(false);
  const [couponInput, setCouponInput] = useState('');
  const [coupon, setCoupon] = useState<string | null>(null);
  const [couponError, setCouponError] = useState('');
  const [cepInput, setCepInput] = useState('');
  const [cep, setCep] = useState<string | null>(null);
  const [cepError, setCepError] = useState('');
  const [notice, setNotice] = useState('');
  const requestId = useRef(0);

  const requote = useCallback(async (cart: CartItem[], code: string | null, checkedCep: string | null) => {
    const id = ++requestId.current;
    try {
      const q = await fetchQuote(cart, code, checkedCep);
      if (id !== requestId.current) return;
      setQuoteFailed(false);
      setQuote(q);
      if (code && q.coupon && !q.coupon.applied) {
        setCoupon(null);
        setCouponError(q.coupon.message ?? COUPON_INVALID_MESSAGE);
      }
      // Quantities above stock come back capped: keep the stored cart in line with what can be bought.
      let changed = false;
      const next = readCart().map((item) => {
        const line = q.lines.find((l) => lineKey(l) === lineKey(item));
        if (line && line.status === 'capped' && line.quantity !== item.quantity) {
          changed = true;
          return { ...item, quantity: line.quantity };
        }
        return item;
      });
      if (changed) localStorage.setItem(CART_KEY, JSON.stringify(next));
    } catch {
      if (id === requestId.current) setQuoteFailed(true);
    }
  }, []);

  // Load the cart, and follow changes from this tab (cartUpdated) and from others (storage).
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

  useEffect(() => {
    if (items) void requote(items, coupon, cep);
  }, [items, coupon, cep, requote]);

  const applyCoupon = (e: React.FormEvent) => {
    e.preventDefault();
    const code = couponInput.trim();
    if (!code) {
      setCoupon(null);
      setCouponError(COUPON_INVALID_MESSAGE);
      return;
    }
    setCouponError('');
    setCoupon(code);
  };

  const checkCep = () => {
    if (cepInput.trim() === '' && cep === null) return;
    if (isValidCartCep(cepInput)) {
      setCepError('');
      setCep(cepInput.trim());
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

  const quoted = (item: CartItem): QuotedLine | undefined => quote?.lines.find((l) => lineKey(l) === lineKey(item));
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
        <section aria-label="Itens do carrinho">
          {items === null || empty ? (
            <EmptyCart pending={items === null} />
          ) : (
            <table className="w-full border-separate border-spacing-y-3 text-left">
              <thead className="text-xs tracking-wide text-ink-soft uppercase">
                <tr>
                  <th scope="col">MEU CARRINHO</th>
                  <th scope="col" className="hidden text-center sm:table-cell">QUANTIDADE</th>
                  <th scope="col" className="hidden text-right sm:table-cell">UNITÁRIO</th>
                  <th scope="col" className="hidden text-right sm:table-cell">TOTAL</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <CartRow
                    key={lineKey(item)}
                    item={item}
                    line={quoted(item)}
                    onQuantity={(q) => setItems(setQuantity(item, q))}
                    onRemove={() => setItems(removeLine(item))}
                  />
                ))}
              </tbody>
            </table>
          )}

          <div className="mt-6 grid gap-4 sm:grid-cols-2">
            <form onSubmit={applyCoupon} className="rounded-xl bg-white p-4 ring-1 ring-neutral-200" noValidate>
              <label htmlFor="cupom" className="font-semibold">
                Cupom de desconto
              </label>
              <div className="mt-2 flex gap-2">
                <input
                  id="cupom"
                  name="cupom"
                  value={couponInput}
                  maxLength={40}
                  autoComplete="off"
                  aria-invalid={couponError ? true : undefined}
                  aria-describedby={couponError ? 'cupom-erro' : undefined}
                  onChange={(e) => {
                    setCouponInput(e.target.value);
                    setCouponError('');
                  }}
                  className="min-w-0 flex-1 rounded-lg border border-neutral-300 px-3 py-2 uppercase"
                />
                <button type="submit" className="rounded-lg bg-ink px-4 py-2 font-semibold text-white hover:bg-ink-soft">
                  Aplicar
                </button>
              </div>
              {couponError && (
                <p id="cupom-erro" role="alert" className="mt-2 text-sm font-medium text-red-700">
                  {couponError}
                </p>
              )}
              {quote?.coupon?.applied && (
                <p role="status" className="mt-2 text-sm font-medium text-emerald-700">
                  Cupom aplicado: {quote.coupon.percent !== null ? `${quote.coupon.percent}%` : formatBRL(quote.coupon.amountCents ?? 0)} de desconto.
                </p>
              )}
            </form>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                checkCep();
              }}
              className="rounded-xl bg-white p-4 ring-1 ring-neutral-200"
              noValidate
            >
              <label htmlFor="cep" className="font-semibold">
                Calcular frete (CEP)
              </label>
              <div className="mt-2 flex gap-2">
                <input
                  id="cep"
                  name="cep"
                  inputMode="numeric"
                  autoComplete="postal-code"
                  placeholder="00000-000"
                  maxLength={9}
                  value={cepInput}
                  aria-invalid={cepError ? true : undefined}
                  aria-describedby={cepError ? 'cep-erro' : undefined}
                  onChange={(e) => setCepInput(e.target.value)}
                  onBlur={checkCep}
                  className="min-w-0 flex-1 rounded-lg border border-neutral-300 px-3 py-2"
                />
                <button type="submit" className="rounded-lg bg-ink px-4 py-2 font-semibold text-white hover:bg-ink-soft">
                  OK
                </button>
              </div>
              {cepError && (
                <p id="cep-erro" role="alert" className="mt-2 text-sm font-medium text-red-700">
                  {cepError}
                </p>
              )}
            </form>
          </div>
        </section>

        <aside aria-labelledby="resumo" className="h-fit rounded-2xl bg-white p-5 shadow-sm ring-1 ring-neutral-200 lg:sticky lg:top-4">
          <h2 id="resumo" className="text-lg font-extrabold tracking-wide">
            RESUMO
          </h2>
          <dl className="mt-4 space-y-2 text-sm" aria-live="polite">
            <Row label="Subtotal" value={quote ? formatBRL(quote.subtotalCents) : '—'} />
            <Row label="Frete" value={quote ? (cep ? formatBRL(quote.freightCents) : 'Informe o CEP') : '—'} />
            {quote && quote.discountCents > 0 && <Row label="Desconto" value={`− ${formatBRL(quote.discountCents)}`} />}
            <div className="flex justify-between border-t border-neutral-200 pt-3 text-base font-extrabold">
              <dt>Total</dt>
              <dd data-testid="cart-total">{quote ? formatBRL(quote.totalCents) : '—'}</dd>
            </div>
          </dl>
          {quote?.installmentHint && (
            <p className="mt-1 text-right text-sm text-ink-soft" data-testid="installment-hint">
              ou {quote.installmentHint.count}x de {formatBRL(quote.installmentHint.eachCents)} sem juros
            </p>
          )}
          <p className="mt-3 text-xs text-ink-soft">Frete estimado; o valor final depende da forma de envio escolhida no checkout.</p>
          <button type="button" onClick={finish} className="mt-5 w-full rounded-xl bg-brand px-5 py-3.5 text-lg font-extrabold text-ink hover:bg-brand-dark">
            Finalizar Compra
          </button>
        </aside>
      </div>

      <RelatedProducts items={items ?? []} quote={quote} popular={loaderData.popular} />
    </div>
  );
}

/**
 * The cart lives in the browser, so the server cannot know what it holds. It sends "Carregando carrinho..."
 * and, hidden, the empty cart; a small inline script, run by the parser before the first paint, reveals the
 * empty cart at once when the stored cart is missing or empty (a first visit, or a crawler). The page then
 * paints its final content with the HTML, not after the JavaScript (Lighthouse LCP), and React keeps the
 * same elements when it reads the cart. Either way the block is as tall as the empty cart (CLS).
 */
const REVEAL_EMPTY = `(function(s){try{var c=JSON.parse(localStorage.getItem(${JSON.stringify(CART_KEY)})||"[]");if(Array.isArray(c)&&c.length)return}catch(e){}s.previousElementSibling.setAttribute("data-empty","")})(document.currentScript)`;

function EmptyCart({ pending }: { pending: boolean }) {
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

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between">
      <dt className="text-ink-soft">{label}</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
}

function CartRow({ item, line, onQuantity, onRemove }: { item: CartItem; line: QuotedLine | undefined; onQuantity: (q: number) => void; onRemove: () => void }) {
  const title = line?.title ?? item.titulo;
  const buyable = !line || line.quantity > 0;
  const maxQuantity = line && line.stock > 0 ? line.stock : Infinity;
  return (
    <tr className="bg-white align-top shadow-[0_0_0_1px_#e5e5e5]">
      <td className="rounded-l-xl p-3">
        <div className="flex gap-3">
          {line?.image ? (
            <img src={line.image.url} alt={line.image.alt} width={line.image.width} height={line.image.height} className="h-20 w-20 shrink-0 rounded-lg bg-neutral-50 object-contain" />
          ) : (
            <div className="h-20 w-20 shrink-0 rounded-lg bg-neutral-100" aria-hidden="true" />
          )}
          <div className="min-w-0">
            <p className="font-semibold">
              <Link to={`/ProductView/${item.id}`} className="hover:underline">
                {title}
              </Link>
            </p>
            {item.cor && <p className="text-sm text-ink-soft">Cor: {item.cor}</p>}
            {item.tamanho && <p className="text-sm text-ink-soft">Tamanho: {item.tamanho}</p>}
            {line?.message && (
              <p role="status" className="mt-1 text-sm font-semibold text-red-700">
                {line.message}
              </p>
            )}
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 sm:hidden">
              <QuantityControl item={item} title={title} max={maxQuantity} disabled={!buyable} onQuantity={onQuantity} />
              <span className="text-sm text-ink-soft">
                {line?.oldPriceCents != null && (
                  <s className="mr-1 text-xs text-neutral-500">
                    <span className="sr-only">Preço antigo: </span>
                    {formatBRL(line.oldPriceCents)}
                  </s>
                )}
                {line ? `${formatBRL(line.unitPriceCents)} cada` : '…'}
              </span>
              <span className="font-bold">{line ? formatBRL(line.lineTotalCents) : '…'}</span>
            </div>
            <button type="button" onClick={onRemove} className="mt-2 text-sm font-medium text-red-700 underline-offset-2 hover:underline">
              Remover item
            </button>
          </div>
        </div>
      </td>
      <td className="hidden p-3 text-center sm:table-cell">
        <QuantityControl item={item} title={title} max={maxQuantity} disabled={!buyable} onQuantity={onQuantity} />
      </td>
      <td className="hidden p-3 text-right sm:table-cell">
        {line?.oldPriceCents != null && (
          <s className="block text-xs text-neutral-500">
            <span className="sr-only">Preço antigo: </span>
            {formatBRL(line.oldPriceCents)}
          </s>
        )}
        <span>{line ? formatBRL(line.unitPriceCents) : '…'}</span>
      </td>
      <td className="hidden rounded-r-xl p-3 text-right font-bold sm:table-cell">{line ? formatBRL(line.lineTotalCents) : '…'}</td>
    </tr>
  );
}

function QuantityControl({ item, title, max, disabled, onQuantity }: { item: CartItem; title: string; max: number; disabled: boolean; onQuantity: (q: number) => void }) {
  return (
    <div className="inline-flex items-center rounded-lg border border-neutral-300">
      <button type="button" aria-label={`Diminuir quantidade de ${title}`} disabled={disabled || item.quantity <= 1} onClick={() => onQuantity(item.quantity - 1)} className="h-9 w-9 text-lg disabled:text-neutral-300">
        −
      </button>
      <span className="w-8 text-center font-semibold" aria-label={`Quantidade de ${title}`} data-testid="quantity">
        {item.quantity}
      </span>
      <button type="button" aria-label={`Aumentar quantidade de ${title}`} disabled={disabled || item.quantity >= max} onClick={() => onQuantity(item.quantity + 1)} className="h-9 w-9 text-lg disabled:text-neutral-300">
        +
      </button>
    </div>
  );
}

/** "Produtos Relacionados": popular products of the cart's first category, else popular products. */
function RelatedProducts({ items, quote, popular }: { items: CartItem[]; quote: Quote | null; popular: ProductSummary[] }) {
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

