// A question in English or Spanish is answered in Portuguese: its words for what the store sells and for
// the usual questions are put into Portuguese first, so the same understanding reads it. Portuguese text
// is left alone (it is recognised by having too few English or Spanish function words).
import { fold } from './text.ts';

const ENGLISH = new Set([
  'do',
  'you',
  'have',
  'how',
  'much',
  'the',
  'is',
  'does',
  'what',
  'which',
  'my',
  'fit',
  'fits',
  'sell',
  'price',
  'shipping',
  'cost',
  'costs',
  'can',
  'i',
  'any',
  'cheapest',
  'where',
  'your',
  'one',
  'cheaper',
  'accept',
  'size',
  'are',
]);
const SPANISH = new Set([
  'tienen',
  'cuanto',
  'cuesta',
  'el',
  'los',
  'las',
  'envio',
  'precio',
  'mi',
  'hay',
  'venden',
  'cual',
  'donde',
  'freno',
  'frenos',
  'usted',
  'ustedes',
  'del',
  'estan',
  'ubicados',
  'talla',
  'aceptan',
  'es',
]);

/** Longest phrases first; each becomes the Portuguese the catalog and the classifier know. */
const GLOSSARY: [RegExp, string][] = [
  [/\bbrake pads?\b|\bpastillas? de frenos?\b/g, 'pastilha de freio'],
  [/\bbrake discs?\b|\bbrake rotors?\b|\bdiscos? de frenos?\b/g, 'disco de freio'],
  [/\boil filters?\b|\bfiltros? de aceite\b/g, 'filtro de oleo'],
  [/\bair filters?\b|\bfiltros? de aire\b/g, 'filtro de ar'],
  [/\bspark plugs?\b|\bbujias?\b/g, 'vela de ignicao'],
  [/\bshock absorbers?\b|\bshocks\b|\bamortiguador(es)?\b/g, 'amortecedor'],
  [/\btiming belt( kit)?\b|\bcorrea de distribucion\b/g, 'kit correia dentada'],
  [/\bclutch kit\b|\bclutch\b|\bembrague\b/g, 'kit embreagem'],
  [/\bheadlights?\b|\bheadlamps?\b|\bfaros?\b/g, 'farol'],
  [/\bwiper blades?\b|\bwipers?\b/g, 'palheta'],
  [/\bbatter(y|ies)\b|\bbaterias?\b/g, 'bateria'],
  [/\bboots?\b|\bbotas\b/g, 'bota'],
  [/\b(this|that)\b/g, 'esse'],
  [/\bmotorcycle\b|\bmotorbike\b|\bmotos?\b/g, 'moto'],
  [/\btires?\b|\btyres?\b|\bneumaticos?\b|\bllantas?\b/g, 'pneu'],
  [/\bzip( code)?\b|\bpostal code\b|\bcodigo postal\b/g, 'cep'],
  [/\bpayment methods?\b|\b(formas|metodos|medios) de pago\b/g, 'formas de pagamento'],
  [/\b(do you )?accept\b|\baceptan\b/g, 'aceitam'],
  [/\bexchange\b|\bcambiar\b/g, 'trocar'],
  [/\bshoes\b|\bzapatos\b/g, 'calcado'],
  [/\bdifferent size\b|\botra talla\b/g, 'outro tamanho'],
  [/\b(in )?size\b|\btalla\b/g, 'tamanho'],
  [/\bblack\b|\bnegr[oa]s?\b/g, 'preto'],
  [/\bwhere are you( located)?\b|\bdonde estan( ubicados)?\b/g, 'onde fica a loja'],
  [/\be-?mail\b|\bcorreo( electronico)?\b/g, 'email'],
  [/\bwhich one is cheaper\b|\bcual es (la|el) mas barat[oa]\b/g, 'qual o mais barato'],
  [/\bhow much (is|are|does|do)?\b|\bcuanto (cuesta|cuestan|vale)\b/g, 'quanto custa'],
  [/\bdo you (have|sell)\b|\btienen\b|\bvenden\b|\bhay\b/g, 'vcs tem'],
  [/\bshipping\b|\bdelivery\b|\benvio\b/g, 'frete'],
  [/\bhow long\b|\bcuanto tarda\b/g, 'qual o prazo'],
  [/\breturns?\b|\brefunds?\b|\bdevoluciones?\b/g, 'devolucao'],
  [/\bwarranty\b|\bgarantia\b/g, 'garantia'],
  [/\bcheapest\b|\bmas barato\b/g, 'mais barato'],
  [/\bdoes it fit\b|\bwill it fit\b|\bfits?\b|\bsirve\b/g, 'serve'],
  [/\bprice\b|\bprecio\b/g, 'preco'],
  [/\bin stock\b|\ben stock\b/g, 'em estoque'],
  [/\bfor( my| the| a)?\b|\bpara (mi|el)\b/g, 'para o'],
  [/\bdel\b/g, 'do'],
  [/\b(the|a|an|it|is|are|please|por favor|el|los|las)\b|[¿¡]/g, ' '],
];

export function isForeign(text: string): boolean {
  const words = fold(text)
    .split(/[^a-z]+/)
    .filter(Boolean);
  const en = words.filter((w) => ENGLISH.has(w)).length;
  const es = words.filter((w) => SPANISH.has(w)).length;
  return en >= 2 || es >= 2;
}

/** The question in Portuguese words when it is in English or Spanish, else as it came. */
export function intoPortuguese(text: string): string {
  if (!isForeign(text)) return text;
  let t = fold(text);
  for (const [from, to] of GLOSSARY) t = t.replace(from, to);
  return t.replace(/\s+/g, ' ').trim();
}
