import { describe, expect, it } from 'vitest';
import { CONTENT_PAGES } from '../content/pages.ts';
import { intoPortuguese, isForeign } from './foreign.ts';
import { pageSentence, passages, searchPassages } from './passages.ts';

describe('published passages', () => {
  it('are the sentences of the pages themselves, so the assistant and a page cannot disagree', () => {
    const page = CONTENT_PAGES.find((p) => p.path === '/trocas-e-devolucoes')!;
    const text = page.sections.flatMap((s) => s.paragraphs).join(' ');
    for (const p of passages().filter((x) => x.page === '/trocas-e-devolucoes')) expect(text).toContain(p.text);
    expect(pageSentence('O frete da devolução')).toBe('O frete da devolução por arrependimento é por nossa conta.');
    expect(() => pageSentence('Frase que nenhuma página publica')).toThrow();
  });

  it('rank the sentence that answers the question first', () => {
    expect(searchPassages('quem paga o frete da devolução?', 'returns')[0]!.passage.text).toContain('por nossa conta');
    expect(searchPassages('calçado pode trocar de tamanho?', 'returns')[0]!.passage.text).toContain('30 dias');
  });
});

describe('questions in English or Spanish', () => {
  it('are put into the Portuguese words the catalog knows; Portuguese is left alone', () => {
    expect(intoPortuguese('do you have brake pads for civic?')).toContain('pastilha de freio para o civic');
    expect(intoPortuguese('¿cuánto cuesta el filtro de aceite del gol?')).toContain('quanto custa filtro de oleo do gol');
    expect(isForeign('vcs tem pastilha pro gol?')).toBe(false);
    expect(intoPortuguese('tem farol pro civic?')).toBe('tem farol pro civic?');
  });
});

describe('pages read for account, data and store questions', () => {
  it('rank the privacy page for account questions and the blog for advice', () => {
    expect(searchPassages('como excluo minha conta?', 'account')[0]!.passage.text).toContain('Excluir minha conta');
    expect(searchPassages('a sessão expira? fico logado quanto tempo?', 'account')[0]!.passage.text).toContain('30 dias');
    expect(searchPassages('quando trocar a pastilha de freio?', 'store_info')[0]!.passage.text).toContain('3 mm');
  });

  it('put an English zip code and payment question into Portuguese', () => {
    expect(intoPortuguese('how much is shipping to zip 01310-100?')).toContain('frete');
    expect(intoPortuguese('how much is shipping to zip 01310-100?')).toContain('cep 01310-100');
    expect(intoPortuguese('what payment methods do you accept?')).toContain('formas de pagamento');
  });
});
