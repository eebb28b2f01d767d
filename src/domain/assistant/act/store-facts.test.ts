import { describe, expect, it } from 'vitest';
import { extractSlots, normalize } from '../understand.ts';
import type { Intent, Vocabulary } from '../understand.ts';
import { knowledgeAnswer, OFF_TOPIC_STRONG, strongAnswer } from './store-facts.ts';

const vocab: Vocabulary = { brands: [], kindWords: new Set(), fleet: { vehicles: [] } as unknown as Vocabulary['fleet'] };
const ask = (question: string, intent: Intent) => {
  const text = normalize(question);
  return knowledgeAnswer({ text, intent, confidence: 1, slots: extractSlots(text, vocab) });
};

describe("the store's facts", () => {
  it('answer from any page when one of its sentences covers the question much better than the intent has', () => {
    // Read as a shipping question, it got the delivery times; the privacy page says how long notas are kept.
    expect(ask('por quanto tempo vcs guardam as notas e pedidos?', 'shipping')).toContain('5 anos após a compra');
  });

  it("answer from another policy intent's fact when it covers the question's telling words much better", () => {
    // Read as a return, the question is about picking the part up at the store.
    expect(ask('da pra buscar a peça ai na paulista pra nao pagar frete?', 'returns')).toContain('Retirada na loja');
    // "pix" is three letters and still the question's subject: the hours' "funciona" does not win over it.
    expect(ask('como funciona o pix', 'payment_info')).toContain('30 minutos');
  });

  it("quote a page sentence's short paragraph whole, so the sentence that names the subject comes with it", () => {
    const r = ask('com quem vcs compartilham meus dados?', 'security');
    expect(r).toContain('a transportadora');
    expect(r).toContain('Não vendemos dados pessoais.');
  });

  it('answer a question no intent took only from a fact or page that covers it strongly', () => {
    const part = (question: string) => {
      const text = normalize(question);
      return { text, intent: 'off_topic' as const, confidence: 1, slots: extractSlots(text, vocab) };
    };
    expect(strongAnswer(part('se acabar o estoque depois q eu pagar, o que acontece?'))).toContain('Se o estoque acabar');
    expect(strongAnswer(part('quanto tempo demora pra chegar em manaus?'), undefined, OFF_TOPIC_STRONG)).toContain('Prazos de entrega');
    // Read confidently as off topic, a weaker match is not enough.
    expect(strongAnswer(part('se acabar o estoque depois q eu pagar, o que acontece?'), undefined, OFF_TOPIC_STRONG)).toBeNull();
    expect(strongAnswer(part('qual a capital da frança?'))).toBeNull();
  });

  it('put Sim or Não before a fact that settles a yes/no question', () => {
    expect(ask('atende domingo?', 'store_info')).toMatch(/^Não\. /);
    expect(ask('tem juros no parcelamento?', 'payment_info')).toMatch(/^Não\. /);
  });
});
