import { data, redirect } from 'react-router';
import type { Route } from './+types/boleto';
import { store } from '#src/config/store.ts';
import { findOrderFor } from '#src/domain/orders/read.server.ts';
import { formatBoletoLine } from '#src/domain/payments/format.ts';
import { itfSvg } from '#src/domain/payments/itf.ts';
import { formatBRL } from '#src/domain/pricing/money.ts';
import { getViewer } from '../../server/viewer.server.ts';
import { payerText } from '../components/OrderDetails.tsx';
import { authOf, dbOf, servicesOf } from '../lib/context.server.ts';

export async function loader({ request, params, url, context }: Route.LoaderArgs) {
  const order = await findOrderFor(dbOf(context), params.number, await getViewer(request, authOf(context)), url.searchParams.get('token'), servicesOf(context).cookieSecret);
  const line = order?.payment?.boletoLine;
  if (!order || !line) throw data(null, { status: 404 });
  // A gateway's boleto is its own document (Mercado Pago's page); ours is only the sandbox's.
  if (order.payment?.boletoUrl) throw redirect(order.payment.boletoUrl);
  // The barcode is the linha digitável's fields in barcode order (bank, currency, DV, factor, amount, free field).
  const barcode = `${line.slice(0, 4)}${line.slice(32, 33)}${line.slice(33, 47)}${line.slice(4, 9)}${line.slice(10, 20)}${line.slice(21, 31)}`;
  return { order, line, barcodeSvg: itfSvg(barcode) };
}

export const meta: Route.MetaFunction = () => [{ title: 'Boleto | Olimpo Peças' }, { name: 'robots', content: 'noindex' }];

export default function BoletoPage({ loaderData }: Route.ComponentProps) {
  const { order, line, barcodeSvg } = loaderData;
  return (
    <article className="container-page max-w-3xl py-8 print:py-0">
      <h1 className="text-2xl font-extrabold">Boleto bancário · Pedido #{order.number}</h1>
      <p className="mt-1 text-sm text-ink-soft">Ambiente de testes (sandbox): este boleto não é cobrável em bancos.</p>
      <div className="mt-5 rounded-xl border-2 border-ink bg-white p-4">
        <p className="text-sm font-semibold">Linha digitável</p>
        <p className="font-mono text-sm [overflow-wrap:anywhere] sm:text-base">{formatBoletoLine(line)}</p>
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2 [&_dd]:[overflow-wrap:anywhere]">
          <div>
            <dt className="font-semibold">Beneficiário</dt>
            <dd>
              {store.legalName} · CNPJ {store.cnpj}
            </dd>
          </div>
          <div>
            <dt className="font-semibold">Vencimento</dt>
            <dd>{order.payment?.boletoDueDate?.split('-').reverse().join('/')}</dd>
          </div>
          <div>
            <dt className="font-semibold">Pagador</dt>
            <dd>{payerText(order.customer)}</dd>
          </div>
          <div>
            <dt className="font-semibold">Valor</dt>
            <dd>{formatBRL(order.totalCents)}</dd>
          </div>
        </dl>
        {/* Scrollable on narrow screens, so it takes keyboard focus (axe: scrollable-region-focusable). */}
        <div
          role="region"
          aria-label="Código de barras do boleto"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take focus so the keyboard can scroll it (axe: scrollable-region-focusable).
          tabIndex={0}
          className="mt-5 overflow-x-auto rounded focus-visible:outline-3 print:overflow-visible"
          dangerouslySetInnerHTML={{ __html: barcodeSvg }}
        />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3 print:hidden">
        <PrintButton />
        <p className="text-sm text-ink-soft">Ou use Ctrl+P (Compartilhar › Imprimir no celular).</p>
      </div>
    </article>
  );
}

function PrintButton() {
  return (
    <button type="button" onClick={() => window.print()} className="rounded-lg bg-ink px-5 py-2.5 font-semibold text-white hover:bg-ink-soft">
      Imprimir boleto
    </button>
  );
}
