// OlimpIA's embedded engine, in three steps:
// 1. understand (understand.ts, vocabulary.server.ts, memory.server.ts): the message, cut into parts, each
//    with a learned intent, a confidence and slots matched against the catalog's vocabulary; the
//    conversation so far and the product on the page fill what the message leaves out ("e no boleto?");
// 2. act (act/handlers.server.ts): one handler per intent, calling the store's own modules (catalog search
//    with filters, sort and price limit, fitment, pricing, the shopper's own orders, the store's facts);
// 3. answer (wording.ts and each handler): one short paragraph per part, built only from what those calls
//    returned, joined here.
import fs from 'node:fs';
import { answerPart } from './act/handlers.server.ts';
import { SELLING, unsoldItem } from './act/unsold.server.ts';
import { strongAnswer } from './act/store-facts.ts';
import { IntentClassifier } from './classifier.ts';
import { intoPortuguese } from './foreign.ts';
import { contact, paymentText, shippingText } from './knowledge.ts';
import { carryOver, recall } from './memory.server.ts';
import type { AssistantContext, AssistantReply, ChatMessage, PartAnswer, SuggestedProduct } from './types.ts';
import { delexicalise, extractSlots, normalize, PRODUCT_INTENTS, splitParts, understand } from './understand.ts';
import { ASKS_PAYMENT, statedAmount } from './act/stated-amount.ts';
import type { Intent, Part, Vocabulary } from './understand.ts';
import { loadVocabulary } from './vocabulary.server.ts';
import { suggestion, UNKNOWN_TEXT } from './wording.ts';

export type { AssistantContext, AssistantReply, ChatMessage, SuggestedProduct };
export { loadVocabulary, UNKNOWN_TEXT };
export { searchCatalog } from './catalog.server.ts';
export { orderStatus } from './act/orders.server.ts';

/** Below this classifier confidence the engine says it does not know (tuned on the dev split). */
export const CONFIDENCE_THRESHOLD = 0.35;

// ---- The classifier, trained once per process from the train split ----

interface LabelledQuestion {
  ask: string | string[];
  intents: string[];
}

let trained: IntentClassifier | null = null;
let trainingVocab: Vocabulary | null = null;

export function trainingExamples(questions: LabelledQuestion[], vocab: Vocabulary): { text: string; intent: string }[] {
  const out: { text: string; intent: string }[] = [];
  for (const q of questions) {
    const last = Array.isArray(q.ask) ? q.ask.at(-1)! : q.ask;
    const t = normalize(last);
    const pieces = splitParts(t);
    if (q.intents.length === 1) {
      out.push({ text: delexicalise(t, vocab), intent: q.intents[0]! });
    } else if (pieces.length === q.intents.length) {
      pieces.forEach((p, i) => {
        out.push({ text: delexicalise(p, vocab), intent: q.intents[i]! });
      });
    }
  }
  return out;
}

function classifier(vocab: Vocabulary): IntentClassifier {
  if (trained && trainingVocab === vocab) return trained;
  const questions = JSON.parse(fs.readFileSync(new URL('./training/train.json', import.meta.url), 'utf8')) as LabelledQuestion[];
  trained = new IntentClassifier(trainingExamples(questions, vocab));
  trainingVocab = vocab;
  return trained;
}

/** Intents of small talk: a follow-up never takes its subject from them. */
const CHAT: Intent[] = ['greeting', 'thanks', 'chitchat', 'off_topic'];

/** A short part that names nothing to answer about ("como faz?", "o número é 12345678"): no product, vehicle, code or payment. */
function subjectless(part: Part): boolean {
  const s = part.slots;
  // Words of three letters ("faz", "dai") or figures name nothing; "e a garantia?" has a subject of its own.
  return part.text.split(/\s+/).length <= 4 && s.productWords.every((w) => w.length <= 3 || /^\d+$/.test(w)) && !s.vehicle && !s.refCode && !s.payment && !s.brand;
}

