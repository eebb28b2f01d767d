// "Finalizar Compra": the card becomes a token at the gateway first (token mode), then the order is posted to
// the checkout route's action through a fetcher. One idempotency key per attempt, kept in sessionStorage,
// so a double click or a reload resends the same order and the server makes it once; a refused attempt
// (card declined, stock gone, invalid data) takes a new key for the next try.
import { useEffect, useRef, useState } from 'react';
import type { Dispatch } from 'react';
import { useFetcher, useNavigate } from 'react-router';
import { MESSAGES } from '#src/domain/checkout/rules.ts';
import { cardForOrder } from '#app/lib/card-token.ts';
import type { BrowserPayment } from '#app/lib/card-token.ts';
import { CHECKOUT_KEY, clearCart } from '#app/lib/cart-storage.ts';
import type { CartItem } from '#app/lib/cart-storage.ts';
import { quoteLine } from '#app/lib/cart-form.ts';
import { LAST_ORDER_KEY } from '#app/lib/last-order.ts';
import { orderForm } from '#app/lib/order-form.ts';
import type { OrderAnswer } from '#app/lib/order-form.ts';
import type { CheckoutAction, CheckoutState } from './checkout-state.ts';
import { PROGRESS_KEY } from './use-checkout.ts';

const IDEMPOTENCY_KEY = 'checkoutKey';

function newKey(): string {
  const key = crypto.randomUUID();
  sessionStorage.setItem(IDEMPOTENCY_KEY, key);
  return key;
}

export function usePlaceOrder({
  state,
  dispatch,
  items,
  coupon,
  payment,
}: {
  state: CheckoutState;
  dispatch: Dispatch<CheckoutAction>;
  items: CartItem[];
  coupon: string | null;
  payment: BrowserPayment;
}) {
  const fetcher = useFetcher<OrderAnswer>();
  const navigate = useNavigate();
  // Two clicks in one task both run before React re-renders the disabled button: the second is dropped here.
  const busy = useRef(false);
  const [tokenizing, setTokenizing] = useState(false);

  const placeOrder = async () => {
    if (busy.current) return;
    busy.current = true;
    dispatch({ type: 'notice', message: '' });
    const idempotencyKey = sessionStorage.getItem(IDEMPOTENCY_KEY) ?? newKey();
    setTokenizing(true);
    try {
      // Gateway mode: the card becomes a token at the gateway here; only the token goes to our server.
      const card = state.payment === 'credit' ? await cardForOrder(payment, state.card, { cpf: state.buyer.cpf }) : null;
      if (card && !card.ok) {
        dispatch({ type: 'notice', message: card.message });
        busy.current = false;
        return;
      }
      const form = orderForm({
        idempotencyKey,
        email: state.email,
        buyer: state.buyer,
        lines: items.map(quoteLine),
        coupon,
        address: state.address,
        shipping: state.shipping,
        payment: state.payment,
        installments: state.payment === 'credit' ? state.installments : 1,
        card: card?.ok ? card.card : null,
      });
      // Placing an order changes no loader's data on this page; /Sucesso reads the answer.
      void fetcher.submit(form, { method: 'post', action: '/Checkout', defaultShouldRevalidate: false });
    } catch {
      busy.current = false;
      dispatch({ type: 'notice', message: MESSAGES.orderFailed });
    } finally {
      setTokenizing(false);
    }
  };

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== 'idle') return;
    busy.current = false;
    if (answer.order) {
      clearCart();
      localStorage.removeItem(CHECKOUT_KEY);
      sessionStorage.removeItem(PROGRESS_KEY);
      sessionStorage.removeItem(IDEMPOTENCY_KEY);
      const orderData = { order: answer.order, accessToken: answer.accessToken };
      localStorage.setItem(LAST_ORDER_KEY, JSON.stringify(orderData));
      navigate('/Sucesso', { state: { orderData } });
      return;
    }
    newKey();
    dispatch({ type: 'orderRefused', message: answer.error, fields: answer.fields });
  }, [fetcher.data, fetcher.state]);

  return { placeOrder, submitting: tokenizing || fetcher.state !== 'idle' };
}
