// Act, the catalog side: the search a part's slots ask for, a product by its reference code, and variants.
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.server.ts';
import { parseCatalogQuery } from '../catalog/query.ts';
import type { CatalogQuery } from '../catalog/query.ts';
import { getProduct } from '../catalog/products.server.ts';
import { products as productsTable, productVariants } from '../catalog/schema.ts';
import type { ProductSummary } from '../catalog/types.ts';
import { searchWithFitment } from '../fitment/search.server.ts';
import type { AssistantContext } from './types.ts';
import type { Slots } from './understand.ts';

/** Keeps the words the catalog knows (exactly or nearly, through the trigram lexicon): "ignore farol" → "farol". */
export async function knownTerms(db: Db, terms: string[]): Promise<string[]> {
  if (terms.length === 0) return terms;
  const result = (await db.execute(sql`
    select t.term from unnest(${sql.param(terms)}::text[]) with ordinality as t(term, ord)
    where t.term ~ '[0-9]' or length(t.term) <= 2 or exists (
      select 1 from search_lexicon l
      where l.word = olimpo_search_text(t.term) or (length(t.term) >= 4 and similarity(l.word, olimpo_search_text(t.term)) >= 0.45)
    )
    order by t.ord`)) as unknown as { rows: { term: string }[] };
  return result.rows.map((r) => r.term);
}

export interface ProductSearch {
  items: ProductSummary[];
  terms: string[];
  vehicleLabel: string | null;
  correctedQuery: string | null;
}

/** Catalog search for a part's slots: words, vehicle (or garage), vehicle type, price limit and sort; relaxed word by word. */
export async function searchCatalog(ctx: AssistantContext, slots: Slots, opts: { limit?: number } = {}): Promise<ProductSearch> {
  let terms = await knownTerms(ctx.db, slots.productWords);
  if (terms.length === 0 && slots.productWords.length > 0) return { items: [], terms: slots.productWords, vehicleLabel: null, correctedQuery: null };
  if (terms.length === 0 && !slots.vehicle && !slots.vehicleType) return { items: [], terms, vehicleLabel: null, correctedQuery: null };
  const choice = slots.vehicle ? { vehicles: slots.vehicle.vehicles, year: slots.vehicle.year } : undefined;
  for (;;) {
    const parsed = parseCatalogQuery(new URLSearchParams({ q: terms.join(' ').slice(0, 120) }), { maxPageSize: 24, defaultPageSize: opts.limit ?? 12 });
    if (!parsed.ok) return { items: [], terms, vehicleLabel: null, correctedQuery: null };
    const query: CatalogQuery = {
      ...parsed.query,
      sort: slots.sort ?? 'relevancia',
      vehicles: slots.vehicleType && !choice ? [slots.vehicleType] : [],
      maxPriceCents: slots.priceLimitCents,
    };
    const search = await searchWithFitment(ctx.db, query, { garage: ctx.garage ?? null, choice });
    if (!search.ok) return { items: [], terms, vehicleLabel: null, correctedQuery: null };
    const r = search.result;
    const vehicleLabel = r.vehicle ? (r.vehicle.source === 'garage' ? `seu ${r.vehicle.label}` : r.vehicle.label) : null;
    if (r.items.length > 0 || terms.length <= 1) return { items: r.items, terms, vehicleLabel, correctedQuery: r.correctedQuery };
    terms = terms.slice(0, -1);
  }
}

export async function productByRef(db: Db, ref: string): Promise<ProductSummary | null> {
  const [row] = await db.select({ id: productsTable.id }).from(productsTable).where(eq(productsTable.refCode, ref)).limit(1);
  return row ? getProduct(db, row.id) : null;
}

export async function variantsOf(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ productId: productVariants.productId, color: productVariants.color, size: productVariants.size, stock: productVariants.stock })
    .from(productVariants)
    .where(inArray(productVariants.productId, ids));
}
