// Statements written once and run with each call's values (src/db/prepared.server.ts), as the order path uses
// them: the same results as the statement built per call, values bound per call, inside transactions too.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#src/domain/catalog/schema.ts';
import { executeNamed, executeNamedText, preparedQuery, shapeCache, unnamedSelect, unnamedStatement } from '#src/db/prepared.server.ts';
import type { Tx } from '#src/db/client.server.ts';
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

describe.skipIf(!DATABASE_KINDS.includes('postgres'))('named statements on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres', { seedProducts: 1 });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('parses and plans each raw statement once per connection, under a name of its text', async () => {
    // A raw statement sent unnamed is planned again on every call: the order's insert cost more to plan than to
    // run. Named, it shows in the connection's pg_prepared_statements after its first run.
    const named = (tx: Tx) => executeNamed<{ name: string; statement: string }>(tx, sql`select name, statement from pg_prepared_statements`, 'test');
    const first = await database.db.transaction(async (tx) => {
      expect(await productById(tx, { id: 1, min: 0 })).toHaveLength(1);
      // pg-boss's job insert repeats and reorders its $n: it is named as drizzle sends it.
      expect(await executeNamedText<{ n: number }>(tx, 'select $2::int * $1::int + $2::int as n', [3, 4], 'pgboss')).toEqual([{ n: 16 }]);
      expect(await executeNamed<{ n: number }>(tx, sql`select ${5}::int - ${2}::int as n`, 'test')).toEqual([{ n: 3 }]);
      return named(tx);
    });
    expect(first.find((s) => s.name.startsWith('test_product_by_id_'))?.statement).toMatch(/where id = \$1 and price_cents >= \$2/);
    expect(first.find((s) => s.name.startsWith('pgboss_'))?.statement).toBe('select $1::int * $2::int + $3::int as n');
    expect(first.some((s) => s.name.startsWith('test_') && s.statement.includes('- $2::int'))).toBe(true);
    // A statement built per call (drizzle's builder, run by `execute`) stays unnamed.
    const built = await database.db.transaction(async (tx) => {
      await tx.execute(sql`select ${1}::int + ${41}::int as unnamed_sum`);
      return named(tx);
    });
    expect(built.some((s) => s.statement.includes('unnamed_sum'))).toBe(false);
  });
});
