// /Pedidos/:number/nota-fiscal: the DANFE (documento auxiliar da NF-e) of an order's nota, to read or print:
// emitente, destinatário, the key in groups of four, items with NCM and CFOP, totals, freight and payment.
// `?nota=<id>` opens a return nota. The same access as the order page (the buyer, an admin, or the order's
// token); the "Acompanhar pedido" link, which masks personal data, does not open it.
import { data } from 'react-router';
import type { Route } from './+types/invoice';
import { formatAccessKey } from '#src/domain/invoicing/access-key.ts';
import { formatNcm } from '#src/domain/catalog/fiscal.ts';
import { formatCep, formatCnpj, formatCpf, PAYMENT_LABELS } from '#src/domain/invoicing/nota.ts';
import { INVOICE_STATUS_LABELS, readInvoice } from '#src/domain/invoicing/read.server.ts';
import { SANDBOX_LABEL } from '#src/domain/invoicing/xml.ts';
import { findOrderFor } from '#src/domain/orders/read.server.ts';
import { formatBRL } from '#src/domain/pricing/money.ts';
import { formatDateTime } from '#src/platform/datetime.ts';
import { getViewer } from '../../server/viewer.server.ts';
import { authOf, dbOf, servicesOf } from '../lib/context.server.ts';

export async function loader({ request, params, url, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  const token = url.searchParams.get('token');
  const order = await findOrderFor(db, params.number, await getViewer(request, authOf(context)), token, servicesOf(context).cookieSecret);
  if (!order || order.masked) throw data(null, { status: 404 });
  const id = url.searchParams.get('nota');
  if (id !== null && !/^\d{1,9}$/.test(id)) throw data(null, { status: 404 });
  const invoice = await readInvoice(db, order.number, id === null ? undefined : Number(id));
  if (!invoice || !invoice.accessKey || invoice.number === null) throw data(null, { status: 404 });
  const n = invoice.nota;
  const query = new URLSearchParams({ ...(token ? { token } : {}), ...(id ? { nota: id } : {}) }).toString();
  return {
    orderNumber: order.number,
    sandbox: n.emitente.environment === 'homologacao',
    cancelled: invoice.status === 'cancelled',
    status: INVOICE_STATUS_LABELS[invoice.status],
    kind: invoice.kind,
    xmlHref: `/Pedidos/${order.number}/nota-fiscal.xml${query ? `?${query}` : ''}`,
    key: formatAccessKey(invoice.accessKey),
    referencedKey: invoice.referencedKey ? formatAccessKey(invoice.referencedKey) : null,
    number: String(invoice.number)
      .padStart(9, '0')
      .replace(/(\d{3})(?=\d)/g, '$1.'),
    series: String(invoice.series ?? n.emitente.series).padStart(3, '0'),
    issuedAt: formatDateTime(n.issuedAt),
    authorizedAt: invoice.authorizedAt ? formatDateTime(invoice.authorizedAt) : null,
    natureza: n.naturezaOperacao,
    tipo: n.finalidade === 1 ? '1 - Saída' : '0 - Entrada',
    emitente: {
      name: n.emitente.legalName,
      address: `${n.emitente.address.street}, ${n.emitente.address.number} - ${n.emitente.address.neighborhood}, ${n.emitente.address.city} - ${n.emitente.address.state}, CEP ${formatCep(n.emitente.address.cep)}`,
      cnpj: formatCnpj(n.emitente.cnpj),
      ie: n.emitente.inscricaoEstadual,
      regime: n.emitente.regime === 'simples' ? 'Simples Nacional' : 'Regime normal',
    },
    destinatario: {
      name: n.destinatario.name,
      cpf: n.destinatario.cpf ? formatCpf(n.destinatario.cpf) : 'Não informado',
      address: `${n.destinatario.address.street}, ${n.destinatario.address.number}${n.destinatario.address.complement ? ` - ${n.destinatario.address.complement}` : ''} - ${n.destinatario.address.neighborhood}`,
      city: `${n.destinatario.address.city} - ${n.destinatario.address.state}`,
      cep: formatCep(n.destinatario.address.cep),
    },
    items: n.items.map((i) => ({
      code: i.code,
      description: i.description,
      ncm: formatNcm(i.ncm),
      cfop: i.cfop,
      unit: i.unit,
      quantity: i.quantity.toLocaleString('pt-BR'),
      unitPrice: formatBRL(i.unitPriceCents),
      total: formatBRL(i.totalCents),
    })),
    totals: [
      ['Valor dos produtos', formatBRL(n.productsCents)],
      ['Valor do frete', formatBRL(n.freightCents)],
      ['Desconto', formatBRL(n.discountCents)],
      ['Valor total da nota', formatBRL(n.totalCents)],
    ] as [string, string][],
    payment: n.finalidade === 1 ? `${PAYMENT_LABELS[n.payment.method]} · ${formatBRL(n.payment.amountCents)}` : 'Sem pagamento (devolução)',
  };
}

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Nota fiscal do pedido #${params.number} | Olimpo Peças` }, { name: 'robots', content: 'noindex' }];
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

const box = 'rounded-lg border border-ink p-3';
const label = 'text-xs font-semibold uppercase text-ink-soft';

export default function DanfePage({ loaderData: d }: Route.ComponentProps) {
  return (
    <article className="container-page max-w-4xl space-y-3 py-6 text-sm print:py-0">
      {d.sandbox && (
        <p role="note" className="rounded-lg border-2 border-red-700 bg-red-50 p-3 text-center font-bold text-red-800">
          {SANDBOX_LABEL}
        </p>
      )}
      {d.cancelled && <p className="rounded-lg border-2 border-red-700 p-3 text-center font-bold text-red-800">NF-e CANCELADA</p>}
      <header className={`${box} grid gap-3 sm:grid-cols-[1fr_auto]`}>
        <div>
          <h1 className="text-xl font-extrabold">DANFE · Documento Auxiliar da Nota Fiscal Eletrônica</h1>
          <p className="mt-1">
            {d.kind === 'sale' ? 'Nota fiscal de venda' : 'Nota fiscal de devolução'} do pedido #{d.orderNumber} · {d.tipo} · Situação: {d.status}
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-x-4 sm:text-right">
          <dt className={label}>Número</dt>
          <dd className="font-bold">{d.number}</dd>
          <dt className={label}>Série</dt>
          <dd className="font-bold">{d.series}</dd>
        </dl>
      </header>
      <section aria-labelledby="chave" className={box}>
        <h2 id="chave" className={label}>
          Chave de acesso
        </h2>
        <p className="font-mono text-base [overflow-wrap:anywhere]">{d.key}</p>
        <p className="mt-1 text-xs">Consulte a autenticidade no portal nacional da NF-e (www.nfe.fazenda.gov.br/portal) ou no site da SEFAZ autorizadora.</p>
        {d.referencedKey && <p className="mt-1 text-xs [overflow-wrap:anywhere]">Nota referenciada (venda): {d.referencedKey}</p>}
        <dl className="mt-2 grid gap-2 sm:grid-cols-3">
          <div>
            <dt className={label}>Natureza da operação</dt>
            <dd>{d.natureza}</dd>
          </div>
          <div>
            <dt className={label}>Emissão</dt>
            <dd>{d.issuedAt}</dd>
          </div>
          <div>
            <dt className={label}>Autorização</dt>
            <dd>{d.authorizedAt ?? '—'}</dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="emitente" className={box}>
        <h2 id="emitente" className={label}>
          Emitente
        </h2>
        <p className="font-bold">{d.emitente.name}</p>
        <p>{d.emitente.address}</p>
        <p>
          CNPJ {d.emitente.cnpj} · Inscrição estadual {d.emitente.ie} · {d.emitente.regime}
        </p>
      </section>
      <section aria-labelledby="destinatario" className={box}>
        <h2 id="destinatario" className={label}>
          Destinatário
        </h2>
        <dl className="grid gap-2 sm:grid-cols-2">
          <div>
            <dt className={label}>Nome</dt>
            <dd>{d.destinatario.name}</dd>
          </div>
          <div>
            <dt className={label}>CPF</dt>
            <dd>{d.destinatario.cpf}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className={label}>Endereço</dt>
            <dd>{d.destinatario.address}</dd>
          </div>
          <div>
            <dt className={label}>Município - UF</dt>
            <dd>{d.destinatario.city}</dd>
          </div>
          <div>
            <dt className={label}>CEP</dt>
            <dd>{d.destinatario.cep}</dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="produtos" className={box}>
        <h2 id="produtos" className={label}>
          Dados dos produtos
        </h2>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard (WCAG 2.1.1) */}
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Itens da nota (role para os lados em telas estreitas)">
          <table className="mt-1 w-full min-w-[36rem] text-left text-xs [&_td]:px-1 [&_th]:px-1">
            <thead>
              <tr className="border-b border-ink">
                <th scope="col">Código</th>
                <th scope="col">Descrição</th>
                <th scope="col">NCM</th>
                <th scope="col">CFOP</th>
                <th scope="col">Un.</th>
                <th scope="col" className="text-right">
                  Qtd.
                </th>
                <th scope="col" className="text-right">
                  Valor unit.
                </th>
                <th scope="col" className="text-right">
                  Valor total
                </th>
              </tr>
            </thead>
            <tbody>
              {d.items.map((i, k) => (
                <tr key={k} className="border-b border-neutral-200 align-top">
                  <td>{i.code}</td>
                  <td>{i.description}</td>
                  <td className="whitespace-nowrap">{i.ncm}</td>
                  <td>{i.cfop}</td>
                  <td>{i.unit}</td>
                  <td className="text-right">{i.quantity}</td>
                  <td className="whitespace-nowrap text-right">{i.unitPrice}</td>
                  <td className="whitespace-nowrap text-right">{i.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="totais" className={`${box} grid gap-3 sm:grid-cols-2`}>
        <div>
          <h2 id="totais" className={label}>
            Cálculo do imposto e totais
          </h2>
          <dl className="mt-1 space-y-1">
            {d.totals.map(([k, v]) => (
              <div key={k} className={`flex justify-between gap-2 ${k.startsWith('Valor total') ? 'font-bold' : ''}`}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div>
          <h2 className={label}>Transporte e pagamento</h2>
          <p className="mt-1">Frete por conta do emitente (0)</p>
          <p>Pagamento: {d.payment}</p>
        </div>
      </section>
      <p className="flex flex-wrap gap-4 print:hidden">
        <a href={d.xmlHref} download className="font-semibold underline">
          Baixar XML da nota
        </a>
        <a href={`/Pedidos/${d.orderNumber}`} className="underline">
          Voltar ao pedido
        </a>
      </p>
    </article>
  );
}
