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
  for (const m of text.matchAll(/\b(?:do|da|no|na|pro|pra|para o|para a|meu|minha|de)\s+([a-z]+)\b/g)) {
    const makes = headsOf(fleet).get(m[1]!);
    if (!makes || makes.size !== 1) continue;
    const [make] = makes;
    const at = m.index + m[0].length - m[1]!.length;
    return parseVehicleWords(fleet, `${text.slice(0, at)}${make} ${text.slice(at)}`);
  }
  return null;
}
