// Owns the vehicle vocabulary: the fleet in memory with its cascading choices (tipo → marca → modelo →
// ano → versão/motor) and how a vehicle is named to the shopper. Pure: no database, no React.
import { VEHICLE_TYPES } from '../catalog/taxonomy.ts';
import type { VehicleType } from '../catalog/taxonomy.ts';

export interface Vehicle {
  id: number;
  type: VehicleType;
  make: string;
  makeSlug: string;
  model: string;
  modelSlug: string;
  version: string;
  engine: string;
  yearFrom: number;
  yearTo: number;
}

export interface Fleet {
  vehicles: Vehicle[];
  byId: Map<number, Vehicle>;
}

export interface Option {
  value: string;
  label: string;
}

export function buildFleet(rows: Vehicle[]): Fleet {
  return { vehicles: rows, byId: new Map(rows.map((v) => [v.id, v])) };
}

// Made on first use: creating a collator loads locale data, which is not worth paying when a module loads.
let ptCollator: Intl.Collator | undefined;
/** Compares vehicle names as a Brazilian reads them (accents and case aside, "Gol 2" before "Gol 10"). */
export const compareNames = (a: string, b: string) => (ptCollator ??= new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true })).compare(a, b);

function distinct(list: Vehicle[], key: (v: Vehicle) => string, label: (v: Vehicle) => string): Option[] {
  const seen = new Map<string, string>();
  for (const v of list) if (!seen.has(key(v))) seen.set(key(v), label(v));
  return [...seen].map(([value, l]) => ({ value, label: l })).sort((a, b) => compareNames(a.label, b.label));
}

export const typeOptions = (): Option[] => VEHICLE_TYPES.map((t) => ({ value: t.slug, label: t.label }));

export function makeOptions(fleet: Fleet, type: VehicleType): Option[] {
  return distinct(
    fleet.vehicles.filter((v) => v.type === type),
    (v) => v.makeSlug,
    (v) => v.make,
  );
}

export function modelOptions(fleet: Fleet, type: VehicleType, makeSlug: string): Option[] {
  return distinct(
    fleet.vehicles.filter((v) => v.type === type && v.makeSlug === makeSlug),
    (v) => v.modelSlug,
    (v) => v.model,
  );
}

/** Model years of a model, newest first. */
export function yearOptions(fleet: Fleet, type: VehicleType, makeSlug: string, modelSlug: string): number[] {
  const years = new Set<number>();
  for (const v of fleet.vehicles) {
    if (v.type !== type || v.makeSlug !== makeSlug || v.modelSlug !== modelSlug) continue;
    for (let y = v.yearFrom; y <= v.yearTo; y++) years.add(y);
  }
  return [...years].sort((a, b) => b - a);
}

/** Versions of a model sold in a year. */
export function versionOptions(fleet: Fleet, type: VehicleType, makeSlug: string, modelSlug: string, year: number): Vehicle[] {
  return fleet.vehicles
    .filter((v) => v.type === type && v.makeSlug === makeSlug && v.modelSlug === modelSlug && v.yearFrom <= year && year <= v.yearTo)
    .sort((a, b) => compareNames(a.version, b.version));
}

/** "Gol 1.0 2015", "CG 160 2020", "Constellation 24.280 2018": what badges say. */
export function shortLabel(v: Pick<Vehicle, 'model' | 'engine'>, year?: number | null): string {
  const engine = v.model.includes(v.engine) ? '' : ` ${v.engine}`;
  return `${v.model}${engine}${year ? ` ${year}` : ''}`;
}

/** "Volkswagen Gol 1.0 12V MPI Trendline 2015": the banner and the garage. */
export function fullLabel(v: Pick<Vehicle, 'make' | 'model' | 'version'>, year?: number | null): string {
  return `${v.make} ${v.model} ${v.version}${year ? ` ${year}` : ''}`;
}

/** "2008–2013" or "2015". */
export function yearsText(from: number, to: number): string {
  return from === to ? String(from) : `${from}–${to}`;
}
