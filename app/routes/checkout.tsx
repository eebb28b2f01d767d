import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/checkout';
import { getDb } from '../../src/db/client.server.ts';
import { listAddresses } from '../../src/domain/accounts/addresses.server.ts';
import { getProfile } from '../../src/domain/accounts/profiles.server.ts';
import { applyMask, MASK_PATTERN } from '../lib/masks.ts';
import { getSessionUser } from '../lib/session.server.ts';
import { browserPayment } from '../../src/domain/checkout/services.server.ts';
import { cardForOrder } from '../lib/card-token.ts';
import type { Quote } from '../../src/domain/cart/quote.ts';
import { cepInput, MESSAGES, UFS, validateAddress, validateBuyer, validateCep, validatePayment } from '../../src/domain/checkout/rules.ts';
import type { AddressInput } from '../../src/domain/checkout/rules.ts';
import { formatCardNumber, formatCvv, formatExpiry, maskCard } from '../../src/domain/payments/card.ts';
import { formatBRL } from '../../src/domain/pricing/money.ts';
import { installmentPlan, PAYMENT_METHODS, SHIPPING_METHODS } from '../../src/domain/pricing/pricing.ts';
import type { PaymentMethodId, ShippingMethodId } from '../../src/domain/pricing/pricing.ts';
import { CHECKOUT_KEY, clearCart, readCart } from '../lib/cart-storage.ts';
import type { CartItem, CheckoutData } from '../lib/cart-storage.ts';
import { ItemImage } from '../components/ItemImage.tsx';
import { LAST_ORDER_KEY } from '../lib/last-order.ts';
import { originFrom, seo } from '../lib/seo.ts';

