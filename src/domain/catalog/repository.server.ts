// Catalog reads and the search: full-text search in Portuguese (olimpo_pt + unaccent + plural folding),
// typo correction through the trigram lexicon, filters with per-option counts, sort and paging.
import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.server.ts';
import { preparedQuery, preparedSelect, shapeCache, unnamedSelect, unnamedStatement } from '../../db/prepared.server.ts';
import { productImages, products, productVariants, searchLexicon, searchPostingCounts, searchPostings } from './schema.ts';
import type { CatalogQuery } from './query.ts';
import { searchTerms } from './query.ts';
import { codeSearchKey } from './codes.ts';
import { closestWord } from './typos.ts';
import { CATEGORIES, CONDITIONS, FEATURED_BRANDS, OTHER_BRANDS, VEHICLE_TYPES } from './taxonomy.ts';
import type { CategorySlug, Condition, VehicleType } from './taxonomy.ts';
import type { Facets, FacetOption, ProductDetail, ProductImage, ProductSummary, ProductVariant, SearchResult } from './types.ts';

const FEATURED_BRAND_SLUGS = FEATURED_BRANDS.map((b) => b.slug) as string[];

/**
 * The search's statements are written with placeholders for every value a shopper chooses, and built once
 * per shape (searchShape, below): the same text for "farol" and "bateria", filled at each run by
 * `searchValues`. drizzle writing the text on every call (and the garbage of it) was most of the server's own
 * work per search: under the bench's varied searches on the demo catalog, side by side, 1.99 → 1.38 ms of
 * server CPU per search and 582 → 783 searches/s (README, issue 16).
 */
type SearchValue = 'brands' | 'category' | 'vehicles' | 'condition' | 'terms' | 'firstTerm' | 'codeAnywhere' | 'codeWhole' | 'minPrice' | 'maxPrice' | 'limit' | 'offset';
const value = (key: SearchValue) => sql.placeholder(key);

