// The back office's catalog: every product (active or not) with search (full text and reference, OEM and
// equivalent codes), filters and pages; the edit of price, old price, stock (also per variant), status and
// content; and bulk actions (activate, deactivate, a percentage price change). Every price change is
// recorded in price_changes with who made it. A seller (sellerId) sees and touches only their products.
// Every write clears the catalog memo.
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { qualified } from '#src/db/qualified.ts';
import { refreshLexicon } from './search/typos.server.ts';
import { LOW_STOCK_THRESHOLD } from './stock.ts';
import { changedPrice, saleFields } from '../pricing/pricing.ts';
import { catalogFacetCounts, priceChanges, productImages, products, productVariants } from './schema.ts';
import type { CatalogChanges } from './changes.server.ts';
import { MAX_LISTED_RESULTS } from './list-depth.ts';
import { searchTerms } from './query.ts';

export const ADMIN_PAGE_SIZE = 50;
export const MAX_BULK = 500;

export interface AdminProductFilter {
  q: string;
  brand: string;
  category: string;
  status: '' | 'ativo' | 'inativo';
  lowStock: boolean;
  page: number;
  /**
   * Keyset: the list continues after this product id (the last row of the page before), so page 20,000 of
   * a 1,000,000-product catalog costs what page 1 does. Null: the page is read by its number (offset).
   */
  after?: number | null;
  /** Keyset backwards: the page before the one that starts at this product id ("Anterior"). */
  before?: number | null;
  /** Only this seller's products (null: all, for an admin). */
  sellerId: string | null;
}

export interface AdminProductRow {
  id: number;
  title: string;
  refCode: string;
  brand: string;
  category: string;
  priceCents: number;
  oldPriceCents: number | null;
  stock: number;
  active: boolean;
  image: string | null;
  variants: number;
}

/** The text search of the shop (Portuguese full text) or a reference/OEM/equivalent code, prefix-matched. */
export function adminSearchCondition(q: string): SQL | null {
  const terms = searchTerms(q);
  const code = q.trim().toUpperCase();
  if (terms.length === 0 && code === '') return null;
  const parts: SQL[] = [];
  if (terms.length) parts.push(sql`${products.searchVector} @@ to_tsquery('olimpo_pt', olimpo_search_text(${terms.join(' & ')}))`);
  if (code.length >= 3) {
    const pattern = `${code.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    parts.push(sql`upper(${products.refCode}) like ${pattern}`);
    parts.push(
      sql`exists (select 1 from unnest(${products.oemCodes} || ${products.equivalentCodes}) c where upper(replace(c, ' ', '')) like ${pattern.replace(/\s+/g, '')} or upper(c) like ${'%' + code + '%'})`,
    );
  }
  return or(...parts)!;
}

function filterConditions(f: AdminProductFilter): SQL[] {
  const where: SQL[] = [];
  const text = adminSearchCondition(f.q);
  if (text) where.push(text);
  if (f.brand) where.push(eq(products.brandSlug, f.brand));
  if (f.category) where.push(eq(products.category, f.category));
  if (f.status === 'ativo') where.push(eq(products.active, true));
  if (f.status === 'inativo') where.push(eq(products.active, false));
  if (f.lowStock) where.push(sql`${products.stock} <= ${LOW_STOCK_THRESHOLD}`);
  if (f.sellerId !== null) where.push(eq(products.sellerId, f.sellerId));
  return where;
}

/**
 * The total of a filter: summed from catalog_facet_counts when only status, brand and category are set (a
 * few rows, not the catalog); otherwise counted up to MAX_LISTED_RESULTS + 1 ("mais de 10.000").
 */
async function adminTotal(db: Db, f: AdminProductFilter, where: SQL | undefined): Promise<{ total: number; lowerBound: boolean }> {
  if (f.q.trim() === '' && !f.lowStock && f.sellerId === null) {
    const keys: SQL[] = [];
    if (f.brand) keys.push(eq(catalogFacetCounts.brandSlug, f.brand));
    if (f.category) keys.push(eq(catalogFacetCounts.category, f.category));
    if (f.status) keys.push(eq(catalogFacetCounts.active, f.status === 'ativo'));
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(${catalogFacetCounts.n}), 0)::int` })
      .from(catalogFacetCounts)
      .where(and(...keys));
    return { total: Number(row?.n ?? 0), lowerBound: false };
  }
  const capped = db
    .select({ one: sql`1` })
    .from(products)
    .where(where)
    .limit(MAX_LISTED_RESULTS + 1)
    .as('matched');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  const n = Number(row?.n ?? 0);
  return { total: Math.min(n, MAX_LISTED_RESULTS), lowerBound: n > MAX_LISTED_RESULTS };
}

/**
 * A page of the back office's list, newest products first (id descending: the primary key's order, so a
 * page is read in order and stops after its rows). With `after`, the page is the rows after that id (keyset,
 * what "Próxima" links to); otherwise by its number. The low-stock view sorts by stock (a small set).
 */