/** A signed-in shopper's e-mail, name, CPF, celular and saved addresses prefill steps 1 and 2. */
export async function loader({ request }: Route.LoaderArgs) {
  // How the card leaves the page: to our server (sandbox) or straight to the gateway as a token.
  const payment = browserPayment();
  const user = await getSessionUser(request);
  if (!user) return { payment, email: null, buyer: null, addresses: [] };
  const [saved, profile] = await Promise.all([listAddresses(getDb(), user.id), getProfile(getDb(), user.id)]);
  const phone = profile?.details?.phone ?? saved[0]?.phone ?? '';
  return {
    payment,
    email: user.email,
    buyer: { name: profile?.name ?? user.name ?? '', cpf: applyMask('cpf', profile?.details?.cpf ?? ''), phone: applyMask('celular', phone) },
    addresses: saved.map((a) => ({ cep: a.cep.replace(/\D/g, ''), street: a.street, number: a.number, complement: a.complement ?? '', neighborhood: a.neighborhood, city: a.city, state: a.state })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({ title: 'Finalizar compra', description: 'Identificação, endereço, pagamento e confirmação do seu pedido.', url: `${originFrom(matches)}/Checkout` }),
  { name: 'robots', content: 'noindex' },
];

const STEPS = ['Identificação', 'Endereço', 'Pagamento', 'Confirmação'] as const;
const PROGRESS_KEY = 'checkoutProgress';
const IDEMPOTENCY_KEY = 'checkoutKey';

interface Buyer {
  name: string;
  cpf: string;
  phone: string;
}

interface Progress {
  step: number;
  email: string;
  buyer: Buyer;
  address: AddressInput;
  shipping: ShippingMethodId | '';
  payment: PaymentMethodId | '';
  installments: number;
}

const emptyAddress: AddressInput = { cep: '', street: '', number: '', complement: '', neighborhood: '', city: '', state: '' };

function newKey(): string {
  const key = crypto.randomUUID();
  sessionStorage.setItem(IDEMPOTENCY_KEY, key);
  return key;
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [data, setData] = useState<CheckoutData | null>(null);
  const [items, setItems] = useState<CartItem[]>([]);
  const [step, setStep] = useState(1);
  const [email, setEmail] = useState('');
  const [buyer, setBuyer] = useState<Buyer>({ name: '', cpf: '', phone: '' });
  const [address, setAddress] = useState<AddressInput>(emptyAddress);
  const [shipping, setShipping] = useState<ShippingMethodId | ''>('');
  const [payment, setPayment] = useState<PaymentMethodId | ''>('');
  const [card, setCard] = useState({ number: '', name: '', expiry: '', cvv: '' });
  const [installments, setInstallments] = useState(1);
  const [notice, setNotice] = useState('');
  const [info, setInfo] = useState('');
  const [quote, setQuote] = useState<Quote | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  // Entered from the cart (navigation state, or the stored checkoutData); nothing to check out → cart.
  useEffect(() => {
    let d = (location.state as CheckoutData | null) ?? null;
    if (!d) {
      try {
        d = JSON.parse(localStorage.getItem(CHECKOUT_KEY) ?? 'null') as CheckoutData | null;
      } catch {
        d = null;
      }
    }
    const cart = readCart();
    if (!d || cart.length === 0) {
      navigate('/Cart', { replace: true });
      return;
    }
    setData(d);
    setItems(cart);
    try {
      const saved = JSON.parse(sessionStorage.getItem(PROGRESS_KEY) ?? 'null') as Progress | null;
      if (saved) {
        setEmail(saved.email);
        setBuyer(saved.buyer ?? { name: '', cpf: '', phone: '' });
        setAddress({ ...emptyAddress, ...saved.address });
        setShipping(saved.shipping);
        setPayment(saved.payment);
        setInstallments(saved.installments);
        const wanted = Number(params.get('etapa'));
        setStep(Math.min(saved.step, wanted >= 1 && wanted <= 4 ? wanted : saved.step));
      } else {
        if (loaderData.email) setEmail(loaderData.email);
        if (loaderData.buyer) setBuyer(loaderData.buyer);
        const saved = loaderData.addresses[0];
        if (saved) setAddress({ ...emptyAddress, ...saved });
        else if (d.cep) setAddress({ ...emptyAddress, cep: d.cep.replace(/\D/g, '') });
      }
    } catch {
      /* start fresh */
    }
  }, []);

  useEffect(() => {
    if (!data) return;
    // The card is never kept: only what the shopper typed elsewhere survives a reload.
    const progress: Progress = { step, email, buyer, address, shipping, payment, installments };
    sessionStorage.setItem(PROGRESS_KEY, JSON.stringify(progress));
  }, [data, step, email, buyer, address, shipping, payment, installments]);

  // Totals come from the server for the current shipping and payment choice.
  useEffect(() => {
    if (!data || items.length === 0) return;
    const ctrl = new AbortController();
    fetch('/api/cart/quote', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      signal: ctrl.signal,
      body: JSON.stringify({
        lines: items.map((i) => ({ productId: i.id, color: i.cor, size: i.tamanho, quantity: i.quantity })),
        ...(data.coupon ? { coupon: data.coupon } : {}),
        shipping: shipping || 'standard',
        payment: payment || 'credit',
      }),
    })
      .then((r) => (r.ok ? (r.json() as Promise<Quote>) : null))
      .then((q) => q && setQuote(q))
      .catch(() => {});
    return () => ctrl.abort();
  }, [data, items, shipping, payment]);

  const maxInstallments = quote?.order?.maxInstallments ?? 1;
  useEffect(() => {
    if (installments > maxInstallments) setInstallments(maxInstallments);
  }, [installments, maxInstallments]);

  // Focus the step's heading when the checkout opens (its data arrives after the first render) and on
  // every step, so keyboard and screen-reader users start there instead of on the body.
  const ready = data !== null;
  useEffect(() => {
    heading.current?.focus();
  }, [step, ready]);

  const go = (next: number) => {
    setNotice('');
    setInfo('');
    setStep(next);
  };

  const next = () => {
    const error =
      step === 1 ? validateBuyer({ email, ...buyer }) : step === 2 ? validateAddress(address, shipping) : step === 3 ? validatePayment(payment, card) : null;
    if (error) {
      setNotice(error);
      return;
    }
    go(step + 1);
  };

  const lookupCep = async () => {
    if (address.cep === '') return;
    const invalid = validateCep(address.cep);
    if (invalid) {
      setNotice(invalid);
      return;
    }
    setNotice('');
    setInfo('');
    try {
      const res = await fetch(`/api/cep/${address.cep}`);
      if (res.ok) {
        const found = (await res.json()) as { street: string; neighborhood: string; city: string; state: string };
        setAddress((a) => ({ ...a, street: found.street || a.street, neighborhood: found.neighborhood || a.neighborhood, city: found.city || a.city, state: found.state || a.state }));
      } else if (res.status === 404) {
        setNotice(MESSAGES.cepNotFound);
      } else {
        setInfo('Não foi possível consultar o CEP agora. Preencha o endereço manualmente.');
      }
    } catch {
      setInfo('Não foi possível consultar o CEP agora. Preencha o endereço manualmente.');
    }
  };

  const finish = async () => {
    if (submitting) return;
    setSubmitting(true);
    setNotice('');
    const key = sessionStorage.getItem(IDEMPOTENCY_KEY) ?? newKey();
    try {
      // Gateway mode: the card becomes a token at the gateway here; only the token goes to our server.
      const orderCard = payment === 'credit' ? await cardForOrder(loaderData.payment, card, { cpf: buyer.cpf }) : null;
      if (orderCard && !orderCard.ok) {
        setNotice(orderCard.message);
        return;
      }
      const res = await fetch('/api/orders', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          idempotencyKey: key,
          email,
          customer: buyer,
          lines: items.map((i) => ({ productId: i.id, color: i.cor, size: i.tamanho, quantity: i.quantity })),
          ...(data?.coupon ? { coupon: data.coupon } : {}),
          address,
          shipping,
          payment,
          installments: payment === 'credit' ? installments : 1,
          ...(orderCard?.ok ? { card: orderCard.card } : {}),
        }),
      });
      const body = (await res.json().catch(() => ({}))) as { order?: unknown; accessToken?: string | null; erro?: string };
      if (res.ok && body.order) {
        clearCart();
        localStorage.removeItem(CHECKOUT_KEY);
        sessionStorage.removeItem(PROGRESS_KEY);
        sessionStorage.removeItem(IDEMPOTENCY_KEY);
        const orderData = { order: body.order, accessToken: body.accessToken ?? null };
        localStorage.setItem(LAST_ORDER_KEY, JSON.stringify(orderData));
        navigate('/Sucesso', { state: { orderData } });
        return;
      }
      // A refused attempt (card declined, stock gone, invalid data) needs a new key for the next try.
      newKey();
      setNotice(res.status >= 500 || !body.erro ? MESSAGES.orderFailed : body.erro);
    } catch {
      setNotice(MESSAGES.orderFailed);
    } finally {
      setSubmitting(false);
    }
  };

  const totals = quote?.order;
  const shippingChoice = SHIPPING_METHODS.find((m) => m.id === shipping);
  const paymentChoice = PAYMENT_METHODS.find((m) => m.id === payment);
  const plans = useMemo(
    () => (totals ? Array.from({ length: totals.maxInstallments }, (_, i) => installmentPlan(totals.totalCents, i + 1)) : []),
    [totals],
  );

  if (!data) {
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

  const field = 'mt-1 w-full rounded-lg border border-neutral-300 bg-white px-3 py-2.5';
  return (
    <div className="container-page max-w-4xl py-6">
      <h1 className="text-2xl font-extrabold sm:text-3xl">Finalizar compra</h1>
      <ol className="mt-5 grid grid-cols-4 gap-1.5 text-center text-[11px] leading-tight font-semibold sm:gap-2 sm:text-sm" aria-label="Etapas">
        {STEPS.map((label, i) => (
          <li
            key={label}
            aria-current={step === i + 1 ? 'step' : undefined}
            className={`flex flex-col items-center rounded-lg px-0.5 py-2 sm:flex-row sm:justify-center sm:gap-1 ${step === i + 1 ? 'bg-ink text-white' : step > i + 1 ? 'bg-brand text-ink' : 'bg-neutral-200 text-ink-soft'}`}
          >
            <span>{i + 1}</span> <span>{label}</span>
          </li>
        ))}
      </ol>

      <div className="mt-6 grid gap-6 md:grid-cols-[1fr_17rem]">
        <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-neutral-200" aria-labelledby="etapa">
          <h2 id="etapa" ref={heading} tabIndex={-1} className="text-xl font-bold">
            {step}. {STEPS[step - 1]}
          </h2>
          {notice && (
            <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 font-medium text-red-800">
              {notice}
            </p>
          )}
          {info && (
            <p role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-ink">
              {info}
            </p>
          )}

          <form
            className="mt-4 space-y-4"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (step < 4) next();
              else void finish();
            }}
          >
            {step === 1 && (
              <div className="grid gap-4 sm:grid-cols-2">
                <div className="sm:col-span-2">
                  <label htmlFor="email" className="font-medium">
                    E-mail
                  </label>
                  <input id="email" type="email" autoComplete="email" value={email} maxLength={254} onChange={(e) => setEmail(e.target.value)} aria-describedby="email-hint" className={field} />
                  <p id="email-hint" className="mt-1 text-sm text-ink-soft">
                    Enviaremos a confirmação do pedido para este e-mail.
                  </p>
                </div>
                <div className="sm:col-span-2">
                  <label htmlFor="buyer-name" className="font-medium">
                    Nome completo
                  </label>
                  <input id="buyer-name" autoComplete="name" value={buyer.name} maxLength={100} onChange={(e) => setBuyer({ ...buyer, name: e.target.value })} className={field} />
                </div>
                <div>
                  <label htmlFor="buyer-cpf" className="font-medium">
                    CPF
                  </label>
                  <input
                    id="buyer-cpf"
                    inputMode="numeric"
                    placeholder={MASK_PATTERN.cpf}
                    value={buyer.cpf}
                    maxLength={MASK_PATTERN.cpf.length}
                    onChange={(e) => setBuyer({ ...buyer, cpf: applyMask('cpf', e.target.value) })}
                    aria-describedby="cpf-hint"
                    className={field}
                  />
                  <p id="cpf-hint" className="mt-1 text-sm text-ink-soft">
                    Vai na nota fiscal e no boleto.
                  </p>
                </div>
                <div>
                  <label htmlFor="buyer-phone" className="font-medium">
                    Celular
                  </label>
                  <input
                    id="buyer-phone"
                    type="tel"
                    inputMode="numeric"
                    autoComplete="tel-national"
                    placeholder={MASK_PATTERN.celular}
                    value={buyer.phone}
                    maxLength={MASK_PATTERN.celular.length}
                    onChange={(e) => setBuyer({ ...buyer, phone: applyMask('celular', e.target.value) })}
                    className={field}
                  />
                </div>
              </div>
            )}

            {step === 2 && (
              <>
                <div className="grid gap-4 sm:grid-cols-2">
                  <div>
                    <label htmlFor="cep" className="font-medium">
                      CEP
                    </label>
                    <input
                      id="cep"
                      inputMode="numeric"
                      autoComplete="postal-code"
                      value={address.cep}
                      maxLength={8}
                      onChange={(e) => setAddress({ ...address, cep: cepInput(e.target.value) })}
                      onBlur={() => void lookupCep()}
                      className={field}
                    />
                  </div>
                  <div>
                    <label htmlFor="street" className="font-medium">
                      Rua
                    </label>
                    <input id="street" autoComplete="address-line1" value={address.street} maxLength={200} onChange={(e) => setAddress({ ...address, street: e.target.value })} className={field} />
                  </div>
                  <div>
                    <label htmlFor="number" className="font-medium">
                      Número
                    </label>
                    <input id="number" value={address.number} maxLength={20} onChange={(e) => setAddress({ ...address, number: e.target.value })} className={field} />
                  </div>
                  <div>
                    <label htmlFor="complement" className="font-medium">
                      Complemento <span className="font-normal text-ink-soft">(opcional)</span>
                    </label>
                    <input id="complement" autoComplete="address-line2" value={address.complement} maxLength={100} onChange={(e) => setAddress({ ...address, complement: e.target.value })} className={field} />
                  </div>
                  <div>
                    <label htmlFor="neighborhood" className="font-medium">
                      Bairro
                    </label>
                    <input id="neighborhood" value={address.neighborhood} maxLength={100} onChange={(e) => setAddress({ ...address, neighborhood: e.target.value })} className={field} />
                  </div>
                  <div>
                    <label htmlFor="city" className="font-medium">
                      Cidade
                    </label>
                    <input id="city" autoComplete="address-level2" value={address.city} maxLength={100} onChange={(e) => setAddress({ ...address, city: e.target.value })} className={field} />
                  </div>
                  <div>
                    <label htmlFor="state" className="font-medium">
                      Estado
                    </label>
                    <select id="state" value={address.state} onChange={(e) => setAddress({ ...address, state: e.target.value })} className={field}>
                      <option value="">Selecione</option>
                      {UFS.map((uf) => (
                        <option key={uf} value={uf}>
                          {uf}
                        </option>
                      ))}
                    </select>
                  </div>
                </div>
                <fieldset>
                  <legend className="font-medium">Forma de envio</legend>
                  <div className="mt-2 grid gap-2 sm:grid-cols-2">
                    {SHIPPING_METHODS.map((m) => (
                      <label key={m.id} className="flex cursor-pointer items-start gap-3 rounded-xl border border-neutral-300 p-3 has-checked:border-ink has-checked:bg-neutral-50">
                        <input type="radio" name="shipping" value={m.id} checked={shipping === m.id} onChange={() => setShipping(m.id)} className="mt-1 h-4 w-4 accent-ink" />
                        <span>
                          <span className="block font-semibold">{m.label}</span>
                          <span className="block text-sm text-ink-soft">
                            {formatBRL(m.priceCents)} · {m.days}
                          </span>
                        </span>
                      </label>
                    ))}
                  </div>
                  <p className="mt-2 text-sm text-ink-soft">O frete escolhido aqui substitui a estimativa de R$ 40,00 mostrada no carrinho.</p>
                </fieldset>
              </>
            )}

            {step === 3 && (
              <>
                <fieldset>
                  <legend className="font-medium">Forma de pagamento</legend>
                  <div className="mt-2 grid gap-2">
                    {PAYMENT_METHODS.map((m) => (
                      <label key={m.id} className="flex cursor-pointer items-center gap-3 rounded-xl border border-neutral-300 p-3 has-checked:border-ink has-checked:bg-neutral-50">
                        <input type="radio" name="payment" value={m.id} checked={payment === m.id} onChange={() => setPayment(m.id)} className="h-4 w-4 accent-ink" />
                        <span className="font-semibold">{m.label}</span>
                        {m.discountPercent > 0 && <span className="text-sm text-emerald-700">{m.discountPercent}% de desconto</span>}
                      </label>
                    ))}
                  </div>
                </fieldset>
                {payment === 'credit' && (
                  <div className="grid gap-4 sm:grid-cols-2">
                    <div className="sm:col-span-2">
                      <label htmlFor="card-number" className="font-medium">
                        Número do cartão
                      </label>
                      <input id="card-number" inputMode="numeric" autoComplete="cc-number" value={card.number} maxLength={19} onChange={(e) => setCard({ ...card, number: formatCardNumber(e.target.value) })} className={field} />
                    </div>
                    <div className="sm:col-span-2">
                      <label htmlFor="card-name" className="font-medium">
                        Nome impresso no cartão
                      </label>
                      <input id="card-name" autoComplete="cc-name" value={card.name} maxLength={60} onChange={(e) => setCard({ ...card, name: e.target.value })} className={field} />
                    </div>
                    <div>
                      <label htmlFor="card-expiry" className="font-medium">
                        Validade (MM/AA)
                      </label>
                      <input id="card-expiry" inputMode="numeric" autoComplete="cc-exp" placeholder="MM/AA" value={card.expiry} maxLength={5} onChange={(e) => setCard({ ...card, expiry: formatExpiry(e.target.value) })} className={field} />
                    </div>
                    <div>
                      <label htmlFor="card-cvv" className="font-medium">
                        CVV
                      </label>
                      <input id="card-cvv" inputMode="numeric" autoComplete="cc-csc" value={card.cvv} maxLength={3} onChange={(e) => setCard({ ...card, cvv: formatCvv(e.target.value) })} className={field} />
                    </div>
                    {loaderData.payment.mode === 'token' && (
                      <p className="text-sm text-ink-soft sm:col-span-2">Os dados do cartão vão direto para o Mercado Pago, com segurança: a loja não recebe o número nem o CVV.</p>
                    )}
                    <div className="sm:col-span-2">
                      <label htmlFor="installments" className="font-medium">
                        Parcelas
                      </label>
                      <select id="installments" value={installments} onChange={(e) => setInstallments(Number(e.target.value))} className={field}>
                        {plans.map((p) => (
                          <option key={p.count} value={p.count}>
                            {p.count}x de {formatBRL(p.eachCents)} sem juros
                          </option>
                        ))}
                      </select>
                    </div>
                  </div>
                )}
              </>
            )}

            {step === 4 && (
              <dl className="space-y-3 text-sm">
                <SummaryRow label="E-mail" value={email} />
                <SummaryRow label="Comprador" value={`${buyer.name} · CPF ${buyer.cpf} · Celular ${buyer.phone}`} />
                <SummaryRow
                  label="Endereço"
                  value={`${address.street}, ${address.number}${address.complement ? ` - ${address.complement}` : ''}, ${address.neighborhood}, ${address.city} - ${address.state}, CEP ${address.cep.slice(0, 5)}-${address.cep.slice(5)}`}
                />
                <SummaryRow label="Envio" value={shippingChoice ? `${shippingChoice.label} (${shippingChoice.days})` : ''} />
                <SummaryRow label="Pagamento" value={paymentChoice?.label ?? ''} />
                {payment === 'credit' && (
                  <>
                    <SummaryRow label="Cartão" value={maskCard(card.number.replace(/\D/g, '').slice(-4))} />
                    <SummaryRow label="Parcelas" value={plans[installments - 1] ? `${installments}x de ${formatBRL(plans[installments - 1]!.eachCents)} sem juros` : `${installments}x`} />
                  </>
                )}
                <div>
                  <dt className="font-semibold">Itens</dt>
                  <dd>
                    <ul className="mt-2 divide-y divide-neutral-200">
                      {items.map((item) => {
                        const line = quote?.lines.find((l) => l.productId === item.id && (l.color ?? '') === (item.cor ?? '') && (l.size ?? '') === (item.tamanho ?? ''));
                        return (
                          <li key={`${item.id}-${item.cor ?? ''}-${item.tamanho ?? ''}`} className="flex items-center gap-3 py-2">
                            <ItemImage src={line?.image?.url ?? null} alt={line?.image?.alt ?? ''} />
                            <span className="flex-1">
                              <span className="block font-medium">{line?.title ?? item.titulo}</span>
                              <span className="text-ink-soft">
                                Quantidade: {item.quantity}
                                {item.cor ? ` · Cor: ${item.cor}` : ''}
                                {item.tamanho ? ` · Tamanho: ${item.tamanho}` : ''}
                              </span>
                            </span>
                            <span className="font-semibold">{line ? formatBRL(line.lineTotalCents) : '…'}</span>
                          </li>
                        );
                      })}
                    </ul>
                  </dd>
                </div>
              </dl>
            )}

            <div className="flex flex-wrap justify-between gap-3 pt-2">
              {step > 1 ? (
                <button type="button" onClick={() => go(step - 1)} className="rounded-lg border border-neutral-300 px-5 py-2.5 font-semibold hover:bg-neutral-100">
                  Voltar
                </button>
              ) : (
                <Link to="/Cart" className="rounded-lg px-1 py-2.5 font-semibold underline">
                  Voltar ao carrinho
                </Link>
              )}
              {step < 4 ? (
                <button type="submit" className="rounded-lg bg-ink px-6 py-2.5 font-semibold text-white hover:bg-ink-soft">
                  Continuar
                </button>
              ) : (
                <button type="submit" disabled={submitting} aria-busy={submitting} className="rounded-xl bg-brand px-6 py-3 text-lg font-extrabold text-ink hover:bg-brand-dark disabled:opacity-60">
                  {submitting ? 'Enviando...' : 'Finalizar Compra'}
                </button>
              )}
            </div>
            <p className="text-xs text-ink-soft">
              Ao finalizar, você concorda com os{' '}
              <Link to="/termos" className="underline underline-offset-2">
                Termos de uso
              </Link>{' '}
              e a{' '}
              <Link to="/privacidade" className="underline underline-offset-2">
                Política de privacidade
              </Link>
              . Veja também{' '}
              <Link to="/trocas-e-devolucoes" className="underline underline-offset-2">
                Trocas e devoluções
              </Link>{' '}
              (7 dias para desistir).
            </p>
          </form>
        </section>

        <aside aria-labelledby="totais" className="h-fit rounded-2xl bg-white p-5 shadow-sm ring-1 ring-neutral-200">
          <h2 id="totais" className="font-extrabold tracking-wide">
            RESUMO
          </h2>
          <dl className="mt-3 space-y-2 text-sm" aria-live="polite">
            <Money label="Subtotal" cents={totals?.subtotalCents} />
            {totals && totals.couponDiscountCents > 0 && <Money label="Cupom" cents={-totals.couponDiscountCents} />}
            <Money label={shippingChoice ? `Frete (${shippingChoice.label})` : 'Frete (Envio Padrão)'} cents={totals?.shippingCents} />
            {totals && totals.paymentDiscountCents > 0 && <Money label={`Desconto ${paymentChoice?.label ?? ''}`} cents={-totals.paymentDiscountCents} />}
            <div className="flex justify-between border-t border-neutral-200 pt-2 text-base font-extrabold">
              <dt>Total</dt>
              <dd data-testid="checkout-total">{totals ? formatBRL(totals.totalCents) : '—'}</dd>
            </div>
          </dl>
        </aside>
      </div>
    </div>
  );
}

function SummaryRow({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="font-semibold">{label}</dt>
      <dd className="text-ink-soft">{value}</dd>
    </div>
  );
}

function Money({ label, cents }: { label: string; cents: number | undefined }) {
  return (
    <div className="flex justify-between gap-2">
      <dt className="text-ink-soft">{label}</dt>
      <dd className="font-semibold whitespace-nowrap">{cents === undefined ? '—' : cents < 0 ? `− ${formatBRL(-cents)}` : formatBRL(cents)}</dd>
    </div>
  );
}
