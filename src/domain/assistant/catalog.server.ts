// Act, the catalog side: the search a part's slots ask for, a product by its reference code, and variants.
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { MIN_CODE_LENGTH, normalizeCode } from '../catalog/codes.ts';
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

const POSITION = /^(dianteir[oa]s?|traseir[oa]s?|esquerd[oa]s?|direit[oa]s?)$/;

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
    const parsed = parseCatalogQuery(new URLSearchParams({ q: terms.join(' ').slice(0, 120) }), { maxPageSize: 24, defaultPageSize: slots.excludeBrands ? 24 : (opts.limit ?? 12) });
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
    const items = slots.excludeBrands ? r.items.filter((i) => !slots.excludeBrands!.includes(i.brand)) : r.items;
    if (items.length > 0 || terms.length <= 1) return { items, terms, vehicleLabel, correctedQuery: r.correctedQuery };
    // Relaxed word by word, but a position asked ("traseiro", "esquerdo") is never dropped: the front part is not the answer.
    const drop = terms.findLastIndex((t) => !POSITION.test(t));
    if (drop < 0 || (terms.some((t) => POSITION.test(t)) && terms.filter((t) => !POSITION.test(t)).length <= 1)) return { items: [], terms, vehicleLabel, correctedQuery: r.correctedQuery };
    terms = terms.filter((_, i) => i !== drop);
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

/** Candidate part numbers in a message: runs of up to four words with digits, at least three of them digits ("n-6631", "0 986 s26 757"). */
export function codeCandidates(text: string): string[] {
  const words = text.split(/\s+/).map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''));
  const keys = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    for (let n = 1; n <= 4 && i + n <= words.length; n++) {
      const run = words.slice(i, i + n);
      if (!run.every((w) => /\d/.test(w) || /^[a-z]{1,3}\d*$/i.test(w)) || !/\d/.test(run.at(-1)!)) continue;
      const key = normalizeCode(run.join(''));
      if (key.length >= MIN_CODE_LENGTH && (key.match(/\d/g) ?? []).length >= 3 && !/^(19|20)\d\d$/.test(key) && !/^\d{8}$/.test(key)) keys.add(key);
    }
  }
  return [...keys];
}

/** The products a part number names: its REF, an OEM number or another brand's equivalent (products.code_keys). */
export async function productsByCode(db: Db, text: string): Promise<{ code: string; items: ProductSummary[] } | null> {
  const keys = codeCandidates(text);
  if (keys.length === 0) return null;
  const rows = (await db.execute(sql`
    select p.id, k.key from products p join unnest(${sql.param(keys)}::text[]) as k(key) on p.code_keys like '% ' || k.key || ' %'
    order by length(k.key) desc, p.id limit 6`)) as unknown as { rows: { id: number; key: string }[] };
  if (rows.rows.length === 0) return null;
  const key = rows.rows[0]!.key;
  const items = (await Promise.all(rows.rows.filter((r) => r.key === key).map((r) => getProduct(db, r.id)))).filter((p): p is NonNullable<typeof p> => p !== null);
  return items.length > 0 ? { code: key, items } : null;
}

/** Products with a size and/or colour in stock ("tem cinza tamanho 42?"), from the variant table. */
export async function productsWithVariant(db: Db, size: string | null, color: string | null): Promise<ProductSummary[]> {
  const rows = (await db.execute(sql`
    select distinct product_id as id from product_variants
    where stock > 0 and (${size}::text is null or size = ${size}) and (${color}::text is null or color = ${color})
    order by product_id limit 12`)) as unknown as { rows: { id: number }[] };
  const items = await Promise.all(rows.rows.map((r) => getProduct(db, r.id)));
  return items.filter((p): p is NonNullable<typeof p> => p !== null);
}
