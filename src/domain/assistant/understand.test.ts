import { describe, expect, it } from 'vitest';
import { fleetRows } from '../fitment/seed/fleet.ts';
import { buildFleet } from '../fitment/vehicles.ts';
import { IntentClassifier } from './classifier.ts';
import { delexicalise, extractSlots, normalize, splitParts, understand } from './understand.ts';
import type { Vocabulary } from './understand.ts';
import { searchFacts } from './knowledge.ts';

const fleet = buildFleet(fleetRows().map(({ family: _f, platform: _p, ...v }) => ({ ...v, type: v.type as never })));
const vocab: Vocabulary = {
  brands: [['mann', 'filter'], ['magneti', 'marelli'], ['bosch'], ['cofap'], ['ngk'], ['x11']].map((tokens) => ({ name: tokens.join(' '), tokens })),
  kindWords: new Set(['amortecedor', 'dianteiro', 'vela', 'ignicao', 'pastilhas', 'freio', 'farol', 'filtro', 'oleo', 'bota', 'moto', 'tenis', 'sapato']),
  fleet,
};
const slots = (text: string) => extractSlots(normalize(text), vocab);

describe('understand: slots', () => {
  it('reads product words, brand, vehicle and payment from informal text', () => {
    const s = slots('quanto sai o amortecedor cofap do hb20 no pix?');
    expect(s.productWords).toEqual(expect.arrayContaining(['amortecedor', 'cofap']));
    expect(s.brand).toBe('cofap');
    expect(s.vehicle?.vehicles[0]?.model).toBe('HB20');
    expect(s.payment).toBe('pix');
  });

  it('reads installments, quantity, price limit, sort, size and colour', () => {
    expect(slots('a vela ngk da cg 160 da pra parcelar em 5x?')).toMatchObject({ payment: 'credit', installments: 5 });
    expect(slots('quanto custa 4 velas ngk do uno?').quantity).toBe(4);
    expect(slots('tenis de automobilismo ate 300 reais').priceLimitCents).toBe(30_000);
    expect(slots('filtro de oleo ate 2015').priceLimitCents).toBeNull();
    expect(slots('qual o filtro de oleo mais em conta?').sort).toBe('menor-preco');
    expect(slots('qual o farol de milha mais caro').sort).toBe('maior-preco');
    expect(slots('bota de moto tamanho 42 preta')).toMatchObject({ size: '42', color: 'Preto', vehicleType: 'motos' });
    expect(slots('tem 39 marrom?')).toMatchObject({ size: '39', color: 'Marrom' });
    expect(slots('o cilindro do celta equivale a qual codigo da bosch?').attributes).toContain('equivalents');
    expect(slots('e se eu levar 2 no pix?')).toMatchObject({ quantity: 2, payment: 'pix' });
    expect(slots('parcela em 4?')).toMatchObject({ installments: 4, payment: 'credit', productWords: [] });
    expect(slots('qual fica mais barato, pix ou boleto?').payment).toBeNull();
  });

  it('reads attributes, reference codes, order numbers and follow-ups', () => {
    expect(slots('qual o codigo de referencia do filtro?').attributes).toContain('reference');
    expect(slots('tinha desconto antes?')).toMatchObject({ followUp: true, attributes: ['old_price'] });
    expect(slots('e no boleto?')).toMatchObject({ followUp: true, payment: 'boleto' });
    expect(slots('quanto fica esse no pix?').followUp).toBe(true);
    expect(slots('COF-264997C quanto ta').refCode).toBe('COF-264997C');
    expect(slots('status do pedido #10007919').orderNumber).toBe('10007919');
  });
});

describe('understand: parts and intents', () => {
  it('splits a multi-part question', () => {
    expect(splitParts(normalize('quanto custa a pastilha bosch do onix e qto fica o frete?'))).toEqual(['quanto custa a pastilha bosch do onix', 'quanto fica o frete']);
    expect(splitParts(normalize('qual o horario de vcs e emitem nota?'))).toHaveLength(2);
  });

  it('classifies with a learned model over delexicalised text and keeps a confidence', () => {
    expect(delexicalise(normalize('quanto custa a pastilha bosch do onix 2020?'), vocab)).toMatch(/_peca _marca .*_veiculo/);
    const classifier = new IntentClassifier([
      ...['quanto custa o _peca', 'qual o preco do _peca _marca', 'valor do _peca do _veiculo'].map((text) => ({ text, intent: 'product_price' })),
      ...['qual o valor do frete', 'quanto custa a entrega', 'prazo de entrega'].map((text) => ({ text, intent: 'shipping' })),
      ...['oi', 'bom dia', 'ola boa tarde'].map((text) => ({ text, intent: 'greeting' })),
    ]);
    const u = understand('quanto custa a pastilha bosch do onix e qto fica o frete?', vocab, classifier);
    expect(u.parts.map((p) => p.intent)).toEqual(['product_price', 'shipping']);
    expect(u.confidence).toBeGreaterThan(0.5);
    expect(understand('xyzzy qwerty', vocab, classifier).confidence).toBe(0);
    // A product part without a product borrows its sibling's, and the two become one part.
    const both = understand('quanto custa e qual o valor do farol bosch?', vocab, classifier);
    expect(both.parts).toHaveLength(1);
    expect(both.parts[0]!.slots.productWords).toEqual(['farol', 'bosch']);
    // A bare "qual?" after a question belongs to it.
    expect(understand('o farol bosch tem codigo original? qual', vocab, classifier).parts).toHaveLength(1);
    // The order asked in the second part stays when the parts become one ("farol bosch, qual o mais em conta?").
    const cheapest = understand('quanto custa o farol bosch? qual o mais em conta?', vocab, classifier);
    expect(cheapest.parts).toHaveLength(1);
    expect(cheapest.parts[0]!.slots.sort).toBe('menor-preco');
  });
});

describe('knowledge base', () => {
  it('finds single facts by similarity, with numbers from the constants', () => {
    expect(searchFacts('o boleto vence em quantos dias?', 'payment_info')[0]!.fact.id).toBe('boleto');
    expect(searchFacts('qnto tempo tenho pra pagar o pix', 'payment_info')[0]!.fact.text).toContain('30 minutos');
    expect(searchFacts('vcs abrem domingo?', 'store_info')[0]!.fact.id).toBe('hours');
  });
});
