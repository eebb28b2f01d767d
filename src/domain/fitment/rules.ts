// Owns the fitment rules: when a product serves a vehicle in a model year (a fitment row whose years cover
// it, or a universal marking for the vehicle's type), and how a product's compatibility list is shown.
// Pure: the database answers the same question in fitmentCondition (repository.server.ts).
import type { VehicleType } from '../catalog/taxonomy.ts';
import { compareNames, fullLabel, shortLabel, yearsText } from './vehicles.ts';
import type { Vehicle } from './vehicles.ts';

export interface FitmentRow {
  vehicle: Vehicle;
  yearFrom: number;
  yearTo: number;
}

export interface ProductFitment {
  rows: FitmentRow[];
  /** Vehicle types the product serves whatever the model ("universal"). */
  universalTypes: VehicleType[];
}

/** What a filter or a garage entry asks for: these versions (of one model, usually), in this year or any. */
export interface VehicleChoice {
  vehicles: Vehicle[];
  year: number | null;
}

/** Inclusive on both ends; no year means "any year of the range". */
export function coversYear(range: { yearFrom: number; yearTo: number }, year: number | null): boolean {
  return year === null || (range.yearFrom <= year && year <= range.yearTo);
}

/** The years two ranges share, or null: a part for 2010–2016 on a version built 2013–2020 fits 2013–2016. */
export function overlap(a: { yearFrom: number; yearTo: number }, b: { yearFrom: number; yearTo: number }): { yearFrom: number; yearTo: number } | null {
  const yearFrom = Math.max(a.yearFrom, b.yearFrom);
  const yearTo = Math.min(a.yearTo, b.yearTo);
  return yearFrom <= yearTo ? { yearFrom, yearTo } : null;
}

export type Verdict = { fits: true; how: 'vehicle'; rows: FitmentRow[] } | { fits: true; how: 'universal'; type: VehicleType } | { fits: false; sameModelRows: FitmentRow[] };

/**
 * Does the product serve the choice? A fitment row for one of the chosen versions covering the year, or a
 * universal marking for their type. When it does not, `sameModelRows` says which other versions or years
 * of the same model it does serve ("serve no Gol 1.6, não no 1.0"), so answers never have to guess.
 */
export function verdict(fitment: ProductFitment, choice: VehicleChoice): Verdict {
  const ids = new Set(choice.vehicles.map((v) => v.id));
  const rows = fitment.rows.filter((r) => ids.has(r.vehicle.id) && coversYear(r, choice.year));
  if (rows.length > 0) return { fits: true, how: 'vehicle', rows };
  const type = choice.vehicles.find((v) => fitment.universalTypes.includes(v.type))?.type;
  if (type) return { fits: true, how: 'universal', type };
  const models = new Set(choice.vehicles.map((v) => `${v.makeSlug}/${v.modelSlug}`));
  return { fits: false, sameModelRows: fitment.rows.filter((r) => models.has(`${r.vehicle.makeSlug}/${r.vehicle.modelSlug}`)) };
}

export interface CompatibilityLine {
  /** "Volkswagen Gol" */
  vehicle: string;
  /** "1.0 12V MPI Trendline" */
  version: string;
  yearFrom: number;
  yearTo: number;
  /** "2015–2020" */
  years: string;
  vehicleIds: number[];
}

/**
 * The compatibility table: one line per make, model and version, with adjacent or overlapping year
 * ranges joined (the catalogue lists versions per model-year update; the shopper wants "2015–2020").
 */
export function compatibilityTable(rows: FitmentRow[]): CompatibilityLine[] {
  const groups = new Map<string, FitmentRow[]>();
  for (const r of rows) {
    const key = `${r.vehicle.make}\u0000${r.vehicle.model}\u0000${r.vehicle.version}`;
    const list = groups.get(key);
    if (list) list.push(r);
    else groups.set(key, [r]);
  }
  const lines: CompatibilityLine[] = [];
  for (const list of groups.values()) {
    const sorted = [...list].sort((a, b) => a.yearFrom - b.yearFrom);
    let current: CompatibilityLine | null = null;
    for (const r of sorted) {
      if (current && r.yearFrom <= current.yearTo + 1) {
        current.yearTo = Math.max(current.yearTo, r.yearTo);
        current.vehicleIds.push(r.vehicle.id);
        continue;
      }
      current = { vehicle: `${r.vehicle.make} ${r.vehicle.model}`, version: r.vehicle.version, yearFrom: r.yearFrom, yearTo: r.yearTo, years: '', vehicleIds: [r.vehicle.id] };
      lines.push(current);
    }
  }
  for (const l of lines) l.years = yearsText(l.yearFrom, l.yearTo);
  return lines.sort((a, b) => compareNames(a.vehicle, b.vehicle) || compareNames(a.version, b.version) || a.yearFrom - b.yearFrom);
}

