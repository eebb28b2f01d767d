import { Form, useNavigation } from 'react-router';
import { formatBRL } from '#src/domain/pricing/money.ts';
import type { DatedOption } from '#src/domain/shipping/delivery.ts';
import type { applyMask } from '#app/lib/masks.ts';

// The CEP mask (and its library) loads when the shopper first focuses or types in the field: no product
// page needs it to be seen or to work (the form works without JavaScript), so it stays out of the first
// load (issue 16's JavaScript budget).
let mask: typeof applyMask | undefined;
const loadMask = () => import('#app/lib/masks.ts').then((m) => (mask = m.applyMask));

export type FreightView =
  | { status: 'none' }
  | { status: 'invalid'; cep: string; message: string }
  | { status: 'ok'; cep: string; destination: string | null; notice: string | null; options: DatedOption[] };

/**
 * "Calcular frete e prazo": a GET form (works without JavaScript: the page's loader answers ?cep=), with
 * the checkout's shipping methods, prices and the date each arrives by.
 */
export function FreightCalculator({ productId, freight }: { productId: number; freight: FreightView }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'loading' && navigation.location?.search.includes('cep=');
  const cep = freight.status === 'none' ? '' : freight.cep;
  const errorId = 'frete-erro';
  return (
    <section id="frete" aria-labelledby="frete-titulo" className="rounded-xl bg-white p-4 ring-1 ring-neutral-200">
      <h2 id="frete-titulo" className="text-base font-bold">
        Calcular frete e prazo
      </h2>
      <Form method="get" action={`/ProductView/${productId}#frete`} preventScrollReset replace className="mt-2 flex flex-wrap items-end gap-2">
        <div className="flex flex-col">
          <label htmlFor="frete-cep" className="text-sm font-medium">
            CEP de entrega
          </label>
          <input
            id="frete-cep"
            name="cep"
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="00000-000"
            maxLength={9}
            defaultValue={cep}
            key={cep}
            onFocus={() => void (mask ?? loadMask())}
            onInput={(e) => {
              const field = e.currentTarget;
              if (mask) field.value = mask('cep', field.value);
              else void loadMask().then((m) => (field.value = m('cep', field.value)));
            }}
            aria-invalid={freight.status === 'invalid' || undefined}
            aria-describedby={freight.status === 'invalid' ? errorId : undefined}
            className="mt-1 w-36 rounded-lg border border-neutral-300 px-3 py-2"
          />
        </div>
        <button type="submit" className="rounded-lg bg-ink px-4 py-2 font-semibold text-white hover:bg-neutral-800">
          {busy ? 'Calculando…' : 'Calcular'}
        </button>
      </Form>
      <div aria-live="polite">
        {freight.status === 'invalid' && (
          <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700">
            {freight.message}
          </p>
        )}
        {freight.status === 'ok' && (
          <div className="mt-3">
            <p className="text-sm text-ink-soft">
              Entrega para {freight.destination ? <strong className="text-ink">{freight.destination}</strong> : 'o CEP'} ({freight.cep})
            </p>
            {freight.notice && <p className="mt-1 text-sm text-amber-800">{freight.notice}</p>}
            <table className="mt-2 w-full text-left text-sm">
              <caption className="sr-only">Opções de entrega</caption>
              <thead>
                <tr className="border-b border-neutral-200">
                  <th scope="col" className="py-1 pr-2 font-semibold">
                    Envio
                  </th>
                  <th scope="col" className="py-1 pr-2 font-semibold">
                    Preço
                  </th>
                  <th scope="col" className="py-1 font-semibold">
                    Chega até
                  </th>
                </tr>
              </thead>
              <tbody>
                {freight.options.map((o) => (
                  <tr key={o.id} className="border-b border-neutral-100 align-top">
                    <th scope="row" className="py-2 pr-2 font-medium">
                      {o.label}
                      <span className="block text-xs font-normal text-ink-soft">{o.days}</span>
                    </th>
                    <td className="py-2 pr-2 whitespace-nowrap">{o.priceCents === 0 ? 'Grátis' : formatBRL(o.priceCents)}</td>
                    <td className="py-2">
                      <time dateTime={o.arrivesBy}>{o.arrivesByText}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="mt-1 text-xs text-ink-soft">Prazo em dias úteis a partir da confirmação do pagamento (horário de Brasília).</p>
            <p className="mt-1 text-sm text-ink-soft">O frete final é escolhido no checkout, entre estas opções.</p>
          </div>
        )}
      </div>
    </section>
  );
}
