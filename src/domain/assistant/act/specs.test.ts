import { describe, expect, it } from 'vitest';
import { namesSpec, specAnswer } from './specs.ts';

const farol = {
  title: 'Farol Dianteiro Esquerdo Magneti Marelli Volvo C70 2.5 2006-2013',
  description: 'Farol principal do lado do motorista, com lente em policarbonato. Encaixe original, sem adaptações; acompanha soquetes e vedação.',
  specs: [
    { label: 'Lâmpada', value: 'H7 + H1 (não inclusas)' },
    { label: 'Tensão', value: '12 V' },
    { label: 'Peso', value: '2,85 kg' },
  ],
};
const bota = {
  title: 'Bota de Segurança com Biqueira Fujiwara',
  description: 'Bota de segurança. Biqueira de composite e palmilha antiperfuro, com CA.',
  specs: [{ label: 'Numeração', value: '38 a 44 (forma normal)' }],
};

describe("a question about a product's page", () => {
  it('is answered by the specification rows it names, in everyday words', () => {
    expect(specAnswer('qto pesa esse farol?', farol)).toContain('Peso: 2,85 kg');
    expect(specAnswer('esse farol ja vem com lampada?', farol)).toContain('H7 + H1 (não inclusas)');
    expect(specAnswer('qual a voltagem?', farol)).toContain('12 V');
    expect(specAnswer('vai ate que numero?', bota)).toContain('38 a 44');
  });

  it('is answered by the description sentence that shares its words, never by the title words alone', () => {
    expect(specAnswer('a biqueira é de aço?', bota)).toContain('composite');
    expect(specAnswer('essa bota tem CA?', bota)).toContain('com CA');
    expect(specAnswer('esse farol é bom?', farol)).toBeNull();
  });

  it('is recognised by the words shoppers use for a specification', () => {
    expect(namesSpec('qual o cca dessa bateria?')).toBe(true);
    expect(namesSpec('esse oleo é sintetico ou mineral?')).toBe(true);
    expect(namesSpec('quanto custa esse farol?')).toBe(false);
  });
});
