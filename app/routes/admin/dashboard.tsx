// /Admin: the day's numbers. Sales today, over 7 and 30 days (revenue, orders, average ticket, split by
// payment method), orders waiting for an action, low-stock and top products, and the daily revenue chart.
// Every date in Brasília time.
import { Link } from 'react-router';
import type { Route } from './+types/dashboard';
import { loadDashboard } from '#src/domain/admin/dashboard.server.ts';
import type { SalesFigures } from '#src/domain/admin/dashboard.server.ts';
import { formatBRL } from '#src/domain/pricing/money.ts';
import { formatDate, formatDateTime } from '#src/platform/datetime.ts';
import { AdminShell } from '#app/components/admin/AdminShell.tsx';
import { RevenueChart } from '#app/components/admin/RevenueChart.tsx';
import { requireAdmin } from '#app/lib/admin.server.ts';
import { paymentLabel } from '#app/lib/admin-orders.ts';
import { authOf, dbOf } from '#app/lib/context.server.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Painel | Administração | Olimpo Peças' }, { name: 'robots', content: 'noindex' }];

const figures = (s: SalesFigures) => ({
  revenue: formatBRL(s.revenueCents),
  orders: s.orders,
  ticket: formatBRL(s.averageTicketCents),
  byPayment: s.byPayment.map((p) => ({ label: paymentLabel(p.method), revenue: formatBRL(p.revenueCents), orders: p.orders })),
});

export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireAdmin(request, url, authOf(context));
  const now = new Date();
  const d = await loadDashboard(dbOf(context), now);
  return {
    asOf: formatDateTime(now),
    periods: [
      { title: 'Hoje', ...figures(d.today) },
      { title: 'Últimos 7 dias', ...figures(d.week) },
      { title: 'Últimos 30 dias', ...figures(d.month) },
    ],
    waiting: {
      ...d.waiting,
      oldestToPick: d.waiting.oldestToPick.map((o) => ({ number: o.number, at: formatDateTime(o.createdAt) })),
      oldestToShip: d.waiting.oldestToShip.map((o) => ({ number: o.number, at: formatDateTime(o.createdAt) })),
    },
    lowStock: d.lowStock,
    topProducts: d.topProducts.map((t) => ({ ...t, revenue: formatBRL(t.revenueCents) })),
    daily: d.daily.map((x) => ({ ...x, label: formatDate(`${x.day}T12:00:00-03:00`) })),
  };
}

function Card({ title, children, className = '' }: { title: string; children: React.ReactNode; className?: string }) {
  const id = `painel-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className={`min-w-0 rounded-xl bg-white p-4 ring-1 ring-neutral-200 ${className}`}>
      <h2 id={id} className="font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { asOf, periods, waiting, lowStock, topProducts, daily } = loaderData;
  return (
    <AdminShell title="Painel" actions={<p className="text-sm text-ink-soft">Atualizado em {asOf} (horário de Brasília)</p>}>
      <div className="mt-4 grid gap-4 md:grid-cols-3">
        {periods.map((p) => (
          <Card key={p.title} title={p.title}>
            <p className="mt-1 text-3xl font-extrabold">{p.revenue}</p>
            <p className="text-sm">
              {p.orders} pedido(s) · ticket médio {p.ticket}
            </p>
            {p.byPayment.length > 0 && (
              <ul className="mt-2 space-y-0.5 text-sm text-ink-soft">
                {p.byPayment.map((b) => (
                  <li key={b.label} className="flex justify-between gap-2">
                    <span>{b.label}</span>
                    <span>
                      {b.revenue} ({b.orders})
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        ))}
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-3">
        <Card title="Faturamento diário (30 dias)" className="lg:col-span-2">
          <RevenueChart days={daily} />
        </Card>
        <Card title="Pedidos esperando ação">
          <ul className="mt-2 space-y-2 text-sm">
            <li>
              <Link to="/Admin/Pedidos?status=invoiced" className="font-semibold underline">
                {waiting.toPick} pago(s) ou faturado(s) para separar
              </Link>
              {waiting.oldestToPick.length > 0 && (
                <span className="block text-ink-soft">
                  mais antigo: #{waiting.oldestToPick[0]!.number}, {waiting.oldestToPick[0]!.at}
                </span>
              )}
            </li>
            <li>
              <Link to="/Admin/Pedidos?status=picking" className="font-semibold underline">
                {waiting.toShip} separado(s) para enviar
              </Link>
              {waiting.oldestToShip.length > 0 && (
                <span className="block text-ink-soft">
                  mais antigo: #{waiting.oldestToShip[0]!.number}, {waiting.oldestToShip[0]!.at}
                </span>
              )}
            </li>
            <li>
              <Link to="/Admin/Pedidos?status=awaiting_payment" className="underline">
                {waiting.awaitingPayment} aguardando pagamento
              </Link>
            </li>
          </ul>
        </Card>
      </div>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <Card title="Estoque baixo">
          {lowStock.length === 0 ? (
            <p className="mt-2 text-sm">Nenhum produto com estoque baixo.</p>
          ) : (
            <ul className="mt-2 divide-y divide-neutral-200 text-sm">
              {lowStock.map((p) => (
                <li key={p.id} className="flex justify-between gap-2 py-1.5">
                  <Link to={`/Admin/Produtos/${p.id}`} className="min-w-0 truncate underline">
                    {p.title}
                  </Link>
                  <span className={`shrink-0 font-semibold ${p.stock === 0 ? 'text-red-700' : ''}`}>{p.stock} un.</span>
                </li>
              ))}
            </ul>
          )}
          <Link to="/Admin/Produtos?estoque_baixo=1" className="mt-2 inline-block text-sm font-semibold underline">
            Ver todos
          </Link>
        </Card>
        <Card title="Mais vendidos (30 dias)">
          {topProducts.length === 0 ? (
            <p className="mt-2 text-sm">Nenhuma venda no período.</p>
          ) : (
            <ol className="mt-2 divide-y divide-neutral-200 text-sm">
              {topProducts.map((t, i) => (
                <li key={`${t.productId}-${i}`} className="flex justify-between gap-2 py-1.5">
                  <span className="min-w-0 truncate">
                    {i + 1}.{' '}
                    {t.productId ? (
                      <Link to={`/Admin/Produtos/${t.productId}`} className="underline">
                        {t.title}
                      </Link>
                    ) : (
                      t.title
                    )}
                  </span>
                  <span className="shrink-0">
                    {t.units} un. · {t.revenue}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </Card>
      </div>
    </AdminShell>
  );
}
