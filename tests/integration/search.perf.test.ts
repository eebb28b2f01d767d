// Efficiency of the catalog search: statements per search, and each statement's text written once per shape.
// Which products a search finds and in what order: search-relevance.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCatalogQuery } from '#src/domain/catalog/query.ts';
import type { CatalogQuery } from '#src/domain/catalog/query.ts';
import { searchProducts } from '#src/domain/catalog/search/search.server.ts';
import { countStatements, countWrittenStatements, createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';

const COUNT = 1500;

function parse(qs: string): CatalogQuery {
  const r = parseCatalogQuery(new URLSearchParams(qs), { maxPageSize: 100, defaultPageSize: 24 });
  if (!r.ok) throw new Error(r.message);
  return r.query;
}

describe.each(DATABASE_KINDS)('search efficiency on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: COUNT });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('reads a word search in relevance order in one statement (the total comes with the page), a price order in two', async () => {
    // Before, every word search ran its page and a separate count (two reads of every match). A price order
    // keeps its separate count: its page can stop early on the price index.
    for (const [qs, expected] of [
      ['q=farol', 1],
      ['q=pastilha freio&categoria=freios', 1],
      ['q=oleo&pagina=2', 1],
      ['q=filtro&ordem=menor-preco', 2],
    ] as const) {
      const { result, statements } = await countStatements(database.db, () => searchProducts(database.db, parse(qs)));
      expect(result.total, qs).toBeGreaterThan(0);
      expect(statements, qs).toBe(expected);
    }
  });

  it('writes each search statement once per shape: a later search of that shape sends only its own values', async () => {
    // Every value is a placeholder (catalog/search/statement.ts, searchShape): words, part number, price range,
    // filters, page. Each pair shares a shape and differs in every value.
    const pairs = [
      ['q=pastilha freio&ordem=menor-preco&preco_min=50&preco_max=400&estado=novo', 'q=filtro oleo&ordem=menor-preco&preco_min=20&preco_max=90&estado=novo'],
      ['q=lampada farol&marca=bosch&categoria=iluminacao', 'q=vela ignicao&marca=ngk&categoria=eletrica'],
      ['q=amortecedor&ordem=a-z&veiculo=carros&pagina=2', 'q=lampada&ordem=a-z&veiculo=motos&pagina=1'],
      ['ordem=maiores-descontos&categoria=freios', 'ordem=maiores-descontos&categoria=suspensao'],
    ];
    for (const facets of [false, true]) {
      for (const [a, b] of pairs) {
        const label = `${a} / ${b}, facets ${facets}`;
        const first = await searchProducts(database.db, parse(b!), { facets });
        const other = await countWrittenStatements(() => searchProducts(database.db, parse(a!), { facets }));
        const again = await countWrittenStatements(() => searchProducts(database.db, parse(b!), { facets }));
        expect(other.written, label).toBe(0);
        expect(again.written, label).toBe(0);
        expect(first.total, label).toBeGreaterThan(0);
        expect(other.result.total, label).toBeGreaterThan(0);
        expect(again.result, label).toEqual(first);
        expect(
          other.result.items.map((p) => p.id),
          label,
        ).not.toEqual(first.items.map((p) => p.id));
      }
    }
  });
});