/** The values of a search's placeholders (and of its restriction's). */
function searchValues(query: CatalogQuery, terms: string[], restrict?: SearchRestriction): Record<SearchValue, unknown> {
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
function searchShape(kind: string, query: CatalogQuery, terms: string[], restrict?: SearchRestriction): string | null {
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

const searchStatements = shapeCache<{ execute(values: Record<string, unknown>): Promise<unknown> }>();

/** A tsquery expression for the search words (AND of the words), or null when nothing is searchable. */
function tsQuery(terms: string[]): SQL | null {
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

type Filter = 'brand' | 'category' | 'vehicle' | 'condition';

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
}

/** The columns a facet filter reads: the products table's, or the same keys elsewhere (the search postings). */
interface FacetKeys {
  brandSlug: SQL;
  category: SQL;
  vehicleType: SQL;
  condition: SQL;
}
const PRODUCT_KEYS: FacetKeys = {
  brandSlug: sql`${products.brandSlug}`,
  category: sql`${products.category}`,
  vehicleType: sql`${products.vehicleType}`,
  condition: sql`${products.condition}`,
};
const POSTING_KEYS: FacetKeys = {
  brandSlug: sql`${searchPostings.brandSlug}`,
  category: sql`${searchPostings.category}`,
  vehicleType: sql`${searchPostings.vehicleType}`,
  condition: sql`${searchPostings.condition}`,
};
const COUNT_KEYS: FacetKeys = {
  brandSlug: sql`${searchPostingCounts.brandSlug}`,
  category: sql`${searchPostingCounts.category}`,
  vehicleType: sql`${searchPostingCounts.vehicleType}`,
  condition: sql`${searchPostingCounts.condition}`,
};

/** The filter of one facet (brand, category, vehicle type, condition), or null when the query has none. */
function facetFilter(query: CatalogQuery, filter: Filter, keys: FacetKeys = PRODUCT_KEYS): SQL | null {
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

const namedBrands = (query: CatalogQuery) => query.brands.filter((b) => b !== OTHER_BRANDS.slug);

const FACETS: Filter[] = ['brand', 'category', 'vehicle', 'condition'];

/** What every result and every facet count share: the words, the restriction, the price range. */
function baseConditions(query: CatalogQuery, ts: SQL | null, restrict?: SearchRestriction): SQL[] {
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

function conditions(query: CatalogQuery, ts: SQL | null, restrict?: SearchRestriction): SQL[] {
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
interface SortKey {
  expr: SQL;
  desc: boolean;
}

function sortKeys(query: CatalogQuery, ts: SQL | null, terms: string[], restrict?: SearchRestriction): SortKey[] {
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
      return ts && terms[0]
        ? [...first, down(relevance(ts)), down(products.popularity), up(products.id)]
        : [...first, down(products.popularity), up(products.id)];
    }
  }
}

const ordered = (k: SortKey) => (k.desc ? sql`${k.expr} desc` : sql`${k.expr} asc`);

function orderBy(query: CatalogQuery, ts: SQL | null, terms: string[], restrict?: SearchRestriction): SQL[] {
  return sortKeys(query, ts, terms, restrict).map(ordered);
}

const summaryColumns = {
  id: products.id,
  slug: products.slug,
  title: products.title,
  brand: products.brand,
  category: products.category,
  priceCents: products.priceCents,
  oldPriceCents: products.oldPriceCents,
  onSale: products.onSale,
  discountPercent: products.discountPercent,
  stock: products.stock,
  imageUrl: productImages.url,
  imageAlt: productImages.alt,
  imageWidth: productImages.width,
  imageHeight: productImages.height,
};

/** The card's columns (and the description) as `json_build_object` pairs, keyed as `SummaryRow`. */
const cardJsonFields = sql.join(
  Object.entries({ ...summaryColumns, description: products.description }).map(([key, column]) => sql`${key}::text, ${column}`),
  sql`, `,
);

interface SummaryRow {
  id: number;
  slug: string;
  title: string;
  brand: string;
  category: string;
  priceCents: number;
  oldPriceCents: number | null;
  onSale: boolean;
  discountPercent: number;
  stock: number;
  imageUrl: string | null;
  imageAlt: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
}

function toSummary(r: SummaryRow): ProductSummary {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    brand: r.brand,
    category: r.category as CategorySlug,
    priceCents: r.priceCents,
    oldPriceCents: r.oldPriceCents,
    onSale: r.onSale,
    discountPercent: r.discountPercent,
    stock: r.stock,
    image:
      r.imageUrl === null
        ? null
        : { url: r.imageUrl, alt: r.imageAlt ?? r.title, width: r.imageWidth ?? 600, height: r.imageHeight ?? 600 },
  };
}

function summaries(db: Db) {
  return db
    .select({ ...summaryColumns })
    .from(products)
    .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 0)));
}

