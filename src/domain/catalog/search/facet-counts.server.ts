// The catalog's facet counts (catalog_facet_counts, migration 0018): a browse's total and every facet
// option's count summed over a few hundred rows kept by triggers, instead of counting the active catalog
// (at 100,000 products a HashAggregate over a sequential scan, 1.24 s; docs/decisions/015-catalog-facet-counts.md).
import { and, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { preparedQuery } from '#src/db/prepared.server.ts';
import { catalogFacetCounts } from '../schema.ts';
import type { CatalogQuery } from '../query.ts';
import { OTHER_BRANDS } from '../taxonomy.ts';
import type { Facets } from '../types.ts';
import { facetAggregate, facetColumns, facetsFromRows } from './facets.ts';
import type { FacetRow } from './facets.ts';
import { FACET_COUNT_KEYS, FACETS, facetFilter, namedBrands } from './statement.ts';
import type { SearchRestriction, SearchValue } from './statement.ts';

/**
 * Whether the counts table can answer: no search words, no price range and no restriction (a vehicle). Its
 * keys are the facet filters' own (brand, category, vehicle type, condition), so any combination of those is
 * a sum over its rows.
 */
export function facetCountsCanAnswer(query: CatalogQuery, terms: string[], restrict?: SearchRestriction): boolean {
  return terms.length === 0 && restrict === undefined && query.minPriceCents === null && query.maxPriceCents === null;
}

type CountsRow = { facets?: FacetRow[]; total?: number };

const statements = new Map<string, (db: Db, values: Record<string, unknown>) => Promise<CountsRow[]>>();

/** The statement of one shape (which facet filters are set, and whether the facets are counted), built once. */
function countsStatement(query: CatalogQuery, withFacets: boolean) {
  const shape = [withFacets, namedBrands(query).length > 0, query.brands.includes(OTHER_BRANDS.slug), query.category !== null, query.vehicles.length > 0, query.condition !== null]
    .map(Number)
    .join('');
  let run = statements.get(shape);
  if (!run) {
    run = preparedQuery<CountsRow>('facet_counts', () => countsSql(query, withFacets));
    statements.set(shape, run);
  }
  return run;
}

function countsSql(query: CatalogQuery, withFacets: boolean): SQL {
  const active = sql`${catalogFacetCounts.active} and ${catalogFacetCounts.n} > 0`;
  if (!withFacets) {
    return sql`select coalesce(sum(${catalogFacetCounts.n}), 0)::int as total from ${catalogFacetCounts}
      where ${and(active, ...FACETS.flatMap((f) => facetFilter(query, f, FACET_COUNT_KEYS) ?? []))}`;
  }
  return sql`select coalesce(json_agg(f), '[]'::json) as facets from (${facetAggregate(
    sql`(select ${facetColumns(query, FACET_COUNT_KEYS)}, ${catalogFacetCounts.n} as n from ${catalogFacetCounts} where ${active}) m`,
    sql`n`,
  )}) f`;
}

/** A browse's facets and total, from the counts table. */
export async function browseFacetCounts(db: Db, query: CatalogQuery, values: Record<SearchValue, unknown>): Promise<{ facets: Facets; total: number }> {
  const [row] = await countsStatement(query, true)(db, values);
  return facetsFromRows(row?.facets ?? []);
}

/** A browse's total alone, from the counts table. */
export async function browseTotal(db: Db, query: CatalogQuery, values: Record<SearchValue, unknown>): Promise<number> {
  const [row] = await countsStatement(query, false)(db, values);
  return Number(row?.total ?? 0);
}

/**
 * Inside a transaction that rewrites many products' fitment keys (a seed's fitment): vehicle_facet_counts
 * (migration 0028) waits for `rebuildVehicleFacetCounts` instead of a row trigger per product.
 */
export async function deferVehicleFacetCounts(tx: Pick<Db, 'execute'>): Promise<void> {
  await tx.execute(sql`select set_config('olimpo.defer_vehicle_counts', 'on', true)`);
}

/** Writes vehicle_facet_counts again from the products, in one statement, and ends the deferral. Returns its rows. */
export async function rebuildVehicleFacetCounts(db: Pick<Db, 'execute'>): Promise<number> {
  const result = await db.execute(sql`select olimpo_rebuild_vehicle_facet_counts() as written`);
  return Number((result as unknown as { rows: { written: number }[] }).rows[0]?.written ?? 0);
}
