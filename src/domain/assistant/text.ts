// Text handling for the assistant: accent/case folding, tokens, and typo-tolerant keyword matching.
import { editDistance } from '#src/platform/edit-distance.ts';

export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Lower-case, accent-free words (letters and digits), keeping "#" order numbers whole. */
export function tokens(text: string): string[] {
  return fold(text)
    .split(/[^a-z0-9#]+/)
    .filter((t) => t.length > 0);
}

/** Does a token match a keyword, allowing small typos on longer words? */
export function fuzzyEquals(token: string, keyword: string): boolean {
  if (token === keyword) return true;
  if (keyword.length < 5 || token.length < 4) return false;
  return editDistance(token, keyword) <= (keyword.length >= 8 ? 2 : 1);
}

/** True when the text contains the phrase (multi-word phrases matched on folded text, single words fuzzily). */
export function hasAny(text: string, toks: string[], phrases: readonly string[]): boolean {
  const folded = ` ${tokens(text).join(' ')} `;
  return phrases.some((p) => (p.includes(' ') ? folded.includes(` ${p} `) : toks.some((t) => fuzzyEquals(t, p))));
}

function stem(word: string): string {
  const w = word.replace(/oes$/, 'ao').replace(/(aes|ais|eis|is|es|s)$/, '');
  return w.length > 5 ? w.slice(0, 5) : w;
}

const STOP = new Set(['como', 'que', 'qual', 'quais', 'para', 'pra', 'voces', 'vcs', 'tem', 'uma', 'um', 'com', 'por', 'meu', 'minha', 'esse', 'essa', 'isso', 'ser', 'sao', 'nao', 'sim', 'mais']);

/** Folded word stems (five letters at most) without the commonest words: the terms fact and passage retrieval compare. */
export function bag(text: string): string[] {
  return fold(text)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOP.has(w))
    .map(stem);
}
