// Typo distance for the search's correction step: the trigram lexicon misses short words with swapped
// letters ("frieo" shares two trigrams with "freio"), so the closest word by edit distance is taken then.
import { editDistance } from '#src/platform/edit-distance.ts';

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
