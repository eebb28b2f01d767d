// The garage's list (one vehicle version and one model year, e.g. a Gol 1.0 2015) at the cost of its page
// (docs/decisions/019-seeding-and-browsing-at-a-million.md, round five). Its matches are the products whose
// fitment_keys hold the vehicle's key k or its type's universal key u, those made for the vehicle first under
// "mais relevantes". Before, every match was read (about 94,000 at 1,000,000 products) to rank, count and
// group them. Here:
// - the total and the facets are sums over vehicle_facet_counts (migration 0028): n(k) + n(u) - n(k also u),
//   per facet keys, filtered like catalog_facet_counts;
// - the page is read in the list's order and stops after its rows: the vehicle's own products, then the
//   universal ones not made for it, each part's offset and limit worked out from those counts (a part the
//   page does not reach is not read at all).
// Words or a price range are not in the counts: such a list takes the general path (search.server.ts).
import { and, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { preparedQuery, shapeCache, unnamedStatement } from '#src/db/prepared.server.ts';
import { productImages, products, vehicleFacetCounts } from '../schema.ts';
import type { CatalogQuery } from '../query.ts';
import { OTHER_BRANDS } from '../taxonomy.ts';
import { cardJsonFields, toSummary } from '../card.ts';
import type { SummaryRow } from '../card.ts';
import { facetAggregate, facetColumns, facetsFromRows } from './facets.ts';
import type { FacetRow } from './facets.ts';
import { FACETS, facetFilter, namedBrands, orderBy } from './statement.ts';
import type { FacetKeys, SearchRestriction, SearchValue } from './statement.ts';

type Keyed = NonNullable<SearchRestriction['keyed']>;

/** Whether this path answers: a single-key vehicle choice, no words, no price range. */
export function vehicleListCanAnswer(query: CatalogQuery, terms: string[], restrict?: SearchRestriction): restrict is SearchRestriction & { keyed: Keyed } {
  return terms.length === 0 && restrict?.keyed !== undefined && query.minPriceCents === null && query.maxPriceCents === null;
}

const vehicleKey = sql.placeholder('vehicleKey');
const universalKey = sql.placeholder('universalKey');

const t = vehicleFacetCounts;
/** The counts rows of a choice, aliased v: per facet keys, `n_first` (made for the vehicle) and `n_rest` (universal, not made for it). */
const choiceRows = sql`(select ${t.brandSlug} as brand_slug, ${t.category} as category, ${t.vehicleType} as vehicle_type, ${t.condition} as condition,
    case when ${t.fitmentKey} = ${vehicleKey} and ${t.alsoUniversal} = 0 then ${t.n} else 0 end as n_first,
    case when ${t.fitmentKey} = ${universalKey} then ${t.n} when ${t.alsoUniversal} <> 0 then -${t.n} else 0 end as n_rest
  from ${t}
  where ${t.active} and ${t.n} <> 0
    and ((${t.fitmentKey} = ${vehicleKey} and ${t.alsoUniversal} in (0, ${universalKey})) or (${t.fitmentKey} = ${universalKey} and ${t.alsoUniversal} = 0))) v`;
const CHOICE_KEYS: FacetKeys = { brandSlug: sql`v.brand_slug`, category: sql`v.category`, vehicleType: sql`v.vehicle_type`, condition: sql`v.condition` };

type CountsRow = { n_first: number; n_rest: number; facets?: FacetRow[] };
const countStatements = new Map<string, (db: Db, values: Record<string, unknown>) => Promise<CountsRow[]>>();

/** The counts of one shape (which facet filters are set, with or without the facets), built once. */
function countsStatement(query: CatalogQuery, withFacets: boolean) {
  const shape = [withFacets, namedBrands(query).length > 0, query.brands.includes(OTHER_BRANDS.slug), query.category !== null, query.vehicles.length > 0, query.condition !== null]
    .map(Number)
    .join('');
  let run = countStatements.get(shape);
  if (!run) {
    const filters = FACETS.flatMap((f) => facetFilter(query, f, CHOICE_KEYS) ?? []);
    const facets = withFacets
      ? sql`, (select coalesce(json_agg(f), '[]'::json) from (${facetAggregate(sql`(select ${facetColumns(query, CHOICE_KEYS)}, v.n_first + v.n_rest as n from ${choiceRows}) m`, sql`n`)}) f) as facets`
      : sql``;
    run = preparedQuery<CountsRow>(
      'vehicle_facet_counts',
      () =>
        sql`select coalesce(sum(v.n_first), 0)::int as n_first, coalesce(sum(v.n_rest), 0)::int as n_rest ${facets}
        from ${choiceRows} where ${and(...filters) ?? sql`true`}`,
    );
    countStatements.set(shape, run);
  }
  return run;
}

const pageStatements = shapeCache<{ execute(values: Record<string, unknown>): Promise<unknown> }>();

/**
 * The page: part a then part b, each in the list's order with its own offset and limit. Under "mais
 * relevantes" a is the vehicle's own products and b the universal ones not made for it; in any other order
 * the list is not split, and a is every match.
 */
function pageSql(query: CatalogQuery): SQL {
  const split = query.sort === 'relevancia';
  const filters = FACETS.flatMap((f) => facetFilter(query, f) ?? []);
  const order = sql.join(orderBy(query, null, []), sql`, `);
  const holds = (keys: SQL) => sql`${products.fitmentKeys} && ${keys}::integer[]`;
  const part = (match: SQL, limit: string, offset: string) =>
    sql`select ${products.id} as id, ${holds(sql`array[${vehicleKey}]`)} as first_flag from ${products}
      where ${and(sql`${products.active}`, match, ...filters)}
      order by ${order} limit ${sql.placeholder(limit)} offset ${sql.placeholder(offset)}`;
  const a = split ? part(holds(sql`array[${vehicleKey}]`), 'aLimit', 'aOffset') : part(holds(sql`array[${vehicleKey}, ${universalKey}]`), 'aLimit', 'aOffset');
  const b = split ? part(sql`${holds(sql`array[${universalKey}]`)} and not ${holds(sql`array[${vehicleKey}]`)}`, 'bLimit', 'bOffset') : null;
  // Numbered as they leave each ordered part, so the joined rows keep the page's order.
  const page = b
    ? sql`select id, first_flag, row_number() over () as ord from (${a}) a
        union all select id, first_flag, 1000000 + row_number() over () from (${b}) b`
    : sql`select id, first_flag, row_number() over () as ord from (${a}) a`;
  return sql`with page as (${page})
    select coalesce(json_agg(json_build_object(${cardJsonFields}, 'first', page.first_flag) order by page.ord), '[]'::json) as items
    from page
    join ${products} on ${products.id} = page.id
    left join ${productImages} on ${productImages.productId} = ${products.id} and ${productImages.position} = 0`;
}

/** Each part's offset and limit, from the page's and the counts: a part the page does not reach reads nothing. */
export function pageParts(offset: number, limit: number, first: number, rest: number, split: boolean) {
  if (!split) return { aOffset: offset, aLimit: Math.max(0, Math.min(limit, first + rest - offset)), bOffset: 0, bLimit: 0 };
  const aLimit = Math.max(0, Math.min(limit, first - offset));
  const bOffset = Math.max(0, offset - first);
  const bLimit = Math.max(0, Math.min(limit - aLimit, rest - bOffset));
  return { aOffset: Math.min(offset, first), aLimit, bOffset, bLimit };
}

type Item = SummaryRow & { description: string; first: boolean };

/** The garage's list: its page, the ids made for the vehicle, its total and (with `withFacets`) its facets. */
export async function searchVehicleList(db: Db, query: CatalogQuery, values: Record<SearchValue, unknown>, keyed: Keyed, withFacets: boolean) {
  const keys = { ...values, vehicleKey: keyed.specific, universalKey: keyed.universal };
  const [counts] = await countsStatement(query, withFacets)(db, keys);
  const first = Number(counts?.n_first ?? 0);
  const rest = Number(counts?.n_rest ?? 0);
  const parts = pageParts(values.offset as number, values.limit as number, first, rest, query.sort === 'relevancia');
  let items: Item[] = [];
  if (parts.aLimit + parts.bLimit > 0) {
    const shape = `vehicle-page:${query.sort}:${[namedBrands(query).length > 0, query.brands.includes(OTHER_BRANDS.slug), query.category !== null, query.vehicles.length > 0, query.condition !== null].map(Number).join('')}`;
    const statement = pageStatements(db, shape, () => unnamedStatement(db, pageSql(query)));
    const [row] = (await statement.execute({ ...keys, ...parts })) as { items: Item[] }[];
    items = row?.items ?? [];
  }
  const facets = withFacets ? facetsFromRows(counts?.facets ?? []).facets : undefined;
  return {
    items: items.map((r) => ({ ...toSummary(r), description: r.description })),
    firstIds: items.filter((r) => r.first).map((r) => r.id),
    total: first + rest,
    facets,
    countCapped: false,
  };
}
