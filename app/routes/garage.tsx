import { data, Form, Link, redirect } from 'react-router';
import type { Route } from './+types/garage';
import { loadFleet } from '#src/domain/fitment/fleet.server.ts';
import { changeGarage, loadGarage } from '#src/domain/fitment/garage.server.ts';
import { garageActionSchema, resolveSelection, safeReturnPath, selectorData } from '#src/domain/fitment/selector.ts';
import { VehicleSelector } from '../components/vehicle/VehicleSelector.tsx';
import { garageView } from '../lib/garage.server.ts';
import { originFrom, seo } from '../lib/seo.ts';
import { publicUrl } from '../lib/site.server.ts';
import { isHttpsUrl } from '#src/platform/https.ts';
import { dbOf, servicesOf } from '../lib/context.server.ts';

const LEVELS = ['tipo', 'marca', 'modelo', 'ano', 'versao'] as const;

/** /garagem?tipo=…&marca=…: each step of the form narrows the next list, with or without JavaScript. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  const input = Object.fromEntries(LEVELS.filter((k) => url.searchParams.has(k)).map((k) => [k, url.searchParams.get(k)!]));
  const [fleet, garage] = await Promise.all([loadFleet(db), loadGarage(db, request, servicesOf(context))]);
  const resolved = resolveSelection(fleet, input, 'lenient');
  if (!resolved.ok) throw data(resolved.message, { status: 400 });
  return {
    selector: selectorData(resolved.state),
    garage: garageView(garage),
    returnTo: safeReturnPath(url.searchParams.get('voltar')),
  };
}

/** A POST from another site must not change the shopper's garage. */
function sameOrigin(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (!origin || origin === 'null') return origin === null;
  return origin === new URL(request.url).origin || origin === new URL(publicUrl()).origin;
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!sameOrigin(request)) throw data('Pedido de outro site recusado.', { status: 403 });
  const form = await request.formData();
  const returnTo = safeReturnPath(String(form.get('voltar') ?? ''), '/garagem');
  const parsed = garageActionSchema.safeParse(Object.fromEntries([...form].filter(([, v]) => typeof v === 'string' && v !== '')));
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? 'Pedido inválido.' }, { status: 400 });
  const input = parsed.data;
  const change =
    input.intencao === 'limpar'
      ? ({ action: 'clear' } as const)
      : { action: input.intencao === 'usar' ? ('use' as const) : ('remove' as const), vehicleId: Number(input.versao), year: Number(input.ano) };
  const result = await changeGarage(dbOf(context), request, change, { secure: isHttpsUrl(publicUrl()), secret: servicesOf(context).cookieSecret, auth: servicesOf(context).auth });
  if (!result.ok) return data({ error: result.message }, { status: 400 });
  return redirect(returnTo, result.setCookie ? { headers: { 'Set-Cookie': result.setCookie } } : undefined);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Minha garagem: qual é o seu veículo?',
    description: 'Escolha tipo, marca, modelo, ano e versão do seu veículo e veja só as peças que servem nele.',
    url: `${originFrom(matches)}/garagem`,
  });

export default function GaragePage({ loaderData, actionData }: Route.ComponentProps) {
  const { selector, garage, returnTo } = loaderData;
  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-extrabold sm:text-3xl">Qual é o seu veículo?</h1>
      <p className="mt-2 max-w-2xl text-ink-soft">Escolha o tipo, a marca, o modelo, o ano e a versão. A loja passa a mostrar só as peças que servem no seu veículo e as universais.</p>
      {actionData?.error && (
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 font-medium text-red-800">
          {actionData.error}
        </p>
      )}
      <div className="mt-6 rounded-xl border border-neutral-200 bg-white p-4 sm:p-6">
        <VehicleSelector data={selector} returnTo={returnTo} idPrefix="garagem" />
      </div>

      <section aria-labelledby="minha-garagem" className="mt-10">
        <h2 id="minha-garagem" className="text-xl font-bold">
          Minha garagem
        </h2>
        {garage.vehicles.length === 0 ? (
          <p className="mt-2 text-ink-soft">Nenhum veículo salvo ainda. O veículo que você escolher fica guardado neste navegador.</p>
        ) : (
          <ul className="mt-3 divide-y divide-neutral-200 rounded-xl border border-neutral-200 bg-white">
            {garage.vehicles.map((v) => (
              <li key={`${v.vehicleId}-${v.year}`} className="flex flex-wrap items-center gap-3 p-4">
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">{v.fullLabel}</p>
                  {v.active && <p className="text-sm font-semibold text-green-800">Veículo ativo: a loja mostra as peças que servem nele</p>}
                </div>
                <Form method="post" className="flex gap-2">
                  <input type="hidden" name="versao" value={v.vehicleId} />
                  <input type="hidden" name="ano" value={v.year} />
                  <input type="hidden" name="voltar" value="/garagem" />
                  {v.active ? (
                    <button type="submit" name="intencao" value="limpar" className="rounded-lg border border-neutral-300 px-3 py-2 text-sm font-semibold hover:bg-neutral-50">
                      Desativar
                    </button>
                  ) : (
                    <button type="submit" name="intencao" value="usar" className="rounded-lg bg-ink px-3 py-2 text-sm font-semibold text-white hover:bg-ink-soft">
                      Usar este
                    </button>
                  )}
                  <button
                    type="submit"
                    name="intencao"
                    value="remover"
                    aria-label={`Remover ${v.fullLabel} da garagem`}
                    className="rounded-lg px-3 py-2 text-sm font-semibold text-red-800 underline hover:bg-red-50"
                  >
                    Remover
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        {garage.active && (
          <p className="mt-4">
            <Link to="/ProductList" className="inline-block rounded-lg bg-brand px-4 py-2.5 font-semibold text-ink hover:bg-brand-dark">
              Ver peças para o {garage.active.label}
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}
