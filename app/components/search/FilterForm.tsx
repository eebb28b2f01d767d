// The product list's filters (brand, category, vehicle, condition, price): the inputs of the list's GET form,
// each checked as the query has it and counted from the facets. The list page owns the form itself.
import { brandFilterGroups } from '#src/domain/catalog/brand-options.ts';
import type { CatalogQuery } from '#src/domain/catalog/query-params.ts';
import type { Facets } from '#src/domain/catalog/types.ts';
import { formatInteger } from '#src/platform/numbers.ts';

export function FilterForm({ query, facets }: { query: CatalogQuery; facets: Facets }) {
  const price = (cents: number | null) => (cents === null ? '' : String(Math.floor(cents / 100)));
  return (
    <>
      <BrandChoices query={query} options={facets.brands} />
      <fieldset>
        <legend className="mb-2 font-semibold">Categoria</legend>
        <Choice type="radio" name="categoria" value="" label="Todos" checked={query.category === null} />
        {facets.categories.map((o) => (
          <Choice key={o.slug} type="radio" name="categoria" value={o.slug} label={o.label} count={o.count} checked={query.category === o.slug} />
        ))}
      </fieldset>
      <fieldset>
        <legend className="mb-2 font-semibold">Veículo</legend>
        {facets.vehicles.map((o) => (
          <Choice key={o.slug} type="checkbox" name="veiculo" value={o.slug} label={o.label} count={o.count} checked={query.vehicles.includes(o.slug as never)} />
        ))}
      </fieldset>
      <fieldset>
        <legend className="mb-2 font-semibold">Estado</legend>
        <Choice type="radio" name="estado" value="" label="Todos" checked={query.condition === null} />
        {facets.conditions.map((o) => (
          <Choice key={o.slug} type="radio" name="estado" value={o.slug} label={o.label} count={o.count} checked={query.condition === o.slug} />
        ))}
      </fieldset>
      <fieldset>
        <legend className="mb-2 font-semibold">Preço (R$)</legend>
        <div className="flex items-center gap-2">
          <label className="sr-only" htmlFor="preco_min">
            Preço mínimo em reais
          </label>
          <input
            id="preco_min"
            name="preco_min"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            placeholder="Mín."
            defaultValue={price(query.minPriceCents)}
            key={`min${query.minPriceCents}`}
            className="w-full rounded-lg border border-neutral-300 px-2 py-1.5"
          />
          <span aria-hidden="true">–</span>
          <label className="sr-only" htmlFor="preco_max">
            Preço máximo em reais
          </label>
          <input
            id="preco_max"
            name="preco_max"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            placeholder="Máx."
            defaultValue={price(query.maxPriceCents)}
            key={`max${query.maxPriceCents}`}
            className="w-full rounded-lg border border-neutral-300 px-2 py-1.5"
          />
        </div>
      </fieldset>
    </>
  );
}

/** The spec's five brands, then "Mais marcas" (a native disclosure: it works before JavaScript loads). */
function BrandChoices({ query, options }: { query: CatalogQuery; options: Facets['brands'] }) {
  const { featured, more, moreOpen } = brandFilterGroups(options, query.brands);
  const choice = (o: Facets['brands'][number]) => <Choice key={o.slug} type="checkbox" name="marca" value={o.slug} label={o.label} count={o.count} checked={query.brands.includes(o.slug)} />;
  return (
    <fieldset>
      <legend className="mb-2 font-semibold">Marca</legend>
      {featured.map(choice)}
      {more.length > 0 && (
        <details open={moreOpen} className="mt-1">
          <summary className="cursor-pointer py-1 text-sm font-semibold text-ink underline">Mais marcas ({formatInteger(more.length)})</summary>
          {more.map(choice)}
        </details>
      )}
    </fieldset>
  );
}

function Choice(props: { type: 'checkbox' | 'radio'; name: string; value: string; label: string; count?: number; checked: boolean }) {
  const id = `${props.name}-${props.value || 'todos'}`;
  return (
    <div className="flex items-center gap-2 py-1 text-sm">
      <input id={id} type={props.type} name={props.name} value={props.value} defaultChecked={props.checked} key={`${id}${props.checked}`} className="h-4 w-4 accent-brand-dark" />
      <label htmlFor={id} className="flex flex-1 justify-between gap-2">
        <span>{props.label}</span>
        {props.count !== undefined && <span className="text-neutral-500">({formatInteger(props.count)})</span>}
      </label>
    </div>
  );
}
