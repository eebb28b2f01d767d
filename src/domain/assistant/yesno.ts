// Yes/no questions ("vcs guardam o cvv?", "a garantia é somada com a do fabricante?", "atende domingo?")
// answered with "Sim." or "Não." before the fact that says so. The word is read from the fact itself: the
// clause of the answer that covers the question's words, negated ("nunca guardamos…", "sem precisar…") or
// not; or, for a weekday, the days the hours name. When no clause covers the question well enough, nothing
// is added: the fact alone is said, never a guessed yes or no. Pure.
import { fold } from './text.ts';

/** A question word anywhere, or a choice ("conta da compra ou de quando chega?"): not a yes/no question. */
const OPEN = /\b(qual|quais|quanto|quantos|quantas|quantia|como|onde|aonde|quando|quem|porque|por que|o que|oque|que horas|de que|em que|ou)\b/;
/** Opening words of a yes/no question about the store or a product. */
const YES_NO_START =
  /^(?:(?:oi|ola|bom dia|boa tarde|boa noite|e|mas|entao|so|ah|hmm?|ei)\s*,?\s+)?(?:voces?|vcs?|se|posso|pode|podem|preciso|precisa|tem|tenho|da|consigo|e|eh|o|a|os|as|essa|esse|ja|ainda|vai|vao|aceita|aceitam|atende|atendem|entrega|entregam|guarda|guardam|vende|vendem|fazem|faz|emite|emitem|instala|instalam|seguem|segue|cobra|cobram|devolve|devolvem|reembolsa|reembolsam|troca|trocam|funciona|abre|abrem|meu|minha|nesse|nessa)\b/;

export function isYesNo(question: string): boolean {
  const t = fold(question).trim();
  return !OPEN.test(t) && YES_NO_START.test(t);
}

/** Words of a question that say nothing of what is asked ("posso", "vocês", "também"). */
const AUX = new Set(
  'a o os as um uma de do da dos das no na nos nas em e ou que se eu me meu minha meus minhas seu sua voce voces vcs vc posso pode podem consigo faz fazem tem tenho ai aqui la ja ainda vai vao sou estou esta tambem ok oi ola entao mas mesmo mesma algum alguma loja site com para pra por ser sao e eh isso esse essa'.split(
    ' ',
  ),
);

/** Word stems of six letters at most, so "seguro" and "segurança" stay apart while "guardam" and "guardamos" meet. */
function stems(text: string): string[] {
  return fold(text)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !AUX.has(w))
    .map((w) => w.replace(/(oes|aes|ais|eis|es|s)$/, '').slice(0, 6));
}
const NEGATION = /\b(nao|nunca|sem|nem|nenhum|nenhuma|jamais)\b/;
const DAYS = ['domingo', 'segunda', 'terca', 'quarta', 'quinta', 'sexta', 'sabado'];

/** Does a negation in the clause bear on a word asked, among the three after it ("nunca guardamos", not "sem juros" for a card)? */
function negates(clause: string, asked: Set<string>): boolean {
  const words = clause.split(/[^a-z0-9]+/).filter(Boolean);
  return words.some((w, i) => NEGATION.test(w) && words.slice(i + 1, i + 4).some((n) => stems(n).some((x) => asked.has(x))));
}

/** The days a listing such as "Segunda a sexta, das 8h às 18h; sábado, das 8h às 12h" covers. */
function daysListed(text: string): Set<number> | null {
  const t = fold(text);
  const named = DAYS.filter((d) => new RegExp(`\\b${d}\\b`).test(t));
  if (named.length < 2) return null;
  const out = new Set<number>();
  for (const d of named) out.add(DAYS.indexOf(d));
  for (const m of t.matchAll(new RegExp(`\\b(${DAYS.join('|')})(?:-feira)? a (${DAYS.join('|')})\\b`, 'g'))) {
    for (let i = DAYS.indexOf(m[1]!); i !== DAYS.indexOf(m[2]!); i = (i + 1) % 7) out.add(i);
  }
  return out;
}

/** "Sim" or "Não" as the answer's own words state it, or null when the answer does not settle the question. */
export function polarity(question: string, answer: string): 'Sim' | 'Não' | null {
  if (!isYesNo(question)) return null;
  const q = fold(question);
  const day = DAYS.findIndex((d) => new RegExp(`\\b${d}s?\\b`).test(q));
  if (day >= 0) {
    const listed = daysListed(answer);
    return listed ? (listed.has(day) ? 'Sim' : 'Não') : null;
  }
  const asked = [...new Set(stems(q))];
  if (asked.length === 0) return null;
  const clauses = fold(answer)
    .split(/[.;:!?]\s+|,\s+(?=(?:mas|porem|e nao|nem)\b)/)
    .filter((c) => c.trim().length > 0);
  // A question that is itself negated ("a peça não serviu, posso trocar?") finds its own "não" in the fact: no word then.
  if (NEGATION.test(q)) return null;
  let best: { covered: number; negated: boolean } | null = null;
  for (const c of clauses) {
    const words = new Set(stems(c));
    const covered = asked.filter((w) => words.has(w)).length;
    if (!best || covered > best.covered) best = { covered, negated: negates(c, new Set(asked)) };
  }
  if (!best || best.covered < 2) return null;
  if (best.negated) return 'Não';
  // A yes needs the clause to hold nearly every word asked: "atende feriado?" against the hours is no yes.
  return best.covered >= asked.length - 1 && best.covered / asked.length >= 0.6 ? 'Sim' : null;
}

/** The answer with "Sim." or "Não." first when the question is yes/no and the answer settles it. */
export function withPolarity(question: string, answer: string): string {
  const word = polarity(question, answer);
  if (!word || /^(sim|nao)\b/.test(fold(answer))) return answer;
  return `${word}. ${answer}`;
}
