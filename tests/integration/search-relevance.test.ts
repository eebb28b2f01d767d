// The search without the memo (issue 16): the stored `kind_head` gives the same top 24 as the expression it
// replaced (computed here per row, as the search did before), and the facets counted in one GROUPING SETS
// statement equal the four separate counts they replaced.
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCatalogQuery, searchTerms } from '#src/domain/catalog/query.ts';
import type { CatalogQuery } from '#src/domain/catalog/query.ts';
import { searchProducts } from '#src/domain/catalog/search/search.server.ts';
import { ensureSearchPostings } from '#src/domain/catalog/search/postings.server.ts';
import { products } from '#src/domain/catalog/schema.ts';
import { FEATURED_BRANDS, OTHER_BRANDS } from '#src/domain/catalog/taxonomy.ts';
import { createTestDatabase, DATABASE_KINDS, queryRows } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';

const COUNT = 1500;

const QUERIES = [
  'q=farol',
  'q=farois',
  'q=lampada farol',
  'q=pastilha freio',
  'q=pastilha',
  'q=freio',
  'q=filtro',
  'q=filtro oleo',
  'q=oleo',
  'q=amortecedor',
  'q=embreagem',
  'q=bateria',
  'q=vela',
  'q=correia',
  'q=pneu',
  'q=bota',
  'q=luva',
  'q=bosch',
  'q=farol&marca=bosch',
  'q=pastilha freio&categoria=freios',
  'q=filtro&estado=novo',
  'q=lampada&veiculo=motos',
  'q=farol&pagina=2',
  'q=amortecdor',
];

function parse(qs: string): CatalogQuery {
  const r = parseCatalogQuery(new URLSearchParams(qs), { maxPageSize: 100, defaultPageSize: 24 });
  if (!r.ok) throw new Error(r.message);
  return r.query;
}

const FEATURED = FEATURED_BRANDS.map((b) => b.slug) as string[];