export async function listAdminProducts(
  db: Db,
  f: AdminProductFilter,
): Promise<{ rows: AdminProductRow[]; total: number; totalIsLowerBound: boolean; pages: number; page: number; nextAfter: number | null; prevBefore: number | null }> {
  const where = and(...filterConditions(f));
  const { total, lowerBound } = await adminTotal(db, f, where);
  const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const page = lowerBound ? Math.max(1, f.page) : Math.min(Math.max(1, f.page), pages);
  const validId = (id: number | null | undefined): id is number => id != null && Number.isSafeInteger(id) && id > 0;
  // Keyset both ways: "Próxima" reads the ids below the page's last, "Anterior" the ids above its first
  // (ascending, then turned around), so a page deep in a million products costs what the first does.
  const before = !f.lowStock && !validId(f.after) && validId(f.before) ? f.before : null;
  const keyset = !f.lowStock && validId(f.after);
  const rows = await db
    .select({
      id: products.id,
      title: products.title,
      refCode: products.refCode,
      brand: products.brand,
      category: products.category,
      priceCents: products.priceCents,
      oldPriceCents: products.oldPriceCents,
      stock: products.stock,
      active: products.active,
      image: productImages.url,
      variants: sql<number>`(select count(*)::int from product_variants pv where pv.product_id = ${qualified(products.id)})`,
    })
    .from(products)
    .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 0)))
    .where(keyset ? and(where, sql`${products.id} < ${f.after}`) : before !== null ? and(where, sql`${products.id} > ${before}`) : where)
    .orderBy(...(f.lowStock ? [asc(products.stock), desc(products.id)] : before !== null ? [asc(products.id)] : [desc(products.id)]))
    .limit(ADMIN_PAGE_SIZE)
    .offset(keyset || before !== null ? 0 : (page - 1) * ADMIN_PAGE_SIZE);
  if (before !== null) rows.reverse();
  const nextAfter = !f.lowStock && rows.length === ADMIN_PAGE_SIZE ? rows[rows.length - 1]!.id : null;
  const prevBefore = !f.lowStock && page > 2 && rows.length > 0 ? rows[0]!.id : null;
  return { rows, total, totalIsLowerBound: lowerBound, pages, page, nextAfter, prevBefore };
}

/** The brands in the catalog, by name: the brands of the facet counts, each one's name from one product. */
export async function listBrands(db: Db): Promise<{ slug: string; label: string }[]> {
  const rows = await db.execute(sql`
    select b.slug, (select p.brand from ${products} p where p.brand_slug = b.slug limit 1) as label
    from (select distinct ${catalogFacetCounts.brandSlug} as slug from ${catalogFacetCounts} where ${catalogFacetCounts.n} > 0) b`);
  return (rows as unknown as { rows: { slug: string; label: string | null }[] }).rows
    .filter((r): r is { slug: string; label: string } => r.label !== null)
    .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
}

export interface AdminProduct {
  id: number;
  title: string;
  description: string;
  refCode: string;
  brand: string;
  category: string;
  vehicleType: string;
  priceCents: number;
  oldPriceCents: number | null;
  stock: number;
  active: boolean;
  oemCodes: string[];
  equivalentCodes: string[];
  sellerId: string | null;
  image: string | null;
  variants: { id: number; color: string; size: string; stock: number }[];
  priceHistory: { at: Date; oldPriceCents: number; newPriceCents: number; source: string; who: string | null }[];
}

export async function getAdminProduct(db: Db, id: number, sellerId: string | null): Promise<AdminProduct | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const [row] = await db
    .select({ p: products, image: productImages.url })
    .from(products)
    .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 0)))
    .where(sellerId === null ? eq(products.id, id) : and(eq(products.id, id), eq(products.sellerId, sellerId)))
    .limit(1);
  if (!row) return null;
  const [variants, history] = await Promise.all([
    db
      .select({ id: productVariants.id, color: productVariants.color, size: productVariants.size, stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.productId, id))
      .orderBy(asc(productVariants.color), sql`length(${productVariants.size})`, asc(productVariants.size)),
    db
      .select({
        at: priceChanges.createdAt,
        oldPriceCents: priceChanges.oldPriceCents,
        newPriceCents: priceChanges.newPriceCents,
        source: priceChanges.source,
        who: sql<string | null>`(select u.name from users u where u.id = ${priceChanges.userId})`,
      })
      .from(priceChanges)
      .where(eq(priceChanges.productId, id))
      .orderBy(desc(priceChanges.createdAt), desc(priceChanges.id))
      .limit(20),
  ]);
  const p = row.p;
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    refCode: p.refCode,
    brand: p.brand,
    category: p.category,
    vehicleType: p.vehicleType,
    priceCents: p.priceCents,
    oldPriceCents: p.onSale ? p.oldPriceCents : null,
    stock: p.stock,
    active: p.active,
    oemCodes: p.oemCodes,
    equivalentCodes: p.equivalentCodes,
    sellerId: p.sellerId,
    image: row.image,
    variants,
    priceHistory: history,
  };
}

