// Named (server-side) prepared statements for the hot paths, on PostgreSQL and PGlite alike.
//
// An unnamed statement is parsed, analysed and planned by PostgreSQL on every call; on the order path that
// was about half of the database's time per order (bench/NOTES.md, "Placing orders"). A named statement is
// parsed once per connection (node-postgres remembers which of its connections know which name) and, after
// a few executions, runs a cached generic plan. On PGlite each named text is registered with keepPrepared,
// and the client drizzle is given there keeps it prepared from its first run (pglite-prepared.server.ts).
//
//   const findOrderByKey = preparedQuery<{ id: number }>('order_by_key', (p) => sql`select id from orders where idempotency_key = ${p('key')}`);
//   const [hit] = await findOrderByKey(db, { key });   // db or a transaction's tx
//
// The SQL is built once, with placeholders; each call sends only the values. The rows come back as the
// driver gives them: column names as written in the statement (alias them), timestamps as strings.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Placeholder, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.server.ts';
import { keepPrepared } from './pglite-prepared.server.ts';

const dialect = new PgDialect();

type Handle = Db | Tx;
interface Session {
  prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string | undefined, arrayMode: boolean): { execute(values?: Record<string, unknown>): Promise<unknown> };
}
const sessionOf = (handle: Handle) => (handle as unknown as { _: { session: Session } })._.session;
const rowsOf = <T>(result: unknown) => ((result as { rows?: T[] }).rows ?? []) as T[];

/** The names given so far, by prefix and text: a library's fixed text (pg-boss's job insert) is hashed once. */
const names = new Map<string, Map<string, string>>();
const MAX_NAMES = 1024;

/** Names must be unique per statement text: a short hash of the text keeps two texts from sharing one. */
const nameFor = (prefix: string, text: string) => {
  let byText = names.get(prefix);
  if (!byText) names.set(prefix, (byText = new Map()));
  let name = byText.get(text);
  if (name === undefined) {
    name = `${prefix}_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
    // PGlite keeps the text prepared under its own name.
    keepPrepared(text);
    if (byText.size >= MAX_NAMES) byText.clear();
    byText.set(text, name);
  }
  return name;
};

/**
 * A statement prepared once per connection under a fixed name; `build` writes it with `p('value')` for each
 * value sent at call time. Returns the runner: (db or tx, values) → rows.
 */
export function preparedQuery<Row>(name: string, build: (p: (key: string) => Placeholder) => SQL) {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Nome de comando preparado inválido: ${name}`);
  const query = dialect.sqlToQuery(build((key) => sql.placeholder(key)));
  const statementName = nameFor(name, query.sql);
  return async (handle: Handle, values: Record<string, unknown> = {}): Promise<Row[]> =>
    rowsOf<Row>(await sessionOf(handle).prepareQuery(query, undefined, statementName, false).execute(values));
}

/**
 * Runs a statement built at call time (drizzle's query builder, a raw `sql`) as a named prepared statement,
 * named after its text: repeated texts (the same shape with other values) are parsed once per connection.
 * For statements whose text takes few shapes; a text that changes with every call must not come here.
 */
export async function executeNamed<Row>(handle: Handle, statement: SQL, prefix = 'q'): Promise<Row[]> {
  const query = dialect.sqlToQuery(statement);
  return rowsOf<Row>(await sessionOf(handle).prepareQuery(query, undefined, nameFor(prefix, query.sql), false).execute());
}

/** The same for a ready-made text with $1… parameters (a library's SQL, e.g. pg-boss's job insert). */
export async function executeNamedText<Row>(handle: Handle, text: string, values: unknown[], prefix = 'q'): Promise<Row[]> {
  return rowsOf<Row>(await sessionOf(handle).prepareQuery({ sql: text, params: values }, undefined, nameFor(prefix, text), false).execute());
}

interface Prepared<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/**
 * A query written with drizzle's builder (its result mapping kept: camelCase fields, dates), built and
 * prepared once per database instead of on every call; `build` takes values through `sql.placeholder`.
 * Building a page's statement was a measurable part of an uncached page (the product page's statement took
 * 1.75–1.95 ms built per call and 1.47–1.70 ms built once, on PGlite). For statements of one fixed shape only.
 * Named after its text, like `preparedQuery`, so two statements never share a name on a connection.
 */
export function preparedSelect<R>(prefix: string, build: (db: Db) => { toSQL(): { sql: string }; prepare(name: string): Prepared<R> }) {
  if (!/^[a-z0-9_]+$/.test(prefix)) throw new Error(`Nome de comando preparado inválido: ${prefix}`);
  const byDb = new WeakMap<Db, Prepared<R>>();
  return (db: Db, values: Record<string, unknown>): Promise<R> => {
    let prepared = byDb.get(db);
    if (!prepared) {
      const query = build(db);
      prepared = query.prepare(nameFor(prefix, query.toSQL().sql));
      byDb.set(db, prepared);
    }
    return prepared.execute(values);
  };
}

/** How many shapes a `shapeCache` keeps per database (the least recently used is built again when needed). */
const MAX_SHAPES = 256;

/**
 * Statements whose text depends on a few choices (the search's filters, sort and facets), built once per
 * shape with placeholders for the values, and run unnamed: PostgreSQL parses each run as before (a named
 * statement per shape would stay on every pooled connection for its life), and PGlite prepares a text from
 * its second run (pglite-prepared.server.ts). What it saves is drizzle writing the same text again on every
 * call (the search: repository.server.ts, searchShape).
 *
 *   const statements = shapeCache<{ execute(values: Record<string, unknown>): Promise<unknown> }>();
 *   const run = statements(db, `page:${shape}`, () => unnamedSelect(db.select(...).where(...).limit(sql.placeholder('limit'))));
 *   const rows = await run.execute({ limit: 24 });
 *
 * A `shape` of null builds the statement for this call only (one that carries values of its own inline).
 */
export function shapeCache<T>() {
  const byDb = new WeakMap<Db, Map<string, T>>();
  return (db: Db, shape: string | null, build: () => T): T => {
    if (shape === null) return build();
    let shapes = byDb.get(db);
    if (!shapes) byDb.set(db, (shapes = new Map()));
    let statement = shapes.get(shape);
    if (statement !== undefined) {
      shapes.delete(shape);
    } else {
      statement = build();
      if (shapes.size >= MAX_SHAPES) shapes.delete(shapes.keys().next().value!);
    }
    shapes.set(shape, statement);
    return statement;
  };
}

/**
 * A query builder's statement, built now and run unnamed with the values of its placeholders at each
 * `execute` (its result mapping kept). drizzle's public `prepare(name)` names it on PostgreSQL; `_prepare()`
 * is the step its own `execute` takes on every call, without a name.
 */
export function unnamedSelect<R>(query: { prepare(name: string): Prepared<R> }): Prepared<R> {
  return (query as unknown as { _prepare(): Prepared<R> })._prepare();
}

/** The same for a raw `sql` statement: its rows as the driver gives them. */
export function unnamedStatement<Row>(handle: Handle, statement: SQL): { execute(values?: Record<string, unknown>): Promise<Row[]> } {
  const prepared = sessionOf(handle).prepareQuery(dialect.sqlToQuery(statement), undefined, undefined, false);
  return { execute: async (values) => rowsOf<Row>(await prepared.execute(values)) };
}
