// The test databases themselves (tests/support/database-templates.ts): each file's database is a copy of one
// prepared once per run, so the copies must be whole and must not share anything.
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, queryRows } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';

const count = async (database: TestDatabase, table: 'products' | 'coupons') =>
  Number((await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n);

describe.each(DATABASE_KINDS)('test databases on %s', (kind) => {
  const made: TestDatabase[] = [];
  afterAll(async () => {
    for (const d of made) await d.dispose();
  });

  it('copies of one recipe start migrated and seeded, and a write to one is not seen by the other', async () => {
    const [a, b] = [await createTestDatabase(kind, { seedProducts: 7 }), await createTestDatabase(kind, { seedProducts: 7 })];
    made.push(a, b);
    expect(await count(a, 'products')).toBe(7);
    expect(await count(a, 'coupons')).toBeGreaterThan(0);
    await a.db.execute(sql`delete from products where id = 1`);
    expect(await count(a, 'products')).toBe(6);
    expect(await count(b, 'products')).toBe(7);
  });

  it('another seed option is another prepared database', async () => {
    const [none, some] = [await createTestDatabase(kind), await createTestDatabase(kind, { seedProducts: 3 })];
    made.push(none, some);
    expect(await count(none, 'products')).toBe(0);
    expect(await count(some, 'products')).toBe(3);
  });
});
