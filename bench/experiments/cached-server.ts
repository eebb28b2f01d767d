// Experiment (not the product): the real app (createApp + the real build) on PostgreSQL, but Drizzle is given
// an in-process result cache (strategy "all": every select is cached by its SQL + parameters for TTL
// seconds, and any insert/update/delete through Drizzle drops the entries of the tables it touches).
// It answers "what would the catalog's throughput and latency be if hot searches did not reach the
// database?" without editing the application. With RESPONSE_CACHE=1 the JSON API's finished responses
// (already gzip-compressed bytes and headers) are also kept for the TTL, keyed by URL + Accept-Encoding, and
// served before the app runs: the upper bound of a response cache. Run it like server/main.js:
//
//   NODE_ENV=production PORT=3250 DATABASE_URL=postgres://... CACHE_TTL_SECONDS=30 [RESPONSE_CACHE=1] \
//     node bench/experiments/cached-server.ts
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { Cache } from 'drizzle-orm/cache/core';
import type { MutationOption } from 'drizzle-orm/cache/core';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { ServerBuild } from 'react-router';
import { createApp } from '../../server/app.ts';
import { createLogger } from '../../server/logger.ts';
import type { Database, Db } from '../../src/db/client.server.ts';
import { setDatabase } from '../../src/db/client.server.ts';
import * as schema from '../../src/db/schema.ts';

class MemoryCache extends Cache {
  private entries = new Map<string, { value: unknown[]; expires: number; tables: string[] }>();
  hits = 0;
  misses = 0;
  private ttlMs: number;
  private maxEntries: number;
  constructor(ttlMs: number, maxEntries = 5000) {
    super();
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
  }
  override strategy(): 'all' {
    return 'all';
  }
  override async get(key: string): Promise<unknown[] | undefined> {
    const e = this.entries.get(key);
    if (!e || e.expires < Date.now()) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    return e.value;
  }
  override async put(key: string, value: unknown[], tables: string[]): Promise<void> {
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, tables, expires: Date.now() + this.ttlMs });
  }
  override async onMutate(params: MutationOption): Promise<void> {
    const raw = params.tables === undefined ? [] : Array.isArray(params.tables) ? params.tables : [params.tables];
    const names = raw.map((t) => (typeof t === 'string' ? t : String((t as unknown as Record<symbol, string>)[Symbol.for('drizzle:Name')])));
    for (const [k, e] of this.entries) if (e.tables.some((t) => names.includes(t))) this.entries.delete(k);
  }
}

const port = Number(process.env.PORT ?? 3250);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const ttl = Number(process.env.CACHE_TTL_SECONDS ?? 30);
const logger = createLogger('warn');
const cache = new MemoryCache(ttl * 1000);
const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DB_POOL_SIZE ?? 20) });
pool.on('error', () => {});
const db = drizzle(pool, { schema, cache }) as unknown as Db;
const database: Database = {
  db,
  kind: 'postgres',
  jobs: { kind: 'postgres', connectionString: url },
  migrate: async () => {},
  exclusive: (fn) => fn(),
  ping: async () => {
    try {
      await db.execute(sql`select 1`);
      return true;
    } catch {
      return false;
    }
  },
  close: () => pool.end(),
};
setDatabase(database);
const build = (await import(pathToFileURL(path.resolve('build/server/index.js')).href)) as ServerBuild;
const app = createApp({ build, database: () => database, logger, publicUrl: `http://127.0.0.1:${port}` });

// Optional response cache for GET /api/products: the bytes exactly as the app produced them (compressed).
const responses = new Map<string, { status: number; headers: [string, string][]; body: Uint8Array<ArrayBuffer>; expires: number }>();
const responseCache = process.env.RESPONSE_CACHE === '1';
async function fetchWithResponseCache(req: Request): Promise<Response> {
  const u = new URL(req.url);
  if (!responseCache || req.method !== 'GET' || !u.pathname.startsWith('/api/products')) return app.fetch(req);
  const key = `${u.pathname}${u.search}|${req.headers.get('accept-encoding')?.includes('gzip') ? 'gzip' : ''}`;
  const hit = responses.get(key);
  if (hit && hit.expires > Date.now()) return new Response(hit.body, { status: hit.status, headers: hit.headers });
  const res = await app.fetch(req);
  if (res.status !== 200) return res;
  const body = new Uint8Array(await res.arrayBuffer());
  const headers = [...res.headers.entries()];
  if (responses.size > 5000) responses.delete(responses.keys().next().value!);
  responses.set(key, { status: res.status, headers, body, expires: Date.now() + ttl * 1000 });
  return new Response(body, { status: res.status, headers });
}

const server = serve({ fetch: fetchWithResponseCache, port, hostname: '127.0.0.1' }, () =>
  console.log(`cached-server on ${port}, ttl ${ttl} s${responseCache ? ', response cache on' : ''}`),
);
const stop = () => {
  console.log(`cache hits ${cache.hits}, misses ${cache.misses}`);
  server.close(() => void pool.end().finally(() => process.exit(0)));
  setTimeout(() => process.exit(0), 3000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