async function runSearch(db: Db, query: CatalogQuery, terms: string[], withFacets: boolean, restrict?: SearchRestriction) {
  const ts = tsQuery(terms);
  const values = searchValues(query, terms, restrict);
  if (ts && postingsCanAnswer(query, terms, restrict)) {
    // One word: `firstTerm` is the word.
    const answered = await searchPostingsFor(db, query, values, withFacets);
    if (answered) return answered;
  }
  if (withFacets && ts) return searchWithFacets(db, query, ts, terms, values, restrict);
  // Built only when a statement of this shape is (searchStatements): a cached shape needs just the values.
  const where = () => and(...conditions(query, ts, restrict));
  const offset = values.offset as number;
  // The page is chosen on products alone (a subquery with its LIMIT), then its rows and first images are
  // joined for those ids only, in the same statement: joining the images first made PostgreSQL hash-join all
  // 500,000 image rows for a broad search (EXPLAIN: 220 ms of "filtro" on 100,000), and a second statement
  // cost a round trip (on PGlite, a whole protocol exchange).
  // The total: when every match is read anyway, the page brings the count along (`count(*) over ()`: one read
  // of the matches instead of two): with a restriction (a vehicle), and for a word search in relevance order
  // (ranking reads every match; on the demo catalog a word search went from 8.4 ms in two statements to about
  // half that, and "farol" at 100,000 products on PostgreSQL from 104 to 84 ms). Otherwise a separate count
  // lets an index-ordered page stop after its rows: "farol" by lowest price at 100,000 products took 75 ms
  // that way and 434 ms with the count in the page (PostgreSQL walked the price index through every row).
  // With facets, a text search has its own single statement (searchWithFacets).
  const windowTotal = restrict !== undefined || (ts !== null && query.sort === 'relevancia');
  const pageStatement = () => {
    const chosen = db
      .select({
        id: sql<number>`${products.id}`.as('chosen_id'),
        first: (restrict?.first ? sql<boolean>`${restrict.first}` : sql<boolean>`false`).as('chosen_first'),
        total: (windowTotal ? sql<number>`(count(*) over ())::int` : sql<number>`0`).as('chosen_total'),
      })
      .from(products)
      .where(where())
      .orderBy(...orderBy(query, ts, terms, restrict))
      .limit(value('limit'))
      .offset(value('offset'))
      .as('chosen');
    // Numbered as they leave the ordered subquery, so the joined rows keep the page's order.
    const pageIds = db
      .select({ id: chosen.id, first: chosen.first, total: chosen.total, ord: sql<number>`row_number() over ()`.as('page_ord') })
      .from(chosen)
      .as('page');
    return unnamedSelect(
      db
        .select({ ...summaryColumns, description: products.description, first: pageIds.first, total: pageIds.total })
        .from(pageIds)
        .innerJoin(products, eq(products.id, pageIds.id))
        .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 0)))
        .orderBy(pageIds.ord),
    );
  };
  type PageRow = SummaryRow & { description: string; first: boolean; total: number };
  const count = async () => {
    const statement = searchStatements(db, searchShape('count', query, terms, restrict), () =>
      unnamedSelect(db.select({ n: sql<number>`count(*)::int` }).from(products).where(where())),
    );
    const rows = (await statement.execute(values)) as { n: number }[];
    return rows[0]?.n ?? 0;
  };
  const [page, counted, facets] = await Promise.all([
    searchStatements(db, searchShape('page', query, terms, restrict), pageStatement).execute(values) as Promise<PageRow[]>,
    windowTotal || withFacets ? Promise.resolve(null) : count(),
    withFacets ? facetCounts(db, query, ts, terms, values, restrict) : Promise.resolve(undefined),
  ]);
  // A page past the end has no row to carry the total.
  const total = facets
    ? facets.total
    : counted !== null
      ? counted
      : page.length > 0
        ? Number(page[0]!.total)
        : offset === 0
          ? 0
          : await count();
  return {
    items: page.map((r) => ({ ...toSummary(r), description: r.description })),
    // Which results the restriction ranks first (fitment: made for the vehicle), by id.
    firstIds: page.filter((r) => r.first).map((r) => r.id),
    total,
    facets: facets?.facets,
  };
}

export async function searchProducts(
  db: Db,
  query: CatalogQuery,
  opts: { facets?: boolean; restrict?: SearchRestriction } = {},
): Promise<SearchResult> {
  const terms = searchTerms(query.q);
  let result = await runSearch(db, query, terms, opts.facets ?? false, opts.restrict);
  let correctedQuery: string | null = null;
  if (result.total === 0 && terms.length > 0) {
    const corrected = await correctTerms(db, terms);
    if (corrected.join(' ') !== terms.join(' ')) {
      const retry = await runSearch(db, query, corrected, opts.facets ?? false, opts.restrict);
      if (retry.total > 0) {
        result = retry;
        correctedQuery = corrected.join(' ');
      }
    }
  }
  const { firstIds, ...rest } = result;
  return {
    ...rest,
    ...(opts.restrict?.first ? { firstIds } : {}),
    page: query.page,
    pageSize: query.pageSize,
    totalPages: Math.max(1, Math.ceil(result.total / query.pageSize)),
    correctedQuery,
  };
}

