// Owns the search box's suggestions while typing: from the second character, up to five products (photo and
// price) found by the list page's own search (accents, typos, part codes, vehicle words: the `search` passed
// in), and the categories and brands whose names start with what was typed. The answer depends only on the
// normalised prefix, so it is cached per prefix like any public answer.
import { CATEGORIES, FEATURED_BRANDS } from './taxonomy.ts';
import type { ProductSummary } from './types.ts';

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export const SUGGEST_MIN_CHARS = 2;
export const SUGGEST_MAX_CHARS = 60;
export const SUGGEST_PRODUCTS = 5;

export interface Suggestions {
  /** The prefix the answer is for (trimmed, spaces collapsed, lower case). */
  q: string;
  products: Pick<ProductSummary, 'id' | 'title' | 'brand' | 'priceCents' | 'image'>[];
  categories: { slug: string; label: string }[];
  brands: { label: string }[];
}

/** The cache key of a typed prefix: trimmed, spaces collapsed, lower case, at most SUGGEST_MAX_CHARS. */
export function suggestionPrefix(raw: string): string {
  return raw.replace(/\s+/g, ' ').trim().toLowerCase().slice(0, SUGGEST_MAX_CHARS);
}

export type ProductSearch = (q: string, limit: number) => Promise<ProductSummary[]>;

export async function suggest(raw: string, deps: { search: ProductSearch }): Promise<Suggestions> {
  const q = suggestionPrefix(raw);
  if (q.length < SUGGEST_MIN_CHARS) return { q, products: [], categories: [], brands: [] };
  const key = fold(q);
  const startsWith = (label: string) =>
    fold(label)
      .split(/[\s-]+/)
      .some((word) => word.startsWith(key)) || fold(label).startsWith(key);
  const found = await deps.search(q, SUGGEST_PRODUCTS);
  const brandNames = new Set<string>([...FEATURED_BRANDS.map((b) => b.label), ...found.map((p) => p.brand)]);
  return {
    q,
    products: found.slice(0, SUGGEST_PRODUCTS).map((p) => ({ id: p.id, title: p.title, brand: p.brand, priceCents: p.priceCents, image: p.image })),
    categories: CATEGORIES.filter((c) => startsWith(c.label)).map((c) => ({ slug: c.slug, label: c.label })),
    brands: [...brandNames]
      .filter(startsWith)
      .sort()
      .map((label) => ({ label })),
  };
}
