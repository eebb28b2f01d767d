// Browsing without reading the catalog: the facet counts table (catalog_facet_counts, kept by triggers)
// equals what the products say after every kind of write (inserts, edits of each key, deactivation,
// deletes, the back office's bulk actions, an import, a truncate), and a browse's total and option counts
// read from it equal counting the products. A list goes as deep as its first 10,000 results.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkUpdateProducts } from '#src/domain/catalog/back-office.server.ts';
import { exportCatalogCsv } from '#src/domain/catalog/import/export.server.ts';
import { createImport, markQueued, runImport } from '#src/domain/catalog/import/import.server.ts';
import { parseCatalogQuery } from '#src/domain/catalog/query.ts';
import type { CatalogQuery } from '#src/domain/catalog/query.ts';
import { products } from '#src/domain/catalog/schema.ts';
import { searchProducts } from '#src/domain/catalog/search/search.server.ts';
import { FEATURED_BRANDS, OTHER_BRANDS } from '#src/domain/catalog/taxonomy.ts';
import { createTestDatabase, DATABASE_KINDS, queryRows } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { vehicleCountsOutOfStep } from '../support/vehicle-counts.ts';
import type { Db } from '#src/db/client.server.ts';

const FEATURED = FEATURED_BRANDS.map((b) => b.slug) as string[];

const BROWSES = [
  '',
  'marca=bosch',
  'marca=bosch&marca=outros',
  'marca=outros',
  'marca=hella&categoria=iluminacao',
  'categoria=freios',
  'marca=bosch&categoria=freios&ordem=menor-preco',
  'veiculo=motos&veiculo=caminhoes',
  'estado=usado',
  'marca=ngk&categoria=motor&veiculo=carros&estado=novo',
  'categoria=calcados&ordem=maior-preco',
];

function parse(qs: string): CatalogQuery {
  const r = parseCatalogQuery(new URLSearchParams(qs), { maxPageSize: 100, defaultPageSize: 24 });
  if (!r.ok) throw new Error(r.message);
  return r.query;
}

/** The facet filters as the search applies them, one left out. */
function filters(query: CatalogQuery, except?: string): SQL[] {
  const where: SQL[] = [eq(products.active, true)];
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
  return where;
}

