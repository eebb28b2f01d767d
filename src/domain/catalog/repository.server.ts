// Catalog reads and the search: full-text search in Portuguese (olimpo_pt + unaccent + plural folding),
// typo correction through the trigram lexicon, filters with per-option counts, sort and paging.
import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.server.ts';
import { productImages, products, productVariants, searchLexicon } from './schema.ts';
import type { CatalogQuery } from './query.ts';
import { searchTerms } from './query.ts';
import { CATEGORIES, CONDITIONS, FEATURED_BRANDS, OTHER_BRANDS, VEHICLE_TYPES } from './taxonomy.ts';
import type { CategorySlug, Condition, VehicleType } from './taxonomy.ts';
import type { Facets, FacetOption, ProductDetail, ProductImage, ProductSummary, SearchResult } from './types.ts';

const FEATURED_BRAND_SLUGS = FEATURED_BRANDS.map((b) => b.slug) as string[];

/** A tsquery expression for the search words (AND of the words), or null when nothing is searchable. */
function tsQuery(terms: string[]): SQL | null {
  if (terms.length === 0) return null;
  // Terms are letters and digits only (searchTerms), so they cannot carry tsquery operators.
  return sql`to_tsquery('olimpo_pt', olimpo_search_text(${terms.join(' & ')}))`;
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
}

