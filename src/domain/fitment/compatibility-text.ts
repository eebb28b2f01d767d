// The catalog spreadsheet's "compatibilidade" column, read and written: a `|`-separated list of
// `Marca Modelo [versão] ano_inicial-ano_final` ("Volkswagen Gol 1.0 2014-2016") or `universal:carros`.
// Reading maps each entry to fitment rows (vehicle version × years, clipped to that version's years);
// writing names each fitment row by its full version, so export → import gives back the same rows.
import { slugify, VEHICLE_TYPES } from '../catalog/taxonomy.ts';
import type { VehicleType } from '../catalog/taxonomy.ts';
import { fitmentKey, UNIVERSAL_KEYS } from './rules.ts';
import type { Fleet, Vehicle } from './vehicles.ts';

export interface FitmentSpec {
  rows: { vehicleId: number; yearFrom: number; yearTo: number }[];
  universal: VehicleType[];
}

export type CompatibilityResult = { ok: true; value: FitmentSpec } | { ok: false; message: string };

const norm = (s: string) => s.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();

/** Makes and models indexed for the parser (built once per import). */
export interface FleetIndex {
  makes: { key: string; models: Map<string, Vehicle[]> }[];
}

const MAKE_ALIASES: Record<string, string> = { vw: 'volkswagen', gm: 'chevrolet', mercedes: 'mercedes-benz' };

export function indexFleet(fleet: Fleet): FleetIndex {
  const byMake = new Map<string, Map<string, Vehicle[]>>();
  for (const v of fleet.vehicles) {
    const make = norm(v.make);
    const models = byMake.get(make) ?? new Map<string, Vehicle[]>();
    byMake.set(make, models);
    const model = norm(v.model);
    models.set(model, [...(models.get(model) ?? []), v]);
  }
  // The short names parts catalogs use for some makes.
  for (const [alias, make] of Object.entries(MAKE_ALIASES)) {
    const models = byMake.get(make);
    if (models && !byMake.has(alias)) byMake.set(alias, models);
  }
  // Longest names first, so "Mercedes-Benz Accelo" is not read as a make "Mercedes".
  return { makes: [...byMake].map(([key, models]) => ({ key, models })).sort((a, b) => b.key.length - a.key.length) };
}

const startsWithWord = (text: string, prefix: string) => text === prefix || text.startsWith(`${prefix} `);

function parseEntry(entry: string, index: FleetIndex): { ok: true; rows: FitmentSpec['rows']; universal?: VehicleType } | { ok: false; message: string } {
  const text = norm(entry);
  const universal = /^universal\s*:\s*(.+)$/.exec(text);
  if (universal) {
    const type = VEHICLE_TYPES.find((t) => t.slug === slugify(universal[1]!) || slugify(t.label) === slugify(universal[1]!));
    if (!type) return { ok: false, message: `Tipo de veículo desconhecido em "${entry.trim()}" (use universal:carros, universal:motos ou universal:caminhoes).` };
    return { ok: true, rows: [], universal: type.slug };
  }
  const years = /^(.*?)\s*(\d{4})\s*(?:-\s*(\d{4}))?$/.exec(text);
  if (!years || !years[1]) return { ok: false, message: `Compatibilidade sem anos: "${entry.trim()}" (use Marca Modelo [versão] 2014-2016).` };
  const from = Number(years[2]);
  const to = Number(years[3] ?? years[2]);
  if (from < 1900 || to > 2100 || to < from) return { ok: false, message: `Anos inválidos em "${entry.trim()}".` };
  const name = years[1];
  const make = index.makes.find((m) => startsWithWord(name, m.key));
  if (!make) return { ok: false, message: `Veículo desconhecido: "${entry.trim()}" (marca não cadastrada).` };
  const rest = name.slice(make.key.length).trim();
  const model = [...make.models.keys()].sort((a, b) => b.length - a.length).find((m) => startsWithWord(rest, m));
  if (!model) return { ok: false, message: `Veículo desconhecido: "${entry.trim()}" (modelo não cadastrado).` };
  const version = rest.slice(model.length).trim();
  const versions = make.models.get(model)!;
  // The exact version when it exists; otherwise every version whose name starts with it ("1.0" → "1.0 8V Trend").
  let candidates = version === '' ? versions : versions.filter((v) => norm(v.version) === version);
  if (candidates.length === 0) candidates = versions.filter((v) => startsWithWord(norm(v.version), version) || norm(v.engine) === version);
  const rows = candidates.map((v) => ({ vehicleId: v.id, yearFrom: Math.max(from, v.yearFrom), yearTo: Math.min(to, v.yearTo) })).filter((r) => r.yearFrom <= r.yearTo);
  if (rows.length === 0) return { ok: false, message: `Veículo desconhecido: "${entry.trim()}" (nenhuma versão nesses anos).` };
  return { ok: true, rows };
}

/** Reads a compatibilidade cell; an empty cell means no fitment. */
export function parseCompatibility(cell: string, index: FleetIndex): CompatibilityResult {
  const rows = new Map<string, FitmentSpec['rows'][number]>();
  const universal = new Set<VehicleType>();
  for (const entry of cell.split('|')) {
    if (entry.trim() === '') continue;
    const parsed = parseEntry(entry, index);
    if (!parsed.ok) return parsed;
    if (parsed.universal) universal.add(parsed.universal);
    for (const r of parsed.rows) {
      const key = `${r.vehicleId}:${r.yearFrom}`;
      const prev = rows.get(key);
      rows.set(key, prev ? { ...r, yearTo: Math.max(prev.yearTo, r.yearTo) } : r);
    }
  }
  return { ok: true, value: { rows: sortRows([...rows.values()]), universal: [...universal].sort() } };
}

export function sortRows(rows: FitmentSpec['rows']): FitmentSpec['rows'] {
  return [...rows].sort((a, b) => a.vehicleId - b.vehicleId || a.yearFrom - b.yearFrom || a.yearTo - b.yearTo);
}

/** Writes fitment rows back as a compatibilidade cell. */
export function formatCompatibility(spec: FitmentSpec, fleet: Fleet): string {
  const parts: string[] = [];
  for (const r of sortRows(spec.rows)) {
    const v = fleet.byId.get(r.vehicleId);
    if (v) parts.push(`${v.make} ${v.model} ${v.version} ${r.yearFrom}-${r.yearTo}`);
  }
  for (const t of [...spec.universal].sort()) parts.push(`universal:${t}`);
  return parts.join('|');
}

/**
 * The search keys the fitment triggers will derive from these rows (rules.fitmentKey, UNIVERSAL_KEYS), in
 * their order: the import writes them with a new product so the triggers' refresh finds nothing to change
 * (one write per product instead of two). The triggers stay the source of truth.
 */
export function fitmentSearchKeys(spec: FitmentSpec): number[] {
  const keys = new Set<number>();
  for (const r of spec.rows) for (let y = r.yearFrom; y <= r.yearTo; y++) keys.add(fitmentKey(r.vehicleId, y));
  for (const t of spec.universal) keys.add(UNIVERSAL_KEYS[t]);
  return [...keys].sort((a, b) => a - b);
}
