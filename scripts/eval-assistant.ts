// npm run eval:assistant: asks OlimpIA every labelled question of the train split
// (src/domain/assistant/training/train.json, the classifier's training data), the dev split
// (tests/assistant/dev.json, for tuning) and the held-out test split (tests/assistant/test.json, never
// tuned on) against the demo catalog (fresh in-memory PGlite). A question passes when the answer contains
// every "must" fact and none of the "mustNot" ones. Product facts are placeholders resolved against the
// catalog here ({price:258}, {pix:?q=farol&veiculo=motos&ordem=menor-preco}), so nothing is a guess; every
// amount and product line in every answer is also checked against the data ("invented facts").
// Prints each split's score, a per-intent confusion table and p50/p95 latency. Exits 1 when the test
// split is under 90 % or an answer invents a fact; a p95 over 150 ms is reported as a warning only, since
// on a shared 2-core machine it measures the neighbours' load as much as the engine.
// `-- --show` prints every answer, `-- --only t012,t013` some questions, `-- --split dev` one split,
// `-- --failures` the failing questions (never use it on the test split while tuning).
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '#src/db/client.server.ts';
import { answer } from '#src/domain/assistant/engine.server.ts';
import type { ChatMessage } from '#src/domain/assistant/engine.server.ts';
import { store } from '#src/config/store.ts';
import { parseCatalogQuery } from '#src/domain/catalog/query.ts';
import { searchWithFitment } from '#src/domain/fitment/search.server.ts';
import { placeOrder } from '#src/domain/checkout/place-order.server.ts';
import { seedDemoData } from '#src/db/seed.server.ts';
import { moveOrder } from '#src/domain/orders/orders.server.ts';
import { invoiceOrder } from '#src/domain/invoicing/issue.server.ts';
import { createSandboxInvoiceProvider } from '#src/domain/invoicing/sandbox.server.ts';
import { fiscalSettings } from '#src/domain/invoicing/settings.ts';
import { createSandboxProvider } from '#src/domain/payments/provider.ts';
import { formatBRL } from '#src/domain/pricing/money.ts';
import { installmentPlan, MAX_INSTALLMENTS, MIN_INSTALLMENT_CENTS, orderTotals, priceWithPayment } from '#src/domain/pricing/pricing.ts';
import { CART_FREIGHT_CENTS, SHIPPING_METHODS } from '#src/domain/shipping/table.ts';
import { createTableShipping } from '#src/domain/shipping/service.ts';

interface Question {
  id: string;
  intents: string[];
  ask: string | string[];
  signedIn?: boolean;
  page?: number;
  must: string[];
  mustNot?: string[];
}

const TARGET = 0.9;
const P95_TARGET_MS = 150;
const { values } = parseArgs({ options: { show: { type: 'boolean' }, only: { type: 'string' }, split: { type: 'string' }, failures: { type: 'boolean' } } });
const read = (path: string) => JSON.parse(fs.readFileSync(path, 'utf8')) as Question[];
const splits: [string, Question[]][] = [
  ['train', read('src/domain/assistant/training/train.json')],
  ['dev', read('tests/assistant/dev.json')],
  ['test', read('tests/assistant/test.json')],
  // Dialogue state, published policies, part numbers, limits and totals (tuning, written with the code in view).
  ['dialog', read('tests/assistant/dialogue.json')],
  // Written by someone who saw only the running storefront (its pages and API), never the code, the other splits
  // or the assistant's answers. blind-dev is tuned on (its failures are printed); blind, by a second writer
  // under the same rules, is never tuned on: the estimate of how OlimpIA does on questions nobody tuned for.
  ['bdev', read('tests/assistant/blind-dev.json')],
  ...(fs.existsSync('tests/assistant/blind.json') ? ([['blind', read('tests/assistant/blind.json')]] as [string, Question[]][]) : []),
];
const HELD_OUT = new Set(['test', 'blind']);

const database = await openDatabase({ dataDir: 'memory://' });
await database.migrate();
await seedDemoData(database.db);
const db = database.db;

