import { Link } from 'react-router';
import type { Route } from './+types/order-history';
import { listOrdersForUser } from '#src/domain/orders/read.server.ts';
import { STATUS_LABELS } from '#src/domain/orders/status.ts';
import { formatBRL } from '#src/domain/pricing/money.ts';
import { getViewer } from '../../server/viewer.server.ts';
import { formatDate } from '#src/platform/datetime.ts';
import { BuyAgain } from '../components/BuyAgain.tsx';
import { cancelReason } from '../components/OrderDetails.tsx';
import { authOf, dbOf } from '../lib/context.server.ts';

// Serves both /HistoricoPedidos ("Histórico de Pedidos") and /Pedidos ("Meus Pedidos").
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, authOf(context));
  const title = url.pathname.toLowerCase().startsWith('/historicopedidos') ? 'Histórico de Pedidos' : 'Meus Pedidos';
  if (!viewer.userId) return { title, signedIn: false as const, orders: [], path: url.pathname };
  return { title, signedIn: true as const, orders: await listOrdersForUser(dbOf(context), viewer.userId), path: url.pathname };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? 'Pedidos'} | Olimpo Peças` }, { name: 'robots', content: 'noindex' }];

export default function OrderHistory({ loaderData }: Route.ComponentProps) {
  const { title, signedIn, orders, path } = loaderData;
  return (
    <div className="container-page max-w-3xl py-8">
      <h1 className="text-2xl font-extrabold sm:text-3xl">{title}</h1>
      {!signedIn ? (
        <div className="mt-6 rounded-xl bg-white p-6 ring-1 ring-neutral-200">
          <p>Entre na sua conta para ver os seus pedidos.</p>
          <p className="mt-1 text-sm text-ink-soft">Comprou sem conta? O link do pedido está no e-mail de confirmação.</p>
          <Link to={`/Login?redirectTo=${encodeURIComponent(path)}`} className="mt-4 inline-block rounded-lg bg-brand px-5 py-2.5 font-semibold text-ink">
            Entrar
          </Link>
        </div>
      ) : orders.length === 0 ? (
        <p className="mt-6">Nenhum pedido encontrado.</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {orders.map((o) => (
            <li key={o.number} className="rounded-xl bg-white p-5 ring-1 ring-neutral-200">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-lg font-bold">
                  <Link to={`/Pedidos/${o.number}`} className="hover:underline">
                    Pedido #{o.number}
                  </Link>
                </h2>
                <span className="rounded-full bg-neutral-100 px-3 py-1 text-sm font-semibold">{STATUS_LABELS[o.status]}</span>
              </div>
              <p className="mt-1 text-sm text-ink-soft">{formatDate(o.createdAt)}</p>
              {cancelReason(o) && <p className="mt-1 text-sm text-red-700">Motivo do cancelamento: {cancelReason(o)}</p>}
              <p className="mt-2 font-semibold">Total: {formatBRL(o.totalCents)}</p>
              <ul className="mt-2 space-y-0.5 text-sm">
                {o.lines.map((l, i) => (
                  <li key={i}>
                    {l.title} - {l.quantity} x {formatBRL(l.unitPriceCents)}
                  </li>
                ))}
              </ul>
              <div className="mt-3">
                <BuyAgain number={o.number} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
