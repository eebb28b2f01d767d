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
import { IntentClassifier } from './classifier.ts';
import { intoPortuguese } from './foreign.ts';
import { contact, paymentText, shippingText } from './knowledge.ts';
import { carryOver, recall } from './memory.server.ts';
import type { AssistantContext, AssistantReply, ChatMessage, PartAnswer, SuggestedProduct } from './types.ts';
import { delexicalise, normalize, splitParts, understand } from './understand.ts';
import type { Intent, Vocabulary } from './understand.ts';
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

export async function answer(ctx: AssistantContext, messages: ChatMessage[]): Promise<AssistantReply> {
  const last = intoPortuguese(messages.filter((m) => m.sender === 'user').at(-1)?.content ?? '');
  const vocab = await loadVocabulary(ctx.db);
  const understood = understand(last, vocab, classifier(vocab));
  if (understood.confidence < CONFIDENCE_THRESHOLD || understood.parts.length === 0) {
    return { resposta: UNKNOWN_TEXT(), produtos: [], intent: 'unknown', intents: ['unknown'], confidence: understood.confidence };
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
