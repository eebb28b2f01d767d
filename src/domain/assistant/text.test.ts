import { describe, expect, it } from 'vitest';
import { editDistance } from '#src/platform/edit-distance.ts';
import { fold, fuzzyEquals, hasAny, tokens } from './text.ts';

describe('assistant text', () => {
  it('folds accents and case and splits words', () => {
    expect(fold('Faróis PRETOS, ação')).toBe('farois pretos, acao');
    expect(tokens('Cadê meu pedido #12345678?')).toEqual(['cade', 'meu', 'pedido', '#12345678']);
  });
  it('tolerates small typos on long words only', () => {
    expect(editDistance('pagamneto', 'pagamento')).toBe(1);
    expect(fuzzyEquals('pagamneto', 'pagamento')).toBe(true);
    expect(fuzzyEquals('entrgea', 'entrega')).toBe(true);
    expect(fuzzyEquals('entegra', 'entrega')).toBe(false);
    expect(fuzzyEquals('pix', 'pia')).toBe(false);
    expect(hasAny('qual o horário de atendimento?', tokens('qual o horário de atendimento?'), ['horario'])).toBe(true);
    expect(hasAny('onde fica a loja', tokens('onde fica a loja'), ['onde fica'])).toBe(true);
  });
});
