// Owns how the brand filter lists its options: the spec's five brands first, in the spec's order, then
// "Mais marcas": every other brand with results (or chosen), most results first. The counts come from the
// facet query (search/facets.ts); this only orders and groups them.
import { FEATURED_BRANDS, OTHER_BRANDS } from './taxonomy.ts';
import type { FacetOption } from './types.ts';

export interface BrandFilterGroups {
  /** The spec's five, always listed (with 0 when the search has none of theirs). */
  featured: FacetOption[];
  /** The other brands, most results first; "Outros" only while the counts name no other brand. */
  more: FacetOption[];
  /** A brand in `more` is chosen: the group starts open, so the choice is seen. */
  moreOpen: boolean;
}

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });

export function brandFilterGroups(options: readonly FacetOption[], chosen: readonly string[]): BrandFilterGroups {
  const bySlug = new Map(options.map((o) => [o.slug, o]));
  const featuredSlugs = new Set<string>(FEATURED_BRANDS.map((b) => b.slug));
  const featured = FEATURED_BRANDS.map((b) => bySlug.get(b.slug) ?? { slug: b.slug, label: b.label, count: 0 });
  const others = options.filter((o) => !featuredSlugs.has(o.slug) && (o.count > 0 || chosen.includes(o.slug)));
  const named = others.filter((o) => o.slug !== OTHER_BRANDS.slug);
  const more = (named.length > 0 ? [...named, ...others.filter((o) => o.slug === OTHER_BRANDS.slug && chosen.includes(o.slug))] : others).sort(
    (a, b) => b.count - a.count || collator.compare(a.label, b.label),
  );
  return { featured, more, moreOpen: more.some((o) => chosen.includes(o.slug)) };
}
