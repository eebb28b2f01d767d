import { useEffect, useRef } from 'react';
import { data, Form, Link, useSubmit } from 'react-router';
import type { Route } from './+types/product-list';
import { MAX_LISTED_RESULTS } from '#src/domain/catalog/list-depth.ts';
import { parseCatalogQuery } from '#src/domain/catalog/query.ts';
import { queryToParams } from '#src/domain/catalog/query-params.ts';
import type { CatalogQuery } from '#src/domain/catalog/query-params.ts';
import { labelOf, SORTS } from '#src/domain/catalog/taxonomy.ts';
import { loadGarage } from '#src/domain/fitment/garage.server.ts';
import { fitBadges, searchWithFitment } from '#src/domain/fitment/search.server.ts';
import { initialSelectorData } from '#src/domain/fitment/selector-data.ts';
import { ProductGrid } from '../components/ProductCard.tsx';
import { Static } from '../components/Static.tsx';
import { FilterForm } from '../components/search/FilterForm.tsx';
import { CarIcon, ClearVehicleButton, useReturnPath } from '../components/vehicle/VehicleBar.tsx';
import { VehicleSelector } from '../components/vehicle/VehicleSelector.tsx';
import { originFrom, seo } from '../lib/seo.ts';
import { formatInteger } from '#src/platform/numbers.ts';
import { dbOf, servicesOf } from '../lib/context.server.ts';

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const parsed = parseCatalogQuery(url.searchParams);
  if (!parsed.ok) throw data(parsed.message, { status: 400 });
  const db = dbOf(context);
  // The shopper's active vehicle filters the list from the very first request (it is in the cookie).
  const garage = await loadGarage(db, request, servicesOf(context));
  // The same short memo as the catalog API (a list, never a price charged): a busy list page costs one search.
  const search = await servicesOf(context).searchCache.get(JSON.stringify(['page', parsed.query, garage.active]), () => searchWithFitment(db, parsed.query, { facets: true, garage: garage.active }));
  if (!search.ok) throw data(search.message, { status: 400 });
  const { vehicle, fits, ...result } = search.result;
  // Descriptions are not shown on cards; keep them out of the page's data.
  const items = result.items.map(({ description: _d, ...item }) => item);
  const badges = await fitBadges(db, vehicle, items);
  return {
    badges,
    query: parsed.query,
    ...result,
    items,
    vehicle: vehicle && { source: vehicle.source, label: vehicle.label, fullLabel: vehicle.fullLabel, words: vehicle.words },
    fits,
  };
}

type VehicleInfo = NonNullable<Route.ComponentProps['loaderData']['vehicle']>;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const q = loaderData?.query;
  const title = q?.q ? `Resultado para "${q.q}"` : q?.category ? labelOf.category(q.category) : 'Produtos';
  const canonical = new URLSearchParams();
  if (q?.q) canonical.set('q', q.q);
  if (q?.category) canonical.set('categoria', q.category);
  return seo({
    title,
    description: `${loaderData?.total ?? 0} produtos encontrados na Olimpo Peças. Filtre por marca, categoria, veículo, estado e preço.`,
    url: `${originFrom(matches)}/ProductList${canonical.size ? `?${canonical}` : ''}`,
  });
};

function resultHeading(query: CatalogQuery) {
  if (query.q) return `Resultado para "${query.q}"`;
  if (query.category) return labelOf.category(query.category);
  return 'Produtos';
}

const countText = (n: number, lowerBound = false) => (lowerBound ? `mais de ${formatInteger(MAX_LISTED_RESULTS)} resultados` : n === 1 ? '1 resultado' : `${formatInteger(n)} resultados`);

