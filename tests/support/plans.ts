// What a call's statements read, from their plans: each statement the call sends is run again under
// EXPLAIN (ANALYZE, FORMAT JSON) with the same values, and the rows its scans visit are added up per table
// (the rows a scan returns, plus those its filter or recheck threw away, times its loops). A count of rows, not
// a time: it says whether a request reads its page or the catalog, on a loaded machine as on a quiet one.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from '#src/db/client.server.ts';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

export interface PlanReads {
  /** Rows the scans of every statement visited, all tables together. */
  rows: number;
  /** The same per table. */
  byTable: Record<string, number>;
  /** Each statement's first words and the rows it read, for an assertion's message. */
  statements: string[];
}

function addReads(node: PlanNode, byTable: Record<string, number>): number {
  let rows = 0;
  if (node['Relation Name']) {
    const visited = (node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0);
    rows = visited * (node['Actual Loops'] ?? 1);
    byTable[node['Relation Name']] = (byTable[node['Relation Name']] ?? 0) + rows;
  }
  for (const child of node.Plans ?? []) rows += addReads(child, byTable);
  return rows;
}

type Query = (...args: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Runs `fn`, then explains every statement it sent (only its own: its async context, as countStatements) and
 * returns what they read. Read-only calls only: each statement runs a second time under EXPLAIN ANALYZE.
 */
export async function planReads<T>(db: Database['db'], fn: () => Promise<T>): Promise<{ result: T } & PlanReads> {
  const client = (db as unknown as { _: { session: { client: { query: Query } } } })._.session.client;
  const original = client.query;
  const mine = new AsyncLocalStorage<true>();
  const sent: { text: string; values: unknown[] }[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    if (mine.getStore()) {
      const first = args[0] as string | { text: string; values?: unknown[] };
      sent.push(typeof first === 'string' ? { text: first, values: (args[1] as unknown[]) ?? [] } : { text: first.text, values: first.values ?? (args[1] as unknown[]) ?? [] });
    }
    return original.apply(this, args);
  };
  let result: T;
  try {
    result = await mine.run(true, fn);
  } finally {
    client.query = original;
  }
  const byTable: Record<string, number> = {};
  const statements: string[] = [];
  let rows = 0;
  for (const { text, values } of sent) {
    const explained = await original.call(client, `explain (analyze, format json) ${text}`, values);
    const cell = Object.values(explained.rows[0]!)[0];
    const [plan] = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
    const read = addReads(plan!.Plan, byTable);
    rows += read;
    statements.push(`${read} rows: ${text.replace(/\s+/g, ' ').trim().slice(0, 100)}`);
  }
  return { result, rows, byTable, statements };
}
