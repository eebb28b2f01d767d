// Typo distance for the search's correction step: the trigram lexicon misses short words with swapped
// letters ("frieo" shares two trigrams with "freio"), so the closest word by edit distance is taken then.

/** Optimal-string-alignment distance: insertions, deletions, substitutions and swaps of two neighbours. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
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

/** How many typos a word of this length may carry and still be corrected (none below four letters). */
export function allowedTypos(length: number): number {
  return length < 4 ? 0 : length <= 6 ? 1 : 2;
}

/** The candidate closest to `word` within the allowed typos (ties: the shorter, then alphabetical), or null. */
export function closestWord(word: string, candidates: readonly string[]): string | null {
  const limit = allowedTypos(word.length);
  let best: { w: string; d: number } | null = null;
  for (const w of candidates) {
    const d = editDistance(word, w);
    if (d > limit) continue;
    if (!best || d < best.d || (d === best.d && (w.length < best.w.length || (w.length === best.w.length && w < best.w)))) best = { w, d };
  }
  return best?.w ?? null;
}
