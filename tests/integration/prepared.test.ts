// Statements written once and run with each call's values (src/db/prepared.server.ts), as the order path uses
// them: the same results as the statement built per call, values bound per call, inside transactions too.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#src/domain/catalog/schema.ts';
import { executeNamed, executeNamedText, preparedQuery, shapeCache, unnamedSelect, unnamedStatement } from '#src/db/prepared.server.ts';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';

const productById = preparedQuery<{ id: number; title: string; priceCents: number }>(
  'test_product_by_id',
  (p) => sql`select id, title, price_cents as "priceCents" from ${products} where id = ${p('id')} and price_cents >= ${p('min')}`,
);

describe.each(DATABASE_KINDS)('prepared statements on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 5 });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('binds the values of each call and answers what the unnamed statement answers', async () => {
    const all = await database.db.select({ id: products.id, title: products.title, priceCents: products.priceCents }).from(products).orderBy(products.id);
    expect(all.length).toBe(5);
    for (const p of all) expect(await productById(database.db, { id: p.id, min: 0 })).toEqual([p]);
    expect(await productById(database.db, { id: all[0]!.id, min: all[0]!.priceCents + 1 })).toEqual([]);
    await expect(productById(database.db, { id: 1 })).rejects.toThrow();
    expect(await executeNamed<{ n: number }>(database.db, sql`select ${7}::int + ${8}::int as n`)).toEqual([{ n: 15 }]);
    expect(await executeNamedText<{ n: number }>(database.db, 'select $1::int * 2 as n', [21])).toEqual([{ n: 42 }]);
  });

  it("builds a statement once per shape, runs it unnamed with each call's values, and forgets the least recently used shape past 256", async () => {
    const cache = shapeCache<{ execute(values: Record<string, unknown>): Promise<unknown> }>();
    let built = 0;
    const byPrice = () => {
      built++;
      return unnamedSelect(
        database.db
          .select({ id: products.id })
          .from(products)
          .where(sql`${products.priceCents} >= ${sql.placeholder('min')}`)
          .orderBy(products.id),
      );
    };
    const all = await database.db.select({ id: products.id, priceCents: products.priceCents }).from(products).orderBy(products.id);
    for (const p of all) {
      const rows = await cache(database.db, 'by-price', byPrice).execute({ min: p.priceCents });
      expect(rows).toEqual(all.filter((q) => q.priceCents >= p.priceCents).map((q) => ({ id: q.id })));
    }
    expect(built).toBe(1);
    // A raw statement, its rows as the driver gives them.
    const sum = unnamedStatement<{ n: number }>(database.db, sql`select ${sql.placeholder('a')}::int + ${sql.placeholder('b')}::int as n`);
    expect(await sum.execute({ a: 2, b: 3 })).toEqual([{ n: 5 }]);
    expect(await sum.execute({ a: 10, b: 20 })).toEqual([{ n: 30 }]);
    // Null: built for this call only.
    cache(database.db, null, byPrice);
    cache(database.db, null, byPrice);
    expect(built).toBe(3);
    // 256 other shapes push "by-price" out; the most recently used stays.
    for (let i = 0; i < 255; i++) cache(database.db, `other-${i}`, byPrice);
    cache(database.db, 'by-price', byPrice);
    expect(built).toBe(3 + 255);
    cache(database.db, 'other-255', byPrice);
    cache(database.db, 'by-price', byPrice);
    expect(built).toBe(3 + 256);
    cache(database.db, 'other-256', byPrice);
    cache(database.db, 'other-0', byPrice);
    expect(built).toBe(3 + 258);
  });

  it('runs inside a transaction, which rolls it back', async () => {
    const [first] = await database.db.select({ id: products.id, stock: products.stock }).from(products).limit(1);
    const take = preparedQuery<{ stock: number }>('test_take', (p) => sql`update ${products} set stock = stock - ${p('q')} where id = ${p('id')} returning stock`);
    await expect(
      database.db.transaction(async (tx) => {
        expect(await take(tx, { id: first!.id, q: 1 })).toEqual([{ stock: first!.stock - 1 }]);
        throw new Error('desfaz');
      }),
    ).rejects.toThrow('desfaz');
    const [after] = await database.db.select({ stock: products.stock }).from(products).where(sql`id = ${first!.id}`);
    expect(after!.stock).toBe(first!.stock);
  });
});
