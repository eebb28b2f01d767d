// Catalog writers at the same time (an admin, a seller, an import batch): each product write updates the
// search posting counts of its words (migration 0014). Writers of products with words in common took those
// count rows in different orders and PostgreSQL aborted one of them as a deadlock (40P01): 9 of 450
// single-product edits and 149 of 300 bulk edits here, before migration 0015 made the writers take turns
// at the counts. The catalog's facet counts (migration 0018) take the same turn. PostgreSQL only: PGlite has one connection, so its writers never overlap.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerDatabase, DATABASE_KINDS } from './support/databases.ts';
import type { ServerDatabase } from './support/databases.ts';

const WORDS = ['dianteiro', 'traseiro', 'esquerdo', 'direito', 'reforçado', 'premium', 'original', 'esportivo'];

describe.each(DATABASE_KINDS.filter((k) => k === 'postgres'))('concurrent catalog writes (%s)', (kind) => {
  let database: ServerDatabase;
  let ids: number[];
  beforeAll(async () => {
    database = await createServerDatabase(kind, { seedProducts: 500 });
    const c = new pg.Client({ connectionString: database.url });
    await c.connect();
    // Six products of one brand and category: their words share count rows.
    const { rows } = await c.query<{ ids: number[] }>(
      'select array_agg(id order by id) as ids from products where active group by brand_slug, category having count(*) >= 6 order by count(*) desc limit 1',
    );
    ids = rows[0]!.ids.slice(0, 6);
    await c.end();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  /** One connection's edits: `rounds` transactions, each renaming `perTransaction` of `mine` (in turn, order alternating). */
  async function writer(w: number, mine: number[], rounds: number, perTransaction: number, keys = false): Promise<{ ok: number; errors: string[] }> {
    const c = new pg.Client({ connectionString: database.url });
    await c.connect();
    const result = { ok: 0, errors: [] as string[] };
    for (let i = 0; i < rounds; i++) {
      const order = i % 2 ? [...mine].reverse() : mine;
      const batch = perTransaction >= mine.length ? order : [mine[i % mine.length]!];
      try {
        await c.query('begin');
        for (const id of batch) {
          // Facet keys first: the product moves between rows of catalog_facet_counts (migration 0018), whose
          // trigger runs before the postings' (and their lock) on the same update.
          if (keys)
            await c.query(
              `update products set condition = case when (id + $1) % 2 = 0 then 'usado' else 'novo' end, vehicle_type = (array['carros', 'motos', 'caminhoes'])[1 + (id + $1) % 3] where id = $2`,
              [i + w, id],
            );
          await c.query('update products set title = $1 where id = $2', [`Peça ${WORDS[(i + w + id) % 8]} ${WORDS[(i * 3 + id) % 8]} ${id}`, id]);
        }
        await c.query('commit');
        result.ok++;
      } catch (err) {
        await c.query('rollback');
        result.errors.push(`${(err as { code?: string }).code ?? ''} ${(err as Error).message}`);
      }
    }
    await c.end();
    return result;
  }

  /** The counts the triggers keep, against a recount of the postings. */
  async function countsMatchPostings(): Promise<void> {
    const c = new pg.Client({ connectionString: database.url });
    await c.connect();
    const { rows } = await c.query<{ diff: string }>(`
      with kept as (select lexeme, brand_slug, category, vehicle_type, condition, n from search_posting_counts where n <> 0),
           recount as (select lexeme, brand_slug, category, vehicle_type, condition, count(*)::int as n from search_postings group by 1, 2, 3, 4, 5)
      select count(*) as diff from ((select * from kept except select * from recount) union all (select * from recount except select * from kept)) d`);
    await c.end();
    expect(Number(rows[0]!.diff)).toBe(0);
  }

  it('single-product edits of products with words in common never deadlock, and the counts stay right', async () => {
    const results = await Promise.all([writer(1, ids.slice(0, 3), 150, 1), writer(2, ids.slice(3, 6), 150, 1), writer(3, ids, 150, 1)]);
    expect(results.flatMap((r) => r.errors)).toEqual([]);
    expect(results.reduce((n, r) => n + r.ok, 0)).toBe(450);
    await countsMatchPostings();
  });

  /** The facet counts the triggers keep, against a recount of the products. */
  async function facetCountsMatchProducts(): Promise<void> {
    const c = new pg.Client({ connectionString: database.url });
    await c.connect();
    const { rows } = await c.query<{ diff: string }>(`
      with kept as (select active, brand_slug, category, vehicle_type, condition, n from catalog_facet_counts where n <> 0),
           recount as (select active, brand_slug, category, vehicle_type, condition, count(*)::int as n from products group by 1, 2, 3, 4, 5)
      select count(*) as diff from ((select * from kept except select * from recount) union all (select * from recount except select * from kept)) d`);
    await c.end();
    expect(Number(rows[0]!.diff)).toBe(0);
  }

  it('bulk edits of disjoint products that move them between facet keys never deadlock, and both kinds of counts stay right', async () => {
    const results = await Promise.all([writer(1, ids.slice(0, 3), 150, 3, true), writer(2, ids.slice(3, 6), 150, 3, true)]);
    expect(results.flatMap((r) => r.errors)).toEqual([]);
    expect(results.reduce((n, r) => n + r.ok, 0)).toBe(300);
    await countsMatchPostings();
    await facetCountsMatchProducts();
  });

  it('bulk edits of disjoint products never deadlock, and the counts stay right', async () => {
    const results = await Promise.all([writer(1, ids.slice(0, 3), 150, 3), writer(2, ids.slice(3, 6), 150, 3)]);
    expect(results.flatMap((r) => r.errors)).toEqual([]);
    expect(results.reduce((n, r) => n + r.ok, 0)).toBe(300);
    await countsMatchPostings();
  });
});