export async function answer(ctx: AssistantContext, messages: ChatMessage[]): Promise<AssistantReply> {
  const last = intoPortuguese(messages.filter((m) => m.sender === 'user').at(-1)?.content ?? '');
  const vocab = await loadVocabulary(ctx.db);
  let understood = understand(last, vocab, classifier(vocab));
  // "quero devolver um farol" → "como faz?": a short follow-up with no subject of its own is read with the question before.
  const before = messages.filter((m) => m.sender === 'user').at(-2)?.content;
  const [alone] = understood.parts;
  if (before && understood.parts.length === 1 && alone && !PRODUCT_INTENTS.includes(alone.intent) && subjectless(alone)) {
    const joined = understand(`${intoPortuguese(before)} ${last}`, vocab, classifier(vocab));
    const topic = joined.parts.filter((p) => !PRODUCT_INTENTS.includes(p.intent) && !CHAT.includes(p.intent)).sort((a, b) => b.confidence - a.confidence)[0];
    if (topic && topic.confidence >= CONFIDENCE_THRESHOLD) {
      const slots = { ...topic.slots, orderNumber: alone.slots.orderNumber ?? topic.slots.orderNumber };
      understood = { parts: [{ ...topic, slots }], confidence: topic.confidence };
    }
  }
  // "vocês vendem extintor?" with words the classifier never saw: still a question about an item, which the store does not sell.
  const [only] = understood.parts;
  if (understood.confidence < CONFIDENCE_THRESHOLD && understood.parts.length === 1 && only && SELLING.test(only.text) && (await unsoldItem(ctx, only))) {
    understood.parts = [{ ...only, intent: 'product_search' }];
    understood.confidence = CONFIDENCE_THRESHOLD;
  }
  // "cg 160 2020" after "vcs tem bateria pra moto?": a bare vehicle answers the earlier question (carryOver narrows it).
  const earlier = messages.filter((m) => m.sender === 'user').length > 1;
  if (understood.confidence < CONFIDENCE_THRESHOLD && understood.parts.length === 1 && only?.slots.vehicle && only.slots.productWords.length === 0 && earlier) {
    understood.parts = [{ ...only, intent: 'product_search' }];
    understood.confidence = CONFIDENCE_THRESHOLD;
  }
  // A rare phrasing under the threshold that a policy fact or page sentence covers strongly ("se acabar o estoque depois que eu pagar?").
  const published = understood.confidence < CONFIDENCE_THRESHOLD && understood.parts.length === 1 && only ? strongAnswer(only, ctx.pixExpiryMinutes) : null;
  if (published) return { resposta: published, produtos: [], intent: 'off_topic', intents: ['off_topic'], confidence: understood.confidence };
  if (understood.confidence < CONFIDENCE_THRESHOLD || understood.parts.length === 0) {
    return { resposta: UNKNOWN_TEXT(), produtos: [], intent: 'unknown', intents: ['unknown'], confidence: understood.confidence };
  }
  // "uma peça de R$ 35, dá pra parcelar?": an amount and a payment question in one message are one question.
  const whole = normalize(last);
  if (understood.parts.length > 1 && statedAmount(whole) !== null && ASKS_PAYMENT.test(whole)) {
    const payment = understood.parts.find((p) => PRODUCT_INTENTS.includes(p.intent) || p.intent === 'payment_info') ?? understood.parts[0]!;
    understood.parts = [{ ...payment, text: whole, slots: extractSlots(whole, vocab) }];
  }
  const memory = await recall(ctx, vocab, messages);
  // "oi, tudo bem? tem farol?": a product part with nothing to search, beside other parts, is small talk.
  const parts =
    understood.parts.length > 1 ? understood.parts.filter((p) => !(p.intent === 'product_search' && p.slots.productWords.length === 0 && !p.slots.vehicle && !p.slots.sort)) : understood.parts;
  const answers: PartAnswer[] = [];
  for (const part of (parts.length > 0 ? parts : understood.parts).slice(0, 4)) answers.push(await answerPart(ctx, carryOver(part, memory, vocab), memory));
  const produtos = new Map<number, SuggestedProduct>();
  for (const a of answers) for (const p of a.products) if (produtos.size < 4) produtos.set(p.id, suggestion(p));
  return {
    resposta: [...new Set(answers.map((a) => a.text))].join('\n\n'),
    produtos: [...produtos.values()],
    intent: answers[0]!.intent,
    intents: answers.map((a) => a.intent),
    confidence: understood.confidence,
  };
}

// The same facts for the optional language-model path's tools.
export const facts = { shippingText, paymentText, contact };
