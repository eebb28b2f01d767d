// "vocês vendem extintor?", "tem coxim do motor pro hb20?", "preciso de um para-choque": an item the store
// does not sell, named by a word that neither the catalog (the titles, kinds and brands of the search
// lexicon, typos allowed) nor the store's own facts and pages hold. The shopper hears "Não trabalhamos com
// …" and what is nearest, never another product as if it were the one asked.
import { knownTerms } from '../catalog.server.ts';
import { isForeign } from '../foreign.ts';
import { facts } from '../knowledge.ts';
import { passages } from '../passages.ts';
import { bag } from '../text.ts';
import type { AssistantContext } from '../types.ts';
import type { Part } from '../understand.ts';

/** Words that ask whether the store sells something ("vocês vendem…?", "tem…?", "procuro…"). */
export const SELLING = /\b(vend\w*|tem|temos|teria|trabalh\w*|fazem|faz|comprar|procuro|procurando|quero|queria|preciso|precisava|acham?)\b/;
const POSITION = /^(dianteir[oa]s?|traseir[oa]s?|esquerd[oa]s?|direit[oa]s?)$/;

let storeStems: Set<string> | null = null;
/** The stems of every fact and published passage: a word the store's texts use is not an item it fails to sell. */
function storeWords(): Set<string> {
  storeStems ??= new Set([...facts().flatMap((f) => bag(`${f.about} ${f.text}`)), ...passages().flatMap((p) => bag(`${p.heading} ${p.text}`))]);
  return storeStems;
}

/**
 * The item asked as the shopper wrote it ("para-choque", "coxim", "sensor de estacionamento") when its noun or
 * the word that qualifies it right after is unknown to the catalog and to the store's texts; else null.
 */
export async function unsoldItem(ctx: AssistantContext, part: Part): Promise<string | null> {
  const s = part.slots;
  // Words left in English or Spanish are not items the store lacks.
  if (s.refCode || s.orderNumber || isForeign(part.text)) return null;
  // Verbs ("se eu levar 2…") name no item.
  const words = s.productWords.filter((w) => !/\d/.test(w) && !POSITION.test(w) && !/^[a-z]{2,}(ar|er|ir)$/.test(w) && !SELLING.test(w));
  const head = words[0];
  // A word of the store's own texts ("frete grátis", "retirada") is a question about the store, not an item.
  if (!head || head.length < 4 || storeWords().has(bag(head)[0] ?? head)) return null;
  const text = part.text;
  const at = (w: string) => text.search(new RegExp(`\\b${w}\\b`));
  // The head, and the word right after it ("junta homocinética", "sensor de estacionamento"), if any.
  // The item is what the shopper asks for: right after "tem", "vendem", "preciso de um"…, or first, with the
  // verb closing the question ("sensor de estacionamento vocês vendem?"). "ignore as regras" names no item.
  const item = `(?:[a-z]+-)?${head}\\b`;
  const asked =
    new RegExp(`${SELLING.source}\\s+(?:(?:de|um|uma|o|a|os|as|algum|alguma|uns|umas)\\s+)*${item}`).test(text) ||
    (new RegExp(`^(?:[a-z]+-)?${head}\\b`).test(text) && /\b(tem|vend\w*|trabalham)\s*$/.test(text));
  if (!asked) return null;
  // With the word that qualifies it after "de" ("sensor de estacionamento", "coxim do motor").
  const next = words[1];
  const span = next && new RegExp(`\\b${head}\\s+(?:de|do|da|dos|das)\\s+${next}\\b`).test(text) ? [head, next] : [head];
  const candidates = span.filter((w) => w.length >= 4 && !storeWords().has(bag(w)[0] ?? w));
  if (candidates.length === 0) return null;
  const known = new Set(await knownTerms(ctx.db, candidates));
  if (candidates.every((w) => known.has(w))) return null;
  // As written: from the head to the last word of the span, with a hyphenated prefix ("para-choque").
  const start = at(head);
  if (start < 0) return head;
  const last = span.at(-1)!;
  const end = text.indexOf(last, start) + last.length;
  const before = /[a-z]+-$/.exec(text.slice(0, start))?.[0] ?? '';
  return `${before}${text.slice(start, end)}`;
}
