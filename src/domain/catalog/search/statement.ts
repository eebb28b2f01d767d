// The search statement's pieces, pure (no database): the placeholders and the shape a statement is built
// once for, the restriction other domains put on a search, the filters, the conditions every result and count
// share, and the sort keys (with relevance). search.server.ts runs them; facets.ts and postings.server.ts
// build their own statements from the same pieces.
import { eq, notInArray, sql } from 'drizzle-orm';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import { catalogFacetCounts, products, searchPostingCounts, searchPostings } from '../schema.ts';
import type { CatalogQuery } from '../query.ts';
import { codeSearchKey } from '../codes.ts';
import { FEATURED_BRANDS, OTHER_BRANDS } from '../taxonomy.ts';

export const FEATURED_BRAND_SLUGS = FEATURED_BRANDS.map((b) => b.slug) as string[];

/**
 * The search's statements are written with placeholders for every value a shopper chooses, and built once
 * per shape (searchShape, below): the same text for "farol" and "bateria", filled at each run by
 * `searchValues`. drizzle writing the text on every call (and the garbage of it) was most of the server's own
 * work per search: under the bench's varied searches on the demo catalog, side by side, 1.99 → 1.38 ms of
 * server CPU per search and 582 → 783 searches/s (issue 16's bench runs, in git history).
 */
export type SearchValue = 'brands' | 'category' | 'vehicles' | 'condition' | 'terms' | 'firstTerm' | 'codeAnywhere' | 'codeWhole' | 'minPrice' | 'maxPrice' | 'limit' | 'offset';
export const value = (key: SearchValue) => sql.placeholder(key);

/** The values of a search's placeholders (and of its restriction's). */
export function searchValues(query: CatalogQuery, terms: string[], restrict?: SearchRestriction): Record<SearchValue, unknown> {
  const code = codeSearchKey(query.q);
  return {
    ...restrict?.values,
    // Terms are letters and digits only (searchTerms), so they cannot carry tsquery operators.
    terms: terms.join(' & '),
    firstTerm: terms[0] ?? null,
    codeAnywhere: code === null ? null : `%${code}%`,
    codeWhole: code === null ? null : `% ${code} %`,
    minPrice: query.minPriceCents,
    maxPrice: query.maxPriceCents,
    brands: namedBrands(query),
    category: query.category,
    vehicles: query.vehicles,
    condition: query.condition,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  };
}

/**
 * Everything a search statement's text depends on besides its placeholders: the statement (`kind`), the
 * filters set, the sort, whether there are words and a part number, the restriction's shape. Null with a
 * restriction that carries its values inline: that statement is built for its call only.
 */
export function searchShape(kind: string, query: CatalogQuery, terms: string[], restrict?: SearchRestriction): string | null {
  if (restrict !== undefined && restrict.shape === undefined) return null;
  const flags = [
    terms.length > 0,
    codeSearchKey(query.q) !== null,
    query.minPriceCents !== null,
    query.maxPriceCents !== null,
    namedBrands(query).length > 0,
    query.brands.includes(OTHER_BRANDS.slug),
    query.category !== null,
    query.vehicles.length > 0,
    query.condition !== null,
  ];
  return `${kind}:${query.sort}:${flags.map(Number).join('')}:${restrict?.shape ?? ''}`;
}

/** A tsquery expression for the search words (AND of the words), or null when nothing is searchable. */
export function tsQuery(terms: string[]): SQL | null {
  if (terms.length === 0) return null;
  return sql`to_tsquery('olimpo_pt', olimpo_search_text(${value('terms')}))`;
}

/** A part number anywhere in the product's codes (reference, OEM, equivalents), normalized (codes.ts). */
function codeMatch(): SQL {
  return sql`${products.codeKeys} like ${value('codeAnywhere')}`;
}

/** Code matches rank first under "mais relevantes" (descending): a whole code (2) before a part of one (1). */
function codeRank(): SQL {
  return sql`(case when ${products.codeKeys} like ${value('codeWhole')} then 2 when ${codeMatch()} then 1 else 0 end)`;
}

export type Filter = 'brand' | 'category' | 'vehicle' | 'condition';

/**
 * A restriction other domains put on a search without the catalog knowing its rules: the vehicle filter
 * (fitment) is `where`, and `first` ranks some results ahead under "mais relevantes" (parts made for the
 * vehicle before universal ones).
 */
export interface SearchRestriction {
  where: SQL;
  first?: SQL;
  /**
   * When `where` and `first` take their values from placeholders (`sql.placeholder`): what else their text
   * depends on, so the search builds its statements once per shape (searchShape), and the values, given at
   * each run. Without it, the statements are built for the one call.
   */
  shape?: string;
  values?: Record<string, unknown>;
  /**
   * Set when `where` is exactly "products.fitment_keys holds `specific` or `universal`" and `first` is "holds
   * `specific`" (one vehicle version and model year, the garage's case): the list then sums its total and
   * facets from vehicle_facet_counts and reads its page in order (vehicle-list.server.ts).
   */
  keyed?: { specific: number; universal: number };
}

/** The columns a facet filter reads: the products table's, or the same keys elsewhere (the search postings). */
export interface FacetKeys {
  brandSlug: SQL;
  category: SQL;
  vehicleType: SQL;
  condition: SQL;
}
export const PRODUCT_KEYS: FacetKeys = {
  brandSlug: sql`${products.brandSlug}`,
  category: sql`${products.category}`,
  vehicleType: sql`${products.vehicleType}`,
  condition: sql`${products.condition}`,
};
export const POSTING_KEYS: FacetKeys = {
  brandSlug: sql`${searchPostings.brandSlug}`,
  category: sql`${searchPostings.category}`,
  vehicleType: sql`${searchPostings.vehicleType}`,
  condition: sql`${searchPostings.condition}`,
};
export const COUNT_KEYS: FacetKeys = {
  brandSlug: sql`${searchPostingCounts.brandSlug}`,
  category: sql`${searchPostingCounts.category}`,
  vehicleType: sql`${searchPostingCounts.vehicleType}`,
  condition: sql`${searchPostingCounts.condition}`,
};

