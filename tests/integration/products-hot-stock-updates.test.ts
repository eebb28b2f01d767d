// The order path's stock update stays on the product's page (a HOT update: no entry written into any of the
// products' 21 indexes), on a freshly seeded catalog too: products keeps 20 % of every page free (migration
// 0029, docs/decisions/021-room-on-product-pages-for-stock-updates.md). With the default fillfactor a
// seeded page had no room, and nearly every first update of a product wrote into every index.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, queryRows } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';

describe.each(DATABASE_KINDS)('stock updates on a seeded catalog (%s)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 1500 });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('keeps room on the pages: products is stored with fillfactor 80', async () => {
    const [row] = await queryRows<{ options: string[] | null }>(database.db, sql`select reloptions as options from pg_class where oid = 'products'::regclass`);
    expect(row?.options).toContain('fillfactor=80');
  });

  it("updates a product's stock in place: the order path's statement on 200 products spread over the table is a HOT update for at least 9 in 10", async () => {
    let counted: { updated: number; hot: number; chosen: number } | undefined;
    // In one transaction, rolled back: the transaction's own counters, read before it ends, are exact.
    await database.db
      .transaction(async (tx) => {
        const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
        const ids = rows<{ id: number }>(await tx.execute(sql`select id from products where active and stock > 0 order by id`));
        const step = Math.max(1, Math.floor(ids.length / 200));
        const chosen = ids.filter((_, i) => i % step === 0).slice(0, 200);
        for (const { id } of chosen) await tx.execute(sql`update products set stock = stock - 1, updated_at = now() where id = ${id} and active and stock >= 1`);
        const [stats] = rows<{ updated: number; hot: number }>(
          await tx.execute(sql`select pg_stat_get_xact_tuples_updated('products'::regclass)::int as updated, pg_stat_get_xact_tuples_hot_updated('products'::regclass)::int as hot`),
        );
        counted = { ...stats!, chosen: chosen.length };
        tx.rollback();
      })
      .catch((e: unknown) => {
        if (!counted) throw e;
      });
    if (!counted) throw new Error('no counts');
    expect(counted.updated).toBe(counted.chosen);
    expect(counted.hot / counted.updated, JSON.stringify(counted)).toBeGreaterThanOrEqual(0.9);
  });
});
