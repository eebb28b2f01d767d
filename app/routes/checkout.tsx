// /Checkout: four steps (Identificação, Endereço, Pagamento, Confirmação) over one reducer
// (app/components/checkout/). The last step posts the order to this route's action, which validates it
// with the API's schema and places it through the same path as POST /api/orders (submitOrder).
import { useEffect, useMemo, useRef } from 'react';
import { data } from 'react-router';
import type { Route } from './+types/checkout';
import { listAddresses } from '#src/domain/accounts/addresses.server.ts';
import { getProfile } from '#src/domain/accounts/profiles.server.ts';
import { MESSAGES } from '#src/domain/checkout/rules.ts';
import { browserPayment } from '#src/domain/checkout/services.server.ts';
import { submitOrder } from '#src/domain/checkout/submit-order.server.ts';
import { installmentPlan } from '#src/domain/pricing/pricing.ts';
import { clientIpFrom } from '#src/platform/client-ip.ts';
import { getViewer } from '../../server/viewer.server.ts';
import { AddressStep } from '../components/checkout/AddressStep.tsx';
import { CheckoutProgress, StepButtons } from '../components/checkout/CheckoutProgress.tsx';
import { CheckoutSummary } from '../components/checkout/CheckoutSummary.tsx';
import { ConfirmationStep } from '../components/checkout/ConfirmationStep.tsx';
import { IdentificationStep } from '../components/checkout/IdentificationStep.tsx';
import { PaymentStep } from '../components/checkout/PaymentStep.tsx';
import { LAST_STEP, STEPS } from '../components/checkout/checkout-state.ts';
import { useCheckout } from '../components/checkout/use-checkout.ts';
import { usePlaceOrder } from '../components/checkout/use-place-order.ts';
import { applyMask } from '../lib/masks.ts';
import { parseOrderForm } from '../lib/order-form.ts';
import type { OrderAnswer } from '../lib/order-form.ts';
import { getSessionUser } from '../lib/session.server.ts';
import { originFrom, seo } from '../lib/seo.ts';
import { authOf, checkoutOf, dbOf, servicesOf } from '../lib/context.server.ts';

/** A signed-in shopper's e-mail, name, CPF, celular and saved addresses prefill steps 1 and 2. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // How the card leaves the page: to our server (sandbox) or straight to the gateway as a token.
  const payment = browserPayment(checkoutOf(context).provider);
  const user = await getSessionUser(request, authOf(context));
  if (!user) return { payment, email: null, buyer: null, addresses: [] };
  const [saved, profile] = await Promise.all([listAddresses(dbOf(context), user.id), getProfile(dbOf(context), user.id)]);
  const phone = profile?.details?.phone ?? saved[0]?.phone ?? '';
  return {
    payment,
    email: user.email,
    buyer: { name: profile?.name ?? user.name ?? '', cpf: applyMask('cpf', profile?.details?.cpf ?? ''), phone: applyMask('celular', phone) },
    addresses: saved.map((a) => ({ cep: a.cep.replace(/\D/g, ''), street: a.street, number: a.number, complement: a.complement ?? '', neighborhood: a.neighborhood, city: a.city, state: a.state })),
  };
}

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/** Places the order: the order data /Sucesso shows, or the pt-BR reason (per field when it is one). */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseOrderForm(await request.formData());
  if (!parsed.ok) return data<OrderAnswer>({ error: parsed.message, fields: parsed.fields }, { status: 400, headers: NO_STORE });
  const result = await submitOrder(servicesOf(context), dbOf(context), parsed.data, { ip: clientIpFrom(request.headers), viewer: () => getViewer(request, authOf(context)) });
  if (!result.ok) {
    const headers: Record<string, string> = { ...NO_STORE, ...('retryAfterSeconds' in result ? { 'Retry-After': String(result.retryAfterSeconds) } : {}) };
    return data<OrderAnswer>({ error: result.status >= 500 ? MESSAGES.orderFailed : result.message }, { status: result.status, headers });
  }
  return data<OrderAnswer>({ order: result.order, accessToken: result.accessToken }, { status: result.replayed ? 200 : 201, headers: NO_STORE });
}

/** No connection, or the server failed (a 5xx, the maintenance page): the step shows the pt-BR message. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<OrderAnswer> {
  try {
    return await serverAction();
  } catch {
    return { error: MESSAGES.orderFailed };
  }
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({ title: 'Finalizar compra', description: 'Identificação, endereço, pagamento e confirmação do seu pedido.', url: `${originFrom(matches)}/Checkout` }),
  { name: 'robots', content: 'noindex' },
];

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { state, dispatch, entry, quote, lookupCep } = useCheckout(loaderData);
  const { placeOrder, submitting } = usePlaceOrder({ state, dispatch, items: entry?.items ?? [], coupon: entry?.data.coupon ?? null, payment: loaderData.payment });
  const heading = useRef<HTMLHeadingElement>(null);
  const { step } = state;

  // Focus the step's heading when the checkout opens (its data arrives after the first render) and on
  // every step, so keyboard and screen-reader users start there instead of on the body.
  const ready = entry !== null;
  useEffect(() => {
    heading.current?.focus();
  }, [step, ready]);

  const totals = quote?.order;
  const plans = useMemo(() => (totals ? Array.from({ length: totals.maxInstallments }, (_, i) => installmentPlan(totals.totalCents, i + 1)) : []), [totals]);

  if (!entry) {
    return (
      <div className="container-page py-10">
        <h1 className="text-2xl font-extrabold">Finalizar compra</h1>
        <p role="status" className="mt-4">
          Carregando...
        </p>
        <noscript>
          <p className="mt-4">O checkout precisa de JavaScript ativado no navegador.</p>
        </noscript>
      </div>
    );
  }

  return (
    <div className="container-page max-w-4xl py-6">
      <h1 className="text-2xl font-extrabold sm:text-3xl">Finalizar compra</h1>
      <CheckoutProgress step={step} />

      <div className="mt-6 grid gap-6 md:grid-cols-[1fr_17rem]">
        <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-neutral-200" aria-labelledby="etapa">
          <h2 id="etapa" ref={heading} tabIndex={-1} className="text-xl font-bold">
            {step}. {STEPS[step - 1]}
          </h2>
          {state.notice && (
            <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 font-medium text-red-800">
              {state.notice}
            </p>
          )}
          {state.info && (
            <p role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-ink">
              {state.info}
            </p>
          )}

          <form
            className="mt-4 space-y-4"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (step < LAST_STEP) dispatch({ type: 'next', now: new Date() });
              else void placeOrder();
            }}
          >
            {step === 1 && <IdentificationStep state={state} dispatch={dispatch} />}
            {step === 2 && <AddressStep state={state} dispatch={dispatch} onCepBlur={() => void lookupCep()} shippingQuote={quote?.shipping ?? null} />}
            {step === 3 && <PaymentStep state={state} dispatch={dispatch} plans={plans} tokenMode={loaderData.payment.mode === 'token'} />}
            {step === 4 && <ConfirmationStep state={state} items={entry.items} quote={quote} plans={plans} />}
            <StepButtons step={step} submitting={submitting} onBack={() => dispatch({ type: 'back' })} />
          </form>
        </section>

        <CheckoutSummary totals={totals} shippingQuote={quote?.shipping ?? null} shipping={state.shipping} payment={state.payment} />
      </div>
    </div>
  );
}
