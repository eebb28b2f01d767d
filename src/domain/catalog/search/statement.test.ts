import { and, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { parseCatalogQuery, searchTerms } from '../query.ts';
import type { CatalogQuery } from '../query.ts';
import { conditions, searchShape, searchValues, sortKeys, tsQuery } from './statement.ts';

const dialect = new PgDialect();
const render = (s: SQL) => dialect.sqlToQuery(s);

function query(qs: string): CatalogQuery {
  const r = parseCatalogQuery(new URLSearchParams(qs));
  if (!r.ok) throw new Error(r.message);
  return r.query;
}

/** The WHERE and ORDER BY text of the general search statement for `qs`. */
function statementText(qs: string): string {
  const q = query(qs);
  const terms = searchTerms(q.q);
  const ts = tsQuery(terms);
  const where = render(and(...conditions(q, ts))!).sql;
  const order = render(
    sql.join(
      sortKeys(q, ts, terms).map((k) => k.expr),
      sql`, `,
    ),
  ).sql;
  return `${where} | ${order}`;
}

describe('searchShape', () => {
  it('gives two searches that differ only in their values the same shape', () => {
    const a = query('q=farol&marca=bosch&preco_min=10&ordem=menor-preco&pagina=2');
    const b = query('q=bateria&marca=ngk&marca=trw&preco_min=300&ordem=menor-preco&pagina=7');
    expect(searchShape('page', a, searchTerms(a.q))).toBe(searchShape('page', b, searchTerms(b.q)));
  });

  it('tells apart the statement, the sort, each filter set and a part number', () => {
    const base = query('q=farol');
    const shape = (qs: string) => {
      const q = query(qs);
      return searchShape('page', q, searchTerms(q.q));
    };
    const shapes = new Set([
      shape('q=farol'),
      searchShape('count', base, searchTerms(base.q)),
      shape('q=farol&ordem=a-z'),
      shape('q=farol&categoria=iluminacao'),
      shape('q=farol&marca=outros'),
      shape('q=farol&veiculo=motos'),
      shape('q=farol&estado=novo'),
      shape('q=farol&preco_max=100'),
      shape('q=0986AB1234'),
      shape(''),
    ]);
    expect(shapes.size).toBe(10);
  });

  it("has no shape for a restriction without one (its statement is built for the call), and carries the restriction's", () => {
    const q = query('q=farol');
    expect(searchShape('page', q, ['farol'], { where: sql`true` })).toBeNull();
    expect(searchShape('page', q, ['farol'], { where: sql`true`, shape: 'veh:1' })).toMatch(/:veh:1$/);
  });
});

describe('searchValues', () => {
  it('fills the placeholders from the query: words, part number, prices, filters and page', () => {
    const q = query('q=pastilha freio&marca=bosch&marca=outros&categoria=freios&preco_min=50&preco_max=400&pagina=3');
    const v = searchValues(q, searchTerms(q.q), { where: sql`true`, shape: 'r', values: { vehicle: 9 } });
    expect(v).toMatchObject({
      terms: 'pastilha & freio',
      firstTerm: 'pastilha',
      codeAnywhere: null,
      brands: ['bosch'],
      category: 'freios',
      minPrice: 5000,
      maxPrice: 40000,
      limit: q.pageSize,
      offset: 2 * q.pageSize,
      vehicle: 9,
    });
  });

  it('gives a part number as a pattern for anywhere in the codes and for a whole code', () => {
    const q = query('q=0986-ab1234');
    const v = searchValues(q, searchTerms(q.q));
    expect(v.codeAnywhere).toBe('%0986AB1234%');
    expect(v.codeWhole).toBe('% 0986AB1234 %');
  });
});

describe('the search statement', () => {
  it('has the same text for every search of one shape: values travel as placeholders only', () => {
    const a = statementText('q=farol&marca=bosch&categoria=iluminacao&preco_min=10&preco_max=90');
    const b = statementText('q=bateria moura&marca=ngk&marca=trw&categoria=baterias&preco_min=200&preco_max=900');
    expect(a).toBe(b);
    expect(a).not.toMatch(/farol|bateria|bosch|iluminacao/);
  });

  it('keeps inactive products out of every search', () => {
    expect(statementText('')).toMatch(/"products"\."active" = \$1/);
    expect(render(and(...conditions(query(''), null))!).params[0]).toBe(true);
  });

  it('ranks a part number first under "mais relevantes", then relevance and popularity', () => {
    const q = query('q=0986AB1234 pastilha');
    const keys = sortKeys(q, tsQuery(searchTerms(q.q)), searchTerms(q.q));
    expect(keys.map((k) => k.desc)).toEqual([true, true, true, false]);
    expect(render(keys[0]!.expr).sql).toMatch(/code_keys/);
    expect(render(keys[1]!.expr).sql).toMatch(/ts_rank_cd/);
    expect(render(keys[2]!.expr).sql).toBe('"products"."popularity"');
  });

  it("puts a restriction's first results ahead of the ranking, and sorts by price with the id as tie-break", () => {
    const q = query('q=farol');
    const keys = sortKeys(q, tsQuery(['farol']), ['farol'], { where: sql`true`, first: sql`fits` });
    expect(render(keys[0]!.expr).sql).toBe('fits');
    const byPrice = sortKeys(query('q=farol&ordem=maior-preco'), tsQuery(['farol']), ['farol']);
    expect(byPrice.map((k) => [render(k.expr).sql, k.desc])).toEqual([
      ['"products"."price_cents"', true],
      ['"products"."id"', false],
    ]);
  });
});
