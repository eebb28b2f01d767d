// What `npm run bench` measures: the targets, their requests and the ids they need (bench/run.ts).
import crypto from 'node:crypto';
import { ACCEPT_ENCODING, CHROME_UA, GROUPS, opts } from './options.ts';
import { rawGet } from './helpers.ts';

export interface Target {
  id: string;
  label: string;
  path: string;
  kind: 'api' | 'html';
  /** The "search API with a search and a filter": the one the PostgreSQL targets apply to. */
  primary?: boolean;
  /** Issue 7's "list API filtered by vehicle and a search term" (p95 <= 30 ms on PostgreSQL). */
  fitmentPrimary?: boolean;
  group: (typeof GROUPS)[number];
  /** Connections for this target when not --connections (the order latency at a load the server is not saturated by). */
  connections?: number;
  /** POST targets: the JSON body, built once (quote) or for every request (orders: a fresh idempotency key). */
  post?: { body: (ctx: RunContext) => Record<string, unknown>; perRequest: boolean };
  /** GET targets whose path changes on every request (varied searches), taken in turn. */
  paths?: string[];
  /** Measured on a second server with every cache off (issue 16). */
  cacheOff?: boolean;
}

/** Varied searches: words × filters × sorts × pages, so no two requests in a row ask the same thing. */
export const VARIED_SEARCHES = (() => {
  const words = ['farol', 'pastilha freio', 'filtro oleo', 'amortecedor', 'lampada', 'correia', 'vela ignicao', 'embreagem', 'bateria', 'radiador', 'retrovisor', 'bota'];
  const extras = ['', '&marca=bosch', '&categoria=freios', '&ordem=menor-preco', '&estado=novo', '&pagina=2', '&ordem=maiores-descontos', '&veiculo=motos'];
  return words.flatMap((w, i) => extras.map((e, j) => `/api/products?q=${encodeURIComponent(w)}${e}&limite=24${(i + j) % 3 === 0 ? '&facetas=1' : ''}`));
})();

/** What the targets need from the database being measured. */
export interface RunContext {
  /** Products without variants, with stock for the whole run (bench/prepare-orders.ts). */
  pool: number[];
}