/** Replaces words the catalog does not know with the most similar known word (trigram similarity). */
export async function correctTerms(db: Db, terms: string[]): Promise<string[]> {
  const result = await db.execute(sql`
    select t.ord::int as ord,
      coalesce(
        (select l.word from ${searchLexicon} l where l.word = olimpo_search_text(t.term)),
        (select l.word from ${searchLexicon} l
           where length(t.term) >= 4 and l.word % olimpo_search_text(t.term)
           order by similarity(l.word, olimpo_search_text(t.term)) desc, l.word limit 1)
      ) as fixed
    from unnest(${sql.param(terms)}::text[]) with ordinality as t(term, ord)`);
  const rows = (result as unknown as { rows: { ord: number; fixed: string | null }[] }).rows;
  const fixed = new Map(rows.map((r) => [Number(r.ord), r.fixed]));
  // Words the trigrams could not place ("frieo": two trigrams in common with "freio"): the closest lexicon
  // word of similar length and the same first letter, by edit distance (typos.ts).
  const unplaced = terms.filter((t, i) => !fixed.get(i + 1) && t.length >= 4 && !/\d/.test(t));
  if (unplaced.length > 0) {
    const near = await db.execute(sql`
      select t.term, array_agg(l.word) as words
      from unnest(${sql.param(unplaced)}::text[]) as t(term)
      join ${searchLexicon} l on left(l.word, 1) = left(olimpo_search_text(t.term), 1)
        and length(l.word) between length(t.term) - 2 and length(t.term) + 2
      group by t.term`);
    const candidates = new Map(
      (near as unknown as { rows: { term: string; words: string[] }[] }).rows.map((r) => [r.term, r.words]),
    );
    return terms.map((t, i) => fixed.get(i + 1) ?? closestWord(t, candidates.get(t) ?? []) ?? t);
  }
  return terms.map((t, i) => fixed.get(i + 1) ?? t);
}

/** Rebuilds the typo lexicon from the words of product titles, kinds and brands. */
export async function refreshLexicon(db: Db): Promise<void> {
  await db.execute(sql`
    insert into ${searchLexicon} (word)
    select distinct w from (
      select regexp_split_to_table(olimpo_search_text(title || ' ' || kind || ' ' || brand), '[^a-z0-9]+') as w
      from ${products}
    ) words
    where length(w) >= 3
    on conflict do nothing`);
}

/**
 * Option counts, in one statement: each option counts the results it would give, so each facet ignores its
 * own filter and applies the others. The rows matching the words, restriction and prices are read once;
 * GROUPING SETS groups them by each facet, and each grouping set reads the count that leaves its own
 * filter out (before: four statements, each scanning the matches).
 */
async function facetCounts(
  db: Db,
  query: CatalogQuery,
  ts: SQL | null,
  terms: string[],
  values: Record<SearchValue, unknown>,
  restrict?: SearchRestriction,
): Promise<{ facets: Facets; total: number }> {
  const statement = searchStatements(db, searchShape('facets', query, terms, restrict), () =>
    unnamedStatement<FacetRow>(
      db,
      facetAggregate(sql`(select ${facetColumns(query)} from ${products} where ${and(...baseConditions(query, ts, restrict)) ?? sql`true`}) m`),
    ),
  );
  return facetsFromRows((await statement.execute(values)) as FacetRow[]);
}

/** Per match: its facet keys and whether it passes each facet's filter (the source of `facetAggregate`). */
function facetColumns(query: CatalogQuery, keys: FacetKeys = PRODUCT_KEYS): SQL {
  const pass = Object.fromEntries(FACETS.map((f) => [f, facetFilter(query, f, keys) ?? sql`true`])) as Record<Filter, SQL>;
  return sql`case when ${inArray(keys.brandSlug, FEATURED_BRAND_SLUGS)} then ${keys.brandSlug} else ${OTHER_BRANDS.slug} end as brand_key,
    ${keys.category} as category, ${keys.vehicleType} as vehicle_type, ${keys.condition} as condition,
    ${pass.brand} as ok_brand, ${pass.category} as ok_category, ${pass.vehicle} as ok_vehicle, ${pass.condition} as ok_condition`;
}

