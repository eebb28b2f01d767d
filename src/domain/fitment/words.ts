// Reads vehicle words in a search ("pastilha de freio gol 2015", "filtro hb20 1.0", "vela cg160"): the make,
// the model, an engine or version word right after it, and a model year. What is recognised becomes a
// vehicle filter; the other words are searched as text. Pure: the fleet comes from the caller.
import type { Fleet, Vehicle } from './vehicles.ts';

/** Folded words with letters and digits split ("HB20" → "hb 20", "1,0" → "1.0"); "1.0" and "24.280" stay whole. */
export function vehicleTokens(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/(\d),(\d)/g, '$1.$2')
    .replace(/[^a-z0-9.]+/g, ' ')
    .replace(/(?<!\d)\.|\.(?!\d)/g, ' ')
    .replace(/([a-z])(\d)/g, '$1 $2')
    .replace(/(\d)([a-z])/g, '$1 $2')
    .split(' ')
    .filter((t) => t.length > 0);
}

/** How shoppers write the makes. */
const MAKE_ALIASES: Record<string, string[]> = {
  volkswagen: ['volkswagen', 'vw', 'volks'],
  chevrolet: ['chevrolet', 'chevy', 'gm'],
  'mercedes-benz': ['mercedes benz', 'mercedes', 'benz', 'mb'],
};

/** Model names that are also everyday words: recognised only next to their make or a number. */
const AMBIGUOUS = new Set(['up', 'ka', 'fh', 'fm', 'cargo', 'classic', 'spin', 'elite', 'pop', 'fazer', 'factor', 'city', 'fit']);

const MIN_YEAR = 1950;
const MAX_YEAR = 2035;

interface ModelEntry {
  makeSlug: string;
  modelSlug: string;
  tokens: string[];
}

export interface VehicleWords {
  /** The versions the words mean (one model, possibly narrowed to an engine or version). */
  vehicles: Vehicle[];
  year: number | null;
  /** The search without the vehicle words, as the shopper typed it. */
  rest: string;
  /** The words that were read as the vehicle, as typed. */
  matched: string;
}

interface Index {
  makes: { makeSlug: string; tokens: string[] }[];
  models: ModelEntry[];
}

const indexes = new WeakMap<Fleet, Index>();

function indexOf(fleet: Fleet): Index {
  const hit = indexes.get(fleet);
  if (hit) return hit;
  const makes = new Map<string, string[][]>();
  const models = new Map<string, ModelEntry>();
  for (const v of fleet.vehicles) {
    if (!makes.has(v.makeSlug)) makes.set(v.makeSlug, (MAKE_ALIASES[v.makeSlug] ?? [v.make]).map(vehicleTokens));
    const key = `${v.makeSlug}/${v.modelSlug}`;
    if (!models.has(key)) models.set(key, { makeSlug: v.makeSlug, modelSlug: v.modelSlug, tokens: vehicleTokens(v.model) });
  }
  const index: Index = {
    makes: [...makes].flatMap(([makeSlug, aliases]) => aliases.map((tokens) => ({ makeSlug, tokens }))).sort((a, b) => b.tokens.length - a.tokens.length),
    models: [...models.values()].sort((a, b) => b.tokens.length - a.tokens.length),
  };
  indexes.set(fleet, index);
  return index;
}

const startsWith = (tokens: string[], at: number, seq: string[]) => seq.every((t, i) => tokens[at + i] === t);

/**
 * Finds a vehicle in the words, or null. A model is needed (a make alone stays a text word, "farol fiat");
 * ambiguous or very short model names need their make or their number beside them.
 */