export const ORDER_ADDRESS = { cep: '01001000', street: 'Praça da Sé', number: '100', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' };
let orderSeq = 0;
/** A new order: a fresh idempotency key and buyer, one or two products of the pool, PIX. */
export function orderBody(ctx: RunContext): Record<string, unknown> {
  const n = ++orderSeq;
  const pick = () => ctx.pool[crypto.randomInt(ctx.pool.length)]!;
  const first = pick();
  let second = pick();
  if (second === first) second = ctx.pool[(ctx.pool.indexOf(first) + 1) % ctx.pool.length]!;
  return {
    idempotencyKey: `bench-${process.pid}-${n}-${crypto.randomBytes(6).toString('hex')}`,
    email: `comprador${n}@bench.example.com`,
    lines: n % 2 ? [{ productId: first, quantity: 1 }] : [{ productId: first, quantity: 1 }, { productId: second, quantity: 2 }],
    coupon: n % 3 === 0 ? 'OLIMPO' : undefined,
    address: ORDER_ADDRESS,
    shipping: n % 4 === 0 ? 'express' : 'standard',
    payment: 'pix',
    installments: 1,
    customer: { name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' },
  };
}

export const TARGETS: Target[] = ([
  { id: 'api-search-filter', label: 'API q=farol marca=bosch', path: '/api/products?q=farol&marca=bosch&limite=24', kind: 'api', primary: true, group: 'catalog' },
  { id: 'api-search-category-sort', label: 'API q="pastilha freio" cat+preço', path: '/api/products?q=pastilha%20freio&categoria=freios&ordem=menor-preco', kind: 'api', group: 'catalog' },
  { id: 'api-broad-search', label: 'API q=filtro (ampla)', path: '/api/products?q=filtro&limite=24', kind: 'api', group: 'catalog' },
  { id: 'ssr-product-list', label: 'SSR /ProductList?q=farol', path: '/ProductList?q=farol', kind: 'html', group: 'catalog' },
  { id: 'ssr-home', label: 'SSR /', path: '/', kind: 'html', group: 'pages' },
  // {product}: the first result of the search above, resolved through the API.
  { id: 'ssr-product-view', label: 'SSR /ProductView/:id', path: '/ProductView/{product}', kind: 'html', group: 'pages' },
  {
    id: 'api-cart-quote',
    label: 'POST /api/cart/quote (3 itens, cupom, CEP)',
    path: '/api/cart/quote',
    kind: 'api',
    group: 'cart',
    post: { perRequest: false, body: (ctx) => ({ lines: ctx.pool.slice(0, 3).map((productId, i) => ({ productId, quantity: i + 1 })), coupon: 'OLIMPO', cep: '01001-000' }) },
  },
  { id: 'api-place-order', label: 'POST /api/orders (PIX, pedido novo)', path: '/api/orders', kind: 'api', group: 'orders', post: { perRequest: true, body: orderBody } },
  // The same at 10 connections: by Little's law 50 connections at ~300 orders/s queue ~170 ms per order, so the
  // latency of one order is read where the server is busy but not saturated.
  { id: 'api-place-order-10', label: 'POST /api/orders (PIX, 10 conexões)', path: '/api/orders', kind: 'api', group: 'orders', connections: 10, post: { perRequest: true, body: orderBody } },
  // Issue 7: {gol} is the VW Gol 1.0 12V MPI Trendline of 2015, resolved through GET /api/vehicles.
  { id: 'api-vehicle-search', label: 'API vehicle=Gol 2015 q=pastilha', path: '/api/products?q=pastilha&vehicle={gol}&ano=2015&limite=24', kind: 'api', fitmentPrimary: true, group: 'fitment' },
  { id: 'api-vehicle-search-broad', label: 'API vehicle=Gol 2015 q=filtro', path: '/api/products?q=filtro&vehicle={gol}&ano=2015&limite=24', kind: 'api', group: 'fitment' },
  { id: 'api-vehicle-words', label: 'API q="pastilha de freio gol 2015"', path: '/api/products?q=pastilha%20de%20freio%20gol%202015&limite=24', kind: 'api', group: 'fitment' },
  { id: 'api-vehicle-only', label: 'API vehicle=Gol 2015 (sem busca)', path: '/api/products?vehicle={gol}&ano=2015&limite=24', kind: 'api', group: 'fitment' },
  { id: 'ssr-vehicle-list', label: 'SSR /ProductList vehicle+q=filtro', path: '/ProductList?q=filtro&vehicle={gol}&ano=2015', kind: 'html', group: 'fitment' },
  // Issue 16: anonymous pages from the page cache (the bench sends no cookie) ...
  { id: 'cached-home', label: 'page cache /', path: '/', kind: 'html', group: 'pagecache' },
  { id: 'cached-product-list', label: 'page cache /ProductList?q=farol', path: '/ProductList?q=farol', kind: 'html', group: 'pagecache' },
  { id: 'cached-product-view', label: 'page cache /ProductView/:id', path: '/ProductView/{product}', kind: 'html', group: 'pagecache' },
  // ... and the same with every cache off, plus varied searches the memo could not help anyway.
  { id: 'nocache-home', label: 'caches off /', path: '/', kind: 'html', group: 'cacheoff', cacheOff: true },
  { id: 'nocache-product-list', label: 'caches off /ProductList?q=farol', path: '/ProductList?q=farol', kind: 'html', group: 'cacheoff', cacheOff: true },
  { id: 'nocache-product-view', label: 'caches off /ProductView/:id', path: '/ProductView/{product}', kind: 'html', group: 'cacheoff', cacheOff: true },
  { id: 'nocache-varied-search', label: `caches off varied API searches (${VARIED_SEARCHES.length})`, path: VARIED_SEARCHES[0]!, paths: VARIED_SEARCHES, kind: 'api', group: 'cacheoff', cacheOff: true },
] satisfies Target[] as Target[]);
export const BASELINE_SOURCE = TARGETS[0]!;
for (const id of opts.targets ?? []) {
  if (!TARGETS.some((t) => t.id === id || t.group === id) && id !== 'all') {
    console.error(`--targets: unknown target "${id}" (use ${TARGETS.map((t) => t.id).join(', ')})`);
    process.exit(1);
  }
}
// --targets takes ids or groups ("catalog", "fitment", "all").
export const SELECTED = TARGETS.filter((t) => !opts.targets || opts.targets.includes('all') || opts.targets.includes(t.id) || opts.targets.includes(t.group));

/** The Gol the fitment targets ask for, through the selector's own API (ids come from the seed). */
export async function resolveVehicle(base: string): Promise<number> {
  const res = await rawGet(`${base}/api/vehicles?tipo=carros&marca=volkswagen&modelo=gol&ano=2015`, { accept: 'application/json' });
  const body = JSON.parse(res.body.toString()) as { options?: { value: string; label: string }[] };
  const option = body.options?.find((o) => o.label === '1.0 12V MPI Trendline');
  if (!option) throw new Error(`GET /api/vehicles did not offer the Gol 1.0 12V MPI Trendline 2015: ${res.body.toString().slice(0, 300)}`);
  return Number(option.value);
}

export const withVehicle = (t: Target, gol: number, product = 0): Target => ({ ...t, path: t.path.replaceAll('{gol}', String(gol)).replaceAll('{product}', String(product)) });

/** The product page the benchmark opens: the first result of the primary search. */
export async function resolveProduct(base: string): Promise<number> {
  const res = await rawGet(base + BASELINE_SOURCE.path, { accept: 'application/json' });
  const id = (JSON.parse(res.body.toString()) as { items?: { id: number }[] }).items?.[0]?.id;
  if (!id) throw new Error(`${BASELINE_SOURCE.path} found no product: ${res.body.toString().slice(0, 300)}`);
  return id;
}

export const HEADERS = {
  api: { accept: 'application/json', 'accept-encoding': ACCEPT_ENCODING, 'user-agent': CHROME_UA },
  html: {
    accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    'accept-encoding': ACCEPT_ENCODING,
    'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8',
    'user-agent': CHROME_UA,
  },
};

/** Headers and body of a target's request, as a browser (or the shop's own scripts) would send it. */
export function requestFor(t: Target, base: string, ctx: RunContext) {
  const headers: Record<string, string> = { ...HEADERS[t.kind] };
  if (!t.post) return { method: 'GET' as const, headers, body: undefined };
  headers['content-type'] = 'application/json';
  headers.origin = base; // the shop's own pages post same-origin (server/app.ts refuses other origins)
  return { method: 'POST' as const, headers, body: JSON.stringify(t.post.body(ctx)) };
}
