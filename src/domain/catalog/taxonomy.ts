// Owns the catalog's fixed vocabularies: categories, the filter panel's brands, vehicle types, conditions
// and sort orders. Slugs go in URLs and the database; labels are what the shopper reads.

export const CATEGORIES = [
  { slug: 'freios', label: 'Freios' },
  { slug: 'suspensao', label: 'Suspensão' },
  { slug: 'motor', label: 'Motor' },
  { slug: 'iluminacao', label: 'Iluminação' },
  { slug: 'eletrica', label: 'Elétrica' },
  { slug: 'filtros', label: 'Filtros' },
  { slug: 'acessorios', label: 'Acessórios' },
  { slug: 'baterias', label: 'Baterias' },
  { slug: 'calcados', label: 'Calçados' },
] as const;
export type CategorySlug = (typeof CATEGORIES)[number]['slug'];
export const CATEGORY_SLUGS = CATEGORIES.map((c) => c.slug) as [CategorySlug, ...CategorySlug[]];

/** Brands the spec's filter panel lists first, by name; every other brand follows under "Mais marcas". */
export const FEATURED_BRANDS = [
  { slug: 'bosch', label: 'Bosch' },
  { slug: 'magneti-marelli', label: 'Magneti Marelli' },
  { slug: 'delphi', label: 'Delphi' },
  { slug: 'ngk', label: 'NGK' },
  { slug: 'trw', label: 'TRW' },
] as const;
/** Every brand but the spec's five: a filter older links carry (`marca=outros`), no longer offered as an option. */
export const OTHER_BRANDS = { slug: 'outros', label: 'Outros' } as const;

export const VEHICLE_TYPES = [
  { slug: 'carros', label: 'Carros' },
  { slug: 'motos', label: 'Motos' },
  { slug: 'caminhoes', label: 'Caminhões' },
] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number]['slug'];
export const VEHICLE_SLUGS = VEHICLE_TYPES.map((v) => v.slug) as [VehicleType, ...VehicleType[]];

export const CONDITIONS = [
  { slug: 'novo', label: 'Novo' },
  { slug: 'usado', label: 'Usado' },
] as const;
export type Condition = (typeof CONDITIONS)[number]['slug'];

export const SORTS = [
  { slug: 'relevancia', label: 'mais relevantes' },
  { slug: 'menor-preco', label: 'menor preço' },
  { slug: 'maior-preco', label: 'maior preço' },
  { slug: 'maiores-descontos', label: 'maiores descontos' },
  { slug: 'mais-recentes', label: 'mais recentes' },
  { slug: 'a-z', label: 'A–Z' },
] as const;
export type SortSlug = (typeof SORTS)[number]['slug'];
export const SORT_SLUGS = SORTS.map((s) => s.slug) as [SortSlug, ...SortSlug[]];

export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const labelOf = {
  category: (slug: string) => CATEGORIES.find((c) => c.slug === slug)?.label ?? slug,
  vehicle: (slug: string) => VEHICLE_TYPES.find((v) => v.slug === slug)?.label ?? slug,
  condition: (slug: string) => CONDITIONS.find((c) => c.slug === slug)?.label ?? slug,
  brand: (slug: string) => [...FEATURED_BRANDS, OTHER_BRANDS].find((b) => b.slug === slug)?.label ?? slug,
  sort: (slug: string) => SORTS.find((s) => s.slug === slug)?.label ?? slug,
};

/** Footer and home links name categories the way the spec does ("Frenagem", "Freio"); they map here. */
export const CATEGORY_ALIASES: Record<string, CategorySlug> = {
  frenagem: 'freios',
  freio: 'freios',
  freios: 'freios',
};
