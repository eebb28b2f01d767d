// Answer a question about one product's specifications ("qto pesa esse farol?", "qual o cca dessa bateria?",
// "a biqueira é de aço?") from what its page shows: the rows of its specifications table whose label the
// question names, and the sentences of its description that share a word with the question. Pure.
import type { ProductSpec } from '#src/domain/catalog/types.ts';
import { fold } from '../text.ts';

/** Everyday words for a specification, each with the (folded) label words it points at. */
const ASKED: [RegExp, RegExp][] = [
  [/\b(pesa|peso|pesad[oa]|quilos?|kg)\b/, /\bpeso\b/],
  [/\b(sintetic[oa]|mineral|semissintetic[oa]|semi sintetic[oa])\b/, /\bbase\b/],
  [/\b(api|especificac\w*|norma|jaso|ilsac)\b/, /\bespecificacao\b/],
  [/\b(cca|partida a frio)\b/, /\bcca\b/],
  [/\b(polo|polos|positivo|negativo)\b/, /\bpolo\b/],
  [/\b(folga|gap|calibragem)\b/, /\bfolga\b/],
  [/\b(jogo|kit|par|avuls[oa]|quantas vem|quantos vem|vem quantas|vem quantos)\b/, /\b(quantidade|pecas no jogo|itens)\b/],
  [/\b(lampadas?)\b/, /\blampada\b/],
  [/\b(numeracao|numeracoes|vai ate|forma (pequena|grande|normal))\b/, /\bnumeracao\b/],
  [/\b(volts?|voltagem|tensao|12v|24v)\b/, /\btensao\b/],
  [/\b(watts?|potencia)\b/, /\bpotencia\b/],
  [/\b(amperagem|amperes?|capacidade)\b/, /\b(capacidade|corrente)\b/],
  [/\b(feit[oa] de|material|de que e)\b/, /\b(material|cabedal|elemento)\b/],
  [/\b(sola)\b/, /\bsolado\b/],
  [/\b(forro)\b/, /\bforracao\b/],
  [/\b(medidas?|dimensoes|tamanho da (caixa|embalagem))\b/, /\bdimensoes\b/],
  [/\b(quilometragem|quantos km|durabilidade)\b/, /\btroca recomendada\b/],
];

const STOP = new Set(
  'a o os as um uma de do da dos das no na nos nas em e ou que q qual quais com sem para pra pro por tem vem ja so esse essa este esta isso dele dela ele ela voces vc vcs meu minha seu sua e eh se ai tb oi nao sim mais menos muito qto quanto quantos quantas como onde ser sao esta estou ate'.split(
    ' ',
  ),
);

const words = (text: string) =>
  fold(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * The rows and sentences of a product's page that answer a question about it, or null when the question
 * names none. The product's own kind (its title's first word) does not count: "esse farol" does not ask for every "farol".
 */
export function specAnswer(question: string, product: { title: string; specs: ProductSpec[]; description: string }): string | null {
  const q = ` ${words(question).join(' ')} `;
  const own = new Set(words(product.title).slice(0, 1));
  const asked = words(question).filter((w) => !STOP.has(w) && !own.has(w) && (w.length >= 4 || /^[a-z]{2,3}$/.test(w)) && !/\d/.test(w));
  const stem = (w: string) => w.slice(0, Math.max(4, w.length - 2));
  const rows = product.specs.filter((s) => {
    const label = words(s.label).join(' ');
    if (ASKED.some(([ask, labelWords]) => ask.test(q) && labelWords.test(label))) return true;
    // The label itself named ("qual a rosca?", "qual o diâmetro?").
    return words(s.label).some((lw) => lw.length >= 4 && asked.some((w) => w.length >= 4 && stem(w) === stem(lw)));
  });
  const sentences = product.description.split(/(?<=[.;!?])\s+/).filter((sentence) => {
    const sw = words(sentence);
    return asked.some((w) => (w.length <= 3 ? sw.includes(w) && w.length >= 2 && /^[a-z]+$/.test(w) && w !== 'de' : sw.some((x) => x.length >= 4 && stem(x) === stem(w))));
  });
  if (rows.length === 0 && sentences.length === 0) return null;
  const table = rows.length > 0 ? ` ${rows.map((s) => `${s.label}: ${s.value}`).join('; ')}.` : '';
  const text = sentences.length > 0 ? ` ${sentences.slice(0, 2).join(' ')}` : '';
  return `Na página de ${product.title}:${table}${text}`;
}

/** Does the question name a specification by one of its everyday words (so it asks about the product's page)? */
export const namesSpec = (question: string): boolean => {
  const q = ` ${words(question).join(' ')} `;
  return ASKED.some(([ask]) => ask.test(q));
};
