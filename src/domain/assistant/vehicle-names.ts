// The vehicle a message names, read against the fleet table: the fitment vocabulary (fitment/words.ts), plus
// a model name that is also an everyday word ("ka", "up") when it follows "do", "pro"… and one make has it.
import type { Fleet } from '../fitment/vehicles.ts';
import { parseVehicleWords, vehicleTokens } from '../fitment/words.ts';

const modelHeads = new WeakMap<Fleet, Map<string, Set<string>>>();

/** Each model name's first word, with the makes that have a model so named ("ka" → Ford, "s" of "s10" is not one). */
function headsOf(fleet: Fleet): Map<string, Set<string>> {
  let heads = modelHeads.get(fleet);
  if (!heads) {
    heads = new Map();
    for (const v of fleet.vehicles) {
      const head = vehicleTokens(v.model)[0];
      if (head && /[a-z]/.test(head)) heads.set(head, (heads.get(head) ?? new Set()).add(v.make));
    }
    modelHeads.set(fleet, heads);
  }
  return heads;
}

/**
 * The vehicle in the words. A model name that is also an everyday word ("ka", "up", "fit") counts without
 * its make when it follows "do", "pro", "no meu"…, and only one make has a model so named: "pastilha do ka".
 */
export function vehicleIn(fleet: Fleet, text: string) {
  const v = parseVehicleWords(fleet, text);
  if (v) return v;
  // "no meu ka", "pro meu up": the possessive may stand between the preposition and the model.
  for (const m of text.matchAll(/\b(?:(?:do|da|no|na|pro|pra|para o|para a|de)\s+(?:meu\s+|minha\s+)?|(?:meu|minha)\s+)([a-z]+)\b/g)) {
    const makes = headsOf(fleet).get(m[1]!);
    if (!makes || makes.size !== 1) continue;
    const [make] = makes;
    const at = m.index + m[0].length - m[1]!.length;
    return parseVehicleWords(fleet, `${text.slice(0, at)}${make} ${text.slice(at)}`);
  }
  return null;
}

const modelsByMake = new WeakMap<Fleet, Map<string, { make: string; words: Set<string> }>>();

/** Each make's first folded word ("fiat", "mercedes"), with its display name and every word of its models. */
function makesOf(fleet: Fleet) {
  let makes = modelsByMake.get(fleet);
  if (!makes) {
    makes = new Map();
    for (const v of fleet.vehicles) {
      const head = vehicleTokens(v.make)[0];
      if (!head) continue;
      const entry = makes.get(head) ?? { make: v.make, words: new Set<string>() };
      for (const w of vehicleTokens(`${v.make} ${v.model} ${v.version} ${v.engine}`)) entry.words.add(w);
      makes.set(head, entry);
    }
    modelsByMake.set(fleet, makes);
  }
  return makes;
}

/** Words that follow a make without naming a model ("bateria fiat original", "peça honda pra moto"). */
const NOT_A_MODEL = /^(original|originais|genuin[oa]|novo|nova|usad[oa]|de|do|da|dos|das|para|pra|pro|e|com|ou|tem|quanto|qual|no|na|em|serve|ano|modelo|motor|carro|moto|caminhao|preco|valor|\d.*)$/;

/**
 * A make the fleet knows followed by a model it does not ("pastilha pra fiat toro", "bateria pra renault
 * kwid"), as "Fiat Toro", or null. The store then says it has no parts confirmed for it instead of
 * showing another model's.
 */
export function unknownModelIn(fleet: Fleet, text: string, productWords: Set<string>): string | null {
  const makes = makesOf(fleet);
  for (const m of text.matchAll(/\b([a-z]+)\s+(?=([a-z][a-z0-9-]+)\b)/g)) {
    const make = makes.get(m[1]!);
    const word = m[2]!;
    if (!make || NOT_A_MODEL.test(word) || productWords.has(word) || make.words.has(word) || headsOf(fleet).has(word)) continue;
    return `${make.make} ${word.charAt(0).toUpperCase()}${word.slice(1)}`;
  }
  return null;
}