/** The filters as the search applies them (brand, category, vehicle type, condition, prices). */
function filters(query: CatalogQuery, except?: string): SQL[] {
  const where: SQL[] = [];
  if (except !== 'brand' && query.brands.length > 0) {
    const named = query.brands.filter((b) => b !== OTHER_BRANDS.slug);
    const parts: SQL[] = [];
    if (named.length > 0) parts.push(inArray(products.brandSlug, named));
    if (query.brands.includes(OTHER_BRANDS.slug)) parts.push(notInArray(products.brandSlug, FEATURED));
    where.push(parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` or `)})`);
  }
  if (except !== 'category' && query.category) where.push(eq(products.category, query.category));
  if (except !== 'vehicle' && query.vehicles.length > 0) where.push(inArray(products.vehicleType, query.vehicles));
  if (except !== 'condition' && query.condition) where.push(eq(products.condition, query.condition));
  if (query.minPriceCents !== null) where.push(sql`${products.priceCents} >= ${query.minPriceCents}`);
  if (query.maxPriceCents !== null) where.push(sql`${products.priceCents} <= ${query.maxPriceCents}`);
  return where;
}

/** The page as the search chose it before issue 16: the kind's first word folded on every matching row. */
async function pageBefore(db: TestDatabase['db'], query: CatalogQuery, terms: string[]): Promise<number[]> {
  const ts = sql`to_tsquery('olimpo_pt', olimpo_search_text(${terms.join(' & ')}))`;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from products where ${and(sql`search_vector @@ ${ts}`, ...filters(query))}
        order by (ts_rank_cd(search_vector, ${ts}) + case when to_tsvector('olimpo_pt', olimpo_search_text(split_part(kind, ' ', 1))) @@ to_tsquery('olimpo_pt', olimpo_search_text(${terms[0]!})) then 1 else 0 end) desc,
          popularity desc, id asc
        limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  return rows.map((r) => Number(r.id));
}

/** The facet counts as four statements, as before. */
async function facetsBefore(db: TestDatabase['db'], query: CatalogQuery, terms: string[]) {
  const ts = sql`to_tsquery('olimpo_pt', olimpo_search_text(${terms.join(' & ')}))`;
  const count = async (key: SQL, except: string) =>
    new Map(
      (await queryRows<{ k: string; n: number }>(db, sql`select ${key} as k, count(*)::int as n from products where ${and(sql`search_vector @@ ${ts}`, ...filters(query, except))} group by 1`)).map(
        (r) => [r.k, Number(r.n)],
      ),
    );
  return {
    brands: await count(sql`brand_slug`, 'brand'),
    categories: await count(sql`category`, 'category'),
    vehicles: await count(sql`vehicle_type`, 'vehicle'),
    conditions: await count(sql`condition`, 'condition'),
  };
}

describe.each(DATABASE_KINDS)('search relevance and facets on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: COUNT });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('searches letters and digits that unaccent turns into tsquery operators (ˈ ʼ ː ½ ⑴ ⒈ 🄁) without an error', async () => {
    // Each of these is a letter or digit to JavaScript; unaccent maps it to ' : / ( ) . or ,.
    for (const q of ['ˈ', 'farolˈ', 'ʼn', 'ŉ', 'ʹʺʻʽˆˋ', 'óleo ː 5w30', '½', 'pastilha ⅞', '⑴ freio', '⒈', '🄁 farol', "d'água", 'ˈfarol ˈ']) {
      for (const sort of ['relevancia', 'menor-preco']) {
        const query = parse(`q=${encodeURIComponent(q)}&ordem=${sort}`);
        await expect(searchProducts(database.db, query), q).resolves.toBeTruthy();
        await expect(searchProducts(database.db, { ...query, page: 2 }), q).resolves.toBeTruthy();
      }
    }
    const farol = await searchProducts(database.db, parse(`q=${encodeURIComponent('farolˈ')}`));
    expect(farol.total).toBe((await searchProducts(database.db, parse('q=farol'))).total);
  });

  it('gives the same top 24, in the same order, as the per-row relevance it replaced', async () => {
    let compared = 0;
    for (const qs of QUERIES) {
      const query = parse(qs);
      const result = await searchProducts(database.db, query);
      const terms = result.correctedQuery ? result.correctedQuery.split(' ') : searchTerms(query.q);
      if (terms.length === 0) continue;
      const before = await pageBefore(database.db, query, terms);
      expect(
        result.items.map((p) => p.id),
        qs,
      ).toEqual(before);
      if (before.length > 0) compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(18);
  });

  it('counts every facet option in one statement exactly as the four statements did', async () => {
    for (const qs of QUERIES) {
      const query = parse(qs);
      const result = await searchProducts(database.db, query, { facets: true });
      if (result.correctedQuery) continue;
      const terms = searchTerms(query.q);
      const before = await facetsBefore(database.db, query, terms);
      const f = result.facets!;
      for (const [name, options] of [
        ['brands', f.brands],
        ['categories', f.categories],
        ['vehicles', f.vehicles],
        ['conditions', f.conditions],
      ] as const) {
        for (const o of options) expect(o.count, `${qs} ${name} ${o.slug}`).toBe(before[name].get(o.slug) ?? 0);
      }
    }
  });

  it('takes the total from the facet statement: the same total and page as a separate count', async () => {
    let nonZero = 0;
    for (const qs of [...QUERIES, 'q=filtro&pagina=2', 'q=farol&pagina=99', 'q=pastilha&marca=bosch&categoria=freios', 'categoria=iluminacao&estado=novo']) {
      const query = parse(qs);
      const plain = await searchProducts(database.db, query);
      const withFacets = await searchProducts(database.db, query, { facets: true });
      const counted = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from products where active and ${and(...(query.q && searchTerms(query.q).length > 0 ? [sql`search_vector @@ to_tsquery('olimpo_pt', olimpo_search_text(${(plain.correctedQuery ?? searchTerms(query.q).join(' ')).split(' ').join(' & ')}))`] : []), ...filters(query)) ?? sql`true`}`,
      );
      expect(withFacets.total, qs).toBe(plain.total);
      expect(
        withFacets.items.map((p) => p.id),
        qs,
      ).toEqual(plain.items.map((p) => p.id));
      expect(plain.total, qs).toBe(Number(counted[0]!.n));
      if (plain.total > 0) nonZero++;
    }
    expect(nonZero).toBeGreaterThanOrEqual(15);
  });

  it('answers a text search with its facets in one statement: the same rows, fields and order as without, for every sort', async () => {
    let compared = 0;
    for (const base of ['q=farol', 'q=filtro', 'q=pastilha freio&categoria=freios', 'q=lampada&veiculo=motos', 'q=bota', 'q=oleo&pagina=2']) {
      for (const sort of ['relevancia', 'menor-preco', 'maior-preco', 'maiores-descontos', 'mais-recentes', 'a-z']) {
        const qs = `${base}&ordem=${sort}`;
        const query = parse(qs);
        const plain = await searchProducts(database.db, query);
        const withFacets = await searchProducts(database.db, query, { facets: true });
        expect(withFacets.total, qs).toBe(plain.total);
        // Every field of every card (prices, stock, first image, description), in the same order.
        expect(withFacets.items, qs).toEqual(plain.items);
        if (plain.items.length > 0) compared++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(30);
  });

  /**
   * Rows of search_postings that differ from what the products say they should be, and rows of
   * search_posting_counts that differ from the postings (both directions).
   */
  async function postingsOutOfStep(): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`with expected as (
            select l.lexeme, p.id as product_id,
              ts_rank_cd(p.search_vector, quote_literal(l.lexeme)::tsquery) + case when p.kind_head @@ quote_literal(l.lexeme)::tsquery then 1 else 0 end as score,
              p.popularity, p.brand_slug, p.category, p.vehicle_type, p.condition
            from products p, unnest(p.search_vector) l where p.active
          ),
          actual as (select lexeme, product_id, score, popularity, brand_slug, category, vehicle_type, condition from search_postings),
          counted as (select lexeme, brand_slug, category, vehicle_type, condition, count(*)::int as n from search_postings group by 1, 2, 3, 4, 5),
          kept as (select lexeme, brand_slug, category, vehicle_type, condition, n from search_posting_counts where n <> 0)
          select ((select count(*) from (select * from expected except all select * from actual) a)
                + (select count(*) from (select * from actual except all select * from expected) b)
                + (select count(*) from (select * from counted except all select * from kept) c)
                + (select count(*) from (select * from kept except all select * from counted) d))::int as n`,
    );
    return Number(row!.n);
  }

  it('reads a one-word search from the postings: a posting ranked first puts its product first', async () => {
    const before = await searchProducts(database.db, parse('q=farol'));
    const last = before.items.at(-1)!.id;
    await database.db.execute(sql`update search_postings set score = score + 100 where lexeme = 'farol' and product_id = ${last}`);
    try {
      const after = await searchProducts(database.db, parse('q=farol'));
      expect(after.items[0]!.id).toBe(last);
      expect(after.total).toBe(before.total);
    } finally {
      await database.db.execute(sql`update search_postings set score = score - 100 where lexeme = 'farol' and product_id = ${last}`);
    }
    expect(await postingsOutOfStep()).toBe(0);
  });

  it('keeps the postings in step with the products through inserts, edits, deactivation and deletes', async () => {
    expect(await postingsOutOfStep()).toBe(0);
    const [source] = await queryRows<{ id: number }>(database.db, sql`select id from products where active order by id desc limit 1`);
    const id = Number(source!.id);
    // A new product (a copy under a new slug) with a word no other product has.
    const [inserted] = await queryRows<{ id: number }>(
      database.db,
      sql`insert into products (slug, title, description, kind, brand, brand_slug, category, vehicle_type, condition, ref_code, price_cents, stock, popularity)
          select slug || '-copia', title || ' Zumbrelax', description, kind, brand, brand_slug, category, vehicle_type, condition, ref_code || 'C', price_cents, stock, popularity
          from products where id = ${id} returning id`,
    );
    const copy = Number(inserted!.id);
    expect(await postingsOutOfStep()).toBe(0);
    let found = await searchProducts(database.db, parse('q=zumbrelax'));
    expect(found.items.map((p) => p.id)).toEqual([copy]);
    // Edits that move it in the search: title, kind, popularity, facet keys.
    await database.db.execute(
      sql`update products set title = 'Farol Quadrilux', kind = 'Farol auxiliar', popularity = 999999, category = 'iluminacao', vehicle_type = 'motos', condition = 'usado' where id = ${copy}`,
    );
    expect(await postingsOutOfStep()).toBe(0);
    found = await searchProducts(database.db, parse('q=zumbrelax'));
    expect(found.total).toBe(0);
    found = await searchProducts(database.db, parse('q=quadrilux&veiculo=motos&estado=usado'), { facets: true });
    expect(found.items.map((p) => p.id)).toEqual([copy]);
    expect(found.facets!.vehicles.find((v) => v.slug === 'motos')!.count).toBe(1);
    // Stock and price do not touch the postings (an order's update); they stay in step anyway.
    await database.db.execute(sql`update products set stock = stock + 1, price_cents = price_cents + 1 where id = ${copy}`);
    expect(await postingsOutOfStep()).toBe(0);
    // Deactivated: gone from the search; active again: back.
    await database.db.execute(sql`update products set active = false where id = ${copy}`);
    expect(await postingsOutOfStep()).toBe(0);
    expect((await searchProducts(database.db, parse('q=quadrilux'))).total).toBe(0);
    await database.db.execute(sql`update products set active = true where id = ${copy}`);
    expect((await searchProducts(database.db, parse('q=quadrilux'))).total).toBe(1);
    // Deleted.
    await database.db.execute(sql`delete from products where id = ${copy}`);
    expect(await postingsOutOfStep()).toBe(0);
    expect((await searchProducts(database.db, parse('q=quadrilux'))).total).toBe(0);
  });

  it('rebuilds the postings at start-up when a seed stopped before writing them, and only then', async () => {
    expect(await ensureSearchPostings(database.db)).toBe(0);
    // What a seed killed between its batches and its final rebuild leaves: products, no postings.
    await database.db.execute(sql`truncate search_postings`);
    expect((await searchProducts(database.db, parse('q=farol'))).total).toBe(0);
    expect(await ensureSearchPostings(database.db)).toBeGreaterThan(COUNT);
    expect(await postingsOutOfStep()).toBe(0);
    expect((await searchProducts(database.db, parse('q=farol'))).total).toBeGreaterThan(0);
  });

  it('keeps kind_head in step with the kind when a product changes', async () => {
    const [row] = await queryRows<{ ok: boolean }>(database.db, sql`select bool_and(kind_head = to_tsvector('olimpo_pt', olimpo_search_text(split_part(kind, ' ', 1)))) as ok from products`);
    expect(row!.ok).toBe(true);
  });
});
