// The catalog query's shape and its URL form, without zod: the list page's links are built in the browser
// too, and this module keeps the validation library out of that page's JavaScript. Parsing (with zod)
// stays in query.ts, which owns what the URL may hold.
import type { CategorySlug, Condition, SortSlug, VehicleType } from './taxonomy.ts';

export interface CatalogQuery {
  q: string;
  brands: string[];
  category: CategorySlug | null;
  vehicles: VehicleType[];
  condition: Condition | null;
  minPriceCents: number | null;
  maxPriceCents: number | null;
  sort: SortSlug;
  page: number;
  pageSize: number;
  /** A vehicle version (fitment): only the products that fit it, or are universal for its type. */
  vehicleId: number | null;
  /** The vehicle's model year; null means any year it was built. */
  year: number | null;
}

/** The URL parameters for a query (defaults omitted), so links and the form round-trip. */
export function queryToParams(q: Partial<CatalogQuery>): URLSearchParams {
  const p = new URLSearchParams();
  if (q.q) p.set('q', q.q);
  for (const b of q.brands ?? []) p.append('marca', b);
  if (q.category) p.set('categoria', q.category);
  for (const v of q.vehicles ?? []) p.append('veiculo', v);
  if (q.condition) p.set('estado', q.condition);
  if (q.minPriceCents != null) p.set('preco_min', centsParam(q.minPriceCents));
  if (q.maxPriceCents != null) p.set('preco_max', centsParam(q.maxPriceCents));
  if (q.sort && q.sort !== 'relevancia') p.set('ordem', q.sort);
  if (q.vehicleId) p.set('vehicle', String(q.vehicleId));
  if (q.vehicleId && q.year) p.set('ano', String(q.year));
  if (q.page && q.page > 1) p.set('pagina', String(q.page));
  return p;
}

function centsParam(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}
