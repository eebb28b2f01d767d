import { data, Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/order';
import { awaitsCard, payAwaitingCreditOrder } from '#src/domain/checkout/pay-later.server.ts';
import { browserPayment } from '#src/domain/checkout/services.server.ts';
import { cardForOrder } from '../lib/card-token.ts';
import type { BrowserPayment } from '../lib/card-token.ts';
import { formatCardNumber, formatCvv, formatExpiry } from '#src/domain/payments/card.ts';
import { findOrderFor, trackingTokenFor } from '#src/domain/orders/read.server.ts';
import { pixAgainInput, pixAgainSuccessor } from '#src/domain/checkout/pix-again.server.ts';
import { PIX_AGAIN_NOT_ELIGIBLE, pixAgainEligible } from '#src/domain/checkout/pix-again.ts';
import { submitOrder } from '#src/domain/checkout/submit-order.server.ts';
import { clientIpFrom } from '#src/platform/client-ip.ts';
import { PixAgain } from '../components/PixAgain.tsx';
import { buyAgain } from '#src/domain/checkout/buy-again.server.ts';
import { BuyAgain } from '../components/BuyAgain.tsx';
import { STATUS_LABELS, TIMELINE } from '#src/domain/orders/status.ts';
import { trackingUrl } from '#src/domain/orders/tracking.ts';
import { getViewer } from '../../server/viewer.server.ts';
import { cancelReason, OrderFacts, OrderItems, OrderTotalsList, PaymentInstructions, ShipmentTimeline } from '../components/OrderDetails.tsx';
import { FormNotice, inputClass, SubmitButton } from '../components/Form.tsx';
import { formatDate, formatDateTime } from '#src/platform/datetime.ts';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { authOf, checkoutOf, dbOf, servicesOf } from '../lib/context.server.ts';
import { returnOptions } from '#src/domain/returns/request.server.ts';
import { isReturnEvent } from '#src/domain/returns/wording.ts';
import { OrderReturns } from '../components/OrderReturns.tsx';
import { OrderInvoices } from '../components/OrderInvoices.tsx';
import { invoiceLinks } from '../lib/order-invoices.server.ts';

export async function loader({ request, params, url, context }: Route.LoaderArgs) {
  const token = url.searchParams.get('token');
  const viewer = await getViewer(request, authOf(context));
  const order = await findOrderFor(dbOf(context), params.number, viewer, token, servicesOf(context).cookieSecret);
  if (!order) throw data(null, { status: 404 });
  // The buyer's returns (an admin reading the order sees them in the back office).
  const returns = order.status === 'delivered' ? await returnOptions(dbOf(context), params.number, viewer, token, servicesOf(context).cookieSecret) : null;
  const requestHref = returns && returns.reasons.length > 0 ? `/Pedidos/${order.number}/devolucao${token ? `?token=${encodeURIComponent(token)}` : ''}` : null;
  const returnEvents = order.events.flatMap((e) => (isReturnEvent(e.status) ? [{ ...e, status: e.status }] : []));
  const services = checkoutOf(context);
  const awaitingCard = awaitsCard(order);
  // How the card leaves the page: to our action (sandbox) or straight to the gateway as a token.
  return {
    order,
    token,
    returns: { requestHref, returns: returns?.returns ?? [], events: returnEvents },
    sandbox: services.provider.name === 'sandbox' && services.sandboxRoutes !== false,
    awaitingCard,
    payment: awaitingCard ? browserPayment(services.provider) : null,
    // The order "Gerar novo PIX" already placed for this one: the block then says so instead of offering it again.
    pixAgainDone: !order.masked && pixAgainEligible(order) ? await pixAgainSuccessor(dbOf(context), order.number) : null,
    ...(await invoiceLinks(dbOf(context), order, token, servicesOf(context).invoicing.provider)),
  };
}

// An order page holds personal data, and with ?token= its URL is a key: never kept by a cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

/** The card form of a credit order placed without its card (another front end): pays it now. */
export async function action({ request, params, url, context }: Route.ActionArgs) {
  const token = url.searchParams.get('token');
  const order = await findOrderFor(dbOf(context), params.number, await getViewer(request, authOf(context)), token, servicesOf(context).cookieSecret);
  if (!order) throw data(null, { status: 404 });
  const form = await request.formData();
  // "Comprar novamente": the order's still-available lines at today's prices, for the browser cart.
  if (form.get('intent') === 'comprar-novamente')
    return data({ comprarNovamente: await buyAgain(dbOf(context), order.lines, checkoutOf(context).maxUnitsPerProduct) }, { headers: { 'Cache-Control': 'private, no-store' } });
  // "Gerar novo PIX": a new order with the same items at today's prices, opened with its own link. Not from the
  // masked "Acompanhar pedido" view, which must not lead to a page showing the address and CPF whole.
  if (form.get('intent') === 'novo-pix') {
    if (order.masked || !pixAgainEligible(order)) return data({ error: PIX_AGAIN_NOT_ELIGIBLE }, { status: 409, headers: { 'Cache-Control': 'private, no-store' } });
    const made = await pixAgainInput(dbOf(context), order.number);
    if (!made.ok) return data({ error: made.message }, { status: 409, headers: { 'Cache-Control': 'private, no-store' } });
    const placed = await submitOrder(servicesOf(context), dbOf(context), made.input, { ip: clientIpFrom(request.headers), viewer: () => getViewer(request, authOf(context)) });
    if (!placed.ok)
      return data(
        { error: placed.status >= 500 ? 'Não foi possível gerar o novo PIX agora. Tente de novo em instantes.' : placed.message },
        { status: placed.status, headers: { 'Cache-Control': 'private, no-store' } },
      );
    const link = placed.accessToken ?? (await trackingTokenFor(dbOf(context), placed.order.number, servicesOf(context).cookieSecret));
    return redirect(`/Pedidos/${placed.order.number}${link ? `?token=${encodeURIComponent(link)}` : ''}`, { headers: { 'Cache-Control': 'private, no-store' } });
  }
  // Only an order waiting for its card takes a post; any other is a page without a form (405).
  if (!awaitsCard(order)) throw data(null, { status: 405 });
  const field = (k: string) => (typeof form.get(k) === 'string' ? String(form.get(k)) : '');
  const result = await payAwaitingCreditOrder({ db: dbOf(context), provider: checkoutOf(context).provider }, order.number, {
    number: field('numero'),
    name: field('nome'),
    expiry: field('validade'),
    cvv: field('cvv'),
  });
  if (!result.ok) return data({ error: result.message }, { status: result.status, headers: { 'Cache-Control': 'private, no-store' } });
  return redirect(`/Pedidos/${order.number}${token ? `?token=${encodeURIComponent(token)}` : ''}`, { headers: { 'Cache-Control': 'private, no-store' } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Pedido #${loaderData.order.number} | Olimpo Peças` : 'Pedido | Olimpo Peças' },
  { name: 'robots', content: 'noindex' },
];

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, token, sandbox, awaitingCard, payment, returns } = loaderData;
  const cancelled = order.status === 'cancelled';
  const reached = new Set(order.events.map((e) => e.status));
  const error = actionData && 'error' in actionData ? actionData.error : undefined;
  // A refusal the new-PIX block or the card form does not show (a stale page, a request made by hand).
  const errorShownInPlace = (cancelled && !order.masked && pixAgainEligible(order)) || awaitingCard;
  return (
    <div className="container-page max-w-3xl space-y-6 py-8">
      <div>
        <h1 className="text-2xl font-extrabold sm:text-3xl">Pedido #{order.number}</h1>
        <p className="mt-1 text-sm text-ink-soft">
          Feito em <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time> (horário de Brasília) · Situação: <strong>{STATUS_LABELS[order.status]}</strong>
        </p>
        {error && !errorShownInPlace && (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm font-semibold text-red-700 ring-1 ring-red-200">
            {error}
          </p>
        )}
      </div>

      <section aria-labelledby="andamento" className="rounded-2xl bg-white p-5 ring-1 ring-neutral-200">
        <h2 id="andamento" className="text-lg font-bold">
          Andamento
        </h2>
        {cancelled ? (
          <>
            <p className="mt-3 font-semibold text-red-700">Pedido cancelado{cancelReason(order) ? `: ${cancelReason(order)}` : '.'}</p>
            {!order.masked && pixAgainEligible(order) && <PixAgain number={order.number} token={token} error={error} successor={loaderData.pixAgainDone} />}
          </>
        ) : (
          <ol className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
            {/* Three steps a row at most: in the page's 48rem column, six boxes were narrower than "pagamento" and a tracking code. */}
            {TIMELINE.map((s) => {
              const done = reached.has(s);
              const event = order.events.find((e) => e.status === s);
              return (
                <li key={s} aria-current={order.status === s ? 'step' : undefined} className={`rounded-xl p-3 text-sm ${done ? 'bg-brand/20 font-semibold' : 'bg-neutral-100 text-ink-soft'}`}>
                  <span className="block">{STATUS_LABELS[s]}</span>
                  {event && <span className="block text-xs font-normal">{formatDate(event.createdAt)}</span>}
                  {s === 'shipped' && order.trackingCode && (
                    <a href={trackingUrl(order.trackingCode)} target="_blank" rel="noopener noreferrer" className="block text-xs font-normal underline">
                      Rastreio: <span className="break-all">{order.trackingCode}</span>
                    </a>
                  )}
                </li>
              );
            })}
          </ol>
        )}
        {!cancelled && <ShipmentTimeline order={order} />}
      </section>

      <PaymentInstructions order={order} token={token} />
      <OrderInvoices invoices={loaderData.invoices} pending={loaderData.invoicePending} />
      {awaitingCard && <PayByCard error={error} payment={payment ?? { mode: 'digits' }} number={order.number} token={token} cpf={order.customer?.cpf ?? null} />}
      {sandbox && order.status === 'awaiting_payment' && order.paymentMethod !== 'credit' && <SandboxPay number={order.number} token={token} />}

      <OrderReturns {...returns} />

      <section aria-labelledby="itens" className="rounded-2xl bg-white p-5 ring-1 ring-neutral-200">
        <h2 id="itens" className="text-lg font-bold">
          Itens
        </h2>
        <OrderItems order={order} reviewLinks={order.status === 'delivered'} />
        <OrderTotalsList order={order} />
        <OrderFacts order={order} className="mt-4" />
        {order.masked && <p className="mt-3 text-xs text-ink-soft">Por segurança, o CPF, o celular e o endereço aparecem só em parte. Entre na sua conta para ver o pedido completo.</p>}
        <div className="mt-4 border-t border-neutral-200 pt-4">
          <BuyAgain number={order.number} token={token} />
        </div>
      </section>
      <Link to="/ProductList" className="inline-block font-semibold underline">
        Continuar comprando
      </Link>
    </div>
  );
}

/** Sandbox only: stands in for the bank, calling the signed payment webhook. */
function SandboxPay({ number, token }: { number: string; token: string | null }) {
  const revalidator = useRevalidator();
  const [message, setMessage] = useState('');
  const pay = async () => {
    const res = await fetch(`/api/payments/sandbox/${number}/pay${token ? `?token=${encodeURIComponent(token)}` : ''}`, { method: 'POST' }).catch(() => null);
    setMessage(res?.ok ? 'Pagamento confirmado.' : 'Não foi possível simular o pagamento.');
    void revalidator.revalidate();
  };
  return (
    <div className="rounded-2xl border border-dashed border-neutral-400 p-4 text-sm">
      <p>Ambiente de testes: nenhum dinheiro é movimentado.</p>
      <button type="button" onClick={() => void pay()} className="mt-2 rounded-lg bg-ink px-4 py-2 font-semibold text-white">
        Simular pagamento (sandbox)
      </button>
      <span role="status" className="ml-2">
        {message}
      </span>
    </div>
  );
}

/**
 * Sandbox: works without JavaScript, a plain form posted to this page's action (the card is never stored).
 * Gateway: the fields have no names, so no card number can be posted here; the browser turns the card into
 * a token at the gateway and sends only the token to POST /api/orders/:n/pay (PCI SAQ-A, as the checkout).
 */
function PayByCard({ error, payment, number, token, cpf }: { error?: string; payment: BrowserPayment; number: string; token: string | null; cpf: string | null }) {
  const navigating = useNavigation().state === 'submitting';
  const revalidator = useRevalidator();
  const [paying, setPaying] = useState(false);
  const [tokenError, setTokenError] = useState('');
  const gateway = payment.mode === 'token';
  const name = (n: string) => (gateway ? undefined : n);
  const busy = navigating || paying;
  const payWithToken = async (form: HTMLFormElement) => {
    const value = (id: string) => form.querySelector<HTMLInputElement>(`#${id}`)?.value ?? '';
    setPaying(true);
    setTokenError('');
    try {
      const card = await cardForOrder(payment, { number: value('pagar-numero'), name: value('pagar-nome'), expiry: value('pagar-validade'), cvv: value('pagar-cvv') }, { cpf });
      if (!card.ok) return setTokenError(card.message);
      const res = await fetch(`/api/orders/${number}/pay`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ card: card.card, ...(token ? { token } : {}) }),
      }).catch(() => null);
      if (!res) return setTokenError('Não foi possível concluir o pagamento. Verifique sua conexão e tente novamente.');
      if (!res.ok) return setTokenError(((await res.json().catch(() => ({}))) as { erro?: string }).erro ?? 'Pagamento não concluído.');
      await revalidator.revalidate();
    } finally {
      setPaying(false);
    }
  };
  const shown = tokenError || error;
  return (
    <section aria-labelledby="pagar-cartao" className="rounded-2xl bg-white p-5 ring-1 ring-neutral-200">
      <h2 id="pagar-cartao" className="text-lg font-bold">
        Pagar com cartão de crédito
      </h2>
      <p className="mt-1 text-sm text-ink-soft">Este pedido aguarda o pagamento. Informe o cartão para concluir a compra.</p>
      {shown && (
        <div className="mt-3">
          <FormNotice>{shown}</FormNotice>
        </div>
      )}
      <Form
        method="post"
        className="mt-4 grid gap-4 sm:grid-cols-2"
        onSubmit={(e) => {
          if (!gateway) return;
          e.preventDefault();
          void payWithToken(e.currentTarget);
        }}
      >
        <div className="sm:col-span-2">
          <label htmlFor="pagar-numero" className="block text-sm font-semibold">
            Número do cartão
          </label>
          <input
            id="pagar-numero"
            name={name('numero')}
            inputMode="numeric"
            autoComplete="cc-number"
            maxLength={19}
            required
            onInput={(e) => (e.currentTarget.value = formatCardNumber(e.currentTarget.value))}
            className={inputClass}
          />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="pagar-nome" className="block text-sm font-semibold">
            Nome impresso no cartão
          </label>
          <input id="pagar-nome" name={name('nome')} autoComplete="cc-name" maxLength={60} required className={inputClass} />
        </div>
        <div>
          <label htmlFor="pagar-validade" className="block text-sm font-semibold">
            Validade (MM/AA)
          </label>
          <input
            id="pagar-validade"
            name={name('validade')}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/AA"
            maxLength={5}
            required
            onInput={(e) => (e.currentTarget.value = formatExpiry(e.currentTarget.value))}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="pagar-cvv" className="block text-sm font-semibold">
            CVV
          </label>
          <input
            id="pagar-cvv"
            name={name('cvv')}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            required
            onInput={(e) => (e.currentTarget.value = formatCvv(e.currentTarget.value, (document.getElementById('pagar-numero') as HTMLInputElement | null)?.value ?? ''))}
            className={inputClass}
          />
        </div>
        <div className="sm:col-span-2">
          <SubmitButton busy={busy} busyText="Pagando…">
            Pagar agora
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
