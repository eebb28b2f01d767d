// How shoppers write, made plain before OlimpIA reads a message: folded, everyday spellings ("vcs", "qto")
// spelled out, positions said in everyday words ("da frente") put as the catalog says them, and the message
// cut into its parts. Pure.
import { fold } from './text.ts';

/** Everyday ways of writing words the classifier and the slots care about. */
const SPELLING: Record<string, string> = {
  vcs: 'voces',
  vc: 'voce',
  qto: 'quanto',
  qnto: 'quanto',
  qt: 'quanto',
  quantu: 'quanto',
  oq: 'o que',
  pq: 'porque',
  tb: 'tambem',
  tbm: 'tambem',
  tava: 'estava',
  tavam: 'estavam',
  q: 'que',
  eh: 'e',
  ta: 'esta',
  tah: 'esta',
  to: 'estou',
  pra: 'para',
  pro: 'para o',
  cmg: 'comigo',
  blz: 'beleza',
  obg: 'obrigado',
  vlw: 'valeu',
  msg: 'mensagem',
  nf: 'nota fiscal',
  nfe: 'nota fiscal',
  'nf-e': 'nota fiscal',
  whats: 'whatsapp',
  zap: 'whatsapp',
  hj: 'hoje',
  amanha: 'amanha',
  dps: 'depois',
  mto: 'muito',
  mt: 'muito',
  msm: 'mesmo',
  vdd: 'verdade',
  td: 'tudo',
  tds: 'todos',
  dnv: 'de novo',
  cx: 'caixa',
  qdo: 'quando',
  qndo: 'quando',
  qnd: 'quando',
  aki: 'aqui',
  naum: 'nao',
  add: 'adicionar',
};

export function normalize(text: string): string {
  return (
    fold(text)
      // Markup is not part of the question ("<b>farol</b>").
      .replace(/<[^>]*>/g, ' ')
      .replace(/[“”"'`´]/g, ' ')
      .split(/\s+/)
      .map((w) => {
        // "oii", "diaa", "valeuu": a letter held at the end of a word.
        const bare = w.replace(/[?!.,;:]+$/g, '').replace(/([a-z])\1+$/, '$1');
        const tail = w.slice(bare.length);
        return (SPELLING[bare] ?? bare) + tail;
      })
      .join(' ')
      // Position said in everyday words ("da frente", "lado do motorista"): the catalog's position words.
      .replace(/\b(?:da|de|na) frente\b/g, 'dianteiro')
      .replace(/\b(?:de|da) (?:tras|traz)\b/g, 'traseiro')
      .replace(/\b(?:do )?lado do motorista\b/g, 'esquerdo')
      .replace(/\b(?:do )?lado do passageiro\b/g, 'direito')
      .trim()
  );
}

/** Splits a message into its parts: sentences, and "… e qto fica o frete?" style second questions. */
export function splitParts(text: string): string[] {
  const starts =
    '(?:qual|quais|quanto|quantos|quantas|como|onde|tem|voces|aceita|aceitam|o frete|a entrega|demora|emitem|emite|posso|da para|quando|se|no boleto|no pix|e o|e a|o prazo|vence|tinha|ainda|vem|vai|aceitam|precisa|pode|consigo|o boleto|o pix|o cartao|a nota|a garantia|a troca|o envio)';
  return text
    .split(/[?!;\n]+|\.(?!\d)\s*/)
    .flatMap((s) => s.split(new RegExp(`\\s+(?:e|,\\s*e|tambem)\\s+(?=${starts}\\b)|,\\s*(?=${starts}\\b)`)))
    .map((s) => s.trim())
    .filter((s) => /[a-z0-9]/.test(s));
}