/** A browse's counts by reading the products: each facet with the other facets' filters. */
async function countedFromProducts(db: Db, query: CatalogQuery) {
  const count = async (key: SQL, except: string) =>
    Object.fromEntries(
      (await queryRows<{ k: string; n: number }>(db, sql`select ${key} as k, count(*)::int as n from products where ${and(...filters(query, except))} group by 1`)).map((r) => [r.k, Number(r.n)]),
    );
  const [{ n: total }] = (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from products where ${and(...filters(query))}`)) as [{ n: number }];
  return {
    total: Number(total),
    brands: await count(sql`brand_slug`, 'brand'),
    categories: await count(sql`category`, 'category'),
    vehicles: await count(sql`vehicle_type`, 'vehicle'),
    conditions: await count(sql`condition`, 'condition'),
  };
}

const nonZero = (options: { slug: string; count: number }[]) => Object.fromEntries(options.filter((o) => o.count > 0).map((o) => [o.slug, o.count]));

/** Rows of the counts table that differ from grouping the products (zero rows left by deletes are equal to none). */
async function countsOutOfStep(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
          select active, brand_slug, category, vehicle_type, condition, n from catalog_facet_counts where n <> 0
          except
          select active, brand_slug, category, vehicle_type, condition, count(*)::int from products group by 1, 2, 3, 4, 5
        ) a`,
  );
  const [missing] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
          select active, brand_slug, category, vehicle_type, condition, count(*)::int from products group by 1, 2, 3, 4, 5
          except
          select active, brand_slug, category, vehicle_type, condition, n from catalog_facet_counts
        ) b`,
  );
  return Number(row!.n) + Number(missing!.n);
}

const files = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-facet-counts-'));
afterAll(() => fs.rmSync(files, { recursive: true, force: true }));

describe.each(DATABASE_KINDS)('catalog facet counts on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 600 });
    await database.db.execute(sql`insert into users (id, name, email, role) values ('adm1', 'Ana Admin', 'ana@example.com', 'admin')`);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  async function expectBrowsesExact() {
    for (const qs of BROWSES) {
      const query = parse(qs);
      const found = await searchProducts(database.db, query, { facets: true });
      const expected = await countedFromProducts(database.db, query);
      expect({ qs, total: found.total }).toEqual({ qs, total: expected.total });
      expect(nonZero(found.facets!.brands)).toEqual(expected.brands);
      expect(nonZero(found.facets!.categories)).toEqual(expected.categories);
      expect(nonZero(found.facets!.vehicles)).toEqual(expected.vehicles);
      expect(nonZero(found.facets!.conditions)).toEqual(expected.conditions);
      // Without facets (the API) the total comes from the same table.
      expect((await searchProducts(database.db, query)).total).toBe(expected.total);
    }
  }

  it('answers every browse total and facet option exactly as counting the products does', async () => {
    expect(await countsOutOfStep(database.db)).toBe(0);
    await expectBrowsesExact();
  });

  it('stays exact through inserts, edits of every key, deactivation, deletes and bulk actions', async () => {
    const db = database.db;
    const copies = await queryRows<{ id: number }>(
      db,
      sql`insert into products (slug, title, description, kind, brand, brand_slug, category, vehicle_type, condition, ref_code, price_cents, stock, popularity)
          select slug || '-copia', title, description, kind, brand, brand_slug, category, vehicle_type, condition, ref_code || 'C', price_cents, stock, popularity
          from products where id <= 40 returning id`,
    );
    const ids = copies.map((r) => Number(r.id));
    expect(await countsOutOfStep(db)).toBe(0);
    await db.execute(sql`update products set brand_slug = 'bosch', brand = 'Bosch' where id = ${ids[0]!}`);
    await db.execute(sql`update products set category = 'freios' where id = ${ids[1]!}`);
    await db.execute(sql`update products set vehicle_type = 'caminhoes', condition = 'usado' where id = ${ids[2]!}`);
    await db.execute(sql`update products set active = false where id = any(${sql.raw(`array[${ids.slice(3, 8).join(',')}]`)})`);
    expect(await countsOutOfStep(db)).toBe(0);
    // Stock and price (an order's update) do not touch the counts; they stay exact anyway.
    await db.execute(sql`update products set stock = stock + 1, price_cents = price_cents + 1 where id = any(${sql.raw(`array[${ids.join(',')}]`)})`);
    expect(await countsOutOfStep(db)).toBe(0);
    expect(await bulkUpdateProducts(db, null, ids.slice(8, 20), { userId: 'adm1', sellerId: null }, { kind: 'deactivate' })).toBe(12);
    expect(await bulkUpdateProducts(db, null, ids.slice(3, 10), { userId: 'adm1', sellerId: null }, { kind: 'activate' })).toBe(7);
    expect(await countsOutOfStep(db)).toBe(0);
    await db.execute(sql`delete from products where id = any(${sql.raw(`array[${ids.slice(20).join(',')}]`)})`);
    expect(await countsOutOfStep(db)).toBe(0);
    // The back office's bulk actions keep the vehicle counts too.
    expect(await vehicleCountsOutOfStep(db)).toBe(0);
    await expectBrowsesExact();
  });

  it('stays exact through a catalog import that creates products and moves others between categories', async () => {
    const db = database.db;
    let text = '';
    for await (const chunk of exportCatalogCsv(db)) text += chunk;
    const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
    const col = (name: string) => header!.indexOf(name);
    expect(col('categoria')).toBeGreaterThanOrEqual(0);
    const changed = rows.slice(0, 6).map((r) => {
      const copy = [...r];
      copy[col('categoria')] = r[col('categoria')] === 'freios' ? 'suspensao' : 'freios';
      return copy;
    });
    const created = rows.slice(6, 9).map((r) => {
      const copy = [...r];
      copy[col('ref')] = `${r[col('ref')]}-NOVO`;
      return copy;
    });
    const file = path.join(files, `${crypto.randomUUID()}.csv`);
    fs.writeFileSync(file, '\uFEFF' + stringify([header!, ...changed, ...created], { delimiter: ';' }));
    const dry = await createImport(db, { fileName: 'mudancas.csv', path: file, userId: 'adm1' });
    if (!dry.ok) throw new Error(dry.message);
    expect(await markQueued(db, dry.summary.id)).toBe(true);
    const done = (await runImport(db, dry.summary.id))!;
    expect({ status: done.status, created: done.created }).toEqual({ status: 'done', created: 3 });
    expect(await countsOutOfStep(db)).toBe(0);
    // The import rewrites the changed products' fitment (their keys): the vehicle counts follow too.
    expect(await vehicleCountsOutOfStep(db)).toBe(0);
    await expectBrowsesExact();
  });

  it('empties with the catalog when the products are truncated, and counts the next insert', async () => {
    const db = database.db;
    await db.execute(sql`truncate products restart identity cascade`);
    expect(await queryRows(db, sql`select * from catalog_facet_counts`)).toEqual([]);
    await db.execute(
      sql`insert into products (slug, title, description, kind, brand, brand_slug, category, vehicle_type, condition, ref_code, price_cents, stock)
          values ('a', 'Farol A', 'd', 'Farol', 'Bosch', 'bosch', 'iluminacao', 'carros', 'novo', 'A1', 1000, 1),
                 ('b', 'Farol B', 'd', 'Farol', 'Arteb', 'arteb', 'iluminacao', 'motos', 'novo', 'B1', 2000, 1)`,
    );
    expect(await countsOutOfStep(db)).toBe(0);
    const found = await searchProducts(db, parse('marca=outros'), { facets: true });
    expect(found.total).toBe(1);
    expect(nonZero(found.facets!.brands)).toEqual({ bosch: 1, arteb: 1 });
    expect(found.facets!.brands.find((b) => b.slug === 'arteb')?.label).toBe('Arteb');
  });

  it('goes as deep as the first 10,000 results: past that a page reads no items and keeps its counts; a long count says "more than"', async () => {
    const db = database.db;
    // A page past the end of a short list is only empty.
    expect((await searchProducts(db, parse('pagina=418'), { facets: true })).beyondLastPage).toBe(false);
    await db.execute(
      sql`insert into products (slug, title, description, kind, brand, brand_slug, category, vehicle_type, condition, ref_code, price_cents, stock, popularity)
          select 'zumbrelax-' || i, 'Zumbrelax ' || i, 'Peça de teste', 'Zumbrelax', 'Bosch', 'bosch', 'freios', 'carros', 'novo', 'ZB' || i, 1000 + i, 1, i
          from generate_series(1, 10050) i`,
    );
    const deepest = await searchProducts(db, parse('pagina=417&categoria=freios'), { facets: true });
    expect({ lastPage: deepest.lastPage, beyond: deepest.beyondLastPage, items: deepest.items.length }).toEqual({ lastPage: 417, beyond: false, items: 24 });
    const past = await searchProducts(db, parse('pagina=418&categoria=freios'), { facets: true });
    const expected = await countedFromProducts(db, parse('categoria=freios'));
    expect({ items: past.items, beyond: past.beyondLastPage, total: past.total, lowerBound: past.totalIsLowerBound, pages: past.totalPages }).toEqual({
      items: [],
      beyond: true,
      total: expected.total,
      lowerBound: false,
      pages: 417,
    });
    expect(nonZero(past.facets!.brands)).toEqual(expected.brands);
    // Two words by price (no facets): the count stops past 10,000.
    const long = await searchProducts(db, parse('q=zumbrelax teste&ordem=menor-preco'));
    expect({ total: long.total, lowerBound: long.totalIsLowerBound, first: long.items[0]?.title }).toEqual({ total: 10_001, lowerBound: true, first: 'Zumbrelax 1' });
  });
});
