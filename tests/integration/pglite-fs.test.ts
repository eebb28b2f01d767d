// PGlite on disk remembers file sizes between changes (src/db/pglite-fs.server.ts): PostgreSQL must still see
// every growth, shrink and rewrite of its files, and repeated reads must stop asking the disk for sizes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '#src/db/client.server.ts';
import { rememberFileSizes } from '#src/db/pglite-fs.server.ts';
import type { Database } from '#src/db/client.server.ts';
import { sql } from 'drizzle-orm';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-pglite-fs-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

interface EmscriptenStream {
  fd: number;
}
interface EmscriptenFs {
  open(path: string, flags: string): EmscriptenStream;
  write(stream: EmscriptenStream, buffer: Uint8Array, offset: number, length: number, position: number): number;
  llseek(stream: EmscriptenStream, offset: number, whence: number): number;
  ftruncate(fd: number, length: number): void;
  truncate(path: string, length: number): void;
  close(stream: EmscriptenStream): void;
  unlink(path: string): void;
}

async function one<T>(database: Database, query: ReturnType<typeof sql>): Promise<T> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0]!;
}

/**
 * The table's length as PostgreSQL sees it (the pages a sequential scan reads: up to where its seek to the end
 * of the file says it stops) and as the disk has it.
 */
async function sizes(database: Database, dir: string) {
  const { file } = await one<{ file: string }>(database, sql`select pg_relation_filepath('grows') as file`);
  const plan = await one<{ 'QUERY PLAN': [{ Plan: { 'Node Type': string; 'Shared Hit Blocks': number; 'Shared Read Blocks': number } }] }>(
    database,
    sql`explain (analyze, buffers, format json) select pad from grows`,
  );
  const scan = plan['QUERY PLAN'][0].Plan;
  expect(scan['Node Type']).toBe('Seq Scan');
  const onDisk = fs.statSync(path.join(dir, 'pglite', file)).size;
  return { pages: scan['Shared Hit Blocks'] + scan['Shared Read Blocks'], onDisk };
}

describe('PGlite data folder: file sizes', () => {
  it('sees every growth, shrink and rewrite of a table, and the data survives a reopen', async () => {
    const dir = path.join(tmp, 'sizes');
    const database = await openDatabase({ dataDir: dir });
    await database.db.execute(sql`create table grows (id int primary key, pad text not null)`);
    let expected = 0;
    for (let round = 0; round < 6; round++) {
      // Scans between the writes keep the remembered size in use.
      await database.db.execute(sql`insert into grows select g, repeat('x', 500) from generate_series(${expected + 1}::int, ${expected + 4000}::int) g`);
      expected += 4000;
      const { n } = await one<{ n: number }>(database, sql`select count(*)::int as n from grows`);
      expect(n).toBe(expected);
      await database.db.execute(sql`checkpoint`);
      const { pages, onDisk } = await sizes(database, dir);
      expect(pages * 8192).toBe(onDisk);
    }
    // VACUUM cuts empty pages off the end of the file: the next scans must not read past it.
    await database.db.execute(sql`delete from grows where id > 2000`);
    await database.db.execute(sql`vacuum grows`);
    const shrunk = await sizes(database, dir);
    expect(shrunk.pages * 8192).toBe(shrunk.onDisk);
    expect(shrunk.pages).toBeLessThan(200);
    expect((await one<{ n: number }>(database, sql`select count(*)::int as n from grows`)).n).toBe(2000);
    // Growing again after the cut, then a rewrite into a new file.
    await database.db.execute(sql`insert into grows select g, repeat('y', 500) from generate_series(2001, 9000) g`);
    expect((await one<{ n: number }>(database, sql`select count(*)::int as n from grows where pad like 'y%'`)).n).toBe(7000);
    await database.db.execute(sql`vacuum full grows`);
    expect((await one<{ n: number }>(database, sql`select count(*)::int as n from grows`)).n).toBe(9000);
    await database.db.execute(sql`truncate grows`);
    await database.db.execute(sql`insert into grows select g, 'z' from generate_series(1, 10) g`);
    await database.close();

    const again = await openDatabase({ dataDir: dir });
    expect(await one<{ n: number; z: number }>(again, sql`select count(*)::int as n, count(*) filter (where pad = 'z')::int as z from grows`)).toEqual({ n: 10, z: 10 });
    const { pages, onDisk } = await sizes(again, dir);
    expect(pages * 8192).toBe(onDisk);
    await again.close();
  });

  it('answers a seek to the end with the size after every write, truncation and reopen (Emscripten FS calls)', async () => {
    const dir = path.join(tmp, 'calls');
    const database = await openDatabase({ dataDir: dir });
    if (database.jobs.kind !== 'pglite') throw new Error('PGlite expected');
    const FS = (database.jobs.client as unknown as { Module: { FS: EmscriptenFs } }).Module.FS;
    const file = '/pglite/data/olimpo-size-check';
    const end = (s: EmscriptenStream) => FS.llseek(s, 0, 2);
    const stream = FS.open(file, 'w+');
    FS.write(stream, new Uint8Array(100), 0, 100, 0);
    expect(end(stream)).toBe(100);
    expect(end(stream)).toBe(100);
    FS.write(stream, new Uint8Array(50), 0, 50, 200);
    expect(end(stream)).toBe(250);
    FS.ftruncate(stream.fd, 10);
    expect(end(stream)).toBe(10);
    // Another stream on the same file sees the first one's changes.
    const other = FS.open(file, 'r+');
    expect(end(other)).toBe(10);
    FS.write(stream, new Uint8Array(5), 0, 5, 30);
    expect(end(other)).toBe(35);
    FS.truncate(file, 3);
    expect(end(other)).toBe(3);
    expect(FS.llseek(other, -1, 2)).toBe(2);
    FS.close(other);
    // Opening with O_TRUNC empties it.
    const truncated = FS.open(file, 'w');
    expect(end(truncated)).toBe(0);
    FS.close(truncated);
    FS.close(stream);
    expect(fs.statSync(path.join(dir, 'pglite', 'olimpo-size-check')).size).toBe(0);
    FS.unlink(file);
    await database.close();
  });

  it('leaves a NODEFS with operations it does not know as it is', () => {
    const llseek = () => 0;
    const ops = { getattr() {}, setattr() {}, open() {}, close() {}, read() {}, write: () => 0, llseek, allocate() {} };
    const mod = { NODEFS: { stream_ops: ops, node_ops: { setattr() {} } }, FS: { isFile: () => true } };
    expect(rememberFileSizes(mod as never)).toBe(false);
    expect(ops.llseek).toBe(llseek);
  });

  it('stops asking the disk for a size on every read once it knows it', async () => {
    const dir = path.join(tmp, 'reads');
    const database = await openDatabase({ dataDir: dir });
    await database.db.execute(sql`create table grows (id int primary key, pad text not null)`);
    await database.db.execute(sql`insert into grows select g, 'x' from generate_series(1, 1000) g`);
    await database.db.execute(sql`select count(*) from grows`);
    const fstat = vi.spyOn(fs, 'fstatSync');
    // Each one is planned (the table's and its index's sizes) and scans the table from its first to its last page.
    for (let i = 0; i < 50; i++) await database.db.execute(sql`select count(*) from grows where pad = ${'x'}`);
    expect(fstat.mock.calls.length).toBeLessThan(5);
    await database.close();
  });
});