export default function ProductList({ loaderData }: Route.ComponentProps) {
  const { query, items, total, totalPages, totalIsLowerBound, beyondLastPage, lastPage, facets, correctedQuery, vehicle, badges } = loaderData;
  const returnTo = useReturnPath();
  const submit = useSubmit();
  // Submits the filters with empty fields and the default sort left out, so shared links stay clean.
  const submitClean = (form: HTMLFormElement) => {
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(form)) {
      if (typeof value === 'string' && value !== '' && !(key === 'ordem' && value === 'relevancia')) params.append(key, value);
    }
    submit(params, { method: 'get', action: '/ProductList', preventScrollReset: true });
  };
  // Choices apply as soon as they are clicked; price fields submit on "Buscar" or Enter. The choices are a
  // static island (no fibers while the page hydrates: a catalog's brands are a hundred inputs), so their
  // changes are heard by a native listener on the form, not by React's onChange.
  const filters = useRef<HTMLFormElement>(null);
  const submitCleanRef = useRef(submitClean);
  submitCleanRef.current = submitClean;
  useEffect(() => {
    const form = filters.current;
    if (!form) return;
    const onChange = (e: Event) => {
      const target = e.target as HTMLInputElement;
      if (target.type === 'number' || target.type === 'text' || target.form !== form) return;
      submitCleanRef.current(form);
    };
    form.addEventListener('change', onChange);
    return () => form.removeEventListener('change', onChange);
  }, []);
  const filtersActive = query.brands.length + query.vehicles.length > 0 || query.category || query.condition || query.minPriceCents !== null || query.maxPriceCents !== null;

  return (
    <div className="container-page py-6">
      <div className="flex flex-wrap items-end justify-between gap-3 border-b border-neutral-200 pb-4">
        <div>
          <h1 className="text-2xl font-extrabold sm:text-3xl">{resultHeading(query)}</h1>
          <p className="mt-1 text-sm text-ink-soft" aria-live="polite">
            {countText(total, totalIsLowerBound)}
            {correctedQuery && (
              <>
                {' '}
                · Mostrando resultados para <strong>"{correctedQuery}"</strong>
              </>
            )}
          </p>
        </div>
        <div className="flex items-center gap-2 text-sm">
          <label htmlFor="ordem" className="font-medium">
            Ordenar por:
          </label>
          <select
            id="ordem"
            name="ordem"
            form="filtros"
            defaultValue={query.sort}
            key={query.sort}
            onChange={(e) => e.currentTarget.form && submitClean(e.currentTarget.form)}
            className="rounded-lg border border-neutral-300 bg-white px-3 py-2"
          >
            {SORTS.map((s) => (
              <option key={s.slug} value={s.slug}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className="mt-6 grid gap-8 lg:grid-cols-[16rem_1fr]">
        <aside aria-labelledby="titulo-filtros">
          <a href="#lista-produtos" className="skip-link mb-2 inline-block rounded-lg bg-ink px-3 py-2 text-sm font-semibold text-white">
            Pular para os produtos
          </a>
          <details className="filters group rounded-xl border border-neutral-200 bg-white p-4">
            <summary className="cursor-pointer text-lg font-bold lg:pointer-events-none lg:list-none">
              <h2 id="titulo-filtros" className="inline">
                Filtros
              </h2>
            </summary>
            <Form
              id="filtros"
              method="get"
              action="/ProductList"
              ref={filters}
              onSubmit={(e) => {
                e.preventDefault();
                submitClean(e.currentTarget);
              }}
              className="mt-3 space-y-5"
            >
              {query.q && <input type="hidden" name="q" value={query.q} />}
              {query.vehicleId && <input type="hidden" name="vehicle" value={query.vehicleId} />}
              {query.vehicleId && query.year && <input type="hidden" name="ano" value={query.year} />}
              <Static className="space-y-5" version={() => JSON.stringify([query, facets])}>
                <FilterForm query={query} facets={facets!} />
              </Static>
              <div className="flex gap-2">
                <button type="submit" className="flex-1 rounded-lg bg-ink px-4 py-2.5 font-semibold text-white hover:bg-ink-soft">
                  Buscar
                </button>
                {filtersActive && (
                  <Link
                    to={`/ProductList?${queryToParams({ q: query.q, sort: query.sort, vehicleId: query.vehicleId, year: query.year })}`}
                    className="rounded-lg px-3 py-2.5 text-sm font-semibold underline"
                  >
                    Limpar
                  </Link>
                )}
              </div>
            </Form>
          </details>
        </aside>

        <section aria-label="Resultados">
          {vehicle ? (
            <VehicleBanner vehicle={vehicle} query={query} returnTo={returnTo} />
          ) : (
            <section aria-labelledby="qual-veiculo" className="mb-5 rounded-xl border border-brand/60 bg-white p-4">
              <h2 id="qual-veiculo" className="mb-3 flex items-center gap-2 text-lg font-bold">
                <CarIcon className="text-brand-text" /> Qual é o seu veículo?
                <span className="text-sm font-normal text-ink-soft">Mostramos só as peças que servem nele.</span>
              </h2>
              <VehicleSelector data={initialSelectorData()} returnTo={returnTo} idPrefix="lista" compact />
            </section>
          )}
          {items.length > 0 ? (
            <>
              <h2 id="lista-produtos" tabIndex={-1} className="sr-only">
                Produtos encontrados
              </h2>
              <ProductGrid products={items} eagerCount={4} fit={vehicle ? (id) => badges[id] : undefined} lazy />
              <Pagination query={query} totalPages={totalPages} />
            </>
          ) : beyondLastPage ? (
            <DeepPageNotice query={query} lastPage={lastPage} />
          ) : (
            <EmptyState query={query} vehicle={vehicle} returnTo={returnTo} filtersActive={Boolean(filtersActive)} />
          )}
        </section>
      </div>
    </div>
  );
}

/** A page past the list's depth (the first 10,000 results): what to do instead, with the way back. */
function DeepPageNotice({ query, lastPage }: { query: CatalogQuery; lastPage: number }) {
  return (
    <section aria-labelledby="lista-funda" className="rounded-xl border border-neutral-200 bg-white p-6">
      <h2 id="lista-funda" className="text-lg font-bold">
        A lista vai até a página {formatInteger(lastPage)}
      </h2>
      <p className="mt-2 text-ink-soft">
        Mostramos os primeiros {formatInteger(MAX_LISTED_RESULTS)} resultados. Use os filtros (marca, categoria, veículo, estado, preço) ou uma busca mais específica para encontrar o que procura.
      </p>
      <Link className="mt-3 inline-block font-semibold text-brand-text underline" to={`/ProductList?${queryToParams({ ...query, page: lastPage })}`}>
        Ir para a página {formatInteger(lastPage)}
      </Link>
    </section>
  );
}

function Pagination({ query, totalPages }: { query: CatalogQuery; totalPages: number }) {
  if (totalPages <= 1) return null;
  const link = (page: number) => `/ProductList?${queryToParams({ ...query, page })}`;
  const pages = [...new Set([1, query.page - 1, query.page, query.page + 1, totalPages])].filter((p) => p >= 1 && p <= totalPages).sort((a, b) => a - b);
  return (
    <nav aria-label="Páginas de resultados" className="mt-8 flex flex-wrap items-center justify-center gap-2 text-sm">
      {query.page > 1 && (
        <Link to={link(query.page - 1)} className="rounded-lg border border-neutral-300 bg-white px-3 py-2 font-semibold">
          Anterior
        </Link>
      )}
      {pages.map((p, i) => (
        <span key={p} className="flex items-center gap-2">
          {i > 0 && p - pages[i - 1]! > 1 && <span aria-hidden="true">…</span>}
          {p === query.page ? (
            <span aria-current="page" className="rounded-lg bg-ink px-3 py-2 font-bold text-white">
              {p}
            </span>
          ) : (
            <Link to={link(p)} aria-label={`Página ${p}`} className="rounded-lg border border-neutral-300 bg-white px-3 py-2">
              {p}
            </Link>
          )}
        </span>
      ))}
      {query.page < totalPages && (
        <Link to={link(query.page + 1)} className="rounded-lg border border-neutral-300 bg-white px-3 py-2 font-semibold">
          Próxima
        </Link>
      )}
    </nav>
  );
}

/** Which vehicle the list is for, and how to change it. */
function VehicleBanner({ vehicle, query, returnTo }: { vehicle: VehicleInfo; query: CatalogQuery; returnTo: string }) {
  const withoutVehicle = `/ProductList?${queryToParams({ ...query, vehicleId: null, year: null, page: 1 })}`;
  return (
    <div role="region" aria-label="Veículo" className="mb-5 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-green-300 bg-green-50 px-4 py-3 text-green-950">
      <p className="flex min-w-0 grow basis-64 gap-3">
        <CarIcon className="mt-0.5 shrink-0 text-green-800" />
        <span>
          {vehicle.source === 'garage' ? (
            <>
              Mostrando só peças que servem no seu <strong>{vehicle.fullLabel}</strong> e as universais.
            </>
          ) : vehicle.source === 'words' ? (
            <>
              Entendemos <strong>“{vehicle.words}”</strong> como o veículo <strong>{vehicle.fullLabel}</strong>: mostrando só peças que servem nele e as universais.
            </>
          ) : (
            <>
              Mostrando só peças que servem no <strong>{vehicle.fullLabel}</strong> e as universais.
            </>
          )}
        </span>
      </p>
      <div className="flex flex-wrap items-center gap-3 text-sm font-semibold">
        {vehicle.source === 'garage' ? (
          <>
            <Link to={`/garagem?voltar=${encodeURIComponent(returnTo)}`} className="underline underline-offset-2">
              Trocar veículo
            </Link>
            <ClearVehicleButton returnTo={returnTo} label="Limpar veículo" className="underline underline-offset-2" />
          </>
        ) : vehicle.source === 'param' ? (
          <Link to={withoutVehicle} className="underline underline-offset-2">
            Ver para todos os veículos
          </Link>
        ) : (
          <Link to={`/garagem?voltar=${encodeURIComponent(returnTo)}`} className="underline underline-offset-2">
            Escolher meu veículo
          </Link>
        )}
      </div>
    </div>
  );
}

function EmptyState({ query, vehicle, returnTo, filtersActive }: { query: CatalogQuery; vehicle: VehicleInfo | null; returnTo: string; filtersActive: boolean }) {
  return (
    <div className="rounded-xl border border-dashed border-neutral-300 bg-white p-8 text-center">
      <h2 className="text-xl font-bold">{vehicle ? `Nenhuma peça encontrada para o ${vehicle.label}` : 'Nenhum produto encontrado'}</h2>
      <ul className="mx-auto mt-3 max-w-md space-y-1 text-sm text-ink-soft">
        {query.q && <li>Confira a grafia ou use termos mais gerais, como "farol" ou "pastilha de freio". Códigos de peça (REF, original ou equivalente) também servem.</li>}
        {filtersActive && <li>Remova alguns filtros para ampliar a busca.</li>}
        {vehicle?.source === 'garage' && <li>Ou limpe o veículo para ver os produtos de todos os veículos.</li>}
      </ul>
      {vehicle?.source === 'garage' && (
        <div className="mt-4">
          <ClearVehicleButton returnTo={returnTo} label="Limpar veículo" className="rounded-lg border border-ink px-4 py-2 font-semibold" />
        </div>
      )}
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        {query.q && filtersActive && (
          <Link to={`/ProductList?${queryToParams({ q: query.q })}`} className="rounded-lg bg-brand px-4 py-2 font-semibold text-ink">
            Limpar filtros
          </Link>
        )}
        <Link to="/ProductList" className="rounded-lg bg-ink px-4 py-2 font-semibold text-white">
          Ver todos os produtos
        </Link>
      </div>
    </div>
  );
}
