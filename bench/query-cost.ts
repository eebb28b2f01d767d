// What one catalog request costs PostgreSQL: the SQL the search runs today (copied from the statements
// Drizzle sends, see src/domain/catalog/search/) against proposed shapes that return the same
// rows, totals and facet counts. For each variant it reports the wall time per request and the CPU time the
// PostgreSQL backend spent per request (read from /proc/<backend pid>/stat, so it stays meaningful on a busy
// machine where wall times are not), and checks that both variants agree.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db seeded with 100k> node bench/query-cost.ts [--seconds 3] [--parallel]
//
// When products has a kind_head column (see relevanceStored below) a third variant reads the relevance boost
// from it instead of computing it per row.
//
// Parallel query is switched off in the session by default (max_parallel_workers_per_gather = 0): a parallel
// worker's CPU is not the backend's, so it would hide cost. --parallel keeps the server's setting.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '3' }, parallel: { type: 'boolean', default: false }, only: { type: 'string' } } });
const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is required');
  process.exit(1);
}
const seconds = Number(values.seconds);

interface Statement {
  sql: string;
  params?: unknown[];
}
interface Variant {
  name: string;
  statements: Statement[];
  /** Extracts what must match between variants (ids of the page, total, facet counts). */
  summary: (results: pg.QueryResult[]) => unknown;
}
interface Scenario {
  id: string;
  title: string;
  variants: Variant[];
}

const TSQ = (p: string) => `to_tsquery('olimpo_pt', olimpo_search_text(${p}))`;
const FEATURED = ['bosch', 'magneti-marelli', 'delphi', 'ngk', 'trw'];
const CUR_COLUMNS = `"products"."id", "products"."slug", "products"."title", "products"."brand", "products"."category", "products"."price_cents", "products"."old_price_cents", "products"."on_sale", "products"."discount_percent", "products"."stock", "product_images"."url", "product_images"."alt", "product_images"."width", "product_images"."height", "products"."description"`;
const CUR_FROM = `from "products" left join "product_images" on ("product_images"."product_id" = "products"."id" and "product_images"."position" = $1)`;

/** Today: page query + count(*), both with the same WHERE (two statements, run concurrently by the app). */
function currentSearch(where: string, whereParams: unknown[], order: string, orderParams: unknown[], limit: number): Statement[] {
  const n = whereParams.length;
  const shift = (s: string, by: number) => s.replace(/\$(\d+)/g, (_m, d: string) => `$${Number(d) + by}`);
  return [
    {
      sql: `select ${CUR_COLUMNS} ${CUR_FROM} where ${shift(where, 1)} order by ${shift(order, 1 + n)} limit $${2 + n + orderParams.length}`,
      params: [0, ...whereParams, ...orderParams, limit],
    },
    { sql: `select count(*)::int from "products" where ${where}`, params: whereParams },
  ];
}

/**
 * Proposed: one statement. The page is chosen on `products` alone (rank computed once), the total comes from
 * count(*) over () in the same scan, and the first image is joined only for the rows of the page.
 */
function proposedSearch(where: string, whereParams: unknown[], orderExpr: string, orderKeys: string, limit: number): Statement {
  const n = whereParams.length;
  return {
    sql: `with page as (
      select p.id, p.slug, p.title, p.brand, p.category, p.price_cents, p.old_price_cents, p.on_sale, p.discount_percent,
             p.stock, p.description, p.popularity, p.created_at, ${orderExpr} as sort_key, count(*) over () as total
      from products p where ${where.replaceAll('"products".', 'p.')}
      order by ${orderKeys} limit $${n + 1})
    select page.*, i.url, i.alt, i.width, i.height
    from page left join product_images i on i.product_id = page.id and i.position = 0
    order by ${orderKeys.replaceAll('p.', 'page.')}`,
    params: [...whereParams, limit],
  };
}

const ids = (r: pg.QueryResult | undefined) => (r?.rows ?? []).map((row) => Number(row.id)).join(',');
const curSummary = (rs: pg.QueryResult[]) => ({ ids: ids(rs[0]), total: Number(rs[1]?.rows[0]?.count) });
const newSummary = (rs: pg.QueryResult[]) => ({ ids: ids(rs[0]), total: Number(rs[0]?.rows[0]?.total ?? 0) });

/** Today's relevance (catalog/search/statement.ts, since "kind-first relevance"): text rank + 1 when the first word
 * of the product's kind matches the first search word; that to_tsvector(...) is computed for every match. */
const relevanceNow = (alias: string, tsq: string, first: string) =>
  `(ts_rank_cd(${alias}search_vector, ${tsq}) + case when to_tsvector('olimpo_pt', olimpo_search_text(split_part(${alias}kind, ' ', 1))) @@ to_tsquery('olimpo_pt', olimpo_search_text('${first}')) then 1 else 0 end)`;
/** The same boost read from a stored generated column (the proposed schema change), measured when it exists:
 *  alter table products add column kind_head tsvector
 *    generated always as (to_tsvector('olimpo_pt', olimpo_search_text(split_part(kind, ' ', 1)))) stored; */
