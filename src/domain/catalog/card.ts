// The product card (ProductSummary) as the search and the product reads select it: its columns, the same
// as `json_build_object` pairs for statements that return a page as JSON, and a row made into a card.
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { productImages, products } from './schema.ts';
import type { CategorySlug } from './taxonomy.ts';
import type { ProductRating, ProductSummary } from './types.ts';

export const summaryColumns = {
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
  ratingCount: products.ratingCount,
  ratingSum: products.ratingSum,
  imageUrl: productImages.url,
  imageAlt: productImages.alt,
  imageWidth: productImages.width,
  imageHeight: productImages.height,
};

/** The card's columns (and the description) as `json_build_object` pairs, keyed as `SummaryRow`. */
export const cardJsonFields = sql.join(
  Object.entries({ ...summaryColumns, description: products.description }).map(([key, column]) => sql`${key}::text, ${column}`),
  sql`, `,
);

export interface SummaryRow {
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
  ratingCount: number;
  ratingSum: number;
  imageUrl: string | null;
  imageAlt: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
}

/** A product's approved reviews as the cards and the page show them: the average to one decimal, or null with none. */
export function ratingOf(count: number, sum: number): ProductRating | null {
  if (!(count > 0)) return null;
  return { count, average: Math.round((sum * 10) / count) / 10 };
}

export function toSummary(r: SummaryRow): ProductSummary {
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
    rating: ratingOf(r.ratingCount, r.ratingSum),
    image: r.imageUrl === null ? null : { url: r.imageUrl, alt: r.imageAlt ?? r.title, width: r.imageWidth ?? 600, height: r.imageHeight ?? 600 },
  };
}

/**
 * The card's fields as `json_build_object` pairs over a product row aliased `p` and its first image aliased
 * `i` (the same keys and columns as summaryColumns, for a subquery under another "products").
 */
export function cardJsonFieldsAliased(p: string, i: string): SQL {
  return sql.join(
    Object.entries(summaryColumns).map(([key, column]) => sql`${key}::text, ${sql.identifier(column.table === products ? p : i)}.${sql.identifier(column.name)}`),
    sql`, `,
  );
}
