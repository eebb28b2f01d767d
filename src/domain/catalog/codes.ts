// Part numbers: the store's reference, the carmakers' OEM numbers and other brands' equivalent numbers are
// searched in one normalized form (letters and digits only, upper case, no accents), so "MAG-710301A",
// "mag 710301a" and "MAG710301A" are the same code. The database keeps the same form in a generated column
// (products.code_keys, migration product_code_search: olimpo_code_key() mirrors normalizeCode()).

/** A code without dashes, dots, slashes, spaces, accents or letter case: "MAG-710301A" → "MAG710301A". */
export function normalizeCode(raw: string): string {
  return raw
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
}

/** Shortest code searched as a part number (shorter digit strings are years, sizes, amperages). */
export const MIN_CODE_LENGTH = 5;

/**
 * The normalized code a search may be for, or null when the query does not look like a part number: one
 * "word" of letters, digits and separators (- . / space) with at least three digits and five characters.
 * "710301" and "MAG-710301A" are codes; "pastilha de freio", "gol 2015" and "H4" are not.
 */
export function codeSearchKey(q: string): string | null {
  const trimmed = q.trim();
  if (!/^[\p{L}\p{N}][\p{L}\p{N} .\-/]*$/u.test(trimmed)) return null;
  // Several words of letters ("pastilha gol 2015") are a text search, not a code written with spaces.
  const words = trimmed.split(/\s+/);
  if (words.filter((w) => !/\d/.test(w)).length > 1) return null;
  const key = normalizeCode(trimmed);
  if (key.length < MIN_CODE_LENGTH || key.length > 40) return null;
  if ((key.match(/\d/g) ?? []).length < 3) return null;
  return key;
}

/** Splits the `|`-separated list a form or CSV holds ("Bosch 0986BB0123 | TRW GDB1234") into clean codes. */
export function parseCodeList(raw: string): string[] {
  return [
    ...new Set(
      raw
        .split(/[|\n;]/)
        .map((s) => s.replace(/\s+/g, ' ').trim())
        .filter((s) => s.length > 0),
    ),
  ];
}

/** "Equivalente a Bosch 0 986 BB0 123, TRW GDB1234": the sentence the product page shows. */
export function equivalentSentence(codes: readonly string[]): string | null {
  return codes.length === 0 ? null : `Equivalente a ${codes.join(', ')}`;
}