const relevanceStored = (alias: string, tsq: string, first: string) =>
  `(ts_rank_cd(${alias}search_vector, ${tsq}) + case when ${alias}kind_head @@ to_tsquery('olimpo_pt', olimpo_search_text('${first}')) then 1 else 0 end)`;

let hasKindHead = false;

function apiScenario(id: string, title: string, q: string, filter: { sql: string; params: unknown[] } | null, sort: 'relevance' | 'price', limit: number): Scenario {
  const where = `("products"."search_vector" @@ ${TSQ('$1')}${filter ? ` and ${filter.sql}` : ''})`;
  const whereParams = [q, ...(filter?.params ?? [])];
  const first = q.split(' & ')[0]!;
  const curOrder = sort === 'relevance'
    ? { sql: `${relevanceNow('"products".', TSQ('$1'), first)} desc, "products"."popularity" desc, "products"."id" asc`, params: [q] }
    : { sql: `"products"."price_cents" asc, "products"."id" asc`, params: [] };
  const newOrder = (stored: boolean) =>
    sort === 'relevance'
      ? { expr: (stored ? relevanceStored : relevanceNow)('p.', TSQ('$1'), first), keys: 'sort_key desc, p.popularity desc, p.id' }
      : { expr: 'p.price_cents', keys: 'sort_key, p.id' };
  const variants: Variant[] = [
    { name: 'current: page + count (2 statements)', statements: currentSearch(where, whereParams, curOrder.sql, curOrder.params, limit), summary: curSummary },
    { name: 'proposed: 1 statement, count(*) over (), image join after limit', statements: [proposedSearch(where, whereParams, newOrder(false).expr, newOrder(false).keys, limit)], summary: newSummary },
  ];
  if (hasKindHead && sort === 'relevance') {
    variants.push({ name: 'proposed + stored kind_head column for the boost', statements: [proposedSearch(where, whereParams, newOrder(true).expr, newOrder(true).keys, limit)], summary: newSummary });
  }
  return { id, title, variants };
}

// Facets: brand grouped into the five featured brands + "outros"; each facet ignores its own filter.
const BRAND_KEY = `case when brand_slug in (${FEATURED.map((b) => `'${b}'`).join(', ')}) then brand_slug else 'outros' end`;

function currentFacets(q: string, brand: string | null): Statement[] {
  const search = `search_vector @@ ${TSQ('$1')}`;
  const withBrand = brand ? ` and brand_slug in ('${brand}')` : '';
  return [
    { sql: `select ${BRAND_KEY} as k, count(*)::int as n from products where ${search} group by 1`, params: [q] },
    { sql: `select category as k, count(*)::int as n from products where ${search}${withBrand} group by category`, params: [q] },
    { sql: `select vehicle_type as k, count(*)::int as n from products where ${search}${withBrand} group by vehicle_type`, params: [q] },
    { sql: `select condition as k, count(*)::int as n from products where ${search}${withBrand} group by condition`, params: [q] },
  ];
}

/**
 * Proposed: one scan of the search's matches, every facet from it. Each facet's count uses a FILTER with the
 * other facets' conditions (disjunctive faceting); with no filter active the FILTERs disappear.
 */
function proposedFacets(q: string, brand: string | null): Statement {
  const brandOk = brand ? `brand_slug in ('${brand}')` : 'true';
  return {
    sql: `select grouping(brand_key) = 0 as is_brand, grouping(category) = 0 as is_category,
             grouping(vehicle_type) = 0 as is_vehicle, grouping(condition) = 0 as is_condition,
             coalesce(brand_key, category, vehicle_type, condition) as k,
             (case when grouping(brand_key) = 0 then count(*) else count(*) filter (where ${brandOk}) end)::int as n
      from (select ${BRAND_KEY} as brand_key, brand_slug, category, vehicle_type, condition
            from products where search_vector @@ ${TSQ('$1')}) m
      group by grouping sets ((brand_key), (category), (vehicle_type), (condition))`,
    params: [q],
  };
}

function facetSummaryCurrent(rs: pg.QueryResult[], offset: number) {
  const names = ['brand', 'category', 'vehicle', 'condition'];
  const out: Record<string, Record<string, number>> = {};
  names.forEach((name, i) => {
    out[name] = Object.fromEntries((rs[offset + i]?.rows ?? []).map((r) => [r.k, r.n]).sort());
  });
  return out;
}
function facetSummaryProposed(r: pg.QueryResult | undefined) {
  const out: Record<string, Record<string, number>> = { brand: {}, category: {}, vehicle: {}, condition: {} };
  for (const row of r?.rows ?? []) {
    const name = row.is_brand ? 'brand' : row.is_category ? 'category' : row.is_vehicle ? 'vehicle' : 'condition';
    if (row.n > 0) out[name]![row.k] = row.n;
  }
  for (const k of Object.keys(out)) out[k] = Object.fromEntries(Object.entries(out[k]!).sort());
  return out;
}

