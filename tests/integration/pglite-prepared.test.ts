// PGlite keeps statements prepared (src/db/pglite-adapter.server.ts): the rows must be exactly what PGlite's own
// query() gives, inside and outside transactions, with the same errors, and the prepared statements must stay
// bounded and survive a change of the table under them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp, boolean } from 'drizzle-orm/pg-core';
import { messages } from '@electric-sql/pglite';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '#src/db/client.server.ts';
import type { Database } from '#src/db/client.server.ts';
import { executeNamed, preparedQuery } from '#src/db/prepared.server.ts';

const things = pgTable('prep_things', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  tags: text('tags').array().notNull(),
  data: jsonb('data'),
  active: boolean('active').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

let database: Database;
let client: PGlite;

/** The rows of a raw statement run through drizzle (the store's client). */
async function rowsOf(query: ReturnType<typeof sql>): Promise<unknown[]> {
  return ((await database.db.execute(query)) as unknown as { rows: unknown[] }).rows;
}

/** The prepared statements PostgreSQL holds, read through the raw client (never prepared itself). */
async function preparedTexts(): Promise<string[]> {
  const res = await client.query<{ statement: string }>(`select statement from pg_prepared_statements order by name`);
  return res.rows.map((r) => r.statement);
}

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  client = (database.jobs as { client: PGlite }).client;
  await client.exec(`
    create table prep_things (id int primary key, name text not null, tags text[] not null, data jsonb, active boolean not null, created_at timestamptz not null);
    insert into prep_things select g, 'coisa ' || g, array['a' || g, 'b'], jsonb_build_object('n', g, 'ok', g % 2 = 0), g % 3 <> 0, timestamptz '2026-11-26 12:00:00+00' + g * interval '1 hour' from generate_series(1, 50) g;
  `);
});
afterAll(() => database?.close());

