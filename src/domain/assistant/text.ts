// Text handling for the assistant: accent/case folding, tokens, and typo-tolerant keyword matching.

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

/** Optimal string alignment distance (Levenshtein with adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > 2) return 3;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
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
