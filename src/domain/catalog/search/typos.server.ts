// Typo correction against the lexicon: a word the catalog does not know becomes the most similar known
// word (trigram similarity, then edit distance: typos.ts), and the lexicon is rebuilt from the products.
import { sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { products, searchLexicon } from '../schema.ts';
import { closestWord } from './typos.ts';

/** Replaces words the catalog does not know with the most similar known word (trigram similarity). */
export async function correctTerms(db: Db, terms: string[]): Promise<string[]> {
  const result = await db.execute(sql`
    select t.ord::int as ord,
      coalesce(
        (select l.word from ${searchLexicon} l where l.word = olimpo_search_text(t.term)),
        (select l.word from ${searchLexicon} l
           where length(t.term) >= 4 and l.word % olimpo_search_text(t.term)
           order by similarity(l.word, olimpo_search_text(t.term)) desc, l.word limit 1)
      ) as fixed
    from unnest(${sql.param(terms)}::text[]) with ordinality as t(term, ord)`);
  const rows = (result as unknown as { rows: { ord: number; fixed: string | null }[] }).rows;
  const fixed = new Map(rows.map((r) => [Number(r.ord), r.fixed]));
  // Words the trigrams could not place ("frieo": two trigrams in common with "freio"): the closest lexicon
  // word of similar length and the same first letter, by edit distance (typos.ts).
  const unplaced = terms.filter((t, i) => !fixed.get(i + 1) && t.length >= 4 && !/\d/.test(t));
  if (unplaced.length > 0) {
    const near = await db.execute(sql`
      select t.term, array_agg(l.word) as words
      from unnest(${sql.param(unplaced)}::text[]) as t(term)
      join ${searchLexicon} l on left(l.word, 1) = left(olimpo_search_text(t.term), 1)
        and length(l.word) between length(t.term) - 2 and length(t.term) + 2
      group by t.term`);
    const candidates = new Map((near as unknown as { rows: { term: string; words: string[] }[] }).rows.map((r) => [r.term, r.words]));
    return terms.map((t, i) => fixed.get(i + 1) ?? closestWord(t, candidates.get(t) ?? []) ?? t);
  }
  return terms.map((t, i) => fixed.get(i + 1) ?? t);
}

/** Rebuilds the typo lexicon from the words of product titles, kinds and brands. */
export async function refreshLexicon(db: Db): Promise<void> {
  await db.execute(sql`
    insert into ${searchLexicon} (word)
    select distinct w from (
      select regexp_split_to_table(olimpo_search_text(title || ' ' || kind || ' ' || brand), '[^a-z0-9]+') as w
      from ${products}
    ) words
    where length(w) >= 3
    on conflict do nothing`);
}