describe('prepared statements on PGlite', () => {
  it('gives the rows PGlite itself gives, with drizzle’s mapping, from the second run on as a prepared statement', async () => {
    const { db } = database;
    const select = () =>
      db
        .select({ id: things.id, name: things.name, tags: things.tags, data: things.data, active: things.active, createdAt: things.createdAt })
        .from(things)
        .where(sql`${things.tags} && ${sql.param(['a7', 'a9', 'zz'])}::text[] and ${things.name} <> ${'x'}`)
        .orderBy(things.id);
    const text = select().toSQL().sql;
    const first = await select();
    expect(await preparedTexts()).not.toContain(text);
    const second = await select();
    const third = await select();
    expect(await preparedTexts()).toContain(text);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(first).toEqual([
      { id: 7, name: 'coisa 7', tags: ['a7', 'b'], data: { n: 7, ok: false }, active: true, createdAt: new Date('2026-11-26T19:00:00Z') },
      { id: 9, name: 'coisa 9', tags: ['a9', 'b'], data: { n: 9, ok: false }, active: false, createdAt: new Date('2026-11-26T21:00:00Z') },
    ]);
    // The same text through PGlite's own query(): the same raw rows (nulls, json, arrays, timestamps as text).
    const raw = `select id, data, tags, created_at, null::int as nothing from prep_things where id = any($1::int[]) order by id`;
    const own = await client.query(raw, [[3, 4]]);
    for (let i = 0; i < 3; i++) expect(await rowsOf(sql.raw(raw.replace('$1::int[]', "'{3,4}'::int[]")))).toHaveLength(2);
    const viaDrizzle = () => rowsOf(sql`select id, data, tags, created_at, null::int as nothing from prep_things where id = any(${sql.param([3, 4])}::int[]) order by id`);
    await viaDrizzle();
    const prepared = await viaDrizzle();
    expect(prepared).toEqual(own.rows.map((r) => ({ ...(r as object), created_at: (r as { created_at: Date }).created_at.toISOString().replace('T', ' ').replace('.000Z', '+00') })));
  });

  it('reads multibyte text, empty strings and nulls as PGlite does, and throws its own error object', async () => {
    const words = ['Farol Dianteiro — Ação, pé-de-moleque ❤ 日本語', 'ç'];
    const text = (a: string, b: string) => sql`select ${a}::text as a, ''::text as b, null::text as c, ${b}::text as d, length(${a}::text) as n`;
    const own = await client.query(`select $1::text as a, ''::text as b, null::text as c, $2::text as d, length($1::text) as n`, words);
    await rowsOf(text(words[0]!, words[1]!));
    expect(await rowsOf(text(words[0]!, words[1]!))).toEqual(own.rows);
    expect((await preparedTexts()).some((t) => t.includes("''::text as b, null::text as c"))).toBe(true);

    const ownError = (await client.query('select 1 / $1::int as n', [0]).catch((e: unknown) => e)) as Error & { code?: string };
    const divide = () => rowsOf(sql`select 1 / ${0}::int as n`).catch((e: { cause?: unknown }) => e.cause);
    await divide();
    const preparedError = (await divide()) as Error & { code?: string };
    expect((await preparedTexts()).some((t) => t.includes('select 1 / $1::int as n'))).toBe(true);
    expect(preparedError).toBeInstanceOf(messages.DatabaseError);
    expect(preparedError.code).toBe('22012');
    expect(preparedError.message).toBe(ownError.message);
    // The statement stays usable after its error.
    expect(await rowsOf(sql`select 1 / ${4}::int as n`)).toEqual([{ n: 0 }]);
  });

  it('runs prepared statements inside transactions, rolls them back, and reports their errors as PGlite does', async () => {
    const { db } = database;
    const insert = (id: number) => db.insert(things).values({ id, name: `nova ${id}`, tags: [], active: true, createdAt: new Date('2026-11-26T12:00:00Z') });
    await db
      .transaction(async (tx) => {
        for (const id of [101, 102, 103]) await tx.insert(things).values({ id, name: `nova ${id}`, tags: [], active: true, createdAt: new Date('2026-11-26T12:00:00Z') });
        const inside = await tx.select({ id: things.id }).from(things).where(sql`${things.id} > 100`);
        expect(inside.map((r) => r.id).sort()).toEqual([101, 102, 103]);
        tx.rollback();
      })
      .catch((err: Error) => expect(err.message).toMatch(/rollback/i));
    expect(await db.select({ id: things.id }).from(things).where(sql`${things.id} > 100`)).toEqual([]);

    await insert(200);
    await insert(201);
    // A duplicate key, prepared or not, is PostgreSQL's unique violation, and the statement stays usable.
    const duplicate = await insert(200).then(
      () => null,
      (err: { cause?: { code?: string } }) => err.cause?.code,
    );
    expect(duplicate).toBe('23505');
    await insert(202);
    expect((await db.select({ id: things.id }).from(things).where(sql`${things.id} >= 200`).orderBy(things.id)).map((r) => r.id)).toEqual([200, 201, 202]);
    // A failed transaction leaves nothing behind and the next statements run.
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(things).values({ id: 300, name: 'x', tags: [], active: true, createdAt: new Date() });
        await tx.insert(things).values({ id: 200, name: 'dup', tags: [], active: true, createdAt: new Date() });
      }),
    ).rejects.toThrow();
    expect(await db.select({ id: things.id }).from(things).where(sql`${things.id} = 300`)).toEqual([]);
  });

  it('serves concurrent callers and transactions in turn, each with its own answer', async () => {
    const { db } = database;
    const reads = Array.from({ length: 60 }, (_, i) =>
      db
        .select({ name: things.name })
        .from(things)
        .where(sql`${things.id} = ${(i % 50) + 1}`),
    );
    const writes = Array.from({ length: 5 }, (_, i) =>
      db.transaction(async (tx) => {
        await tx.insert(things).values({ id: 400 + i, name: `concorrente ${i}`, tags: [], active: true, createdAt: new Date() });
        return (
          await tx
            .select({ id: things.id })
            .from(things)
            .where(sql`${things.id} = ${400 + i}`)
        )[0]?.id;
      }),
    );
    const [readRows, writeIds] = await Promise.all([Promise.all(reads), Promise.all(writes)]);
    readRows.forEach((rows, i) => {
      expect(rows).toEqual([{ name: `coisa ${(i % 50) + 1}` }]);
    });
    expect(writeIds).toEqual([400, 401, 402, 403, 404]);
  });

  it('keeps at most 200 automatic statements, deallocating the least recently used', async () => {
    const { db } = database;
    for (let i = 0; i < 230; i++) {
      const shape = sql.raw(`select id, ${i} as shape from prep_things where id = `);
      await db.execute(sql`${shape}${1}`);
      await db.execute(sql`${shape}${1}`);
    }
    await db.execute(sql`select 1`); // a turn that deallocates the last ones dropped
    await db.execute(sql`select 1`);
    const shapes = (await preparedTexts()).filter((t) => / as shape from prep_things/.test(t));
    expect(shapes.length).toBeLessThanOrEqual(200);
    expect(shapes.some((t) => t.includes(' 229 as shape'))).toBe(true);
    expect(shapes.some((t) => t.includes(' 0 as shape'))).toBe(false);
  });

  it('prepares a statement again when the table under it changes its columns', async () => {
    const all = () => rowsOf(sql`select * from prep_later where id = ${1}`);
    await client.exec(`create table prep_later (id int primary key, a text); insert into prep_later values (1, 'um');`);
    await all();
    expect(await all()).toEqual([{ id: 1, a: 'um' }]);
    await client.exec(`alter table prep_later add column b text default 'novo'`);
    expect(await all()).toEqual([{ id: 1, a: 'um', b: 'novo' }]);
    expect(await all()).toEqual([{ id: 1, a: 'um', b: 'novo' }]);
  });
});
