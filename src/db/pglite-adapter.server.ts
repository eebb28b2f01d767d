// THE ONE ADAPTER THAT USES A LIBRARY'S PRIVATE FIELDS (docs/decisions/007-prepared-statements.md): PGlite's
// `_runExclusiveTransaction` and `_checkReady`, and its wire protocol read by hand, for two things: prepared
// statements (without them an order on PGlite cost about twice the server CPU in a side-by-side run) and turns
// that yield to the event loop (below). tests/integration/pglite-adapter-contract.test.ts fails when PGlite's
// version or those members change: re-measure, then update or drop this file.
//
// Prepared statements on PGlite, as drivers keep them on PostgreSQL.
//
// PGlite's query() sends every statement as an unnamed one: PostgreSQL parses, analyses and plans it on every
// call, in this thread, in WebAssembly. For the list page's search statement that was 5.4 of its 6.6 ms; run
// as a prepared statement it took 1.0 ms (scratch measurement on the demo catalog, issue 16).
//
// The client handed to drizzle keeps statements prepared, by their text (drizzle's PGlite driver drops the
// statement names it is given):
// - every text from its second run, like pgJDBC's prepareThreshold or Npgsql's automatic preparation:
//   at most MAX_AUTO of them, the least recently used deallocated first. Values are always parameters, so a
//   statement's text takes few shapes.
// The first run of a prepared text sends Parse, Describe and Sync in one message; every later run sends Bind,
// Execute and Sync in one message, and its rows are read from the answer's bytes (resultOf) with the columns
// described the first time. Each preparation gets a new server-side name, so a name is never reused. Texts
// run once go to PGlite's query().
import { messages, protocol } from '@electric-sql/pglite';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

type Serializer = (value: unknown) => string;
type Parser = (value: string, typeId: number) => unknown;
type Exclusive = <T>(fn: () => Promise<T>) => Promise<T>;
interface Internals {
  serializers: Record<number, Serializer>;
  parsers: Record<number, Parser>;
  _runExclusiveTransaction: Exclusive;
  _checkReady(): Promise<void>;
}
interface Statement {
  /** Its server-side name. */
  name: string;
  paramTypes: number[];
  fields: { name: string; dataTypeID: number }[];
}

/** Texts are prepared from their second run, up to this many at once. */
const MAX_AUTO = 200;
/** How many texts seen once are remembered (then the count starts again). */
const MAX_SEEN = 2_000;

const { serialize } = protocol;

/**
 * Runs one protocol message and returns the backend's answer as bytes, unparsed. PGlite's own parser copies
 * every field into a new ArrayBuffer before decoding it (`buffer.slice` per value): for a page of 24 cards,
 * hundreds of allocations per statement, 4 % of the server's CPU under the varied searches plus their GC.
 * The chunks PGlite hands over may be views of its WebAssembly memory, so each is copied once.
 */
async function exchange(client: PGlite, message: Uint8Array): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await client.execProtocolRawStream(message, { syncToFs: false, onRawData: (data) => chunks.push(Buffer.from(data)) });
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

/** The error PGlite's query() would throw for an answer holding an ErrorResponse (its own parser builds it). */
function databaseError(raw: Buffer): Error {
  let error: Error | undefined;
  new protocol.Parser().parse(raw, (m) => {
    if (m instanceof messages.DatabaseError) error ??= m;
  });
  return error ?? new Error('PGlite: resposta de erro ilegível');
}

const DATA_ROW = 0x44; // 'D'
const COMMAND_COMPLETE = 0x43; // 'C'
const ERROR_RESPONSE = 0x45; // 'E'

/**
 * The rows of one execution, as PGlite's query() gives them, read from the answer's bytes: DataRow and
 * CommandComplete are read here, an ErrorResponse is thrown as PGlite's DatabaseError, and the rest (BindComplete,
 * ReadyForQuery, notices) is skipped. No notification can arrive: nothing LISTENs on the embedded database
 * (the catalog's NOTIFY is PostgreSQL's, server/boot.ts). Each column's parser is looked up once per call:
 * PGlite's own reader merges the call's parsers into its 318 defaults on every query (86 µs each here).
 */
