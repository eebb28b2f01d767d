// The checkout page's behaviour around its reducer: where it starts (the cart's hand-over and the saved
// progress), what it keeps across a reload, the server's quote for the current choices, and the CEP lookup.
import { useEffect, useReducer, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { MESSAGES, validateCep } from '#src/domain/checkout/rules.ts';
import { CHECKOUT_KEY, readCart } from '#app/lib/cart-storage.ts';
import type { CartItem, CheckoutData } from '#app/lib/cart-storage.ts';
import { quoteLine } from '#app/lib/cart-form.ts';
import { useQuote } from '#app/lib/use-quote.ts';
import { checkoutReducer, initialCheckoutState, progressOf } from './checkout-state.ts';
import type { Prefill, Progress } from './checkout-state.ts';

export const PROGRESS_KEY = 'checkoutProgress';
const CEP_UNAVAILABLE = 'Não foi possível consultar o CEP agora. Preencha o endereço manualmente.';

function readJson<T>(storage: Storage, key: string): T | null {
  try {
    return JSON.parse(storage.getItem(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

export function useCheckout(prefill: Prefill) {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [state, dispatch] = useReducer(checkoutReducer, initialCheckoutState);
  const [entry, setEntry] = useState<{ data: CheckoutData; items: CartItem[] } | null>(null);

  // Entered from the cart (navigation state, or the stored checkoutData); nothing to check out → cart.
  useEffect(() => {
    const data = (location.state as CheckoutData | null) ?? readJson<CheckoutData>(localStorage, CHECKOUT_KEY);
    const items = readCart();
    if (!data || items.length === 0) {
      navigate('/Cart', { replace: true });
      return;
    }
    setEntry({ data, items });
    const wanted = params.get('etapa');
    dispatch({ type: 'restore', saved: readJson<Progress>(sessionStorage, PROGRESS_KEY), wantedStep: wanted === null ? null : Number(wanted), prefill, cartCep: data.cep });
    // Once, on arrival: the cart and the saved progress are read when the page opens, not on each render.
  }, []);

  // The card is never kept: only what the shopper typed elsewhere survives a reload.
  const progress = JSON.stringify(progressOf(state));
  useEffect(() => {
    if (entry) sessionStorage.setItem(PROGRESS_KEY, progress);
  }, [entry, progress]);

  // Totals come from the server for the current shipping and payment choice.
  const { quote } = useQuote(
    entry && entry.items.length > 0
      ? {
          lines: entry.items.map(quoteLine),
          ...(entry.data.coupon ? { coupon: entry.data.coupon } : {}),
          // The address's CEP, once complete: the shipping options (and the carrier's prices) are for it.
          ...(/^\d{8}$/.test(state.address.cep) ? { cep: state.address.cep } : {}),
          shipping: state.shipping || 'standard',
          payment: state.payment || 'credit',
        }
      : null,
  );
  const maxInstallments = quote?.order?.maxInstallments ?? 1;
  useEffect(() => {
    dispatch({ type: 'maxInstallments', max: maxInstallments });
  }, [state.installments, maxInstallments]);

  const lookupCep = async () => {
    const { cep } = state.address;
    if (cep === '') return;
    const invalid = validateCep(cep);
    if (invalid) {
      dispatch({ type: 'notice', message: invalid });
      return;
    }
    dispatch({ type: 'clearMessages' });
    try {
      const res = await fetch(`/api/cep/${cep}`);
      if (res.ok) dispatch({ type: 'cepFound', found: (await res.json()) as { street: string; neighborhood: string; city: string; state: string } });
      else if (res.status === 404) dispatch({ type: 'notice', message: MESSAGES.cepNotFound });
      else dispatch({ type: 'info', message: CEP_UNAVAILABLE });
    } catch {
      dispatch({ type: 'info', message: CEP_UNAVAILABLE });
    }
  };

  return { state, dispatch, entry, quote, lookupCep };
}
