// What the search box's suggestions read besides the list page's search (suggestions.ts): the part numbers of
// the few products found, and the catalog word a half-typed last word begins.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { products, searchLexicon } from './schema.ts';
import type { SuggestCodes } from './suggestions.ts';

/** The part numbers of the active products among these ids (at most SUGGEST_PRODUCTS: one indexed read). */
export function readSuggestCodes(db: Db, productIds: number[]): Promise<SuggestCodes[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: products.id, refCode: products.refCode, oemCodes: products.oemCodes, equivalentCodes: products.equivalentCodes })
    .from(products)
    .where(and(inArray(products.id, productIds), eq(products.active, true)));
}

/**
 * The shortest catalog word (the typo lexicon: titles, kinds, brands) that the last word of `q` begins, with
 * the words before it kept: "pastilha fre" → "pastilha freio", "bos" → "bosch". Null when none does. A
 * prefix of three letters or more is found through the lexicon's trigram index.
 */
export async function completeLastWord(db: Db, q: string): Promise<string | null> {
  const words = q.split(' ');
  const last = words.at(-1) ?? '';
  // Letters only: a number ("bateria 60") is a size or a year, not the start of a word.
  if (last.length < 2 || !/^\p{L}+$/u.test(last)) return null;
  // Lexicon words are letters and digits only: anything else in the prefix can match none (and no LIKE wildcard passes).
  const result = await db.execute(sql`
    select ${searchLexicon.word} as word from ${searchLexicon}
    where ${searchLexicon.word} like regexp_replace(olimpo_search_text(${last}), '[^a-z0-9]', '', 'g') || '%'
    order by length(${searchLexicon.word}), ${searchLexicon.word}
    limit 1`);
  const word = (result as unknown as { rows: { word: string }[] }).rows[0]?.word;
  return word ? [...words.slice(0, -1), word].join(' ') : null;
}
