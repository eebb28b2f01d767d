// The catalog search: full-text search in Portuguese (olimpo_pt + unaccent + plural folding), typo
// correction through the trigram lexicon, filters with per-option counts, sort and paging. It picks the
// statement: the postings for one word (postings.server.ts), one statement with the facets for words
// (facets.ts), or the general page and count (statement.ts), each built once per shape.
import { and, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { shapeCache, unnamedSelect, unnamedStatement } from '#src/db/prepared.server.ts';
import { productImages, products } from '../schema.ts';
import type { CatalogQuery } from '../query.ts';
import { lastListedPage, MAX_LISTED_RESULTS } from '../list-depth.ts';
import { searchTerms } from '../query.ts';
import type { Facets, SearchResult } from '../types.ts';
import { summaryColumns, toSummary } from '../card.ts';
import type { SummaryRow } from '../card.ts';
import { facetAggregate, facetColumns, facetsFromRows, textWithFacetsSql } from './facets.ts';
import type { FacetRow } from './facets.ts';
import { postingsCanAnswer, searchPostingsFor } from './postings.server.ts';
import { browseFacetCounts, browseTotal, facetCountsCanAnswer } from './facet-counts.server.ts';
import { baseConditions, conditions, orderBy, searchShape, searchValues, tsQuery, value } from './statement.ts';
import type { SearchRestriction, SearchValue } from './statement.ts';
import { correctTerms } from './typos.server.ts';
import { searchVehicleList, vehicleListCanAnswer } from './vehicle-list.server.ts';
import { withBrandLabels } from './brand-labels.server.ts';

const searchStatements = shapeCache<{ execute(values: Record<string, unknown>): Promise<unknown> }>();

async function runSearch(db: Db, query: CatalogQuery, terms: string[], withFacets: boolean, restrict?: SearchRestriction) {
  const ts = tsQuery(terms);
  const values = searchValues(query, terms, restrict);
  // One vehicle version and year (a garage), no words or prices: counted from vehicle_facet_counts, its page
  // read in order (vehicle-list.server.ts).
  if (vehicleListCanAnswer(query, terms, restrict)) return searchVehicleList(db, query, values, restrict.keyed, withFacets);
  if (ts && postingsCanAnswer(query, terms, restrict)) {
    // One word: `firstTerm` is the word.
    const answered = await searchPostingsFor(db, query, values, withFacets);
    if (answered) return answered;
  }
  // With facets, the words or a vehicle read every match anyway (ranking, a window count): one statement
  // reads them once for the page, the total and the counts (searchWithFacets).
  if (withFacets && (ts || restrict)) return searchWithFacets(db, query, ts, terms, values, restrict);
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
  // A browse (no words, price range or vehicle) sums its total and facet counts from catalog_facet_counts.
  const fromCountsTable = ts === null && facetCountsCanAnswer(query, terms, restrict);
  // Otherwise a count stops after MAX_LISTED_RESULTS + 1 matches: past that the list says "mais de 10.000".
  const count = async () => {
    if (fromCountsTable) return browseTotal(db, query, values);
    const statement = searchStatements(db, searchShape('count', query, terms, restrict), () =>
      unnamedSelect(
        db.select({ n: sql<number>`count(*)::int` }).from(
          db
            .select({ one: sql`1`.as('one') })
            .from(products)
            .where(where())
            .limit(MAX_LISTED_RESULTS + 1)
            .as('matched'),
        ),
      ),
    );
    const rows = (await statement.execute(values)) as { n: number }[];
    return rows[0]?.n ?? 0;
  };
  const [page, counted, facets] = await Promise.all([
    searchStatements(db, searchShape('page', query, terms, restrict), pageStatement).execute(values) as Promise<PageRow[]>,
    windowTotal || withFacets ? Promise.resolve(null) : count(),
    withFacets ? (fromCountsTable ? browseFacetCounts(db, query, values) : facetCounts(db, query, ts, terms, values, restrict)) : Promise.resolve(undefined),
  ]);
  // A page past the end has no row to carry the total.
  const total = facets ? facets.total : counted !== null ? counted : page.length > 0 ? Number(page[0]!.total) : offset === 0 && query.pageSize > 0 ? 0 : await count();
  return {
    items: page.map((r) => ({ ...toSummary(r), description: r.description })),
    // Which results the restriction ranks first (fitment: made for the vehicle), by id.
    firstIds: page.filter((r) => r.first).map((r) => r.id),
    total,
    facets: facets?.facets,
    countCapped: !fromCountsTable && !facets && (counted !== null || (page.length === 0 && offset > 0)),
  };
}

export async function searchProducts(db: Db, query: CatalogQuery, opts: { facets?: boolean; restrict?: SearchRestriction } = {}): Promise<SearchResult> {
  const terms = searchTerms(query.q);
  // A list goes as deep as MAX_LISTED_RESULTS: a page past that is not read (its counts are), and the page
  // says how to narrow the list. Page 417 costs what page 1 costs plus 10,000 index entries, at any size.
  const lastPage = lastListedPage(query.pageSize);
  const beyondLastPage = query.page > lastPage;
  const asked = beyondLastPage ? { ...query, page: 1, pageSize: 0 } : query;
  let result = await runSearch(db, asked, terms, opts.facets ?? false, opts.restrict);
  let correctedQuery: string | null = null;
  if (result.total === 0 && terms.length > 0) {
    const corrected = await correctTerms(db, terms);
    if (corrected.join(' ') !== terms.join(' ')) {
      const retry = await runSearch(db, asked, corrected, opts.facets ?? false, opts.restrict);
      if (retry.total > 0) {
        result = retry;
        correctedQuery = corrected.join(' ');
      }
    }
  }
  const { firstIds, countCapped: _capped, ...rest } = result as typeof result & { countCapped?: boolean };
  // The facets name brands by slug: the catalog's spelling of each ("Hella"), known after its first list.
  const facets = rest.facets && { ...rest.facets, brands: await withBrandLabels(db, rest.facets.brands) };
  return {
    ...rest,
    facets,
    ...(opts.restrict?.first ? { firstIds } : {}),
    page: query.page,
    pageSize: query.pageSize,
    totalPages: Math.min(lastPage, Math.max(1, Math.ceil(result.total / query.pageSize))),
    correctedQuery,
    // A capped count (count()) that found more than MAX_LISTED_RESULTS: the total is "mais de 10.000".
    totalIsLowerBound: result.total > MAX_LISTED_RESULTS && (result as { countCapped?: boolean }).countCapped === true,
    lastPage,
    // Only a list longer than its depth: a page past the end of a short list is just empty, as before.
    beyondLastPage: beyondLastPage && result.total > MAX_LISTED_RESULTS,
  };
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
    unnamedStatement<FacetRow>(db, facetAggregate(sql`(select ${facetColumns(query)} from ${products} where ${and(...baseConditions(query, ts, restrict)) ?? sql`true`}) m`)),
  );
  return facetsFromRows((await statement.execute(values)) as FacetRow[]);
}

/**
 * A text search or a vehicle's list with its facet counts, in one statement that reads the matches once.
 * Ranking a broad word's matches needs every matching row anyway (ts_rank_cd), a vehicle's list ranks its
 * parts before the universal ones and counts them in the page, and the counts need every match too: the
 * matches are materialized once with their sort keys and facet keys (CTE m), then counted (GROUPING SETS) and
 * ranked (top N) from there, and the page's rows and first images come back as JSON in the same answer.
 * Before, the page and the counts were two statements, each reading every match from the products table (at
 * 100,000 products, "farol" matches 13,137 rows over 10,116 heap pages; a Gol 1.0 2015 9,378 rows over 3,496
 * pages, twice). A browse without words or vehicle does not come here: it takes its page from an index in
 * order and stops after 24 rows.
 */
async function searchWithFacets(db: Db, query: CatalogQuery, ts: SQL | null, terms: string[], values: Record<SearchValue, unknown>, restrict?: SearchRestriction) {
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
