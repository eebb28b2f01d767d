// Owns the search box's suggestions while typing: from the second character, up to five products (photo and
// price as charged) found by the list page's own search (accents, typos, part codes, vehicle words: the
// `search` passed in), the part codes of those products that match what was typed, and the categories,
// brands and vehicles whose names have a word starting with it. Each suggestion carries the list or product
// address it opens. The answer depends only on the normalised prefix, so it is cached per prefix like any
// public answer. Pure: the search, the fleet and the codes are passed in (the API wires them).
import { codeSearchKey, normalizeCode } from './codes.ts';
import { searchTerms } from './query.ts';
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
/** At most this many categories, brands, vehicles and codes each. */
export const SUGGEST_OTHERS = 4;

export interface Suggestions {
  /** The prefix the answer is for (trimmed, spaces collapsed, lower case). */
  q: string;
  products: Pick<ProductSummary, 'id' | 'title' | 'brand' | 'priceCents' | 'image'>[];
  categories: { slug: string; label: string; href: string }[];
  brands: { label: string; href: string }[];
  /** Vehicle models ("Volkswagen Gol"): their list is the search for those words (the list page reads them as the vehicle). */
  vehicles: { label: string; href: string }[];
  /** Part numbers (the store's, the carmakers', other brands' equivalents) of the products found, as printed. */
  codes: { code: string; href: string }[];
}

/** A vehicle model the shop knows, as the fleet names it. */
export interface SuggestVehicle {
  make: string;
  model: string;
}

/** The part numbers of a product found. */
export interface SuggestCodes {
  id: number;
  refCode: string;
  oemCodes: string[];
  equivalentCodes: string[];
}

export interface SuggestDeps {
  search: (q: string, limit: number) => Promise<ProductSummary[]>;
  /** The fleet's vehicles (make and model; several versions of one model are one suggestion). */
  vehicles: () => Promise<readonly SuggestVehicle[]>;
  /** What was typed with its last word completed to the shortest catalog word it begins ("bos" → "bosch"), or null. */
  complete: (q: string) => Promise<string | null>;
  /** The part numbers of these products (read only when what was typed looks like a code). */
  codes: (productIds: number[]) => Promise<SuggestCodes[]>;
}

export const emptySuggestions = (q: string): Suggestions => ({ q, products: [], categories: [], brands: [], vehicles: [], codes: [] });

/** The cache key of a typed prefix: trimmed, spaces collapsed, lower case, at most SUGGEST_MAX_CHARS. */
export function suggestionPrefix(raw: string): string {
  return raw.replace(/\s+/g, ' ').trim().toLowerCase().slice(0, SUGGEST_MAX_CHARS);
}

const listHref = (params: Record<string, string>) => `/ProductList?${new URLSearchParams(params).toString()}`;

/** Does a word of `label` (or the label itself) start with the folded key, or does the label contain the whole typed phrase? */
function matcher(key: string): (label: string) => boolean {
  return (label) => {
    const folded = fold(label);
    return folded.startsWith(key) || folded.split(/[\s\-/]+/).some((word) => word.startsWith(key)) || (key.includes(' ') && folded.includes(key));
  };
}

export async function suggest(raw: string, deps: SuggestDeps): Promise<Suggestions> {
  const q = suggestionPrefix(raw);
  // Two characters typed, and something in them to search: a word or a part code.
  if (q.length < SUGGEST_MIN_CHARS || (searchTerms(q).length === 0 && codeSearchKey(q) === null)) return emptySuggestions(q);
  const key = fold(q);
  const matches = matcher(key);
  // "Find a product from the first letters typed": the last word is read as the beginning of a catalog word
  // ("vel" → "vela", "pastilha de fre" → "pastilha de freio"; a whole word stays itself), then searched the
  // list page's way. A part code is searched as typed (codes match anywhere in a code); so is a word no
  // catalog word begins, which the search's typo correction may place ("amortecdor").
  const [completed, fleet] = await Promise.all([codeSearchKey(q) === null ? deps.complete(q) : null, deps.vehicles()]);
  let found = await deps.search(completed ?? q, SUGGEST_PRODUCTS);
  if (found.length === 0 && completed && completed !== q) found = await deps.search(q, SUGGEST_PRODUCTS);
  const products = found.slice(0, SUGGEST_PRODUCTS);

  const brandNames = new Map<string, string>();
  for (const b of FEATURED_BRANDS) brandNames.set(b.label, listHref({ marca: b.slug }));
  for (const p of products) if (!brandNames.has(p.brand)) brandNames.set(p.brand, listHref({ q: p.brand }));
  const brands = [...brandNames]
    .filter(([label]) => matches(label))
    .sort(([a], [b]) => a.localeCompare(b, 'pt-BR'))
    .slice(0, SUGGEST_OTHERS)
    .map(([label, href]) => ({ label, href }));

  const models = new Map<string, string>();
  for (const v of fleet) {
    const label = `${v.make} ${v.model}`;
    if (!models.has(fold(label)) && (matches(v.model) || matches(label))) models.set(fold(label), label);
  }
  const vehicles = [...models.values()]
    .sort((a, b) => a.localeCompare(b, 'pt-BR'))
    .slice(0, SUGGEST_OTHERS)
    .map((label) => ({ label, href: listHref({ q: label }) }));

  const codeKey = codeSearchKey(q);
  const codes: Suggestions['codes'] = [];
  if (codeKey && products.length > 0) {
    const seen = new Set<string>();
    const order = products.map((p) => p.id);
    const rows = (await deps.codes(order)).sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
    for (const row of rows) {
      for (const printed of [row.refCode, ...row.oemCodes, ...row.equivalentCodes]) {
        // An equivalent is "Marca CÓDIGO": the brand's words do not count towards the match.
        const normalized = normalizeCode(printed);
        if (!normalized.includes(codeKey) || seen.has(normalized)) continue;
        seen.add(normalized);
        codes.push({ code: printed, href: listHref({ q: printed }) });
      }
    }
  }

  return {
    q,
    products: products.map((p) => ({ id: p.id, title: p.title, brand: p.brand, priceCents: p.priceCents, image: p.image })),
    categories: CATEGORIES.filter((c) => matches(c.label))
      .slice(0, SUGGEST_OTHERS)
      .map((c) => ({ slug: c.slug, label: c.label, href: listHref({ categoria: c.slug }) })),
    brands,
    vehicles,
    codes: codes.slice(0, SUGGEST_OTHERS),
  };
}