function resultOf<T>(statement: Statement, raw: Buffer, options: QueryOptions | undefined, parsers: Record<number, Parser>): Results<T> {
  const columns = statement.fields.map((f) => {
    const handler = (options?.parsers as Record<number, Parser> | undefined)?.[f.dataTypeID] ?? parsers[f.dataTypeID];
    return { name: f.name, parse: handler ? (v: string) => handler(v, f.dataTypeID) : undefined };
  });
  const rows: unknown[] = [];
  const asArray = options?.rowMode === 'array';
  let affectedRows = 0;
  let command: string | undefined;
  let rowCount: number | undefined;
  for (let at = 0; at + 5 <= raw.length; ) {
    const type = raw[at]!;
    const end = at + 1 + raw.readInt32BE(at + 1);
    if (type === DATA_ROW) {
      const count = raw.readInt16BE(at + 5);
      const values: unknown[] = new Array(count);
      let p = at + 7;
      for (let i = 0; i < count; i++) {
        const length = raw.readInt32BE(p);
        p += 4;
        if (length < 0) values[i] = null;
        else {
          const text = raw.toString('utf8', p, p + length);
          p += length;
          const parse = columns[i]?.parse;
          values[i] = parse ? parse(text) : text;
        }
      }
      if (asArray) rows.push(values);
      else {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < columns.length; i++) row[columns[i]!.name] = values[i];
        rows.push(row);
      }
    } else if (type === COMMAND_COMPLETE) {
      const parts = raw.toString('utf8', at + 5, end - 1).split(' ');
      command = parts[0];
      const n = Number.parseInt(parts[parts.length - 1]!, 10);
      if (!Number.isNaN(n)) rowCount = n;
      if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command!)) affectedRows += n;
    } else if (type === ERROR_RESPONSE) {
      throw databaseError(raw);
    }
    at = end;
  }
  return { rows, fields: statement.fields, command, affectedRows, ...(rowCount === undefined ? {} : { rowCount }) } as unknown as Results<T>;
}

/** PostgreSQL lost the statement, or its result columns changed under it (DDL): prepare it again. */
const isStale = (err: unknown) => {
  const code = (err as { code?: string }).code;
  return code === '26000' || (code === '0A000' && /cached plan must not change result type/.test(String((err as Error).message)));
};

/**
 * The client drizzle is given for a PGlite database: the same queries and transactions, with statements kept
 * prepared as described above, inside and outside transactions.
 */