export function parseVehicleWords(fleet: Fleet, text: string): VehicleWords | null {
  // Work on the typed words, each split into tokens, so the rest can be rebuilt as typed.
  const words = text.split(/\s+/).filter(Boolean);
  const tokens: string[] = [];
  const wordOf: number[] = [];
  words.forEach((w, i) => {
    for (const t of vehicleTokens(w)) {
      tokens.push(t);
      wordOf.push(i);
    }
  });
  if (tokens.length === 0) return null;
  const { makes, models } = indexOf(fleet);
  const used = new Set<number>();
  const take = (at: number, n: number) => {
    for (let i = 0; i < n; i++) used.add(at + i);
  };

  // The make, anywhere.
  let makeSlug: string | null = null;
  for (let i = 0; i < tokens.length && !makeSlug; i++) {
    const m = makes.find((mk) => startsWith(tokens, i, mk.tokens));
    if (m) {
      makeSlug = m.makeSlug;
      take(i, m.tokens.length);
    }
  }

  // The model: the longest full name first; then a name's first word alone ("biz" → Biz 125 and Biz 110i).
  let found: { at: number; n: number; entries: ModelEntry[] } | null = null;
  const candidates = models.filter((m) => !makeSlug || m.makeSlug === makeSlug);
  for (let i = 0; i < tokens.length && !found; i++) {
    if (used.has(i)) continue;
    const full = candidates.find((m) => startsWith(tokens, i, m.tokens));
    if (!full) continue;
    const head = full.tokens[0]!;
    const hasNumber = full.tokens.some((t) => /\d/.test(t));
    if (!makeSlug && ((AMBIGUOUS.has(head) && !hasNumber) || full.tokens.join('').length < 3)) continue;
    found = { at: i, n: full.tokens.length, entries: candidates.filter((m) => m.tokens.join(' ') === full.tokens.join(' ')) };
  }
  for (let i = 0; i < tokens.length && !found; i++) {
    const t = tokens[i]!;
    if (used.has(i) || t.length < 3 || /\d/.test(t) || (!makeSlug && AMBIGUOUS.has(t))) continue;
    const entries = candidates.filter((m) => m.tokens.length > 1 && m.tokens[0] === t);
    if (entries.length > 0) found = { at: i, n: 1, entries };
  }
  if (!found) return null;
  take(found.at, found.n);
  const keys = new Set(found.entries.map((m) => `${m.makeSlug}/${m.modelSlug}`));
  let vehicles = fleet.vehicles.filter((v) => keys.has(`${v.makeSlug}/${v.modelSlug}`));

  // Engine or version words right after the model (and after each other): "gol 1.0", "onix 1.0 turbo ltz",
  // "r 450 6x2". A typed word narrows the versions when all of its tokens name their engine or version.
  const lastModelWord = wordOf[found.at + found.n - 1]!;
  for (let w = lastModelWord + 1; w < words.length; w++) {
    const toks = vehicleTokens(words[w]!);
    if (toks.length === 0 || (toks.length === 1 && /^\d{4}$/.test(toks[0]!)) || words[w]!.length < 2) break;
    const engine = toks.join(' ');
    const byEngine = vehicles.filter((v) => v.engine.toLowerCase() === engine);
    const byVersion = vehicles.filter((v) => {
      const vt = vehicleTokens(v.version);
      return toks.every((t) => vt.includes(t));
    });
    const narrowed = byEngine.length > 0 ? byEngine : byVersion;
    if (narrowed.length === 0) break;
    vehicles = narrowed;
    wordOf.forEach((wi, ti) => {
      if (wi === w) used.add(ti);
    });
  }

  // The model year: "2015", or the model year of "2015/2016".
  let year: number | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (used.has(i) || !/^\d{4}$/.test(t)) continue;
    const y = Number(t);
    if (y < MIN_YEAR || y > MAX_YEAR) continue;
    year = y;
    used.add(i);
    const next = tokens[i + 1];
    if (next && /^\d{4}$/.test(next) && Number(next) === y + 1) {
      year = y + 1;
      used.add(i + 1);
    }
    break;
  }
  if (year !== null) {
    vehicles = vehicles.filter((v) => v.yearFrom <= year! && year! <= v.yearTo);
    if (vehicles.length === 0) return null;
  }

  // A typed word is dropped only when all of its tokens were read as the vehicle.
  const dropped = new Set<number>();
  words.forEach((_, w) => {
    const mine = wordOf.map((wi, ti) => (wi === w ? ti : -1)).filter((ti) => ti >= 0);
    if (mine.length > 0 && mine.every((ti) => used.has(ti))) dropped.add(w);
  });
  return {
    vehicles,
    year,
    rest: words.filter((_, i) => !dropped.has(i)).join(' '),
    matched: words.filter((_, i) => dropped.has(i)).join(' '),
  };
}
