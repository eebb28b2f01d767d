// The search box's suggestions as one list of options, in the order the keyboard walks them: products, part
// codes, categories, brands, vehicles. Each option knows the address it opens and the group it is shown in.
import type { Suggestions } from '#src/domain/catalog/suggestions.ts';

export type SuggestionGroup = 'Produtos' | 'Códigos de peça' | 'Categorias' | 'Marcas' | 'Veículos';

export interface SuggestionOption {
  group: SuggestionGroup;
  label: string;
  href: string;
  /** Products only: the photo (a same-origin path when the API answered an absolute one) and the price charged. */
  product?: { brand: string; priceCents: number; image: string | null };
}

/** `/art/…` and `/uploads/…` of the shop's own origin, as a path (the page's CSP and any host it is served under). */
const ownPath = (url: string) => url.replace(/^https?:\/\/[^/]+(?=\/(?:art|uploads)\/)/, '');

export function suggestionOptions(s: Suggestions): SuggestionOption[] {
  return [
    ...s.products.map(
      (p): SuggestionOption => ({
        group: 'Produtos',
        label: p.title,
        href: `/ProductView/${p.id}`,
        product: { brand: p.brand, priceCents: p.priceCents, image: p.image ? ownPath(p.image.url) : null },
      }),
    ),
    ...s.codes.map((c): SuggestionOption => ({ group: 'Códigos de peça', label: c.code, href: c.href })),
    ...s.categories.map((c): SuggestionOption => ({ group: 'Categorias', label: c.label, href: c.href })),
    ...s.brands.map((b): SuggestionOption => ({ group: 'Marcas', label: b.label, href: b.href })),
    ...s.vehicles.map((v): SuggestionOption => ({ group: 'Veículos', label: v.label, href: v.href })),
  ];
}

/** What a screen reader hears when the list changes. */
export function suggestionCountText(count: number): string {
  if (count === 0) return 'Nenhuma sugestão.';
  return `${count} ${count === 1 ? 'sugestão' : 'sugestões'}. Use as setas para cima e para baixo para escolher.`;
}
