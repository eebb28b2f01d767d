// Product reads for the pages: one product (with its images and variants), the product page with its
// related products in one statement, "Produtos em alta", related products, the count and the sitemap's index.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { preparedSelect } from '#src/db/prepared.server.ts';
import { productImages, products, productVariants } from './schema.ts';
import { cardJsonFieldsAliased, ratingOf, summaryColumns, toSummary } from './card.ts';
import type { SummaryRow } from './card.ts';
import type { SearchRestriction } from './search/statement.ts';
import type { CategorySlug, Condition, VehicleType } from './taxonomy.ts';
import type { ProductDetail, ProductImage, ProductSummary, ProductVariant } from './types.ts';

function summaries(db: Db) {
  return db
    .select({ ...summaryColumns })
    .from(products)
    .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 0)));
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
  ratingCount: products.ratingCount,
  ratingSum: products.ratingSum,
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
    rating: ratingOf(row.ratingCount, row.ratingSum),
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
  return db.select({ id: products.id, updatedAt: products.updatedAt }).from(products).where(eq(products.active, true)).orderBy(asc(products.id)).limit(limit);
}
