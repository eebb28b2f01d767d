// The store's published pages cut into passages (one sentence each, with its page and section), ranked
// by BM25 over folded word stems. OlimpIA quotes the passage that answers a policy question, so it says
// exactly what /trocas-e-devolucoes, /termos, /privacidade, /seguranca and /sobre-nos say.
import { CONTENT_PAGES } from '../content/pages.ts';
import { bag, fold } from './text.ts';

export interface Passage {
  id: string;
  /** The intent whose questions this passage answers. */
  intent: string;
  page: string;
  heading: string;
  text: string;
  /** Quoted only when the question shares a word with the heading. */
  headed?: boolean;
  /** The whole paragraph the sentence belongs to. */
  paragraph: string;
}

/** Which intent each policy section answers (a page's own entry covers its sections not listed). */
const SECTION_INTENT: Record<string, string[]> = {
  '/trocas-e-devolucoes': ['returns'],
  '/trocas-e-devolucoes#Garantia': ['warranty'],
  '/sobre-nos#Direito de arrependimento': ['returns'],
  '/privacidade#O que guardamos e por quê': ['security'],
  '/privacidade#Por quanto tempo': ['security'],
  '/privacidade#Com quem compartilhamos': ['security'],
  '/seguranca': ['security'],
  '/termos#Preços, pagamento e estoque': ['payment_info'],
  '/termos#Entrega': ['shipping'],
};

/**
 * Sections read too, but quoted only when the question also names their heading's subject ("como excluo
 * minha conta?" and "Seus direitos: baixar ou excluir os seus dados"): their sentences share everyday
 * words with unrelated questions. A section not listed anywhere is not quoted.
 */
const HEADED_INTENT: Record<string, string[]> = {
  '/privacidade#Por quanto tempo': ['account', 'invoice'],
  '/privacidade#Seus direitos: baixar ou excluir os seus dados': ['security', 'account'],
  '/termos#Vendedores': ['store_info'],
  '/trabalhe-conosco': ['store_info'],
  '/blog': ['store_info'],
};

const WHOLE = new Set(['/blog']);

/** Sentences, keeping abbreviations such as "art." and figures such as "1.000" whole. */
function sentences(paragraph: string): string[] {
  return paragraph.split(/(?<=[.!?])\s+(?=[A-ZÁÉÍÓÚÂÊÔÃÕÇ])/).filter((s) => s.trim().length > 0);
}

interface Section {
  page: string;
  heading: string;
  paragraphs: string[];
  intent: string;
  headed?: boolean;
}

function passagesOf(sections: Section[]): Passage[] {
  // An article's advice is quoted whole (its figures are spread over its sentences); a policy, a sentence at a time.
  return sections.flatMap((s) =>
    s.paragraphs.flatMap((p, i) =>
      (WHOLE.has(s.page) ? [p] : sentences(p)).map((text, j) => ({
        id: `${s.page}#${s.heading}#${i}.${j}#${s.intent}`,
        intent: s.intent,
        headed: s.headed,
        page: s.page,
        heading: s.heading,
        text,
        paragraph: p,
      })),
    ),
  );
}

/** The quotable passages: the sentences of the sections that answer an intent. */
export function passages(): Passage[] {
  const sections: Section[] = [];
  for (const page of CONTENT_PAGES) {
    for (const section of page.sections) {
      const key = `${page.path}#${section.heading}`;
      for (const intent of SECTION_INTENT[key] ?? SECTION_INTENT[page.path] ?? []) sections.push({ page: page.path, heading: section.heading, paragraphs: section.paragraphs, intent });
      for (const intent of HEADED_INTENT[key] ?? HEADED_INTENT[page.path] ?? []) sections.push({ page: page.path, heading: section.heading, paragraphs: section.paragraphs, intent, headed: true });
    }
  }
  return passagesOf(sections);
}

let all: Passage[] | null = null;

/** The published sentence that starts so (the knowledge base quotes the pages through it); throws when a page lost it. */
export function pageSentence(start: string): string {
  all ??= passagesOf(CONTENT_PAGES.flatMap((p) => p.sections.map((s) => ({ page: p.path, heading: s.heading, paragraphs: s.paragraphs, intent: 'any' }))));
  const found = all.find((p) => p.text.startsWith(start));
  if (!found) throw new Error(`No published sentence starts with "${start}"`);
  return found.text;
}

interface Indexed {
  passage: Passage;
  terms: Map<string, number>;
  length: number;
}

type Index = { items: Indexed[]; df: Map<string, number>; avg: number };
let index: Index | null = null;
let everyIndex: Index | null = null;

/** Every sentence of every page, whatever its section: the last resort for a question no intent's passages answer. */
export function everyPassage(): Passage[] {
  return passagesOf(CONTENT_PAGES.flatMap((p) => p.sections.map((s) => ({ page: p.path, heading: s.heading, paragraphs: s.paragraphs, intent: 'any' }))));
}

function build(source: Passage[] = passages()): Index {
  const items = source.map((passage) => {
    const words = bag(`${passage.heading} ${passage.text}`);
    const terms = new Map<string, number>();
    for (const w of words) terms.set(w, (terms.get(w) ?? 0) + 1);
    return { passage, terms, length: words.length };
  });
  const df = new Map<string, number>();
  for (const i of items) for (const w of i.terms.keys()) df.set(w, (df.get(w) ?? 0) + 1);
  const avg = items.reduce((s, i) => s + i.length, 0) / Math.max(1, items.length);
  return { items, df, avg };
}

const K1 = 1.2;
const B = 0.75;

/** The passages ranked by BM25 against the question (of one intent, when given), best first, with the question words each covers. */
export function searchPassages(question: string, intent?: string): { passage: Passage; score: number; covered: number }[] {
  index ??= build();
  return rank(index, question, intent);
}

/** Every page's sentences ranked against the question, counting only the content words (four letters or more) each covers. */
export function searchEveryPage(question: string): { passage: Passage; score: number; covered: number }[] {
  everyIndex ??= build(everyPassage());
  const content = fold(question)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 4 || /\d/.test(w))
    .join(' ');
  return rank(everyIndex, content);
}

function rank({ items, df, avg }: Index, question: string, intent?: string): { passage: Passage; score: number; covered: number }[] {
  const q = [...new Set(bag(question))];
  const n = items.length;
  return items
    .filter((i) => !intent || i.passage.intent === intent)
    .map((i) => {
      let score = 0;
      let covered = 0;
      for (const w of q) {
        const tf = i.terms.get(w) ?? 0;
        if (tf === 0) continue;
        covered++;
        const idf = Math.log(1 + (n - df.get(w)! + 0.5) / (df.get(w)! + 0.5));
        score += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * i.length) / avg));
      }
      return { passage: i.passage, score, covered };
    })
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score);
}
