import { describe, expect, it } from 'vitest';
import { CONTROL_CHARS_MESSAGE } from '#src/platform/control-chars.ts';
import { answerInput, questionInput, reviewInput } from './inputs.ts';
import { containsContactDetails, formatAverage, publicName, ratingSummary } from './rules.ts';

describe('questions with contact details', () => {
  it.each([
    'me chama no 11 98765-4321',
    'liga (11) 3456-7890 por favor',
    'meu numero +55 11 987654321',
    'tel 1198765 4321',
    'manda pro joao.silva@gmail.com',
    'joao arroba gmail ponto com',
    'veja em https://outraloja.com.br/farol',
    'tem em www.concorrente.com',
    'procura concorrente.com.br',
    'tem whatsapp?',
    'me passa seu zap zap',
    'chama no insta',
    'nove nove oito sete seis cinco quatro tres dois um',
  ])('refuses "%s"', (text) => {
    expect(containsContactDetails(text)).toBe(true);
  });

  it.each([
    'Serve no Gol 1.0 2015?',
    'Qual a potência em watts? É 55W ou 60W?',
    'Vem com a lâmpada H4 12V inclusa?',
    'O código original 5U0941005 é equivalente?',
    'Quantos dias para chegar em 01310-100?',
    'Tem garantia de 3 meses ou 12 meses?',
    'Serve no modelo 2008 a 2012 do Fiat Uno Mille?',
    'Serve no Palio 2008-2012?',
  ])('accepts "%s"', (text) => {
    expect(containsContactDetails(text)).toBe(false);
  });
});

describe('rating summary', () => {
  it('averages to one decimal and spreads the counts from 5 down to 1 stars', () => {
    const s = ratingSummary({ 5: 3, 4: 1, 2: 1 });
    expect(s.count).toBe(5);
    expect(s.average).toBe(4.2);
    expect(s.distribution.map((d) => [d.stars, d.count, d.percent])).toEqual([
      [5, 3, 60],
      [4, 1, 20],
      [3, 0, 0],
      [2, 1, 20],
      [1, 0, 0],
    ]);
    expect(formatAverage(s.average)).toBe('4,2');
  });

  it('is zero with no reviews', () => {
    const s = ratingSummary({});
    expect(s).toMatchObject({ count: 0, average: 0 });
    expect(s.distribution.every((d) => d.percent === 0)).toBe(true);
  });
});

describe('what a shopper writes', () => {
  it('shows a reviewer by first name and initial only', () => {
    expect(publicName('Ana Souza Lima')).toBe('Ana L.');
    expect(publicName('  maria  ')).toBe('maria');
  });

  it('bounds a review: 1 to 5 stars, a title and a text of bounded length, an optional vehicle', () => {
    expect(reviewInput.safeParse({ stars: '0', title: 'Bom', body: 'Funcionou muito bem.' }).success).toBe(false);
    expect(reviewInput.safeParse({ stars: '6', title: 'Bom', body: 'Funcionou muito bem.' }).success).toBe(false);
    expect(reviewInput.safeParse({ stars: '5', title: 'ok', body: 'Funcionou muito bem.' }).error?.issues[0]?.message).toBe('O título deve ter pelo menos 3 caracteres.');
    expect(reviewInput.safeParse({ stars: '5', title: 'Bom', body: 'x'.repeat(2001) }).error?.issues[0]?.message).toBe('O texto da avaliação deve ter no máximo 2000 caracteres.');
    const ok = reviewInput.parse({ stars: '4', title: '  Bom   produto ', body: 'Funcionou muito bem.', vehicleId: '', vehicleYear: '' });
    expect(ok).toEqual({ stars: 4, title: 'Bom produto', body: 'Funcionou muito bem.', vehicleId: null, vehicleYear: null });
  });

  it('refuses control characters in a review with a pt-BR error on the field; line breaks only in the text', () => {
    const base = { stars: '5', title: 'Bom produto', body: 'Funcionou muito bem.\n\nRecomendo.' };
    expect(reviewInput.safeParse(base).success).toBe(true);
    const refused = (field: 'title' | 'body', value: string) => reviewInput.safeParse({ ...base, [field]: value }).error?.issues.find((i) => i.path[0] === field)?.message;
    expect(refused('title', 'Bom\nproduto')).toBe(CONTROL_CHARS_MESSAGE);
    expect(refused('title', 'Bom\u0085produto')).toBe(CONTROL_CHARS_MESSAGE);
    expect(refused('body', 'Funcionou\u0000 muito bem.')).toBe(CONTROL_CHARS_MESSAGE);
    expect(refused('body', 'Funcionou \u001b[31mmuito bem.')).toBe(CONTROL_CHARS_MESSAGE);
    expect(refused('body', 'Funcionou \u009b31mmuito bem.')).toBe(CONTROL_CHARS_MESSAGE);
    expect(questionInput.safeParse({ question: 'Serve no Gol\u0007 2015?' }).error?.issues[0]?.message).toBe(CONTROL_CHARS_MESSAGE);
    expect(questionInput.parse({ question: 'Serve no Gol 2015?\nE no Voyage?' }).question).toBe('Serve no Gol 2015?\nE no Voyage?');
    expect(answerInput.safeParse({ answer: 'Serve sim\u0080, confira o ano.' }).error?.issues[0]?.message).toBe(CONTROL_CHARS_MESSAGE);
  });

  it('bounds a question', () => {
    expect(questionInput.safeParse({ question: 'Serve?' }).error?.issues[0]?.message).toBe('A pergunta deve ter pelo menos 10 caracteres.');
    expect(questionInput.parse({ question: 'Serve no Gol 2015?' }).question).toBe('Serve no Gol 2015?');
  });
});
