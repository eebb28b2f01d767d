// Owns "Qual é o seu veículo?": the cascading choice tipo → marca → modelo → ano → versão/motor, as the API
// (strict: a wrong step is a 400) and the no-JavaScript form (lenient: a step that no longer fits the ones
// before it is dropped, so changing the type and pressing "Continuar" starts over from there).
import { z } from 'zod';
import { vehicleParams, yearNeedsVehicle } from '../catalog/query.ts';
import { VEHICLE_SLUGS } from '../catalog/taxonomy.ts';
import type { VehicleType } from '../catalog/taxonomy.ts';
import { makeOptions, modelOptions, typeOptions, versionOptions, yearOptions, yearsText } from './vehicles.ts';
import type { Fleet, Option, Vehicle } from './vehicles.ts';
import type { Level, SelectorData } from './selector-data.ts';

export type { Level, SelectorData };

export const MIN_YEAR = 1900;
export const MAX_YEAR = 2100;

export const msg = {
  type: 'Tipo de veículo inválido: use carros, motos ou caminhoes.',
  slug: 'Use só letras minúsculas, números e hífens.',
  year: 'Ano inválido: use quatro dígitos, como 2015.',
  version: 'Versão inválida: use o número da versão.',
  vehicle: 'Veículo inválido: use o número do veículo (vehicle).',
  makeFirst: 'Informe o tipo antes da marca.',
  modelFirst: 'Informe a marca antes do modelo.',
  yearFirst: 'Informe o modelo antes do ano.',
  versionFirst: 'Informe o ano antes da versão.',
  unknownMake: 'Marca não encontrada para este tipo de veículo.',
  unknownModel: 'Modelo não encontrado para esta marca.',
  unknownYear: 'Este modelo não foi fabricado nesse ano.',
  unknownVersion: 'Versão não encontrada para este modelo e ano.',
  unknownVehicle: 'Veículo não encontrado.',
  yearWithoutVehicle: 'Informe o veículo (vehicle) para filtrar por ano.',
};

const slug = z
  .string()
  .max(60, msg.slug)
  .regex(/^[a-z0-9-]*$/, msg.slug);
const yearParam = z
  .string()
  .regex(/^(\d{4})?$/, msg.year)
  .refine((s) => s === '' || (Number(s) >= MIN_YEAR && Number(s) <= MAX_YEAR), msg.year);
const idParam = (message: string) =>
  z
    .string()
    .regex(/^(\d{1,9})?$/, message)
    .refine((s) => s === '' || Number(s) >= 1, message);

/** The selector's fields as they come from a URL or a form (empty means "not chosen"). */
export const selectionSchema = z.object({
  tipo: z.enum([...VEHICLE_SLUGS, ''], { error: msg.type }).optional(),
  marca: slug.optional(),
  modelo: slug.optional(),
  ano: yearParam.optional(),
  versao: idParam(msg.version).optional(),
});

export interface Selection {
  type: VehicleType | null;
  make: Option | null;
  model: Option | null;
  year: number | null;
  version: Vehicle | null;
}

export interface SelectionState {
  selection: Selection;
  /** The options of every level up to the first one not chosen yet. */
  options: { type: Option[]; make: Option[]; model: Option[]; year: Option[]; version: Option[] };
  /** The first level still to choose, or null when a version is chosen. */
  next: Level | null;
}

export type SelectionResult = { ok: true; state: SelectionState } | { ok: false; message: string };

const empty = (v: string | undefined) => v === undefined || v === '';

/** The year is already chosen at this step, so a version is named by itself: "1.0 12V MPI Trendline". */
export function versionOption(v: Vehicle): Option {
  return { value: String(v.id), label: v.version };
}

/**
 * Walks the levels in order. Strict: a chosen level that does not exist under the previous one, or a level
 * chosen while an earlier one is missing, is an error. Lenient: the walk stops there instead.
 */
