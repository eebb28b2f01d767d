// What a seller says a product fits, on "Cadastrar Produto": up to COMPAT_ROWS lines of vehicle (a model
// and engine of the fleet, "Volkswagen Gol 1.0") with a year range, and/or "universal" per vehicle type.
// Each line becomes one fitment row per version of that model and engine, clipped to the years the version
// was built (the same shape as the demo catalog's fitment). Pure: the fleet comes in, rows go out.
import { VEHICLE_SLUGS } from '../catalog/taxonomy.ts';
import type { VehicleType } from '../catalog/taxonomy.ts';
import { overlap } from './rules.ts';
import type { Fleet, Vehicle } from './vehicles.ts';
import { compareNames, shortLabel } from './vehicles.ts';

export const COMPAT_ROWS = 4;
export const COMPAT_FIELDS = [...Array.from({ length: COMPAT_ROWS }, (_, i) => [`compat_veiculo_${i + 1}`, `compat_de_${i + 1}`, `compat_ate_${i + 1}`]).flat()] as const;

export const COMPAT_MESSAGES = {
  vehicle: 'Veículo inválido: escolha um da lista.',
  years: 'Anos inválidos: use quatro dígitos, como 2014 e 2016, com o primeiro menor ou igual ao segundo.',
  noOverlap: 'Esse veículo não foi fabricado nesses anos.',
  universal: 'Tipo de veículo inválido.',
} as const;

/** One choice of the form's vehicle list: a model and engine ("Volkswagen Gol 1.0") and the years it was built. */
export interface FitmentGroup {
  key: string;
  label: string;
  make: string;
  type: VehicleType;
  yearFrom: number;
  yearTo: number;
}

const groupKey = (v: Vehicle) => `${v.makeSlug}/${v.modelSlug}/${v.engine}`;

/** The fleet's models and engines, by make, for the form's vehicle list. */
export function fitmentGroups(fleet: Fleet): FitmentGroup[] {
  const groups = new Map<string, FitmentGroup>();
  for (const v of fleet.vehicles) {
    const key = groupKey(v);
    const g = groups.get(key);
    if (g) {
      g.yearFrom = Math.min(g.yearFrom, v.yearFrom);
      g.yearTo = Math.max(g.yearTo, v.yearTo);
    } else groups.set(key, { key, label: `${v.make} ${shortLabel(v)}`, make: v.make, type: v.type, yearFrom: v.yearFrom, yearTo: v.yearTo });
  }
  return [...groups.values()].sort((a, b) => compareNames(a.label, b.label));
}

export interface CompatibilityInput {
  rows: { vehicleId: number; yearFrom: number; yearTo: number }[];
  universal: VehicleType[];
  /** What the form sent, to show it again (line by line). */
  lines: { vehicle: string; from: string; to: string }[];
}

export type CompatibilityResult = { ok: true; value: CompatibilityInput } | { ok: false; errors: Record<string, string>; lines: CompatibilityInput['lines'] };

/** Reads the form's compatibility lines and universal boxes. An empty line is ignored. */
export function parseCompatibility(raw: Record<string, string | undefined>, universalRaw: string[], fleet: Fleet): CompatibilityResult {
  const errors: Record<string, string> = {};
  const rows: CompatibilityInput['rows'] = [];
  const lines: CompatibilityInput['lines'] = [];
  for (let i = 1; i <= COMPAT_ROWS; i++) {
    const vehicle = (raw[`compat_veiculo_${i}`] ?? '').trim().slice(0, 100);
    const from = (raw[`compat_de_${i}`] ?? '').trim().slice(0, 10);
    const to = (raw[`compat_ate_${i}`] ?? '').trim().slice(0, 10);
    lines.push({ vehicle, from, to });
    if (vehicle === '' && from === '' && to === '') continue;
    const versions = fleet.vehicles.filter((v) => groupKey(v) === vehicle);
    if (versions.length === 0) {
      errors[`compat_veiculo_${i}`] = COMPAT_MESSAGES.vehicle;
      continue;
    }
    const first = versions.reduce((m, v) => Math.min(m, v.yearFrom), 9999);
    const last = versions.reduce((m, v) => Math.max(m, v.yearTo), 0);
    // Years left empty mean every year the model was built.
    const yFrom = from === '' ? first : /^\d{4}$/.test(from) ? Number(from) : NaN;
    const yTo = to === '' ? last : /^\d{4}$/.test(to) ? Number(to) : NaN;
    if (!(yFrom >= 1900 && yTo <= 2100 && yFrom <= yTo)) {
      errors[`compat_de_${i}`] = COMPAT_MESSAGES.years;
      continue;
    }
    let any = false;
    for (const v of versions) {
      const o = overlap({ yearFrom: yFrom, yearTo: yTo }, v);
      if (!o) continue;
      any = true;
      if (!rows.some((r) => r.vehicleId === v.id && r.yearFrom === o.yearFrom)) rows.push({ vehicleId: v.id, ...o });
    }
    if (!any) errors[`compat_de_${i}`] = COMPAT_MESSAGES.noOverlap;
  }
  const universal: VehicleType[] = [];
  for (const u of universalRaw) {
    if (!(VEHICLE_SLUGS as readonly string[]).includes(u)) errors.universal = COMPAT_MESSAGES.universal;
    else if (!universal.includes(u as VehicleType)) universal.push(u as VehicleType);
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors, lines };
  return { ok: true, value: { rows, universal, lines } };
}

/** The form lines back from stored rows (edit page): one line per model and engine, its widest years. */
export function compatibilityLines(rows: { vehicleId: number; yearFrom: number; yearTo: number }[], fleet: Fleet): CompatibilityInput['lines'] {
  const byGroup = new Map<string, { from: number; to: number }>();
  for (const r of rows) {
    const v = fleet.byId.get(r.vehicleId);
    if (!v) continue;
    const g = byGroup.get(groupKey(v));
    byGroup.set(groupKey(v), g ? { from: Math.min(g.from, r.yearFrom), to: Math.max(g.to, r.yearTo) } : { from: r.yearFrom, to: r.yearTo });
  }
  return [...byGroup.entries()].slice(0, COMPAT_ROWS).map(([vehicle, y]) => ({ vehicle, from: String(y.from), to: String(y.to) }));
}