export const FACET_COUNT_KEYS: FacetKeys = {
  brandSlug: sql`${catalogFacetCounts.brandSlug}`,
  category: sql`${catalogFacetCounts.category}`,
  vehicleType: sql`${catalogFacetCounts.vehicleType}`,
  condition: sql`${catalogFacetCounts.condition}`,
};

/** The filter of one facet (brand, category, vehicle type, condition), or null when the query has none. */
export function facetFilter(query: CatalogQuery, filter: Filter, keys: FacetKeys = PRODUCT_KEYS): SQL | null {
  switch (filter) {
    case 'brand': {
      if (query.brands.length === 0) return null;
      const named = namedBrands(query);
      const parts: SQL[] = [];
      // One array parameter, not a list: the statement's text stays the same for any number of brands, so a
      // statement built per shape (searchShape, searchPostingsFor) takes few shapes.
      if (named.length > 0) parts.push(sql`${keys.brandSlug} = any(${value('brands')}::text[])`);
      if (query.brands.includes(OTHER_BRANDS.slug)) parts.push(notInArray(keys.brandSlug, FEATURED_BRAND_SLUGS));
      return parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` or `)})`;
    }
    case 'category':
      return query.category ? sql`${keys.category} = ${value('category')}` : null;
    case 'vehicle':
      return query.vehicles.length > 0 ? sql`${keys.vehicleType} = any(${value('vehicles')}::text[])` : null;
    case 'condition':
      return query.condition ? sql`${keys.condition} = ${value('condition')}` : null;
  }
}

export const namedBrands = (query: CatalogQuery) => query.brands.filter((b) => b !== OTHER_BRANDS.slug);

export const FACETS: Filter[] = ['brand', 'category', 'vehicle', 'condition'];

/** What every result and every facet count share: the words, the restriction, the price range. */
export function baseConditions(query: CatalogQuery, ts: SQL | null, restrict?: SearchRestriction): SQL[] {
  // Inactive products (back office) are not in the shop.
  const where: SQL[] = [eq(products.active, true)];
  // A query that looks like a part number also matches the product's codes (issue 17).
  const code = codeSearchKey(query.q);
  if (ts && code) where.push(sql`(${products.searchVector} @@ ${ts} or ${codeMatch()})`);
  else if (ts) where.push(sql`${products.searchVector} @@ ${ts}`);
  if (restrict) where.push(restrict.where);
  if (query.minPriceCents !== null) where.push(sql`${products.priceCents} >= ${value('minPrice')}`);
  if (query.maxPriceCents !== null) where.push(sql`${products.priceCents} <= ${value('maxPrice')}`);
  return where;
}

export function conditions(query: CatalogQuery, ts: SQL | null, restrict?: SearchRestriction): SQL[] {
  return [...baseConditions(query, ts, restrict), ...FACETS.flatMap((f) => facetFilter(query, f) ?? [])];
}

/**
 * Relevance: the text rank, plus a boost when the product's kind starts with the first search word, so
 * "farol" lists headlights before "Lâmpada H4 para Farol". The kind's folded first word is stored
 * (`kind_head`, a generated column): computing it per matching row was most of an uncached search's time.
 * Higher is better (sorted descending).
 */
function relevance(ts: SQL): SQL {
  return sql`(ts_rank_cd(${products.searchVector}, ${ts}) + case when ${products.kindHead} @@ to_tsquery('olimpo_pt', olimpo_search_text(${value('firstTerm')})) then 1 else 0 end)`;
}

/** One sort key: an expression and its direction (written out as ORDER BY, or computed once per match). */
export interface SortKey {
  expr: SQL;
  desc: boolean;
}

export function sortKeys(query: CatalogQuery, ts: SQL | null, terms: string[], restrict?: SearchRestriction): SortKey[] {
  const up = (expr: SQLWrapper): SortKey => ({ expr: sql`${expr}`, desc: false });
  const down = (expr: SQLWrapper): SortKey => ({ expr: sql`${expr}`, desc: true });
  switch (query.sort) {
    case 'menor-preco':
      return [up(products.priceCents), up(products.id)];
    case 'maior-preco':
      return [down(products.priceCents), up(products.id)];
    case 'maiores-descontos':
      return [down(products.discountPercent), down(products.popularity), up(products.id)];
    case 'mais-recentes':
      return [down(products.createdAt), down(products.id)];
    case 'a-z':
      return [up(sql`lower(olimpo_unaccent(${products.title}))`), up(products.id)];
    case 'relevancia': {
      const code = codeSearchKey(query.q);
      const first = [...(code ? [down(codeRank())] : []), ...(restrict?.first ? [down(restrict.first)] : [])];
      return ts && terms[0] ? [...first, down(relevance(ts)), down(products.popularity), up(products.id)] : [...first, down(products.popularity), up(products.id)];
    }
  }
}

const ordered = (k: SortKey) => (k.desc ? sql`${k.expr} desc` : sql`${k.expr} asc`);

export function orderBy(query: CatalogQuery, ts: SQL | null, terms: string[], restrict?: SearchRestriction): SQL[] {
  return sortKeys(query, ts, terms, restrict).map(ordered);
}
