// Statements built once, run many times, on PostgreSQL and PGlite alike, through drizzle's public API only.
//
// drizzle writes a statement's SQL text on every call; for the hot paths (the order path, the page statements,
// the search shapes) the text is written once, with placeholders, and each call sends only the values:
//
//   const findOrderByKey = preparedQuery<{ id: number }>('order_by_key', (p) => sql`select id from orders where idempotency_key = ${p('key')}`);
//   const [hit] = await findOrderByKey(db, { key });   // db or a transaction's tx
//
// The rows come back as the driver gives them: column names as written in the statement (alias them),
// timestamps as strings. Builder statements (`preparedSelect`) keep drizzle's result mapping and are
// prepared with drizzle's own `prepare(name)`: a named statement on PostgreSQL (parsed once per connection),
// an unnamed one on PGlite (drizzle's PGlite driver has no named statements). The raw statements
// (`preparedQuery`, `executeNamed`, `executeNamedText`) are named through node-postgres instead: their texts
// are listed here (`statementNameOf`) and the store's pg client class names them (postgres-named-statements.server.ts).
// See docs/decisions/007-prepared-statements.md.
import crypto from 'node:crypto';
import { fillPlaceholders, Param, SQL, StringChunk, sql } from 'drizzle-orm';
import type { Placeholder } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './types.ts';

const dialect = new PgDialect();

type Handle = Db | Tx;
interface Query {
  sql: string;
  params: unknown[];
}
const rowsOf = <T>(result: unknown) => ((result as { rows?: T[] }).rows ?? []) as T[];

/** A text split at its $n parameters, per text: the statements are fixed texts, a few hundred at most. */
const splitTexts = new Map<string, string[]>();
const MAX_SPLIT_TEXTS = 1024;

const splitText = (text: string): string[] => {
  let parts = splitTexts.get(text);
  if (!parts) {
    if (splitTexts.size >= MAX_SPLIT_TEXTS) splitTexts.clear();
    splitTexts.set(text, (parts = text.split(/\$(\d+)\b/)));
  }
  return parts;
};

/**
 * The text drizzle sends for `fromText(text, …)`: the same pieces with the parameters numbered in order
 * (PgDialect writes the nth parameter as `$n`), so a text that repeats or reorders `$n` is named as sent.
 */
const sentText = (parts: string[]): string => parts.map((part, i) => (i % 2 ? `$${(i + 1) / 2}` : part)).join('');

/** Names must be unique per statement text: a short hash of the text keeps two texts from sharing one. */
const nameFor = (prefix: string, text: string) => `${prefix}_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 12)}`;

/**
 * Names of the statements run many times, by the text sent (PostgreSQL parses and plans a named statement
 * once per connection, instead of on every call: the order's insert of about 60 parameters cost more to plan
 * than to run). Bounded like the split texts; a name is the hash of its text, so forgetting one only means
 * naming it again.
 */
const statementNames = new Map<string, string>();
const MAX_STATEMENT_NAMES = 1024;

/** The name a text sent to PostgreSQL runs under, if it is one of the statements named here. */
export const statementNameOf = (text: string): string | undefined => statementNames.get(text);

function nameStatement(prefix: string, text: string): void {
  const sent = sentText(splitText(text));
  if (statementNames.has(sent)) return;
  if (statementNames.size >= MAX_STATEMENT_NAMES) statementNames.clear();
  statementNames.set(sent, nameFor(prefix, sent));
}

/**
 * A ready-made text with $1… parameters as a drizzle statement, each value one parameter (arrays included).
 * One flat list of text pieces and parameters (drizzle's public SQL, StringChunk and Param): drizzle walks it
 * again on every call, and a flat list walks in about half the time of nested `sql` pieces (the order path's
 * insert of about 60 parameters: 250 µs against 420–520 µs).
 */
function fromText(text: string, values: unknown[]): SQL {
  const parts = splitText(text);
  const chunks: (StringChunk | Param)[] = new Array(parts.length);
  for (let i = 0; i < parts.length; i++) chunks[i] = i % 2 ? new Param(values[Number(parts[i]) - 1]) : new StringChunk(parts[i]!);
  const statement = new SQL(chunks);
  readyMade.add(statement);
  return statement;
}

const readyMade = new WeakSet<SQL>();
/** Whether drizzle is handed a text written earlier (its pieces only joined again), not a statement to write. */
export const isReadyMadeText = (statement: unknown): boolean => readyMade.has(statement as SQL);

/** Runs a written query with the values of its placeholders. */
async function run<Row>(handle: Handle, query: Query, values: Record<string, unknown> = {}): Promise<Row[]> {
  return rowsOf<Row>(await handle.execute(fromText(query.sql, fillPlaceholders(query.params, values))));
}

/**
 * A raw statement written once and named after its text; `build` writes it with `p('value')` for each value
 * sent at call time. Returns the runner: (db or tx, values) → rows.
 */
export function preparedQuery<Row>(name: string, build: (p: (key: string) => Placeholder) => SQL) {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Nome de comando preparado inválido: ${name}`);
  const query = dialect.sqlToQuery(build((key) => sql.placeholder(key)));
  nameStatement(name, query.sql);
  return (handle: Handle, values: Record<string, unknown> = {}): Promise<Row[]> => run<Row>(handle, query, values);
}

/**
 * Runs a statement built at call time (drizzle's query builder, a raw `sql`) named after its text: repeated
 * texts (the same shape with other values) are parsed once per connection. For statements whose text takes
 * few shapes; a text that changes with every call must not come here. Its rows as the driver gives them.
 */
export async function executeNamed<Row>(handle: Handle, statement: SQL, prefix = 'q'): Promise<Row[]> {
  const query = dialect.sqlToQuery(statement);
  nameStatement(prefix, query.sql);
  return rowsOf<Row>(await handle.execute(fromText(query.sql, query.params)));
}

/** The same for a ready-made text with $1… parameters (a library's SQL, e.g. pg-boss's job insert). */
export async function executeNamedText<Row>(handle: Handle, text: string, values: unknown[], prefix = 'q'): Promise<Row[]> {
  nameStatement(prefix, text);
  return rowsOf<Row>(await handle.execute(fromText(text, values)));
}

interface Prepared<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/**
 * A query written with drizzle's builder (its result mapping kept: camelCase fields, dates), built and
 * prepared once per database with drizzle's `prepare(name)` instead of on every call; `build` takes values
 * through `sql.placeholder`. For statements of one fixed shape only. Named after its text, so two statements
 * never share a name on a connection.
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
 * shape with placeholders for the values, and run unnamed (a named statement per shape would stay on every
 * pooled connection for its life). What it saves is drizzle writing the same text again on every call
 * (the search: search.server.ts, searchShape).
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
 * `execute` (its result mapping kept): drizzle's `prepare` with the protocol's unnamed statement name ('').
 */
export function unnamedSelect<R>(query: { prepare(name: string): Prepared<R> }): Prepared<R> {
  return query.prepare('');
}

/** The same for a raw `sql` statement: its rows as the driver gives them. */
export function unnamedStatement<Row>(handle: Handle, statement: SQL): { execute(values?: Record<string, unknown>): Promise<Row[]> } {
  const query = dialect.sqlToQuery(statement);
  return { execute: (values) => run<Row>(handle, query, values) };
}