/**
 * The facet counts over `source` (rows of `facetColumns`, aliased m). With `weight`, each source row stands
 * for that many matches (a row of search_posting_counts) and is summed instead of counted.
 */
function facetAggregate(source: SQL, weight?: SQL): SQL {
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

type FacetRow = { g: number; brand_key: string | null; category: string | null; vehicle_type: string | null; condition: string | null; n_brand: number; n_category: number; n_vehicle: number; n_condition: number; n_all: number };

function facetsFromRows(rows: FacetRow[]): { facets: Facets; total: number } {
  // grouping(...) has a bit set for each column NOT grouped in that row: 0b0111 = by brand, 0b1011 = by category …
  const counts = (bits: number, key: (r: FacetRow) => string | null, n: (r: FacetRow) => number) =>
    new Map(rows.filter((r) => Number(r.g) === bits).map((r) => [key(r) ?? '', Number(n(r))]));
  const options = (all: readonly { slug: string; label: string }[], found: Map<string, number>): FacetOption[] =>
    all.map((o) => ({ slug: o.slug, label: o.label, count: found.get(o.slug) ?? 0 }));
  return {
    facets: {
      brands: options([...FEATURED_BRANDS, OTHER_BRANDS], counts(0b0111, (r) => r.brand_key, (r) => r.n_brand)),
      categories: options(CATEGORIES, counts(0b1011, (r) => r.category, (r) => r.n_category)),
      vehicles: options(VEHICLE_TYPES, counts(0b1101, (r) => r.vehicle_type, (r) => r.n_vehicle)),
      conditions: options(CONDITIONS, counts(0b1110, (r) => r.condition, (r) => r.n_condition)),
    },
    // The brand rows split every match by brand: their rows passing every filter add up to the results.
    total: rows.filter((r) => Number(r.g) === 0b0111).reduce((n, r) => n + Number(r.n_all), 0),
  };
}

/**
 * A text search with its facet counts, in one statement that reads the matches once. Ranking a broad word's
 * matches needs every matching row anyway (ts_rank_cd), and so do the counts: the matches are materialized
 * once with their sort keys and facet keys (CTE m), then counted (GROUPING SETS) and ranked (top N) from
 * there, and the page's rows and first images come back as JSON in the same answer. Before, the page and the
 * counts were two statements, each reading every match from the products table (at 100,000 products,
 * "farol" matches 13,137 rows over 10,116 heap pages). Without search words this is not used: a browse can
 * take its page from an index in order and stop after 24 rows.
 */
async function searchWithFacets(db: Db, query: CatalogQuery, ts: SQL, terms: string[], values: Record<SearchValue, unknown>, restrict?: SearchRestriction) {
  const statement = searchStatements(db, searchShape('text+facets', query, terms, restrict), () => unnamedStatement(db, textWithFacetsSql(query, ts, terms, restrict)));
  const [row] = (await statement.execute(values)) as { facets: FacetRow[]; items: (SummaryRow & { description: string; first: boolean })[] }[];
  const { items } = row!;
  const { facets, total } = facetsFromRows(row!.facets);
  return {
    items: items.map((r) => ({ ...toSummary(r), description: r.description })),
    firstIds: items.filter((r) => r.first).map((r) => r.id),
    total,
    facets,
  };
}

/** The statement of `searchWithFacets`, for the shape of `query`. */
function textWithFacetsSql(query: CatalogQuery, ts: SQL, terms: string[], restrict?: SearchRestriction): SQL {
  const keys = sortKeys(query, ts, terms, restrict);
  const keyName = (i: number) => sql.raw(`k${i}`);
  return sql`
    with m as materialized (
      select ${products.id} as id, ${restrict?.first ?? sql`false`} as first_flag,
        ${sql.join(keys.map((k, i) => sql`${k.expr} as ${keyName(i)}`), sql`, `)},
        ${facetColumns(query)}
      from ${products}
      where ${and(...baseConditions(query, ts, restrict)) ?? sql`true`}
    ),
    page as (
      select id, first_flag, row_number() over () as ord from (
        select id, first_flag from m
        where ok_brand and ok_category and ok_vehicle and ok_condition
        order by ${sql.join(keys.map((k, i) => (k.desc ? sql`${keyName(i)} desc` : sql`${keyName(i)} asc`)), sql`, `)}
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

/**
 * Whether the search postings can answer this search: one word, in relevance order, with no price range,
 * no restriction (vehicle) and nothing that looks like a part number (those also match the codes). Facet
 * filters are fine: the postings carry the keys. The word must also be one lexeme (checked in the statement).
 */
function postingsCanAnswer(query: CatalogQuery, terms: string[], restrict?: SearchRestriction): boolean {
  return (
    terms.length === 1 &&
    query.sort === 'relevancia' &&
    restrict === undefined &&
    query.minPriceCents === null &&
    query.maxPriceCents === null &&
    codeSearchKey(query.q) === null
  );
}

type PostingsRow = { lexeme: string | null; facets?: FacetRow[]; total?: number; items: (SummaryRow & { description: string })[] };

/**
 * The postings statement of one shape: which facet filters are set, and whether the facets are counted. Its
 * text depends on nothing else, so it is built once per shape (at most 64) with placeholders for the values
 * and run as a named statement: parsing and planning it cost more than running it (on PGlite 5.4 of 6.6 ms
 * on the demo catalog), and building its text on every call was 3.3 % of an uncached list page's server CPU
 * (a --cpu-prof profile on PostgreSQL at 100,000 products).
 */
const postingsStatements = new Map<string, (db: Db, values: Record<string, unknown>) => Promise<PostingsRow[]>>();

function postingsStatement(query: CatalogQuery, withFacets: boolean) {
  const shape = [
    withFacets,
    namedBrands(query).length > 0,
    query.brands.includes(OTHER_BRANDS.slug),
    query.category !== null,
    query.vehicles.length > 0,
    query.condition !== null,
  ]
    .map(Number)
    .join('');
  let run = postingsStatements.get(shape);
  if (!run) {
    run = preparedQuery<PostingsRow>('search_postings', (p) => postingsSql(query, withFacets, p));
    postingsStatements.set(shape, run);
  }
  return run;
}

/** The postings statement's text for the shape of `query`; its values are placeholders (see above). */
function postingsSql(query: CatalogQuery, withFacets: boolean, p: (key: string) => SQLWrapper): SQL {
  const filters = FACETS.flatMap((f) => facetFilter(query, f, POSTING_KEYS) ?? []);
  const lexeme = sql`(select lexeme from lx)`;
  // The counts come from search_posting_counts: one row per combination of facet keys the word's products
  // have (tens of rows), kept by triggers, instead of its thousands of postings.
  const counted = sql`${searchPostingCounts.lexeme} = ${lexeme} and ${searchPostingCounts.n} > 0`;
  const counts = withFacets
    ? sql`(select coalesce(json_agg(f), '[]'::json) from (${facetAggregate(
        sql`(select ${facetColumns(query, COUNT_KEYS)}, n from ${searchPostingCounts} where ${counted}) m`,
        sql`n`,
      )}) f) as facets`
    : sql`(select coalesce(sum(${searchPostingCounts.n}), 0)::int from ${searchPostingCounts}
           where ${and(counted, ...FACETS.flatMap((f) => facetFilter(query, f, COUNT_KEYS) ?? []))}) as total`;
  return sql`
    with lx as (
      select case when numnode(q) = 1 then btrim(q::text, '''') end as lexeme
      from to_tsquery('olimpo_pt', olimpo_search_text(${p('firstTerm')})) q
    ),
    page as (
      select product_id as id, row_number() over () as ord from (
        select ${searchPostings.productId} from ${searchPostings}
        where ${and(sql`${searchPostings.lexeme} = ${lexeme}`, ...filters)}
        order by ${searchPostings.score} desc, ${searchPostings.popularity} desc, ${searchPostings.productId}
        limit ${p('limit')} offset ${p('offset')}
      ) chosen
    )
    select (select lexeme from lx) as lexeme, ${counts},
      (select coalesce(json_agg(json_build_object(${cardJsonFields}) order by page.ord), '[]'::json)
        from page
        join ${products} on ${products.id} = page.id
        left join ${productImages} on ${productImages.productId} = ${products.id} and ${productImages.position} = 0) as items`;
}

/**
 * A one-word search from the postings (`search_postings`, kept by triggers): the page is read in rank order
 * from the ranking index and stops after its rows, and the counts (with facets: per option; without: the
 * total) are sums over the word's rows of `search_posting_counts`, without reading the products. The ranking
 * is the one `relevance()` gives a one-lexeme query (score precomputed by the same expression), then
 * popularity, then id: the same page.
 * Returns null when the word is not exactly one lexeme (a stop word, or a word the dictionary splits): the
 * caller then runs the general search.
 */
async function searchPostingsFor(db: Db, query: CatalogQuery, values: Record<SearchValue, unknown>, withFacets: boolean) {
  const [row] = await postingsStatement(query, withFacets)(db, values);
  if (!row || row.lexeme === null) return null;
  const fromFacets = row.facets ? facetsFromRows(row.facets) : null;
  return {
    items: row.items.map((r) => ({ ...toSummary(r), description: r.description })),
    firstIds: [] as number[],
    total: fromFacets ? fromFacets.total : Number(row.total ?? 0),
    facets: fromFacets?.facets,
  };
}

/**
 * The product page's columns: the product with its images and variants as JSON arrays (three statements
 * before; on PGlite each is a whole protocol exchange and a plan, on PostgreSQL a round trip). The subqueries
 * name "products"."id" in full: drizzle writes a lone table's columns unqualified, and "id" would be the image's.
 */
const detailFields = {
  id: products.id,
  slug: products.slug,
  title: products.title,
  description: products.description,
  kind: products.kind,
  brand: products.brand,
  category: products.category,
  vehicleType: products.vehicleType,
  condition: products.condition,
  refCode: products.refCode,
  oemCodes: products.oemCodes,
  equivalentCodes: products.equivalentCodes,
  specs: products.specs,
  priceCents: products.priceCents,
  oldPriceCents: products.oldPriceCents,
  onSale: products.onSale,
  discountPercent: products.discountPercent,
  stock: products.stock,
  createdAt: products.createdAt,
  images: sql<ProductImage[]>`coalesce((
    select json_agg(json_build_object('url', i.url, 'alt', i.alt, 'width', i.width, 'height', i.height) order by i.position)
    from ${productImages} i where i.product_id = "products"."id"), '[]'::json)`,
  variants: sql<ProductVariant[]>`coalesce((
    select json_agg(json_build_object('id', v.id, 'color', v.color, 'size', v.size, 'stock', v.stock) order by v.color, length(v.size), v.size)
    from ${productVariants} v where v.product_id = "products"."id"), '[]'::json)`,
};

const detailQuery = (db: Db, id: number) =>
  db
    .select(detailFields)
    .from(products)
    .where(and(eq(products.id, id), eq(products.active, true)))
    .limit(1);
type DetailRow = Awaited<ReturnType<typeof detailQuery>>[number];

function toDetail(row: DetailRow): ProductDetail {
  const { images, variants } = row;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    kind: row.kind,
    brand: row.brand,
    category: row.category as CategorySlug,
    vehicleType: row.vehicleType as VehicleType,
    condition: row.condition as Condition,
    refCode: row.refCode,
    oemCodes: row.oemCodes,
    equivalentCodes: row.equivalentCodes,
    specs: Array.isArray(row.specs) ? row.specs : [],
    priceCents: row.priceCents,
    oldPriceCents: row.oldPriceCents,
    onSale: row.onSale,
    discountPercent: row.discountPercent,
    stock: row.stock,
    createdAt: row.createdAt.toISOString(),
    image: images[0] ?? null,
    images,
    variants,
  };
}

const validId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647;

export async function getProduct(db: Db, id: number): Promise<ProductDetail | null> {
  if (!validId(id)) return null;
  const [row] = await detailQuery(db, id);
  return row ? toDetail(row) : null;
}

/**
 * The card's fields as `json_build_object` pairs over a product row aliased `p` and its first image aliased
 * `i` (the same keys and columns as summaryColumns, for a subquery under another "products").
 */
function cardJsonFieldsAliased(p: string, i: string): SQL {
  return sql.join(
    Object.entries(summaryColumns).map(([key, column]) => sql`${key}::text, ${sql.identifier(column.table === products ? p : i)}.${sql.identifier(column.name)}`),
    sql`, `,
  );
}

/**
 * The product page without a vehicle: the product and `relatedCount` related products (relatedProducts
 * without a restriction: the same category, in stock, most popular first) in one statement. On PGlite each
 * statement is a whole protocol exchange and a plan; this saves one per product page.
 */
const productWithRelated = preparedSelect('product_with_related', (db) =>
  db
    .select({
      ...detailFields,
      related: sql<SummaryRow[]>`coalesce((
        select json_agg(json_build_object(${cardJsonFieldsAliased('rp', 'ri')}) order by rp.popularity desc, rp.id)
        from (select * from ${products} r
              where r.category = "products"."category" and r.id <> "products"."id" and r.stock > 0 and r.active
              order by r.popularity desc, r.id limit ${sql.placeholder('related')}) rp
        left join ${productImages} ri on ri.product_id = rp.id and ri.position = 0), '[]'::json)`,
    })
    .from(products)
    .where(and(eq(products.id, sql.placeholder('id')), eq(products.active, true)))
    .limit(1),
);

export async function getProductWithRelated(db: Db, id: number, relatedCount: number): Promise<{ product: ProductDetail; related: ProductSummary[] } | null> {
  if (!validId(id)) return null;
  const [row] = await productWithRelated(db, { id, related: relatedCount });
  if (!row) return null;
  return { product: toDetail(row), related: row.related.map(toSummary) };
}

/** "Produtos em alta": the most popular products in stock (of those the restriction allows, if any). */
export async function trendingProducts(db: Db, limit: number, restrict?: SearchRestriction): Promise<ProductSummary[]> {
  const rows = restrict
    ? await summaries(db)
        .where(and(sql`${products.stock} > 0`, eq(products.active, true), restrict.where))
        .orderBy(desc(products.popularity), asc(products.id))
        .limit(limit)
        .execute(restrict.values)
    : await trending(db, { limit });
  return rows.map(toSummary);
}

/** trendingProducts without a restriction (the home page and the cart for most shoppers), built once. */
const trending = preparedSelect('trending_products', (db) =>
  summaries(db)
    .where(and(sql`${products.stock} > 0`, eq(products.active, true)))
    .orderBy(desc(products.popularity), asc(products.id))
    .limit(sql.placeholder('limit')),
);

/** Related products: others of the same category, most popular first (of those the restriction allows, if any). */
export async function relatedProducts(db: Db, product: { id: number; category: string }, limit: number, restrict?: SearchRestriction) {
  const rows = await summaries(db)
    .where(and(eq(products.category, product.category), sql`${products.id} <> ${product.id}`, sql`${products.stock} > 0`, eq(products.active, true), restrict?.where))
    .orderBy(desc(products.popularity), asc(products.id))
    .limit(limit)
    .execute(restrict?.values);
  return rows.map(toSummary);
}

export async function countProducts(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
  return row?.n ?? 0;
}

/** Ids and update times for the sitemap. */
export async function productIndex(db: Db, limit: number) {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.active, true))
    .orderBy(asc(products.id))
    .limit(limit);
}
