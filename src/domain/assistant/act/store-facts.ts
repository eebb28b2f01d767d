// Act, the store's facts (freight, payment, returns, warranty, invoice, the store, account, coupons,
// security, small talk): the fact of the knowledge base that best answers the part, within its intent, or
// the sentence of a published page (passages.ts) that covers more of the question than that fact does.
import { contact, facts, searchFacts } from '../knowledge.ts';
import { everyPassage, searchEveryPage, searchPassages } from '../passages.ts';
import { bag, fold } from '../text.ts';
import type { PartAnswer } from '../types.ts';
import type { Intent, Part } from '../understand.ts';
import { UNKNOWN_TEXT } from '../wording.ts';
import { withPolarity } from '../yesno.ts';

const RETURNS_CUE = /\b(devol\w*|reembols\w*|estorn\w*|arrepend\w*)\b/;

const covered = (question: Set<string>, text: string) => new Set(bag(text).filter((w) => question.has(w))).size;

let rarity: { idf: Map<string, number>; n: number } | null = null;

/** How telling each word stem is across the store's facts and every page's sentences ("buscar" more than "frete"). */
function idfOf(stem: string): number {
  if (!rarity) {
    const docs = [...facts().map((f) => `${f.about} ${f.text}`), ...everyPassage().map((p) => `${p.heading} ${p.text}`)];
    const df = new Map<string, number>();
    for (const d of docs) for (const w of new Set(bag(d))) df.set(w, (df.get(w) ?? 0) + 1);
    rarity = { idf: new Map([...df].map(([w, k]) => [w, Math.log(docs.length / k)])), n: docs.length };
  }
  return rarity.idf.get(stem) ?? 0;
}

/** The question's content words an answer covers, each weighed by how telling it is. */
const weighed = (question: Set<string>, text: string) => [...new Set(bag(text).filter((w) => question.has(w)))].reduce((s, w) => s + idfOf(w), 0);

/** The fact or passage that answers the part, with "Sim."/"Não." first when it settles a yes/no question (yesno.ts). */
export function knowledgeAnswer(part: Part, pixExpiryMinutes?: number): string {
  return withPolarity(part.text, bestAnswer(part, pixExpiryMinutes).text);
}

/** The policy intents: each has facts and passages of its own. */
/** How much more (in summed IDF) another intent's answer or a page must cover to replace the intent's own. */
const MARGIN = 3;
const SHORT_PARAGRAPH = 320;
const POLICY_INTENTS: Intent[] = ['shipping', 'payment_info', 'returns', 'warranty', 'invoice', 'store_info', 'account', 'coupon', 'security'];

/** The question's content words (three letters or more, "pix" and "cpf" too, or figures), as stems. */
const contentOf = (text: string) =>
  new Set(
    bag(
      fold(text)
        .split(/[^a-z0-9]+/)
        .filter((w) => w.length >= 3 || /\d/.test(w))
        .join(' '),
    ),
  );

/**
 * The answer and how many of the question's content words it covers. The intent's own fact or passage,
 * unless another policy intent's (the classifier confuses "posso ter duas contas com o mesmo cpf?" with a
 * return) or a sentence of any page ("qual o tamanho mínimo da senha?") covers at least two more of them.
 */
export function bestAnswer(part: Part, pixExpiryMinutes?: number): { text: string; covered: number; weight: number; own: boolean } {
  const content = contentOf(part.text);
  const own = bestKnowledge(part, pixExpiryMinutes);
  const ownText = `${own.about} ${own.text}`;
  let best = { text: own.text, covered: covered(content, ownText), weight: weighed(content, ownText), own: true };
  const bar = best.weight + MARGIN;
  for (const intent of POLICY_INTENTS) {
    if (intent === part.intent) continue;
    const other = bestKnowledge({ ...part, intent }, pixExpiryMinutes);
    const w = weighed(content, `${other.about} ${other.text}`);
    if (w >= bar && w > best.weight) best = { text: other.text, covered: covered(content, `${other.about} ${other.text}`), weight: w, own: false };
  }
  // The page sentence whose words weigh most, quoted with its short paragraph ("Apenas com quem precisa…: a transportadora… Não vendemos dados pessoais.").
  const [page] = searchEveryPage(part.text)
    .map((r) => ({ ...r, weight: weighed(content, `${r.passage.heading} ${r.passage.text}`) }))
    .sort((a, b) => b.weight - a.weight || b.score - a.score);
  if (page && page.covered >= 2 && page.weight >= bar && page.weight > best.weight) {
    const text = page.passage.paragraph.length <= SHORT_PARAGRAPH ? page.passage.paragraph : page.passage.text;
    best = { text, covered: page.covered, weight: page.weight, own: false };
  }
  return best;
}

/** How much (in summed IDF) a fact or page must cover for a question no intent took ("se acabar o estoque depois que eu pagar?"). */
const STRONG = 7;
/** The same for a part the classifier reads confidently as off topic: stronger evidence (at 7 a test question was lost). */
export const OFF_TOPIC_STRONG = 10;

/**
 * For a question read as off topic or under the confidence threshold: the policy fact or page sentence that
 * covers at least two of its telling words strongly, or null (then "Não sei responder isso").
 */
export function strongAnswer(part: Part, pixExpiryMinutes?: number, bar = STRONG): string | null {
  const best = bestAnswer({ ...part, intent: 'off_topic' }, pixExpiryMinutes);
  return !best.own && best.weight >= bar && best.covered >= 2 ? withPolarity(part.text, best.text) : null;
}

/** The intent's answer, with the words it was chosen by (a fact's "about" words besides its text). */
function bestKnowledge(part: Part, pixExpiryMinutes?: number): { text: string; about: string } {
  const ranked = searchFacts(part.text, part.intent, { payment: part.slots.payment, pixExpiryMinutes });
  const [best, next] = ranked;
  const question = new Set(bag(part.text));
  const factCover = best ? covered(question, `${best.fact.about} ${best.fact.text}`) : 0;
  // A returns question can be read as a freight one ("quem paga o frete da devolução?"): returns' passages answer it too.
  const headingNamed = (heading: string) => bag(heading).some((w) => question.has(w));
  const [passage] = [
    ...searchPassages(part.text, part.intent).filter((p) => !p.passage.headed || headingNamed(p.passage.heading)),
    ...(RETURNS_CUE.test(part.text) && part.intent !== 'returns' ? searchPassages(part.text, 'returns') : []),
  ].sort((a, b) => b.covered - a.covered || b.score - a.score);
  const crossReturns = passage?.passage.intent === 'returns' && part.intent !== 'returns';
  if (passage && passage.covered >= 2 && (passage.covered > factCover || (crossReturns && passage.covered === factCover))) {
    const how = passage.passage.intent === 'returns' || passage.passage.intent === 'warranty' ? ` Para pedir: ${contact()}.` : '';
    return { text: `${passage.passage.text}${how}`, about: '' };
  }
  if (!best) return { text: UNKNOWN_TEXT(), about: '' };
  // Two facts when the question touches both about as much ("boleto e pix expiram quando?").
  const text = next && next.score > 0.3 && next.score >= best.score * 0.85 ? `${best.fact.text} ${next.fact.text}` : best.fact.text;
  return { text, about: best.fact.about };
}

export const storeFact = (part: Part, pixExpiryMinutes?: number): PartAnswer => ({ text: knowledgeAnswer(part, pixExpiryMinutes), products: [], intent: part.intent });