function buildScenarios(): Scenario[] {
const scenarios: Scenario[] = [
  apiScenario('api-farol-bosch', 'GET /api/products?q=farol&marca=bosch&limite=24', 'farol', { sql: `"products"."brand_slug" in ($2)`, params: ['bosch'] }, 'relevance', 24),
  apiScenario('api-pastilha-freio', 'GET /api/products?q=pastilha freio&categoria=freios&ordem=menor-preco (50)', 'pastilha & freio', { sql: `"products"."category" = $2`, params: ['freios'] }, 'price', 50),
  apiScenario('api-filtro', 'GET /api/products?q=filtro&limite=24 (broad)', 'filtro', null, 'relevance', 24),
];

// The server-rendered list: page + count + 4 facet queries today; page (with total) + 1 facet query proposed.
{
  const api = apiScenario('x', 'x', 'farol', null, 'relevance', 24);
  scenarios.push({
    id: 'ssr-farol',
    title: 'GET /ProductList?q=farol: page + total + facets',
    variants: [
      {
        name: 'current: page + count + 4 facet group-bys (6 statements)',
        statements: [...api.variants[0]!.statements, ...currentFacets('farol', null)],
        summary: (rs) => ({ ...curSummary(rs), facets: facetSummaryCurrent(rs, 2) }),
      },
      {
        name: 'proposed: 1 page statement + 1 grouping-sets facet statement',
        statements: [...api.variants[1]!.statements, proposedFacets('farol', null)],
        summary: (rs) => ({ ...newSummary(rs), facets: facetSummaryProposed(rs[1]) }),
      },
    ],
  });
  scenarios.push({
    id: 'facets-farol-bosch',
    title: 'facets of /ProductList?q=farol&marca=bosch (a filter active)',
    variants: [
      { name: 'current: 4 facet group-bys', statements: currentFacets('farol', 'bosch'), summary: (rs) => facetSummaryCurrent(rs, 0) },
      { name: 'proposed: 1 grouping-sets statement with FILTER', statements: [proposedFacets('farol', 'bosch')], summary: (rs) => facetSummaryProposed(rs[0]) },
    ],
  });
}
return scenarios;
}

function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}

async function runVariant(client: pg.Client, backendPid: number, v: Variant, forSeconds: number) {
  const walls: number[] = [];
  const cpu0 = cpuSeconds(backendPid);
  const end = performance.now() + forSeconds * 1000;
  let last: pg.QueryResult[] = [];
  while (performance.now() < end) {
    const t0 = performance.now();
    last = [];
    for (const s of v.statements) last.push(await client.query(s.sql, s.params));
    walls.push(performance.now() - t0);
  }
  const cpu = cpuSeconds(backendPid) - cpu0;
  return { walls, cpu, last };
}

const client = new pg.Client({ connectionString: url });
await client.connect();
const backendPid = Number((await client.query('select pg_backend_pid() as pid')).rows[0].pid);
if (!values.parallel) await client.query('set max_parallel_workers_per_gather = 0');
hasKindHead = (await client.query("select 1 from information_schema.columns where table_name = 'products' and column_name = 'kind_head'")).rowCount === 1;
const scenarios = buildScenarios();
console.log(`PostgreSQL backend ${backendPid}; parallel query ${values.parallel ? 'as configured' : 'off'}; ${seconds} s per variant in 2 interleaved rounds\n`);

for (const sc of scenarios) {
  if (values.only && !sc.id.includes(values.only)) continue;
  console.log(sc.title);
  const acc = sc.variants.map(() => ({ walls: [] as number[], cpu: 0, summary: undefined as unknown }));
  for (const v of sc.variants) for (let i = 0; i < 3; i++) for (const s of v.statements) await client.query(s.sql, s.params); // warm
  for (let round = 0; round < 2; round++) {
    for (const [i, v] of sc.variants.entries()) {
      const r = await runVariant(client, backendPid, v, seconds / 2);
      acc[i]!.walls.push(...r.walls);
      acc[i]!.cpu += r.cpu;
      acc[i]!.summary = v.summary(r.last);
    }
  }
  const same = acc.every((a) => JSON.stringify(a.summary) === JSON.stringify(acc[0]!.summary));
  for (const [i, v] of sc.variants.entries()) {
    const w = Float64Array.from(acc[i]!.walls).sort();
    const med = w[Math.floor(w.length / 2)]!;
    const p95 = w[Math.ceil(w.length * 0.95) - 1]!;
    const cpuMs = (acc[i]!.cpu * 1000) / w.length;
    console.log(`  ${v.name.padEnd(66)} ${String(w.length).padStart(5)} req  wall median ${med.toFixed(2).padStart(7)} ms  p95 ${p95.toFixed(2).padStart(7)} ms  backend CPU ${cpuMs.toFixed(2).padStart(7)} ms/req`);
  }
  console.log(`  results identical: ${same ? 'yes' : 'NO'}`);
  if (!same) for (const [i, v] of sc.variants.entries()) console.log(`    ${v.name}: ${JSON.stringify(acc[i]!.summary).slice(0, 300)}`);
  console.log('');
}
await client.end();
