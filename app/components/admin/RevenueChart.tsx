// Daily revenue as server-rendered SVG bars (no chart library, no JavaScript): it scales to the width it
// is given; screen readers get a summary and the figures as a table.
import { formatBRL } from '#src/domain/pricing/money.ts';

export function RevenueChart({ days }: { days: { day: string; label: string; revenueCents: number; orders: number }[] }) {
  const W = 600;
  const H = 200;
  const pad = { top: 12, right: 8, bottom: 24, left: 8 };
  const max = Math.max(1, ...days.map((d) => d.revenueCents));
  const slot = (W - pad.left - pad.right) / Math.max(1, days.length);
  const bar = Math.max(2, slot * 0.7);
  const plotH = H - pad.top - pad.bottom;
  const total = days.reduce((s, d) => s + d.revenueCents, 0);
  const best = days.reduce((a, b) => (b.revenueCents > a.revenueCents ? b : a), days[0] ?? { day: '', label: '', revenueCents: 0, orders: 0 });
  return (
    <figure>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-labelledby="grafico-titulo grafico-resumo">
        <title id="grafico-titulo">Faturamento diário dos últimos 30 dias</title>
        {/* One string per SVG text element: React renders several children with markers the browser's SVG
            parser does not keep, and the page then fails to hydrate (#418). */}
        <desc id="grafico-resumo">{`Total de ${formatBRL(total)}; melhor dia ${best.label} com ${formatBRL(best.revenueCents)}.`}</desc>
        <line x1={pad.left} x2={W - pad.right} y1={H - pad.bottom} y2={H - pad.bottom} stroke="#d4d4d4" />
        {days.map((d, i) => {
          const h = (d.revenueCents / max) * plotH;
          const x = pad.left + i * slot + (slot - bar) / 2;
          return (
            <g key={d.day}>
              <rect x={x} y={H - pad.bottom - h} width={bar} height={Math.max(h, d.revenueCents > 0 ? 1 : 0)} rx={1.5} fill="#c4830a">
                <title>{`${d.label}: ${formatBRL(d.revenueCents)} em ${d.orders} pedido(s)`}</title>
              </rect>
              {(i % 5 === 0 || i === days.length - 1) && (
                <text x={x + bar / 2} y={H - 8} textAnchor="middle" fontSize="10" fill="#3a3a3a">
                  {d.label.slice(0, 5)}
                </text>
              )}
            </g>
          );
        })}
        <text x={W - pad.right} y={pad.top} textAnchor="end" fontSize="10" fill="#3a3a3a">
          {total > 0 ? `máx. ${formatBRL(max)}` : 'Nenhuma venda no período'}
        </text>
      </svg>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-semibold">Ver os valores por dia</summary>
        <table className="mt-2 w-full text-left">
          <thead>
            <tr>
              <th scope="col">Dia</th>
              <th scope="col" className="text-right">
                Pedidos
              </th>
              <th scope="col" className="text-right">
                Faturamento
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day} className="border-t border-neutral-200">
                <td>{d.label}</td>
                <td className="text-right">{d.orders}</td>
                <td className="text-right">{formatBRL(d.revenueCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