// Two shoppers with orders: the eval user asks; the other's order must never be revealed.
const provider = createSandboxProvider({ pix: { key: 'pix@olimpopecas.com.br', merchantName: 'OLIMPO PECAS', merchantCity: 'SAO PAULO' } });
const address = { cep: '01001000', street: 'Praça da Sé', number: '1', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' };
async function orderFor(userId: string, productId: number) {
  const r = await placeOrder(
    { db, provider },
    {
      idempotencyKey: `eval-${userId}-${productId}-000000`,
      email: `${userId}@example.com`,
      lines: [{ productId, quantity: 1 }],
      address,
      shipping: 'standard',
      payment: 'pix',
      installments: 1,
      customer: { name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' },
    },
    { userId },
  );
  if (!r.ok) throw new Error(r.message);
  return r.order;
}
const mine = await orderFor('eval-user', 2);
const other = await orderFor('other-user', 3);
// The eval user's order is paid, invoiced (the sandbox nota, as the shop's job does), picked and shipped.
const moved = async (r: Promise<{ ok: boolean; message?: string }>) => {
  const out = await r;
  if (!out.ok) throw new Error(`pedido do eval: ${out.message}`);
};
// No job runner in this script: the sweeps of a running shop would send the e-mails.
await moved(moveOrder(db, mine.number, 'paid', { jobs: null }));
const mineId = ((await db.execute(sql`select id from orders where number = ${mine.number}`)) as unknown as { rows: { id: number }[] }).rows[0]!.id;
const invoiced = await invoiceOrder(db, mineId, { provider: createSandboxInvoiceProvider(), settings: fiscalSettings(), jobs: null });
if (invoiced.status !== 'authorized') throw new Error(`pedido do eval: nota ${invoiced.status}`);
await moved(moveOrder(db, mine.number, 'picking', { jobs: null }));
await moved(moveOrder(db, mine.number, 'shipped', { trackingCode: 'BR123456789BR', jobs: null }));

// ---- The catalog, for placeholders and the invented-facts check ----
const catalog = (
  (await db.execute(sql`select id, title, price_cents as "priceCents", old_price_cents as "oldPriceCents", stock, ref_code as "refCode" from products`)) as unknown as {
    rows: { id: number; title: string; priceCents: number; oldPriceCents: number | null; stock: number; refCode: string }[];
  }
).rows;
const byId = new Map(catalog.map((p) => [p.id, p]));
const titles = new Set(catalog.map((p) => p.title));
const plain = (s: string) => s.replace(/\u00a0/g, ' ');
const money = (cents: number) => plain(formatBRL(cents));

const known = new Set<string>([CART_FREIGHT_CENTS, MIN_INSTALLMENT_CENTS, ...SHIPPING_METHODS.map((m) => m.priceCents), mine.totalCents, other.totalCents].map(money));
for (const p of catalog) {
  if (p.oldPriceCents) known.add(money(p.oldPriceCents));
  for (let q = 1; q <= 20; q++) {
    const total = p.priceCents * q;
    known.add(money(total));
    known.add(money(priceWithPayment(total, 'pix')));
    known.add(money(priceWithPayment(total, 'boleto')));
    for (let n = 2; n <= 10; n++) known.add(money(installmentPlan(total, n).eachCents));
  }
  // Totals with a shipping method, as the checkout computes them (orderTotals), for a few units.
  for (let q = 1; q <= 5; q++) {
    for (const { priceCents: shippingCents } of SHIPPING_METHODS) {
      for (const payment of ['credit', 'pix', 'boleto'] as const) {
        const t = orderTotals([{ unitPriceCents: p.priceCents, quantity: q }], { shippingCents, payment }).totalCents;
        known.add(money(t));
        if (payment === 'credit') for (let n = 2; n <= 10; n++) known.add(money(installmentPlan(t, n).eachCents));
      }
    }
  }
}

async function firstOf(params: string) {
  const parsed = parseCatalogQuery(new URLSearchParams(params), { maxPageSize: 24, defaultPageSize: 12 });
  if (!parsed.ok) throw new Error(`placeholder ${params}: ${parsed.message}`);
  const r = await searchWithFitment(db, parsed.query);
  if (!r.ok || r.result.items.length === 0) throw new Error(`placeholder ${params}: nothing found`);
  return byId.get(r.result.items[0]!.id)!;
}

async function resolve(fact: string): Promise<string> {
  let out = fact.replaceAll('{myOrder}', mine.number).replaceAll('{otherOrder}', other.number).replaceAll('{phone}', store.phone).replaceAll('{email}', store.email);
  for (const m of [...out.matchAll(/\{(\w+):([^}]+)\}/g)]) {
    const [whole, field, ref] = m as unknown as [string, string, string];
    const p = ref.startsWith('?') ? await firstOf(ref.slice(1)) : byId.get(Number(ref));
    if (!p) throw new Error(`placeholder ${whole}: no product`);
    const value = (() => {
      if (field === 'title') return p.title;
      if (field === 'price') return money(p.priceCents);
      if (field === 'old') return money(p.oldPriceCents ?? -1);
      if (field === 'ref') return p.refCode;
      const pix = /^pix(\d*)$/.exec(field);
      if (pix) return money(priceWithPayment(p.priceCents * Number(pix[1] || 1), 'pix'));
      const boleto = /^boleto(\d*)$/.exec(field);
      if (boleto) return money(priceWithPayment(p.priceCents * Number(boleto[1] || 1), 'boleto'));
      const parc = /^parc(\d+)$/.exec(field);
      if (parc) return money(installmentPlan(p.priceCents, Number(parc[1])).eachCents);
      const total = /^total(\d+)$/.exec(field);
      if (total) return money(p.priceCents * Number(total[1]));
      throw new Error(`placeholder ${whole}: unknown field`);
    })();
    out = out.replace(whole, value);
  }
  return out;
}

/**
 * Amounts and product lines in an answer that the data (or the shopper's own words, "até 300 reais", and the
 * store's payment rules applied to them: "uma peça de R$ 35 em 3x") does not back.
 */
function invented(reply: string, asks: string[]): string[] {
  const said = asks.flatMap((a) => [...a.matchAll(/(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?/g)].map((m) => Number(m[1]!.replace(/\./g, '')) * 100 + Number((m[2] ?? '0').padEnd(2, '0'))));
  const typed = new Set(
    said.flatMap((c) => [c, priceWithPayment(c, 'pix'), priceWithPayment(c, 'boleto'), ...Array.from({ length: MAX_INSTALLMENTS - 1 }, (_, i) => installmentPlan(c, i + 2).eachCents)].map(money)),
  );
  const bad: string[] = [];
  for (const m of reply.matchAll(/R\$ ?[\d.]+,\d{2}/g)) {
    const amount = m[0].replace(/^R\$ ?/, 'R$ ');
    if (!known.has(amount) && !typed.has(amount)) bad.push(m[0]);
  }
  for (const m of reply.matchAll(/^• ([^:\n]+): (R\$ [\d.]+,\d{2})/gm)) {
    const [, title, price] = m as unknown as [string, string, string];
    if (!titles.has(title)) bad.push(`título ${title}`);
    else if (!catalog.some((p) => p.title === title && money(p.priceCents) === price)) bad.push(`preço ${title} ${price}`);
  }
  return bad;
}

// ---- Run ----
// The first answer of a process trains the classifier and loads the vocabulary (about 0.3 s): done once here,
// untimed, as a server does on its first chat message.
const shipping = createTableShipping();
await answer({ db, viewer: { userId: null }, shipping }, [{ sender: 'user', content: 'oi' }]);
interface Result {
  split: string;
  q: Question;
  ok: boolean;
  predicted: string[];
  invented: string[];
  detail: string;
}
const results: Result[] = [];
const latencies: number[] = [];
const slowest: { id: string; ms: number }[] = [];
for (const [split, questions] of splits) {
  if (values.split && values.split !== split) continue;
  for (const q of questions) {
    if (values.only && !values.only.split(',').includes(q.id)) continue;
    const asks = await Promise.all((Array.isArray(q.ask) ? q.ask : [q.ask]).map(resolve));
    const messages: ChatMessage[] = [];
    let reply = '';
    let predicted: string[] = [];
    for (const text of asks) {
      messages.push({ sender: 'user', content: text });
      const started = performance.now();
      const r = await answer({ db, viewer: { userId: q.signedIn ? 'eval-user' : null }, pageProductId: q.page ?? null, shipping }, messages);
      latencies.push(performance.now() - started);
      if (!HELD_OUT.has(split)) slowest.push({ id: q.id, ms: performance.now() - started });
      reply = plain(r.resposta) + (r.produtos.length ? `\n[produtos: ${r.produtos.map((p) => p.url).join(' ')}]` : '');
      predicted = r.intents;
      messages.push({ sender: 'bot', content: r.resposta });
    }
    const lower = reply.toLowerCase();
    const must = await Promise.all(q.must.map(resolve));
    const mustNot = await Promise.all((q.mustNot ?? []).map(resolve));
    const missing = must.filter((m) => !lower.includes(plain(m).toLowerCase()));
    const forbidden = mustNot.filter((m) => lower.includes(plain(m).toLowerCase()));
    const fake = invented(reply, asks);
    const ok = missing.length === 0 && forbidden.length === 0 && fake.length === 0;
    const detail = `#${q.id} [${q.intents.join('+')} → ${predicted.join('+')}] ${asks.join(' → ')}${q.page ? ` (página do produto ${q.page})` : ''}\n    faltou: ${JSON.stringify(missing)} proibido: ${JSON.stringify(forbidden)} inventado: ${JSON.stringify(fake)}\n    resposta: ${reply.replace(/\n/g, '\n              ')}`;
    results.push({ split, q, ok, predicted, invented: fake, detail });
    if (values.show) console.log(`\n${ok ? 'OK  ' : 'ERRO'} ${detail}`);
  }
}
await database.close();

if (values.failures) {
  for (const r of results.filter((x) => !x.ok && !HELD_OUT.has(x.split))) console.log(`\n${r.detail}`);
}

// Confusion table per intent (first labelled intent vs first predicted), over all splits run.
const labels = [...new Set(results.flatMap((r) => [r.q.intents[0]!, r.predicted[0] ?? 'unknown']))].sort();
const confusion = new Map<string, Map<string, number>>();
for (const r of results) {
  const row = confusion.get(r.q.intents[0]!) ?? new Map<string, number>();
  const p = r.predicted[0] ?? 'unknown';
  row.set(p, (row.get(p) ?? 0) + 1);
  confusion.set(r.q.intents[0]!, row);
}
console.log('\nIntenções (linha: rótulo; coluna: prevista; só as casas não vazias):');
for (const l of labels) {
  const row = confusion.get(l);
  if (!row) continue;
  const total = [...row.values()].reduce((s, n) => s + n, 0);
  const hit = row.get(l) ?? 0;
  const misses = [...row]
    .filter(([p]) => p !== l)
    .map(([p, n]) => `${p}:${n}`)
    .join(' ');
  console.log(`  ${l.padEnd(16)} ${String(hit).padStart(3)}/${String(total).padEnd(3)} ${misses ? `→ ${misses}` : ''}`);
}

const sorted = [...latencies].sort((a, b) => a - b);
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
if (values.show || values.failures)
  console.log(
    `\nMais lentas (train/dev): ${slowest
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 8)
      .map((x) => `#${x.id} ${x.ms.toFixed(0)} ms`)
      .join(', ')}`,
  );
console.log(`\nLatência por resposta: p50 ${pct(50).toFixed(1)} ms, p95 ${pct(95).toFixed(1)} ms (meta ≤ ${P95_TARGET_MS} ms).`);

let failed = false;
const inventedCount = results.filter((r) => r.invented.length > 0).length;
for (const [split] of splits) {
  const rs = results.filter((r) => r.split === split);
  if (rs.length === 0) continue;
  const passed = rs.filter((r) => r.ok).length;
  const intentHits = rs.filter((r) => r.q.intents.every((i) => r.predicted.includes(i))).length;
  const acc = passed / rs.length;
  console.log(`OlimpIA ${split.padEnd(6)}: ${passed}/${rs.length} respostas corretas (${(acc * 100).toFixed(1)} %), intenções ${((intentHits / rs.length) * 100).toFixed(1)} %.`);
  if (split === 'test' && acc < TARGET) failed = true;
}
const score = (split: string) => {
  const rs = results.filter((r) => r.split === split);
  return rs.length === 0 ? null : rs.filter((r) => r.ok).length / rs.length;
};
const [dev, bdev, test, blind] = [score('dev'), score('bdev'), score('test'), score('blind')];
const gap = (a: number | null, b: number | null) => (a === null || b === null ? '–' : `${((a - b) * 100).toFixed(1)} pontos`);
console.log(`Distâncias: dev − test ${gap(dev, test)}; bdev − blind ${gap(bdev, blind)}; test − blind ${gap(test, blind)}.`);
console.log(`Fatos inventados: ${inventedCount} (meta 0). Meta do teste: ${TARGET * 100} %.`);
if (inventedCount > 0) failed = true;
if (pct(95) > P95_TARGET_MS) console.log(`Aviso: p95 acima de ${P95_TARGET_MS} ms nesta execução (confira a carga da máquina: uptime).`);
process.exit(failed ? 1 : 0);
