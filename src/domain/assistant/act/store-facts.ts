// Act, the store's facts (freight, payment, returns, warranty, invoice, the store, account, coupons,
// security, small talk): the fact of the knowledge base that best answers the part, within its intent, or
// the sentence of a published page (passages.ts) that covers more of the question than that fact does.
import { contact, searchFacts } from '../knowledge.ts';
import { searchPassages } from '../passages.ts';
import { bag } from '../text.ts';
import type { PartAnswer } from '../types.ts';
import type { Part } from '../understand.ts';
import { UNKNOWN_TEXT } from '../wording.ts';

const RETURNS_CUE = /\b(devol\w*|reembols\w*|estorn\w*|arrepend\w*)\b/;

const covered = (question: Set<string>, text: string) => new Set(bag(text).filter((w) => question.has(w))).size;

export function knowledgeAnswer(part: Part): string {
  const ranked = searchFacts(part.text, part.intent, { payment: part.slots.payment });
  const [best, next] = ranked;
  const question = new Set(bag(part.text));
  const factCover = best ? covered(question, `${best.fact.about} ${best.fact.text}`) : 0;
  // A returns question can be read as a freight one ("quem paga o frete da devolução?"): returns' passages answer it too.
  const [passage] = [...searchPassages(part.text, part.intent), ...(RETURNS_CUE.test(part.text) && part.intent !== 'returns' ? searchPassages(part.text, 'returns') : [])].sort(
    (a, b) => b.covered - a.covered || b.score - a.score,
  );
  const crossReturns = passage?.passage.intent === 'returns' && part.intent !== 'returns';
  if (passage && passage.covered >= 2 && (passage.covered > factCover || (crossReturns && passage.covered === factCover))) {
    const how = passage.passage.intent === 'returns' || passage.passage.intent === 'warranty' ? ` Para pedir: ${contact()}.` : '';
    return `${passage.passage.text}${how}`;
  }
  if (!best) return UNKNOWN_TEXT();
  // Two facts when the question touches both about as much ("boleto e pix expiram quando?").
  return next && next.score > 0.3 && next.score >= best.score * 0.85 ? `${best.fact.text} ${next.fact.text}` : best.fact.text;
}

export const storeFact = (part: Part): PartAnswer => ({ text: knowledgeAnswer(part), products: [], intent: part.intent });
