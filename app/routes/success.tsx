import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { Route } from './+types/success';
import { formatBRL } from '#src/domain/pricing/money.ts';
import { installmentPlan } from '#src/domain/pricing/pricing.ts';
import { formatDate } from '#src/platform/datetime.ts';
import { OrderFacts, OrderItems, OrderTotalsList, PaymentInstructions } from '../components/OrderDetails.tsx';
import { LAST_ORDER_KEY, orderLink, parseOrderData, readLastOrder } from '../lib/last-order.ts';
import type { OrderData } from '../lib/last-order.ts';
import { originFrom, seo } from '../lib/seo.ts';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({ title: 'Compra realizada', description: 'Confirmação do seu pedido na Olimpo Peças.', url: `${originFrom(matches)}/Sucesso` }),
  { name: 'robots', content: 'noindex' },
];

export default function Success() {
  const location = useLocation();
  const [data, setData] = useState<OrderData | null | undefined>(undefined);

  useEffect(() => {
    const fromState = parseOrderData((location.state as { orderData?: unknown } | null)?.orderData);
    setData(fromState ?? readLastOrder());
    // Spec §4: the stored lastOrder is removed when the page is left.
    return () => localStorage.removeItem(LAST_ORDER_KEY);
  }, [location.state]);

  if (data === undefined) {
    return (
      <div className="container-page py-10">
        <p role="status">Carregando pedido...</p>
      </div>
    );
  }
  if (data === null) {
    return (
      <div className="container-page max-w-2xl py-16 text-center">
        <h1 className="text-2xl font-extrabold">Nenhuma compra recente por aqui</h1>
        <p className="mt-3 text-ink-soft">Se você acabou de comprar, o link do pedido está no e-mail de confirmação. Os seus pedidos também ficam em "Meus pedidos".</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/ProductList" className="rounded-lg bg-brand px-5 py-3 font-semibold text-ink">
            Continuar comprando
          </Link>
          <Link to="/Pedidos" className="rounded-lg bg-ink px-5 py-3 font-semibold text-white">
            Meus pedidos
          </Link>
        </div>
      </div>
    );
  }

  const { order } = data;
  return (
    <div className="container-page max-w-3xl space-y-6 py-8">
      <div className="rounded-2xl bg-white p-6 text-center ring-1 ring-neutral-200">
        <p aria-hidden="true" className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100 text-3xl text-emerald-700">
          ✓
        </p>
        <h1 className="mt-3 text-2xl font-extrabold sm:text-3xl">Compra realizada com sucesso!</h1>
        <p className="mt-2 text-lg">
          Pedido <strong>#{order.number}</strong>
        </p>
        <p className="mt-1 text-sm break-words text-ink-soft">
          {order.createdAt && <>{formatDate(order.createdAt)} · </>}
          {order.email ? (
            <>
              Enviamos a confirmação para <strong className="[overflow-wrap:anywhere]">{order.email}</strong>.
            </>
          ) : (
            'Enviamos a confirmação para o seu e-mail.'
          )}
        </p>
      </div>

      <PaymentInstructions order={order} token={data.accessToken} />

      <section aria-labelledby="resumo-pedido" className="rounded-2xl bg-white p-5 ring-1 ring-neutral-200">
        <h2 id="resumo-pedido" className="text-lg font-bold">
          Resumo do pedido
        </h2>
        <OrderFacts order={order} className="mt-3" />
        <h3 className="mt-5 font-semibold">Itens</h3>
        <OrderItems order={order} />
        <OrderTotalsList order={order} />
        {order.paymentMethod === 'credit' && order.installments > 1 && (
          <p className="mt-1 text-right text-sm text-ink-soft">
            {order.installments}x de {formatBRL(installmentPlan(order.totalCents, order.installments).eachCents)} sem juros
          </p>
        )}
      </section>

      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/ProductList" className="rounded-lg bg-brand px-5 py-3 font-semibold text-ink hover:bg-brand-dark">
          Continuar comprando
        </Link>
        <Link to={data.accessToken ? orderLink(data) : `/AcompanharPedido?pedido=${order.number}`} className="rounded-lg bg-ink px-5 py-3 font-semibold text-white hover:bg-ink-soft">
          Acompanhar pedido
        </Link>
      </div>
      <p className="text-center text-sm text-ink-soft">
        Para voltar depois, use o{' '}
        <Link to={`/AcompanharPedido?pedido=${order.number}`} className="font-semibold underline">
          acompanhamento de pedidos
        </Link>{' '}
        com o número e o e-mail da compra.
      </p>

      <Rating number={order.number} token={data.accessToken} initial={order.rating} />
    </div>
  );
}

function Rating({ number, token, initial }: { number: string; token: string | null; initial: number | null }) {
  const [rating, setRating] = useState(initial ?? 0);
  const [message, setMessage] = useState('');
  const rate = async (value: number) => {
    setRating(value);
    const res = await fetch(`/api/orders/${number}/rating`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ rating: value, ...(token ? { token } : {}) }),
    }).catch(() => null);
    setMessage(res?.ok ? 'Obrigado pela sua avaliação!' : 'Não foi possível salvar a avaliação agora.');
  };
  return (
    <section aria-labelledby="avaliacao" className="text-center">
      <h2 id="avaliacao" className="font-semibold">
        Como foi a sua experiência de compra?
      </h2>
      <div className="mt-2 flex justify-center gap-1" role="group" aria-label="Avaliação de 1 a 5 estrelas">
        {[1, 2, 3, 4, 5].map((n) => (
          <button
            key={n}
            type="button"
            onClick={() => void rate(n)}
            aria-label={`${n} ${n === 1 ? 'estrela' : 'estrelas'}`}
            aria-pressed={rating === n}
            className={`text-3xl leading-none ${n <= rating ? 'text-brand' : 'text-neutral-300'} hover:text-brand`}
          >
            ★
          </button>
        ))}
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm text-ink-soft">
        {message}
      </p>
    </section>
  );
}
