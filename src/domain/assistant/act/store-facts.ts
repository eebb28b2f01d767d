// Act, the store's facts (freight, payment, returns, warranty, invoice, the store, account, coupons,
// security, small talk): the fact of the knowledge base that best answers the part, within its intent.
import { searchFacts } from '../knowledge.ts';
import type { PartAnswer } from '../types.ts';
import type { Part } from '../understand.ts';
import { UNKNOWN_TEXT } from '../wording.ts';

export function knowledgeAnswer(part: Part): string {
  const ranked = searchFacts(part.text, part.intent, { payment: part.slots.payment });
  const [best, next] = ranked;
  if (!best) return UNKNOWN_TEXT();
  // Two facts when the question touches both about as much ("boleto e pix expiram quando?").
  return next && next.score > 0.3 && next.score >= best.score * 0.85 ? `${best.fact.text} ${next.fact.text}` : best.fact.text;
}

export const storeFact = (part: Part): PartAnswer => ({ text: knowledgeAnswer(part), products: [], intent: part.intent });