export interface AdminProductEdit {
  title: string;
  description: string;
  priceCents: number;
  oldPriceCents: number | null;
  /** Ignored when the product has variants: then it is the sum of their stock. */
  stock: number;
  active: boolean;
  oemCodes: string[];
  equivalentCodes: string[];
  variantStock: Map<number, number>;
}

/** Saves an edit; false when the product does not exist (or is not this seller's). */
/** `changes`: the catalog change event (Services.catalogChanges), or null where nobody listens (scripts, tests). */
export async function saveAdminProduct(db: Db, changes: CatalogChanges | null, id: number, editor: { userId: string; sellerId: string | null }, input: AdminProductEdit): Promise<boolean> {
  const saved = await db.transaction(async (tx) => {
    const scope = editor.sellerId === null ? eq(products.id, id) : and(eq(products.id, id), eq(products.sellerId, editor.sellerId));
    const [current] = await tx.select({ priceCents: products.priceCents }).from(products).where(scope).for('update').limit(1);
    if (!current) return false;
    let stock = input.stock;
    const variants = await tx.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, id));
    if (variants.length > 0) {
      for (const v of variants) {
        const n = input.variantStock.get(v.id);
        if (n !== undefined)
          await tx
            .update(productVariants)
            .set({ stock: n })
            .where(and(eq(productVariants.id, v.id), eq(productVariants.productId, id)));
      }
      const [sum] = await tx
        .select({ n: sql<number>`coalesce(sum(${productVariants.stock}), 0)::int` })
        .from(productVariants)
        .where(eq(productVariants.productId, id));
      stock = sum?.n ?? 0;
    }
    await tx
      .update(products)
      .set({
        title: input.title,
        description: input.description,
        priceCents: input.priceCents,
        ...saleFields(input.priceCents, input.oldPriceCents),
        stock,
        active: input.active,
        oemCodes: input.oemCodes,
        equivalentCodes: input.equivalentCodes,
        updatedAt: new Date(),
      })
      .where(eq(products.id, id));
    await tx
      .update(productImages)
      .set({ alt: input.title })
      .where(and(eq(productImages.productId, id), eq(productImages.position, 0)));
    if (current.priceCents !== input.priceCents) {
      await tx.insert(priceChanges).values({ productId: id, userId: editor.userId, source: 'edicao', oldPriceCents: current.priceCents, newPriceCents: input.priceCents });
    }
    return true;
  });
  if (saved) {
    await changes?.announce();
    await refreshLexicon(db);
  }
  return saved;
}

/** Whether every id is a product this seller may change (always, for an admin: sellerId null). */
export async function ownsAll(db: Db, ids: number[], sellerId: string | null): Promise<boolean> {
  if (sellerId === null) return true;
  const unique = [...new Set(ids)];
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(and(inArray(products.id, unique), eq(products.sellerId, sellerId)));
  return (row?.n ?? 0) === unique.length;
}

export type BulkAction = { kind: 'activate' } | { kind: 'deactivate' } | { kind: 'price'; percent: number };

/** Applies a bulk action to the selected products (those of this seller only, for a seller). Returns how many changed. */
export async function bulkUpdateProducts(db: Db, changes: CatalogChanges | null, ids: number[], editor: { userId: string; sellerId: string | null }, action: BulkAction): Promise<number> {
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647).slice(0, MAX_BULK);
  if (unique.length === 0) return 0;
  const scope = editor.sellerId === null ? inArray(products.id, unique) : and(inArray(products.id, unique), eq(products.sellerId, editor.sellerId));
  let changed: number;
  if (action.kind !== 'price') {
    const rows = await db
      .update(products)
      .set({ active: action.kind === 'activate', updatedAt: new Date() })
      .where(scope)
      .returning({ id: products.id });
    changed = rows.length;
  } else {
    changed = await db.transaction(async (tx) => {
      const before = await tx
        .select({ id: products.id, priceCents: products.priceCents, oldPriceCents: products.oldPriceCents, onSale: products.onSale })
        .from(products)
        .where(scope)
        .orderBy(asc(products.id))
        .for('update');
      const logs: (typeof priceChanges.$inferInsert)[] = [];
      for (const p of before) {
        const priceCents = changedPrice(p.priceCents, action.percent);
        if (priceCents === p.priceCents) continue;
        await tx
          .update(products)
          .set({ priceCents, ...saleFields(priceCents, p.onSale ? p.oldPriceCents : null), updatedAt: new Date() })
          .where(eq(products.id, p.id));
        logs.push({ productId: p.id, userId: editor.userId, source: 'lote', oldPriceCents: p.priceCents, newPriceCents: priceCents });
      }
      if (logs.length) await tx.insert(priceChanges).values(logs);
      return logs.length;
    });
  }
  await changes?.announce();
  return changed;
}
