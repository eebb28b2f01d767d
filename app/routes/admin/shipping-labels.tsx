// /Admin/Expedicao/etiquetas?pedido=…: the store's own shipping labels, one per page when printed, for the
// embedded table provider (no carrier label to buy): sender and recipient with the CEP formatted, the
// parcel's weight from the products' boxes, the order number, a space for the Correios code, and the
// declaração de conteúdo (items, quantities, values) that goes with a parcel sent without a nota fiscal.
import { data, Link } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/shipping-labels';
import { store } from '#src/config/store.ts';
import { saleAccessKeys } from '#src/domain/invoicing/read.server.ts';
import { labelSheets } from '#src/domain/orders/expedition.server.ts';
import { formatBRL } from '#src/domain/pricing/money.ts';
import { formatDate } from '#src/platform/datetime.ts';
import { requireAdmin } from '#app/lib/admin.server.ts';
import { applyMask } from '#app/lib/masks.ts';
import { authOf, dbOf } from '#app/lib/context.server.ts';
import { formatWeight } from '#app/components/shipping/weight.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Etiquetas de envio | Olimpo Peças' }, { name: 'robots', content: 'noindex' }];

const numbers = z
  .array(z.string().regex(/^\d{8}$/))
  .min(1)
  .max(50);

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  await requireAdmin(request, url, authOf(context));
  const parsed = numbers.safeParse(url.searchParams.getAll('pedido'));
  if (!parsed.success) throw data('Selecione de 1 a 50 pedidos na Expedição para imprimir as etiquetas.', { status: 400 });
  const sheets = await labelSheets(db, parsed.data, (numbers) => saleAccessKeys(db, numbers));
  if (sheets.length === 0) throw data('Pedido não encontrado.', { status: 404 });
  return {
    today: formatDate(new Date()),
    sender: { name: store.legalName, cnpj: store.cnpj, street: store.address.street, city: `${store.address.city}/${store.address.state}`, cep: store.address.cep, phone: store.phone },
    sheets: sheets.map((s) => ({
      number: s.number,
      shipping: s.shippingLabel,
      weight: s.weightGrams === null ? 'pesar na agência' : formatWeight(s.weightGrams),
      recipient: {
        name: s.recipient.name,
        phone: s.recipient.phone ? applyMask('celular', s.recipient.phone) : null,
        street: `${s.recipient.street}, ${s.recipient.number}${s.recipient.complement ? ` - ${s.recipient.complement}` : ''}`,
        neighborhood: s.recipient.neighborhood,
        city: `${s.recipient.city}/${s.recipient.state}`,
        cep: applyMask('cep', s.recipient.cep),
      },
      contents: s.contents.map((c) => ({ title: c.title, quantity: c.quantity, value: formatBRL(c.unitPriceCents * c.quantity) })),
      declared: formatBRL(s.declaredCents),
      // The access key in groups of four, as the DANFE prints it.
      invoiceKey: s.invoiceKey?.replace(/(\d{4})(?=\d)/g, '$1 ') ?? null,
    })),
  };
}

export default function ShippingLabels({ loaderData: l }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-2xl p-4 text-ink print:p-0">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link to="/Admin/Expedicao" className="font-semibold underline">
          ← Expedição
        </Link>
        <button type="button" onClick={() => window.print()} className="rounded-lg bg-ink px-3 py-2 text-sm font-semibold text-white">
          Imprimir
        </button>
      </div>
      <h1 className="sr-only">Etiquetas de envio</h1>
      {l.sheets.map((s) => (
        <article key={s.number} aria-labelledby={`etiqueta-${s.number}`} className="mb-6 break-after-page rounded-lg border-2 border-ink bg-white p-4 print:mb-0 print:rounded-none">
          <header className="flex flex-wrap items-start justify-between gap-2 border-b-2 border-ink pb-2">
            <h2 id={`etiqueta-${s.number}`} className="text-xl font-extrabold">
              Pedido #{s.number}
            </h2>
            <p className="text-right text-sm">
              {s.shipping}
              <br />
              Peso: <strong>{s.weight}</strong>
            </p>
          </header>
          <section aria-label="Destinatário" className="border-b border-neutral-400 py-3">
            <h3 className="text-xs font-bold uppercase">Destinatário</h3>
            <p className="text-lg font-bold">{s.recipient.name}</p>
            <p>{s.recipient.street}</p>
            <p>
              {s.recipient.neighborhood} · {s.recipient.city}
            </p>
            <p className="text-2xl font-extrabold tracking-wider">CEP {s.recipient.cep}</p>
            {s.recipient.phone && <p className="text-sm">Celular: {s.recipient.phone}</p>}
          </section>
          <section aria-label="Remetente" className="border-b border-neutral-400 py-3 text-sm">
            <h3 className="text-xs font-bold uppercase">Remetente</h3>
            <p className="font-semibold">
              {l.sender.name} · CNPJ {l.sender.cnpj}
            </p>
            <p>
              {l.sender.street} · {l.sender.city} · CEP {l.sender.cep} · {l.sender.phone}
            </p>
          </section>
          {s.invoiceKey && (
            <p className="border-b border-neutral-400 py-3 text-sm">
              <span className="text-xs font-bold uppercase">Chave de acesso da NF-e</span>
              <br />
              <span className="break-all font-mono">{s.invoiceKey}</span>
            </p>
          )}
          <p className="border-b border-neutral-400 py-3 text-sm">Código de rastreio (Correios): ______________________________</p>
          <section aria-label="Declaração de conteúdo" className="pt-3 text-sm">
            <h3 className="text-xs font-bold uppercase">Declaração de conteúdo</h3>
            <table className="mt-1 w-full border-collapse text-left">
              <thead>
                <tr className="border-b border-ink">
                  <th scope="col" className="py-1">
                    Conteúdo
                  </th>
                  <th scope="col" className="py-1 text-right">
                    Qtd.
                  </th>
                  <th scope="col" className="py-1 text-right">
                    Valor
                  </th>
                </tr>
              </thead>
              <tbody>
                {s.contents.map((c, i) => (
                  <tr key={i} className="border-b border-neutral-300">
                    <td className="py-1 pr-2">{c.title}</td>
                    <td className="py-1 text-right">{c.quantity}</td>
                    <td className="whitespace-nowrap py-1 text-right">{c.value}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={2} className="py-1 pr-2 text-right">
                    Valor total declarado
                  </th>
                  <td className="whitespace-nowrap py-1 text-right font-bold">{s.declared}</td>
                </tr>
              </tfoot>
            </table>
            <p className="mt-2 text-xs">
              Declaro que o conteúdo acima corresponde ao que está na embalagem e que ela não contém objeto proibido pela legislação postal. {l.sender.city}, {l.today}. Assinatura:
              ____________________
            </p>
          </section>
        </article>
      ))}
    </div>
  );
}
