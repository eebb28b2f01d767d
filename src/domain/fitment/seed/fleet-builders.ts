// The demo fleet's shapes and the helpers its lists are written with (see fleet.ts).
import type { VehicleType } from '#src/domain/catalog/taxonomy.ts';

export interface FleetVersion {
  /** What the shopper picks in "Versão/Motor": "1.0 12V MPI Trendline". */
  version: string;
  /** The engine the product titles name: "1.0", "2.8", "160", "24.280". */
  engine: string;
  /** Engines that are mechanically the same across models (filters, spark plugs, belts fit all of them). */
  family: string;
  yearFrom: number;
  yearTo: number;
}

export interface FleetModel {
  type: VehicleType;
  make: string;
  model: string;
  /** Models sharing brakes and suspension. */
  platform: string;
  versions: FleetVersion[];
}

/** Cuts a production run into catalogue entries per model-year update (at most `span` years each). */
export function slices(yearFrom: number, yearTo: number, span: number): [number, number][] {
  const out: [number, number][] = [];
  for (let from = yearFrom; from <= yearTo; from += span) out.push([from, Math.min(yearTo, from + span - 1)]);
  return out;
}

/** Versions of one engine generation, one per trim: v('1.0', '12V MPI', 2014, 2023, 'Trendline', 'Comfortline'). */
export function v(engine: string, detail: string, yearFrom: number, yearTo: number, ...trims: string[]): FleetVersion[] {
  const family = `${engine} ${detail}`.trim();
  return slices(yearFrom, yearTo, 4).flatMap(([from, to]) => trims.map((trim) => ({ version: [engine, detail, trim].filter(Boolean).join(' '), engine, family, yearFrom: from, yearTo: to })));
}

/** Versions whose name does not repeat the engine (motorcycles and trucks: "Fan", "24.280 6x2"). */
export function named(engine: string, family: string, yearFrom: number, yearTo: number, ...names: string[]): FleetVersion[] {
  return slices(yearFrom, yearTo, 3).flatMap(([from, to]) => names.map((version) => ({ version, engine, family, yearFrom: from, yearTo: to })));
}

export const car = (make: string, model: string, platform: string, ...versions: FleetVersion[][]): FleetModel => ({ type: 'carros', make, model, platform, versions: versions.flat() });
export const moto = (make: string, model: string, platform: string, ...versions: FleetVersion[][]): FleetModel => ({ type: 'motos', make, model, platform, versions: versions.flat() });
export const truck = (make: string, model: string, platform: string, ...versions: FleetVersion[][]): FleetModel => ({ type: 'caminhoes', make, model, platform, versions: versions.flat() });
