// The facet counts' SQL, pure: each option counts the results it would give (its own facet's filter left
// out), over the matches (GROUPING SETS), and the rows made into facets and a total. Also the one statement
// that ranks a text search's page and counts its facets together (textWithFacetsSql).
import { and, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { productImages, products } from '../schema.ts';
import type { CatalogQuery } from '../query.ts';
import { CATEGORIES, CONDITIONS, FEATURED_BRANDS, VEHICLE_TYPES } from '../taxonomy.ts';
import type { Facets, FacetOption } from '../types.ts';
import { cardJsonFields } from '../card.ts';
import { baseConditions, FACETS, facetFilter, PRODUCT_KEYS, sortKeys, value } from './statement.ts';
import type { FacetKeys, Filter, SearchRestriction } from './statement.ts';

/** Per match: its facet keys and whether it passes each facet's filter (the source of `facetAggregate`). */
export function facetColumns(query: CatalogQuery, keys: FacetKeys = PRODUCT_KEYS): SQL {
  const pass = Object.fromEntries(FACETS.map((f) => [f, facetFilter(query, f, keys) ?? sql`true`])) as Record<Filter, SQL>;
  // Every brand its own key (the counts tables keep them by brand_slug already): Hella, Arteb, Philips …
  return sql`${keys.brandSlug} as brand_key,
    ${keys.category} as category, ${keys.vehicleType} as vehicle_type, ${keys.condition} as condition,
    ${pass.brand} as ok_brand, ${pass.category} as ok_category, ${pass.vehicle} as ok_vehicle, ${pass.condition} as ok_condition`;
}

/**
 * The facet counts over `source` (rows of `facetColumns`, aliased m). With `weight`, each source row stands
 * for that many matches (a row of search_posting_counts) and is summed instead of counted.
 */
export function facetAggregate(source: SQL, weight?: SQL): SQL {
  const tally = (where: SQL) => (weight ? sql`coalesce(sum(${weight}) filter (where ${where}), 0)::int` : sql`count(*) filter (where ${where})::int`);
  const countWithout = (except: Filter) =>
    tally(
      sql.join(
        FACETS.filter((f) => f !== except).map((f) => sql`${sql.raw(`ok_${f}`)}`),
        sql` and `,
      ),
    );
  return sql`select grouping(brand_key, category, vehicle_type, condition)::int as g, brand_key, category, vehicle_type, condition,
      ${countWithout('brand')} as n_brand, ${countWithout('category')} as n_category,
      ${countWithout('vehicle')} as n_vehicle, ${countWithout('condition')} as n_condition,
      ${tally(sql`ok_brand and ok_category and ok_vehicle and ok_condition`)} as n_all
    from ${source}
    group by grouping sets ((brand_key), (category), (vehicle_type), (condition))`;
}

export type FacetRow = {
  g: number;
  brand_key: string | null;
  category: string | null;
  vehicle_type: string | null;
  condition: string | null;
  n_brand: number;
  n_category: number;
  n_vehicle: number;
  n_condition: number;
  n_all: number;
};

/**
 * The spec's five brands first (with 0 when none matches), then every other brand the rows name, by slug.
 * Their labels are the slugs here: the search reads the catalog's own spelling once (brand-labels.server.ts).
 */
function brandOptions(found: Map<string, number>): FacetOption[] {
  const featured = new Set<string>(FEATURED_BRANDS.map((b) => b.slug));
  return [
    ...FEATURED_BRANDS.map((b) => ({ slug: b.slug as string, label: b.label as string, count: found.get(b.slug) ?? 0 })),
    ...[...found].filter(([slug]) => slug !== '' && !featured.has(slug)).map(([slug, count]) => ({ slug, label: slug, count })),
  ];
}

export function facetsFromRows(rows: FacetRow[]): { facets: Facets; total: number } {
  // grouping(...) has a bit set for each column NOT grouped in that row: 0b0111 = by brand, 0b1011 = by category …
  const counts = (bits: number, key: (r: FacetRow) => string | null, n: (r: FacetRow) => number) => new Map(rows.filter((r) => Number(r.g) === bits).map((r) => [key(r) ?? '', Number(n(r))]));
  const options = (all: readonly { slug: string; label: string }[], found: Map<string, number>): FacetOption[] => all.map((o) => ({ slug: o.slug, label: o.label, count: found.get(o.slug) ?? 0 }));
  return {
    facets: {
      brands: brandOptions(
        counts(
          0b0111,
          (r) => r.brand_key,
          (r) => r.n_brand,
        ),
      ),
      categories: options(
        CATEGORIES,
        counts(
          0b1011,
          (r) => r.category,
          (r) => r.n_category,
        ),
      ),
      vehicles: options(
        VEHICLE_TYPES,
        counts(
          0b1101,
          (r) => r.vehicle_type,
          (r) => r.n_vehicle,
        ),
      ),
      conditions: options(
        CONDITIONS,
        counts(
          0b1110,
          (r) => r.condition,
          (r) => r.n_condition,
        ),
      ),
    },
    // The brand rows split every match by brand: their rows passing every filter add up to the results.
    total: rows.filter((r) => Number(r.g) === 0b0111).reduce((n, r) => n + Number(r.n_all), 0),
  };
}

/** The statement of `searchWithFacets`, for the shape of `query` (words, a restriction, or both). */
export function textWithFacetsSql(query: CatalogQuery, ts: SQL | null, terms: string[], restrict?: SearchRestriction): SQL {
  const keys = sortKeys(query, ts, terms, restrict);
  const keyName = (i: number) => sql.raw(`k${i}`);
  return sql`
    with m as materialized (
      select ${products.id} as id, ${restrict?.first ?? sql`false`} as first_flag,
        ${sql.join(
          keys.map((k, i) => sql`${k.expr} as ${keyName(i)}`),
          sql`, `,
        )},
        ${facetColumns(query)}
      from ${products}
      where ${and(...baseConditions(query, ts, restrict)) ?? sql`true`}
    ),
    page as (
      select id, first_flag, row_number() over () as ord from (
        select id, first_flag from m
        where ok_brand and ok_category and ok_vehicle and ok_condition
        order by ${sql.join(
          keys.map((k, i) => (k.desc ? sql`${keyName(i)} desc` : sql`${keyName(i)} asc`)),
          sql`, `,
        )}
        limit ${value('limit')} offset ${value('offset')}
      ) chosen
    )
    select
      (select coalesce(json_agg(f), '[]'::json) from (${facetAggregate(sql`m`)}) f) as facets,
      (select coalesce(json_agg(json_build_object(${cardJsonFields}, 'first', page.first_flag) order by page.ord), '[]'::json)
        from page
        join ${products} on ${products.id} = page.id
        left join ${productImages} on ${productImages.productId} = ${products.id} and ${productImages.position} = 0) as items`;
}