function conditions(query: CatalogQuery, ts: SQL | null, except?: Filter, restrict?: SearchRestriction): SQL[] {
  // Inactive products (back office) are not in the shop.
  const where: SQL[] = [eq(products.active, true)];
  if (ts) where.push(sql`${products.searchVector} @@ ${ts}`);
  if (restrict) where.push(restrict.where);
  if (except !== 'brand' && query.brands.length > 0) {
    const named = query.brands.filter((b) => b !== OTHER_BRANDS.slug);
    const parts: SQL[] = [];
    if (named.length > 0) parts.push(inArray(products.brandSlug, named));
    if (query.brands.includes(OTHER_BRANDS.slug)) parts.push(notInArray(products.brandSlug, FEATURED_BRAND_SLUGS));
    where.push(parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` or `)})`);
  }
  if (except !== 'category' && query.category) where.push(eq(products.category, query.category));
  if (except !== 'vehicle' && query.vehicles.length > 0) where.push(inArray(products.vehicleType, query.vehicles));
  if (except !== 'condition' && query.condition) where.push(eq(products.condition, query.condition));
  if (query.minPriceCents !== null) where.push(sql`${products.priceCents} >= ${query.minPriceCents}`);
  if (query.maxPriceCents !== null) where.push(sql`${products.priceCents} <= ${query.maxPriceCents}`);
  return where;
}

/**
 * Relevance: the text rank, plus a boost when the product's kind starts with the first search word, so
 * "farol" lists headlights before "Lâmpada H4 para Farol".
 */
function relevance(ts: SQL, firstTerm: string): SQL {
  return sql`(ts_rank_cd(${products.searchVector}, ${ts}) + case when to_tsvector('olimpo_pt', olimpo_search_text(split_part(${products.kind}, ' ', 1))) @@ to_tsquery('olimpo_pt', olimpo_search_text(${firstTerm})) then 1 else 0 end) desc`;
}

function orderBy(query: CatalogQuery, ts: SQL | null, terms: string[], restrict?: SearchRestriction): SQL[] {
  switch (query.sort) {
    case 'menor-preco':
      return [asc(products.priceCents), asc(products.id)];
    case 'maior-preco':
      return [desc(products.priceCents), asc(products.id)];
    case 'maiores-descontos':
      return [desc(products.discountPercent), desc(products.popularity), asc(products.id)];
    case 'mais-recentes':
      return [desc(products.createdAt), desc(products.id)];
    case 'a-z':
      return [sql`lower(olimpo_unaccent(${products.title}))`, asc(products.id)];
    case 'relevancia': {
      const first = restrict?.first ? [sql`${restrict.first} desc`] : [];
      return ts && terms[0]
        ? [...first, relevance(ts, terms[0]), desc(products.popularity), asc(products.id)]
        : [...first, desc(products.popularity), asc(products.id)];
    }
  }
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
  const where = and(...conditions(query, ts, undefined, restrict));
  const offset = (query.page - 1) * query.pageSize;
  // The page is chosen on products alone, then its images are joined for those rows only: joining first made
  // PostgreSQL hash-join all 500,000 image rows for a broad search (EXPLAIN: 220 ms of "filtro" on 100,000).
  // With a restriction (a vehicle) every matching row is read to rank it anyway, so the page brings the
  // total along (one index search instead of two); without one, a separate count lets an index-ordered page
  // stop after its rows.
  const windowTotal = restrict !== undefined;
  const [page, countRows, facets] = await Promise.all([
    db
      .select({
        id: products.id,
        first: restrict?.first ? sql<boolean>`${restrict.first}` : sql<boolean>`false`,
        total: windowTotal ? sql<number>`(count(*) over ())::int` : sql<number>`0`,
      })
      .from(products)
      .where(where)
      .orderBy(...orderBy(query, ts, terms, restrict))
      .limit(query.pageSize)
      .offset(offset),
    windowTotal ? Promise.resolve(null) : db.select({ n: sql<number>`count(*)::int` }).from(products).where(where),
    withFacets ? facetCounts(db, query, ts, restrict) : Promise.resolve(undefined),
  ]);
  // A page past the end has no row to carry the total.
  const total = countRows
    ? (countRows[0]?.n ?? 0)
    : page.length > 0
      ? Number(page[0]!.total)
      : offset === 0
        ? 0
        : ((await db.select({ n: sql<number>`count(*)::int` }).from(products).where(where))[0]?.n ?? 0);
  const ids = page.map((r) => r.id);
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ ...summaryColumns, description: products.description })
          .from(products)
          .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 0)))
          .where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    items: ids.flatMap((id) => {
      const r = byId.get(id);
      return r ? [{ ...toSummary(r), description: r.description }] : [];
    }),
    // Which results the restriction ranks first (fitment: made for the vehicle), by id.
    firstIds: page.filter((r) => r.first).map((r) => r.id),
    total,
    facets,
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

async function facetCounts(db: Db, query: CatalogQuery, ts: SQL | null, restrict?: SearchRestriction): Promise<Facets> {
  const brandKey = sql<string>`case when ${inArray(products.brandSlug, FEATURED_BRAND_SLUGS)} then ${products.brandSlug} else ${OTHER_BRANDS.slug} end`;
  const count = sql<number>`count(*)::int`;
  const [brands, categories, vehicles, conds] = await Promise.all([
    db.select({ k: brandKey, n: count }).from(products).where(and(...conditions(query, ts, 'brand', restrict))).groupBy(sql`1`),
    db
      .select({ k: products.category, n: count })
      .from(products)
      .where(and(...conditions(query, ts, 'category', restrict)))
      .groupBy(products.category),
    db
      .select({ k: products.vehicleType, n: count })
      .from(products)
      .where(and(...conditions(query, ts, 'vehicle', restrict)))
      .groupBy(products.vehicleType),
    db
      .select({ k: products.condition, n: count })
      .from(products)
      .where(and(...conditions(query, ts, 'condition', restrict)))
      .groupBy(products.condition),
  ]);
  const options = (all: readonly { slug: string; label: string }[], rows: { k: string; n: number }[]): FacetOption[] => {
    const counts = new Map(rows.map((r) => [r.k, r.n]));
    return all.map((o) => ({ slug: o.slug, label: o.label, count: counts.get(o.slug) ?? 0 }));
  };
  return {
    brands: options([...FEATURED_BRANDS, OTHER_BRANDS], brands),
    categories: options(CATEGORIES, categories),
    vehicles: options(VEHICLE_TYPES, vehicles),
    conditions: options(CONDITIONS, conds),
  };
}

export async function getProduct(db: Db, id: number): Promise<ProductDetail | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const [row] = await db.select().from(products).where(and(eq(products.id, id), eq(products.active, true))).limit(1);
  if (!row) return null;
  const [images, variants] = await Promise.all([
    db
      .select({ url: productImages.url, alt: productImages.alt, width: productImages.width, height: productImages.height })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position)),
    db
      .select({ id: productVariants.id, color: productVariants.color, size: productVariants.size, stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.productId, id))
      .orderBy(asc(productVariants.color), sql`length(${productVariants.size})`, asc(productVariants.size)),
  ]);
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
    priceCents: row.priceCents,
    oldPriceCents: row.oldPriceCents,
    onSale: row.onSale,
    discountPercent: row.discountPercent,
    stock: row.stock,
    createdAt: row.createdAt.toISOString(),
    image: (images[0] as ProductImage | undefined) ?? null,
    images,
    variants,
  };
}

/** "Produtos em alta": the most popular products in stock (of those the restriction allows, if any). */
export async function trendingProducts(db: Db, limit: number, restrict?: SearchRestriction): Promise<ProductSummary[]> {
  const rows = await summaries(db)
    .where(and(sql`${products.stock} > 0`, eq(products.active, true), restrict?.where))
    .orderBy(desc(products.popularity), asc(products.id))
    .limit(limit);
  return rows.map(toSummary);
}

/** Related products: others of the same category, most popular first (of those the restriction allows, if any). */
export async function relatedProducts(db: Db, product: { id: number; category: string }, limit: number, restrict?: SearchRestriction) {
  const rows = await summaries(db)
    .where(and(eq(products.category, product.category), sql`${products.id} <> ${product.id}`, sql`${products.stock} > 0`, eq(products.active, true), restrict?.where))
    .orderBy(desc(products.popularity), asc(products.id))
    .limit(limit);
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
