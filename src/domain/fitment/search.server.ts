// The catalog search seen through a vehicle: the one asked for (`vehicle` and `ano` in the URL), else one
// named in the search words ("pastilha de freio gol 2015"), else the shopper's active garage vehicle.
// Only compatible or universal products are listed, and each result says which of the two it is.
import type { Db } from '#src/db/client.server.ts';
import type { CatalogQuery } from '../catalog/query.ts';
import { searchProducts } from '../catalog/search/search.server.ts';
import type { SearchResult } from '../catalog/types.ts';
import { loadFleet } from './fleet.server.ts';
import { fitmentRestriction, productsFitment } from './repository.server.ts';
import type { GarageEntry } from './repository.server.ts';
import { choiceLabel, fitBadge } from './rules.ts';
import type { VehicleChoice } from './rules.ts';
import { checkVehicleYear } from './selector.ts';
import { parseVehicleWords } from './words.ts';

export interface AppliedVehicle {
  /** param: `vehicle` in the URL; words: recognised in the search; garage: the shopper's active vehicle. */
  source: 'param' | 'words' | 'garage';
  choice: VehicleChoice;
  /** "Gol 1.0 2015" */
  label: string;
  /** "Volkswagen Gol 1.0 12V MPI Trendline 2015" */
  fullLabel: string;
  /** The words read as the vehicle ("gol 2015"), for source "words". */
  words: string | null;
}

export type FitmentSearchResult = SearchResult & {
  vehicle: AppliedVehicle | null;
  /** With a vehicle: product id → made for it ("vehicle") or universal. */
  fits: Record<number, 'vehicle' | 'universal'>;
};

export type FitmentSearch = { ok: true; result: FitmentSearchResult } | { ok: false; message: string };

function applied(source: AppliedVehicle['source'], choice: VehicleChoice, words: string | null = null): AppliedVehicle {
  return { source, choice, label: choiceLabel(choice), fullLabel: choiceLabel(choice, 'full'), words };
}

/**
 * Which vehicle a search is for, and the text left to search. Order: the URL's vehicle (explicit), then
 * vehicle words in the search (the shopper just typed them), then the garage (remembered).
 */
export async function vehicleForSearch(
  db: Db,
  query: CatalogQuery,
  garage: GarageEntry | null,
  choice?: VehicleChoice,
): Promise<{ ok: true; vehicle: AppliedVehicle | null; q: string } | { ok: false; message: string }> {
  if (choice && choice.vehicles.length > 0) return { ok: true, vehicle: applied('param', choice), q: query.q };
  if (query.vehicleId !== null) {
    const check = checkVehicleYear(await loadFleet(db), query.vehicleId, query.year);
    if (!check.ok) return check;
    return { ok: true, vehicle: applied('param', { vehicles: [check.vehicle], year: query.year }), q: query.q };
  }
  if (query.q) {
    const words = parseVehicleWords(await loadFleet(db), query.q);
    if (words) return { ok: true, vehicle: applied('words', { vehicles: words.vehicles, year: words.year }, words.matched), q: words.rest };
  }
  if (garage) return { ok: true, vehicle: applied('garage', { vehicles: [garage.vehicle], year: garage.year }), q: query.q };
  return { ok: true, vehicle: null, q: query.q };
}

/**
 * `garage`: the shopper's active vehicle (pages and OlimpIA); `choice`: a vehicle decided by the caller
 * (OlimpIA's "serve no Onix 2020?"), which then wins over everything and leaves the words alone.
 */
export async function searchWithFitment(db: Db, query: CatalogQuery, opts: { facets?: boolean; garage?: GarageEntry | null; choice?: VehicleChoice } = {}): Promise<FitmentSearch> {
  const resolved = await vehicleForSearch(db, query, opts.garage ?? null, opts.choice);
  if (!resolved.ok) return resolved;
  const { vehicle } = resolved;
  const result = await searchProducts(db, { ...query, q: resolved.q }, { facets: opts.facets, restrict: vehicle ? fitmentRestriction(vehicle.choice) : undefined });
  // The page query already says which results are made for the vehicle (the rest are universal).
  const { firstIds, ...rest } = result;
  const made = new Set(firstIds ?? []);
  const fits: Record<number, 'vehicle' | 'universal'> = {};
  if (vehicle) for (const item of result.items) fits[item.id] = made.has(item.id) ? 'vehicle' : 'universal';
  return { ok: true, result: { ...rest, vehicle, fits } };
}

/**
 * The card badges of a vehicle-filtered list, by product id: exactly what was checked (rules.fitBadge):
 * "Serve no seu Gol 1.0 2015", or "Serve em Gol 1.0 2014–2016, 2019–2021" when only the model is known.
 * Footwear gets none: shoes are never sold as fitting a vehicle.
 */
export async function fitBadges(db: Db, vehicle: AppliedVehicle | null, items: { id: number; category: string }[]): Promise<Record<number, { text: string; universal: boolean }>> {
  if (!vehicle) return {};
  const parts = items.filter((i) => i.category !== 'calcados');
  const fitments = await productsFitment(
    db,
    parts.map((i) => i.id),
  );
  const out: Record<number, { text: string; universal: boolean }> = {};
  for (const item of parts) {
    const badge = fitBadge(fitments.get(item.id)!, vehicle.choice, { garage: vehicle.source === 'garage' });
    if (badge) out[item.id] = badge;
  }
  return out;
}
