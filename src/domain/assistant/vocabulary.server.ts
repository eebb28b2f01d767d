// The catalog's vocabulary for understanding: brands and kinds (a few hundred words), with the vehicle fleet.
import { sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { loadFleet } from '../fitment/fleet.server.ts';
import type { Vocabulary } from './understand.ts';
import { tokens } from './text.ts';

const VOCAB_TTL_MS = 10 * 60_000;
const vocabCache = new WeakMap<Db, { at: number; vocab: Promise<Vocabulary> }>();
const KIND_STOP = new Set(['de', 'do', 'da', 'para', 'com', 'em', 'e', 'dos', 'das']);
/** Words of kinds that say nothing about the product on their own ("jogo de tapetes", "kit embreagem"). */
const GENERIC_KIND_WORDS = new Set(['jogo', 'kit', 'cano', 'longo', 'curto', 'litros', 'digital', 'auxiliar', 'externo']);

/** Categories a parts store is asked for, by the words shoppers use, with how to name them. Checked against the catalog's kinds. */
const ASKED_CATEGORIES: [string[], string][] = [
  [['pneu', 'pneus'], 'pneus'],
  [['roda', 'rodas'], 'rodas'],
  [['capacete', 'capacetes'], 'capacetes'],
  [['som', 'radio', 'multimidia', 'autofalante', 'autofalantes'], 'som e multimídia'],
  [['jaqueta', 'jaquetas', 'luva', 'luvas', 'capa de chuva'], 'vestuário para motociclistas'],
  [['insulfilm', 'pelicula', 'peliculas'], 'películas'],
  [['alarme', 'alarmes', 'rastreador'], 'alarmes e rastreadores'],
  [['parabrisa', 'para-brisa', 'vidro', 'vidros'], 'vidros'],
];

export function loadVocabulary(db: Db): Promise<Vocabulary> {
  const hit = vocabCache.get(db);
  if (hit && Date.now() - hit.at < VOCAB_TTL_MS) return hit.vocab;
  const vocab = (async () => {
    const [rows, fleet] = await Promise.all([db.execute(sql`select distinct brand, kind from products`) as unknown as Promise<{ rows: { brand: string; kind: string }[] }>, loadFleet(db)]);
    const brands = [...new Set(rows.rows.map((r) => r.brand))].map((name) => ({ name, tokens: tokens(name) })).sort((a, b) => b.tokens.length - a.tokens.length);
    const kindWords = new Set<string>();
    for (const r of rows.rows) for (const w of tokens(r.kind)) if (w.length >= 2 && !KIND_STOP.has(w) && !GENERIC_KIND_WORDS.has(w) && !/^\d/.test(w)) kindWords.add(w);
    // Everyday names of what the catalog sells.
    for (const w of [
      'pastilha',
      'pastilhas',
      'freio',
      'freios',
      'oleo',
      'farol',
      'farois',
      'bota',
      'botas',
      'tenis',
      'sapato',
      'lampada',
      'vela',
      'velas',
      'bau',
      'pneu',
      'pneus',
      'embreagem',
      'correia',
      'bateria',
      'amortecedor',
      'amortecedores',
      'filtro',
      'filtros',
      'retrovisor',
      'palheta',
      'capacete',
      'peca',
      'pecas',
    ].filter((w) => w.length >= 3))
      kindWords.add(w);
    kindWords.delete('peca');
    kindWords.delete('pecas');
    // What a kind is, is its first noun ("Calibrador de Pneus Digital" is a gauge, not a tyre; "Kit Embreagem" a clutch).
    const sold = new Set(rows.rows.map((r) => tokens(r.kind).filter((w) => !KIND_STOP.has(w) && !GENERIC_KIND_WORDS.has(w))[0]));
    const notSold = new Map<string, string>();
    for (const [words, label] of ASKED_CATEGORIES) {
      if (words.some((w) => sold.has(w))) continue;
      for (const w of words) notSold.set(w, label);
    }
    return { brands, kindWords, fleet, notSold };
  })();
  vocabCache.set(db, { at: Date.now(), vocab });
  vocab.catch(() => vocabCache.delete(db));
  return vocab;
}