/** How a choice is named: the one version ("Gol 1.0 2015"), or the model when several versions are meant. */
export function choiceLabel(choice: VehicleChoice, style: 'short' | 'full' = 'short'): string {
  const [first] = choice.vehicles;
  if (!first) return '';
  const one = choice.vehicles.every((v) => v.version === first.version && v.modelSlug === first.modelSlug);
  if (one) return style === 'full' ? fullLabel(first, choice.year) : shortLabel(first, choice.year);
  const sameEngine = choice.vehicles.every((v) => v.engine === first.engine && v.modelSlug === first.modelSlug);
  const sameModel = choice.vehicles.every((v) => v.modelSlug === first.modelSlug);
  const year = choice.year ? ` ${choice.year}` : '';
  if (sameEngine) return `${style === 'full' ? `${first.make} ` : ''}${shortLabel(first)}${year}`;
  if (sameModel) return `${style === 'full' ? `${first.make} ` : ''}${first.model}${year}`;
  return `${first.make}${year}`;
}

// ---------------------------------------------------------------------------------------- search keys
// products.fitment_keys holds one key per (vehicle version, model year) a product fits and one per vehicle
// type it is universal for; triggers derive it from the fitment tables (migrations/0005_fitment_keys.sql,
// which has the same formulas). The list asks `fitment_keys && <keys of the choice>`.

export const UNIVERSAL_KEYS: Record<VehicleType, number> = { carros: -1, motos: -2, caminhoes: -3 };

export function fitmentKey(vehicleId: number, year: number): number {
  return vehicleId * 256 + (year - 1900);
}

/** The keys a choice matches: `specific` for its versions and years, `all` adds the universal ones. */
export function choiceKeys(choice: VehicleChoice): { specific: number[]; all: number[] } {
  const specific: number[] = [];
  for (const v of choice.vehicles) {
    if (choice.year !== null) {
      if (coversYear(v, choice.year)) specific.push(fitmentKey(v.id, choice.year));
      continue;
    }
    for (let y = v.yearFrom; y <= v.yearTo; y++) specific.push(fitmentKey(v.id, y));
  }
  const universal = [...new Set(choice.vehicles.map((v) => UNIVERSAL_KEYS[v.type]))];
  return { specific, all: [...specific, ...universal] };
}

/** Year ranges merged where they touch or overlap: 2014–2015 + 2016 + 2019–2021 → "2014–2016, 2019–2021". */
export function mergedYears(ranges: { yearFrom: number; yearTo: number }[]): string {
  const sorted = [...ranges].sort((a, b) => a.yearFrom - b.yearFrom);
  const merged: { yearFrom: number; yearTo: number }[] = [];
  for (const r of sorted) {
    const last = merged.at(-1);
    if (last && r.yearFrom <= last.yearTo + 1) last.yearTo = Math.max(last.yearTo, r.yearTo);
    else merged.push({ ...r });
  }
  return merged.map((r) => yearsText(r.yearFrom, r.yearTo)).join(', ');
}

const BADGE_GROUPS = 2;

/**
 * A list card's badge, saying exactly what was checked (issue 17). One version and a year chosen: "Serve no
 * seu Gol 1.0 2015" (the garage) or "Serve no Gol 1.0 2015". A model, or no year: the versions and years of
 * the choice the part serves, "Serve em Gol 1.0 2014–2016, 2019–2021". Universal parts say so. Null when
 * the rows do not show a fit (the caller then shows no badge rather than a guess).
 */
export function fitBadge(fitment: ProductFitment, choice: VehicleChoice, opts: { garage: boolean }): { text: string; universal: boolean } | null {
  const v = verdict(fitment, choice);
  if (!v.fits) return null;
  const [first] = choice.vehicles;
  if (!first) return null;
  const oneEngine = choice.vehicles.every((x) => x.modelSlug === first.modelSlug && x.engine === first.engine);
  if (v.how === 'universal') {
    if (oneEngine && choice.year) return { text: `Serve no${opts.garage ? ' seu' : ''} ${shortLabel(first, choice.year)}`, universal: true };
    return { text: `Universal: serve em ${VEHICLE_TYPE_WORDS[v.type]}`, universal: false };
  }
  if (oneEngine && choice.year) return { text: `Serve no${opts.garage ? ' seu' : ''} ${shortLabel(first, choice.year)}`, universal: false };
  // Group what it serves by model and engine ("Gol 1.0"), years merged.
  const groups = new Map<string, { yearFrom: number; yearTo: number }[]>();
  for (const r of v.rows) {
    const range = choice.year ? { yearFrom: choice.year, yearTo: choice.year } : { yearFrom: r.yearFrom, yearTo: r.yearTo };
    const key = shortLabel(r.vehicle);
    groups.set(key, [...(groups.get(key) ?? []), range]);
  }
  const names = [...groups.keys()].sort(compareNames);
  const parts = names.slice(0, BADGE_GROUPS).map((name) => `${name} ${mergedYears(groups.get(name)!)}`);
  const more = names.length - BADGE_GROUPS;
  return { text: `Serve em ${parts.join('; ')}${more > 0 ? ` e mais ${more} ${more === 1 ? 'versão' : 'versões'}` : ''}`, universal: false };
}

const VEHICLE_TYPE_WORDS: Record<VehicleType, string> = { carros: 'carros', motos: 'motos', caminhoes: 'caminhões' };
