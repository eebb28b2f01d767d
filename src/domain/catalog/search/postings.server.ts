// The search postings (search_postings and search_posting_counts, migration 0014): a one-word search read
// from them in rank order, with its counts summed per facet, and their upkeep. Triggers on products keep
// them; a bulk load writes them once at the end instead, with the indexes built and the counts grouped
// after the rows: kept row by row, the 100,000-product seed on PostgreSQL took 99.8 s instead of 59.8 s.
import { and, sql } from 'drizzle-orm';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { preparedQuery } from '#src/db/prepared.server.ts';
import { productImages, products, searchPostingCounts, searchPostings } from '../schema.ts';
import type { CatalogQuery } from '../query.ts';
import { codeSearchKey } from '../codes.ts';
import { OTHER_BRANDS } from '../taxonomy.ts';
import { cardJsonFields, toSummary } from '../card.ts';
import type { SummaryRow } from '../card.ts';
import { facetAggregate, facetColumns, facetsFromRows } from './facets.ts';
import type { FacetRow } from './facets.ts';
import { COUNT_KEYS, FACETS, facetFilter, namedBrands, POSTING_KEYS } from './statement.ts';
import type { SearchRestriction, SearchValue } from './statement.ts';

/**
 * Whether the search postings can answer this search: one word, in relevance order, with no price range,
 * no restriction (vehicle) and nothing that looks like a part number (those also match the codes). Facet
 * filters are fine: the postings carry the keys. The word must also be one lexeme (checked in the statement).
 */
export function postingsCanAnswer(query: CatalogQuery, terms: string[], restrict?: SearchRestriction): boolean {
  return terms.length === 1 && query.sort === 'relevancia' && restrict === undefined && query.minPriceCents === null && query.maxPriceCents === null && codeSearchKey(query.q) === null;
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
  const shape = [withFacets, namedBrands(query).length > 0, query.brands.includes(OTHER_BRANDS.slug), query.category !== null, query.vehicles.length > 0, query.condition !== null]
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
    ? sql`(select coalesce(json_agg(f), '[]'::json) from (${facetAggregate(sql`(select ${facetColumns(query, COUNT_KEYS)}, n from ${searchPostingCounts} where ${counted}) m`, sql`n`)}) f) as facets`
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
export async function searchPostingsFor(db: Db, query: CatalogQuery, values: Record<SearchValue, unknown>, withFacets: boolean) {
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

/** Inside a transaction that inserts products: their postings wait for `rebuildSearchPostings`. */
export async function deferSearchPostings(tx: Pick<Db, 'execute'>): Promise<void> {
  await tx.execute(sql`select set_config('olimpo.defer_postings', 'on', true)`);
}

/** Writes every posting again from the products, then builds the indexes and groups the counts. Returns how many. */
export async function rebuildSearchPostings(db: Db): Promise<number> {
  const result = await db.execute(sql`select olimpo_rebuild_search_postings() as written`);
  return Number((result as unknown as { rows: { written: number }[] }).rows[0]?.written ?? 0);
}

/**
 * A seed stopped between its batches and its final rebuild (a crash, a killed first start) leaves active
 * products with no postings at all, and a one-word search would find none of them. At start-up: rebuilds the
 * postings in that case (one cheap check otherwise). Returns how many postings it wrote (0: nothing to do).
 */
export async function ensureSearchPostings(db: Db): Promise<number> {
  const result = await db.execute(sql`select exists (select 1 from products where active) and not exists (select 1 from search_postings) as missing`);
  const missing = (result as unknown as { rows: { missing: boolean }[] }).rows[0]?.missing === true;
  return missing ? rebuildSearchPostings(db) : 0;
}