export function resolveSelection(fleet: Fleet, input: Record<string, unknown>, mode: 'strict' | 'lenient'): SelectionResult {
  const parsed = selectionSchema.safeParse(input);
  if (!parsed.success) {
    if (mode === 'strict') return { ok: false, message: parsed.error.issues[0]?.message ?? 'Parâmetros inválidos.' };
    return resolveSelection(fleet, {}, mode);
  }
  const raw = parsed.data;
  const selection: Selection = { type: null, make: null, model: null, year: null, version: null };
  const options: SelectionState['options'] = { type: typeOptions(), make: [], model: [], year: [], version: [] };
  const fail = (message: string): SelectionResult | null => (mode === 'strict' ? { ok: false, message } : null);
  const done = (next: Level | null): SelectionResult => ({ ok: true, state: { selection, options, next } });

  // A later level given without an earlier one.
  const order: [keyof typeof raw, string][] = [
    ['tipo', ''],
    ['marca', msg.makeFirst],
    ['modelo', msg.modelFirst],
    ['ano', msg.yearFirst],
    ['versao', msg.versionFirst],
  ];
  for (let i = 1; i < order.length; i++) {
    if (!empty(raw[order[i]![0]] as string | undefined) && empty(raw[order[i - 1]![0]] as string | undefined)) {
      const f = fail(order[i]![1]);
      if (f) return f;
    }
  }

  if (empty(raw.tipo)) return done('type');
  selection.type = raw.tipo as VehicleType;
  options.make = makeOptions(fleet, selection.type);
  if (empty(raw.marca)) return done('make');
  selection.make = options.make.find((o) => o.value === raw.marca) ?? null;
  if (!selection.make) return fail(msg.unknownMake) ?? done('make');

  options.model = modelOptions(fleet, selection.type, selection.make.value);
  if (empty(raw.modelo)) return done('model');
  selection.model = options.model.find((o) => o.value === raw.modelo) ?? null;
  if (!selection.model) return fail(msg.unknownModel) ?? done('model');

  const years = yearOptions(fleet, selection.type, selection.make.value, selection.model.value);
  options.year = years.map((y) => ({ value: String(y), label: String(y) }));
  if (empty(raw.ano)) return done('year');
  const year = Number(raw.ano);
  if (!years.includes(year)) return fail(msg.unknownYear) ?? done('year');
  selection.year = year;

  const versions = versionOptions(fleet, selection.type, selection.make.value, selection.model.value, year);
  options.version = versions.map(versionOption);
  if (empty(raw.versao)) return done('version');
  selection.version = versions.find((v) => String(v.id) === raw.versao) ?? null;
  if (!selection.version) return fail(msg.unknownVersion) ?? done('version');
  return done(null);
}

/** The list a level offers, for GET /api/vehicles: the first level not given. */
export function nextOptions(state: SelectionState): { level: Level | null; options: Option[] } {
  const level = state.next;
  return { level, options: level ? state.options[level] : [] };
}

/** `vehicle` and `ano` alone (GET /api/products/:id/fitment), parsed like the catalog's. */
export const vehicleYearSchema = z.object(vehicleParams).superRefine(yearNeedsVehicle);

/** A vehicle (version id) and an optional model year, as the product APIs and the list page take them. */
export function checkVehicleYear(fleet: Fleet, vehicleId: number, year: number | null): { ok: true; vehicle: Vehicle } | { ok: false; message: string } {
  const vehicle = fleet.byId.get(vehicleId);
  if (!vehicle) return { ok: false, message: msg.unknownVehicle };
  if (year !== null && (year < vehicle.yearFrom || year > vehicle.yearTo)) {
    return { ok: false, message: `Ano fora da produção deste veículo: ${vehicle.model} ${vehicle.version} (${yearsText(vehicle.yearFrom, vehicle.yearTo)}).` };
  }
  return { ok: true, vehicle };
}

export function selectorData(state: SelectionState): SelectorData {
  const s = state.selection;
  return {
    values: {
      tipo: s.type ?? '',
      marca: s.make?.value ?? '',
      modelo: s.model?.value ?? '',
      ano: s.year ? String(s.year) : '',
      versao: s.version ? String(s.version.id) : '',
    },
    options: state.options,
  };
}

/** The garage form (POST /garagem): use a vehicle, clear the active one, or remove one. */
export const garageActionSchema = z.discriminatedUnion(
  'intencao',
  [
    z.object({
      intencao: z.literal('usar'),
      versao: z.string({ error: 'Escolha a versão do veículo.' }).regex(/^\d{1,9}$/, 'Escolha a versão do veículo.'),
      ano: z.string({ error: 'Escolha o ano do veículo.' }).regex(/^\d{4}$/, 'Escolha o ano do veículo.'),
    }),
    z.object({ intencao: z.literal('limpar') }),
    z.object({
      intencao: z.literal('remover'),
      versao: z.string().regex(/^\d{1,9}$/, msg.version),
      ano: z.string().regex(/^\d{4}$/, msg.year),
    }),
  ],
  { error: 'Ação inválida.' },
);

/** Where to go after the garage changes: a path on this site only ("/ProductList?q=farol"), else the list. */
export function safeReturnPath(raw: string | null | undefined, fallback = '/ProductList'): string {
  if (!raw || raw.length > 500 || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\') || /[\r\n]/.test(raw)) return fallback;
  return raw;
}
