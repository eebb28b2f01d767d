// /Pedidos/:number/devolucao: "Devolver ou trocar itens". The buyer (signed in, or a guest with the order's
// link) picks the items, their units, the reason and a comment; the server checks it all again (the windows,
// what is left to return) and the order page then shows the request in its "Devoluções" section.
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/order-return';
import { returnOptions, requestReturn } from '#src/domain/returns/request.server.ts';
import { lastDayToAsk, REASON_LABELS } from '#src/domain/returns/windows.ts';
import { WINDOWS_SENTENCE } from '#src/domain/returns/wording.ts';
import { formatBRL } from '#src/domain/pricing/money.ts';
import { formatDate } from '#src/platform/datetime.ts';
import { getViewer } from '../../server/viewer.server.ts';
import { FormNotice, inputClass, SubmitButton } from '../components/Form.tsx';
import { formFields } from '../lib/admin.server.ts';
import { authOf, dbOf, servicesOf } from '../lib/context.server.ts';
import { MAX_RETURN_COMMENT, readReturnForm } from '../lib/return-form.ts';

const NO_STORE = { 'Cache-Control': 'private, no-store' };
const withToken = (path: string, token: string | null) => `${path}${token ? `?token=${encodeURIComponent(token)}` : ''}`;

export async function loader({ request, params, url, context }: Route.LoaderArgs) {
  const token = url.searchParams.get('token');
  const db = dbOf(context);
  const options = await returnOptions(db, params.number, await getViewer(request, authOf(context)), token, servicesOf(context).cookieSecret);
  if (!options) throw data(null, { status: 404 });
  const { deliveredAt } = options;
  return {
    number: options.orderNumber,
    token,
    reasons: options.reasons.map((r) => ({ id: r, label: REASON_LABELS[r], until: deliveredAt ? formatDate(`${lastDayToAsk(deliveredAt, r)}T12:00:00-03:00`) : '' })),
    lines: options.lines.map((l) => ({ ...l, price: formatBRL(l.unitPriceCents) })),
  };
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const token = url.searchParams.get('token');
  const db = dbOf(context);
  const form = readReturnForm((await formFields(request)).fields);
  if (!form.ok) return data({ error: form.message }, { status: 400, headers: NO_STORE });
  const result = await requestReturn(db, params.number, await getViewer(request, authOf(context)), token, servicesOf(context).cookieSecret, form.input, new Date(), servicesOf(context).jobs);
  if (!result.ok) {
    if (result.status === 404) throw data(null, { status: 404 });
    return data({ error: result.message }, { status: result.status, headers: NO_STORE });
  }
  return redirect(`${withToken(`/Pedidos/${params.number}`, token)}#devolucoes`, { headers: NO_STORE });
}

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Devolver itens do pedido #${params.number} | Olimpo Peças` }, { name: 'robots', content: 'noindex' }];

export default function OrderReturnPage({ loaderData, actionData }: Route.ComponentProps) {
  const { number, token, reasons, lines } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const returnable = lines.filter((l) => l.returnable > 0);
  return (
    <div className="container-page max-w-3xl space-y-6 py-8">
      <div>
        <h1 className="text-2xl font-extrabold sm:text-3xl">Devolver ou trocar itens</h1>
        <p className="mt-1 text-sm text-ink-soft">
          Pedido{' '}
          <Link to={withToken(`/Pedidos/${number}`, token)} className="font-semibold underline">
            #{number}
          </Link>
          . {WINDOWS_SENTENCE}
        </p>
      </div>
      {actionData?.error && <FormNotice>{actionData.error}</FormNotice>}
      {reasons.length === 0 || returnable.length === 0 ? (
        <FormNotice kind="info">
          {returnable.length === 0 && reasons.length > 0
            ? 'Todos os itens deste pedido já estão em uma devolução.'
            : 'Este pedido não está em nenhum prazo de devolução: a devolução pode ser pedida depois da entrega, dentro dos prazos acima.'}
        </FormNotice>
      ) : (
        <Form method="post" className="space-y-6 rounded-2xl bg-white p-5 ring-1 ring-neutral-200">
          <fieldset>
            <legend className="text-lg font-bold">Itens e quantidades</legend>
            <ul className="mt-3 divide-y divide-neutral-200">
              {returnable.map((l) => (
                <li key={l.orderLineId} className="grid gap-3 py-3 sm:grid-cols-[1fr_auto] sm:items-end">
                  <div className="min-w-0">
                    <p className="font-semibold break-words">{l.title}</p>
                    <p className="text-sm text-ink-soft">
                      {[l.color, l.size].filter(Boolean).join(', ')}
                      {l.color || l.size ? ' · ' : ''}
                      {l.price} cada · comprado{l.bought > 1 ? 's' : ''}: {l.bought}
                      {l.returnable < l.bought ? ` · ainda pode devolver: ${l.returnable}` : ''}
                    </p>
                    {l.alternatives && l.alternatives.length > 0 && (
                      <div className="mt-2">
                        <label htmlFor={`troca-${l.orderLineId}`} className="block text-sm font-semibold">
                          Na troca, quero (só para troca de tamanho ou cor)
                        </label>
                        <select id={`troca-${l.orderLineId}`} name={`troca-${l.orderLineId}`} className={inputClass} defaultValue="">
                          <option value="">Escolha a cor e o tamanho</option>
                          {l.alternatives.map((a) => (
                            <option key={a.variantId} value={a.variantId}>
                              {a.color}, {a.size}
                            </option>
                          ))}
                        </select>
                      </div>
                    )}
                  </div>
                  <div>
                    <label htmlFor={`qtd-${l.orderLineId}`} className="block text-sm font-semibold">
                      Quantidade a devolver
                    </label>
                    <input
                      id={`qtd-${l.orderLineId}`}
                      name={`qtd-${l.orderLineId}`}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={l.returnable}
                      defaultValue={0}
                      className={`${inputClass} sm:w-32`}
                    />
                  </div>
                </li>
              ))}
            </ul>
          </fieldset>
          <fieldset>
            <legend className="text-lg font-bold">Motivo</legend>
            <div className="mt-2 space-y-2">
              {reasons.map((r, i) => (
                <label key={r.id} className="flex items-start gap-2">
                  <input type="radio" name="motivo" value={r.id} required defaultChecked={i === 0} className="mt-1" />
                  <span>
                    {r.label} <span className="text-sm text-ink-soft">(até {r.until})</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor="comentario" className="block font-semibold">
              Comentário (opcional)
            </label>
            <textarea id="comentario" name="comentario" rows={3} maxLength={MAX_RETURN_COMMENT} className={inputClass} placeholder="Conte o que aconteceu: o defeito, o tamanho que serviria…" />
          </div>
          <SubmitButton busy={busy} busyText="Enviando…">
            Pedir devolução
          </SubmitButton>
        </Form>
      )}
    </div>
  );
}