export function withPreparedStatements(client: PGlite): PGlite {
  const internals = client as unknown as Internals;
  /** Prepared statements by text; the automatic ones in least recently used order. */
  const statements = new Map<string, Statement>();
  const auto = new Map<string, Statement>();
  const seen = new Map<string, number>();
  /** Server-side names to deallocate at the next turn. */
  const dropped: string[] = [];
  let sequence = 0;

  /** Whether to run `text` as a prepared statement (from its second run). */
  const shouldPrepare = (text: string): boolean => {
    if (statements.has(text)) return true;
    const runs = (seen.get(text) ?? 0) + 1;
    if (runs >= 2) {
      seen.delete(text);
      return true;
    }
    if (seen.size >= MAX_SEEN) seen.clear();
    seen.set(text, runs);
    return false;
  };

  const forget = (text: string) => {
    const statement = statements.get(text);
    if (!statement) return;
    statements.delete(text);
    auto.delete(text);
    dropped.push(statement.name);
  };

  const prepare = async (text: string, options: QueryOptions | undefined): Promise<Statement> => {
    const name = `olimpo_${++sequence}`;
    const described = await client.execProtocolStream(Buffer.concat([serialize.parse({ name, text, types: options?.paramTypes }), serialize.describe({ type: 'S', name }), serialize.sync()]), {
      syncToFs: false,
    });
    const parameters = described.find((m) => m.name === 'parameterDescription') as { dataTypeIDs: number[] } | undefined;
    const row = described.find((m) => m.name === 'rowDescription') as { fields: { name: string; dataTypeID: number }[] } | undefined;
    const statement = { name, paramTypes: parameters?.dataTypeIDs ?? [], fields: (row?.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) };
    statements.set(text, statement);
    auto.set(text, statement);
    if (auto.size > MAX_AUTO) forget(auto.keys().next().value!);
    return statement;
  };

  // One turn at the database, under the same locks PGlite's own query() takes: outside a transaction the
  // transaction lock and then the query lock; inside one (its callback holds the transaction lock) the query lock.
  const runPrepared = async <T>(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<T>> => {
    const turn = async (): Promise<Results<T>> => {
      if (dropped.length > 0 && !inTransaction) {
        const names = dropped.splice(0);
        await client.execProtocolStream(serialize.query(names.map((n) => `deallocate ${n};`).join(' ')), { syncToFs: false, throwOnError: false });
      }
      for (let attempt = 0; ; attempt++) {
        try {
          let statement = statements.get(text);
          if (statement && auto.has(text)) {
            auto.delete(text);
            auto.set(text, statement);
          }
          statement ??= await prepare(text, options);
          const values = params.map((value, i) => {
            if (value === null || value === undefined) return null;
            const oid = statement!.paramTypes[i] ?? 0;
            const toText = (options?.serializers as Record<number, Serializer> | undefined)?.[oid] ?? internals.serializers[oid];
            return toText ? toText(value) : String(value);
          });
          const raw = await exchange(client, Buffer.concat([serialize.bind({ statement: statement.name, values: values as string[] }), serialize.execute({}), serialize.sync()]));
          if (!inTransaction) await client.syncToFs();
          return resultOf<T>(statement, raw, options, internals.parsers);
        } catch (err) {
          // A stale statement is forgotten (a new name is prepared next time). Outside a transaction it is
          // prepared again at once; inside one the error has aborted the transaction, and the caller sees it.
          if (!isStale(err)) throw err;
          forget(text);
          if (inTransaction || attempt > 0) throw err;
        }
      }
    };
    if (inTransaction) return client.runExclusive(turn);
    // As PGlite's query() does, and before the same lock: callers keep the order they called in, whichever
    // of the two paths each statement takes.
    await internals._checkReady.call(client);
    return (await internals._runExclusiveTransaction.call(client, () => client.runExclusive(turn))) as Results<T>;
  };

  const query =
    (plain: PGlite['query'], inTransaction: boolean) =>
    <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> =>
      shouldPrepare(text) ? runPrepared<T>(text, params ?? [], options, inTransaction) : (plain(text, params, options) as Promise<Results<T>>);

  const inTransaction = (tx: Transaction): Transaction => ({
    query: query(tx.query, true),
    sql: tx.sql,
    exec: tx.exec,
    rollback: tx.rollback,
    listen: tx.listen,
    get closed() {
      return tx.closed;
    },
  });

  // drizzle calls only query() and transaction() on its client.
  return {
    query: query(client.query.bind(client), false),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) => client.transaction((tx) => callback(inTransaction(tx))),
  } as unknown as PGlite;
}

// --- turns that yield to the event loop -------------------------------------------------------------------
// PGlite runs PostgreSQL in this thread and serves its callers one at a time, in order (its query(),
// exec() and transaction() all queue on one mutex). When one caller finishes, the next one's turn starts in a
// microtask: with 50 orders waiting, the queue ran back to back without the event loop polling. Under the
// bench's 50-connection order load on 100,000 products the event loop stood still for 400–575 ms in every
// second, and on the demo catalog 4–10 orders in a 10-second run waited past 10 s (p99 6.4–6.7 s).
//
// Each turn at the database first gives the event loop a pass when it has not had one for `everyMs` (a
// setImmediate: pending I/O is read, then the turn goes on). With it: no stall over 300 ms, no order past
// 10 s, p99 1.0–1.1 s, orders/s unchanged or better (issue 16's bench runs, in git history). A pass costs microseconds; the queue
// keeps its order, because the turn already holds the mutex while it waits.

const YIELD_EVERY_MS = 10;

/** Makes each of the client's turns yield to the event loop when it has not turned for `everyMs`. Returns false if PGlite has no such turn to wrap. */
export function yieldBetweenTurns(client: PGlite, everyMs = YIELD_EVERY_MS): boolean {
  const holder = client as unknown as { _runExclusiveTransaction?: Exclusive };
  const original = holder._runExclusiveTransaction;
  if (typeof original !== 'function') return false;
  let lastPass = performance.now();
  const pass = () =>
    new Promise<void>((resolve) =>
      setImmediate(() => {
        lastPass = performance.now();
        resolve();
      }),
    );
  holder._runExclusiveTransaction = function <T>(this: PGlite, fn: () => Promise<T>): Promise<T> {
    return original.call(this, async () => {
      if (performance.now() - lastPass >= everyMs) await pass();
      return fn();
    }) as Promise<T>;
  };
  return true;
}
