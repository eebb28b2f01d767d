// OlimpIA's embedded engine, in three steps:
// 1. understand (understand.ts): the message, cut into parts, each with a learned intent, a confidence and
//    slots matched against the catalog's vocabulary; the conversation so far and the product on the page
//    fill what the message leaves out ("e no boleto?", "quanto fica esse no pix?");
// 2. act: each part calls the store's own modules (catalog search with filters, sort and price limit,
//    fitment, pricing, the shopper's own orders, the knowledge base of store facts);
// 3. answer: one short paragraph per part, built only from what those calls returned.
import fs from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { store } from '../../config/store.ts';
import { formatDate } from '../../platform/datetime.ts';
import type { Db } from '../../db/client.server.ts';
import { parseCatalogQuery } from '../catalog/query.ts';
import type { CatalogQuery } from '../catalog/query.ts';
import { getProduct } from '../catalog/products.server.ts';
import { products as productsTable, productVariants } from '../catalog/schema.ts';
import type { ProductSummary } from '../catalog/types.ts';
import { loadFleet } from '../fitment/fleet.server.ts';
import type { GarageEntry } from '../fitment/repository.server.ts';
import { choiceLabel } from '../fitment/rules.ts';
import { searchWithFitment } from '../fitment/search.server.ts';
import { findOrderFor, listOrdersForUser } from '../orders/read.server.ts';
import type { OrderView } from '../orders/view.ts';
import { STATUS_LABELS } from '../orders/status.ts';
import { formatBRL } from '../pricing/money.ts';
import { installmentPlan, MAX_INSTALLMENTS, maxInstallments, MIN_INSTALLMENT_CENTS, paymentMethod, priceWithPayment } from '../pricing/pricing.ts';
import { IntentClassifier } from './classifier.ts';
import { answerFitment } from './fitment.server.ts';
import { contact, paymentText, searchFacts, shippingText } from './knowledge.ts';
import { delexicalise, extractSlots, normalize, splitParts, understand } from './understand.ts';
import type { Intent, Part, Slots, Vocabulary } from './understand.ts';
import { tokens } from './text.ts';

export interface ChatMessage {
  sender: 'user' | 'bot';
  content: string;
}

export interface SuggestedProduct {
  id: number;
  title: string;
  priceCents: number;
  price: string;
  url: string;
  stock: number;
}

export interface AssistantReply {
  resposta: string;
  produtos: SuggestedProduct[];
  /** The intent of each part answered, first part first; "unknown" below the confidence threshold. */
  intent: Intent | 'unknown';
  intents: (Intent | 'unknown')[];
  confidence: number;
}

export interface AssistantContext {
  db: Db;
  viewer: { userId: string | null };
  /** The shopper's active garage vehicle: product answers list what fits it; "serve no meu carro?" means it. */
  garage?: GarageEntry | null;
  /** The product on the page the shopper is looking at ("quanto fica esse no pix?"). */
  pageProductId?: number | null;
}

export type { Intent };

/** Below this classifier confidence the engine says it does not know (tuned on the dev split). */
export const CONFIDENCE_THRESHOLD = 0.35;

// ---- The classifier, trained once per process from the train split ----

interface LabelledQuestion {
  ask: string | string[];
  intents: string[];
}

let trained: IntentClassifier | null = null;
let trainingVocab: Vocabulary | null = null;

export function trainingExamples(questions: LabelledQuestion[], vocab: Vocabulary): { text: string; intent: string }[] {
  const out: { text: string; intent: string }[] = [];
  for (const q of questions) {
    const last = Array.isArray(q.ask) ? q.ask.at(-1)! : q.ask;
    const t = normalize(last);
    const pieces = splitParts(t);
    if (q.intents.length === 1) {
      out.push({ text: delexicalise(t, vocab), intent: q.intents[0]! });
    } else if (pieces.length === q.intents.length) {
      pieces.forEach((p, i) => {
        out.push({ text: delexicalise(p, vocab), intent: q.intents[i]! });
      });
    }
  }
  return out;
}

function classifier(vocab: Vocabulary): IntentClassifier {
  if (trained && trainingVocab === vocab) return trained;
  const questions = JSON.parse(fs.readFileSync(new URL('./training/train.json', import.meta.url), 'utf8')) as LabelledQuestion[];
  trained = new IntentClassifier(trainingExamples(questions, vocab));
  trainingVocab = vocab;
  return trained;
}

// ---- The catalog's vocabulary: brands and kinds (a few hundred words), with the vehicle fleet ----

const VOCAB_TTL_MS = 10 * 60_000;
const vocabCache = new WeakMap<Db, { at: number; vocab: Promise<Vocabulary> }>();
const KIND_STOP = new Set(['de', 'do', 'da', 'para', 'com', 'em', 'e', 'dos', 'das']);
/** Words of kinds that say nothing about the product on their own ("jogo de tapetes", "kit embreagem"). */
const GENERIC_KIND_WORDS = new Set(['jogo', 'kit', 'cano', 'longo', 'curto', 'litros', 'digital', 'auxiliar', 'externo']);

export function loadVocabulary(db: Db): Promise<Vocabulary> {
  const hit = vocabCache.get(db);
  if (hit && Date.now() - hit.at < VOCAB_TTL_MS) return hit.vocab;
  const vocab = (async () => {
    const [rows, fleet] = await Promise.all([
      db.execute(sql`select distinct brand, kind from products`) as unknown as Promise<{ rows: { brand: string; kind: string }[] }>,
      loadFleet(db),
    ]);
    const brands = [...new Set(rows.rows.map((r) => r.brand))]
      .map((name) => ({ name, tokens: tokens(name) }))
      .sort((a, b) => b.tokens.length - a.tokens.length);
    const kindWords = new Set<string>();
    for (const r of rows.rows) for (const w of tokens(r.kind)) if (w.length >= 2 && !KIND_STOP.has(w) && !GENERIC_KIND_WORDS.has(w) && !/^\d/.test(w)) kindWords.add(w);
    // Everyday names of what the catalog sells.
    for (const w of ['pastilha', 'pastilhas', 'freio', 'freios', 'oleo', 'farol', 'farois', 'bota', 'botas', 'tenis', 'sapato', 'lampada', 'vela', 'velas', 'bau', 'pneu', 'pneus', 'embreagem', 'correia', 'bateria', 'amortecedor', 'amortecedores', 'filtro', 'filtros', 'retrovisor', 'palheta', 'capacete', 'peca', 'pecas'].filter((w) => w.length >= 3)) kindWords.add(w);
    kindWords.delete('peca');
    kindWords.delete('pecas');
    return { brands, kindWords, fleet };
  })();
  vocabCache.set(db, { at: Date.now(), vocab });
  vocab.catch(() => vocabCache.delete(db));
  return vocab;
}

// ---- Act: the catalog ----

function suggestion(p: ProductSummary): SuggestedProduct {
  return { id: p.id, title: p.title, priceCents: p.priceCents, price: formatBRL(p.priceCents), url: `/ProductView/${p.id}`, stock: p.stock };
}

/** Keeps the words the catalog knows (exactly or nearly, through the trigram lexicon): "ignore farol" → "farol". */
async function knownTerms(db: Db, terms: string[]): Promise<string[]> {
  if (terms.length === 0) return terms;
  const result = (await db.execute(sql`
    select t.term from unnest(${sql.param(terms)}::text[]) with ordinality as t(term, ord)
    where t.term ~ '[0-9]' or length(t.term) <= 2 or exists (
      select 1 from search_lexicon l
      where l.word = olimpo_search_text(t.term) or (length(t.term) >= 4 and similarity(l.word, olimpo_search_text(t.term)) >= 0.45)
    )
    order by t.ord`)) as unknown as { rows: { term: string }[] };
  return result.rows.map((r) => r.term);
}

export interface ProductSearch {
  items: ProductSummary[];
  terms: string[];
  vehicleLabel: string | null;
  correctedQuery: string | null;
}

/** Catalog search for a part's slots: words, vehicle (or garage), vehicle type, price limit and sort; relaxed word by word. */
export async function searchCatalog(ctx: AssistantContext, slots: Slots, opts: { limit?: number } = {}): Promise<ProductSearch> {
  let terms = await knownTerms(ctx.db, slots.productWords);
  if (terms.length === 0 && slots.productWords.length > 0) return { items: [], terms: slots.productWords, vehicleLabel: null, correctedQuery: null };
  if (terms.length === 0 && !slots.vehicle && !slots.vehicleType) return { items: [], terms, vehicleLabel: null, correctedQuery: null };
  const choice = slots.vehicle ? { vehicles: slots.vehicle.vehicles, year: slots.vehicle.year } : undefined;
  for (;;) {
    const parsed = parseCatalogQuery(new URLSearchParams({ q: terms.join(' ').slice(0, 120) }), { maxPageSize: 24, defaultPageSize: opts.limit ?? 12 });
    if (!parsed.ok) return { items: [], terms, vehicleLabel: null, correctedQuery: null };
    const query: CatalogQuery = {
      ...parsed.query,
      sort: slots.sort ?? 'relevancia',
      vehicles: slots.vehicleType && !choice ? [slots.vehicleType] : [],
      maxPriceCents: slots.priceLimitCents,
    };
    const search = await searchWithFitment(ctx.db, query, { garage: ctx.garage ?? null, choice });
    if (!search.ok) return { items: [], terms, vehicleLabel: null, correctedQuery: null };
    const r = search.result;
    const vehicleLabel = r.vehicle ? (r.vehicle.source === 'garage' ? `seu ${r.vehicle.label}` : r.vehicle.label) : null;
    if (r.items.length > 0 || terms.length <= 1) return { items: r.items, terms, vehicleLabel, correctedQuery: r.correctedQuery };
    terms = terms.slice(0, -1);
  }
}

async function productByRef(db: Db, ref: string): Promise<ProductSummary | null> {
  const [row] = await db.select({ id: productsTable.id }).from(productsTable).where(eq(productsTable.refCode, ref)).limit(1);
  return row ? getProduct(db, row.id) : null;
}

// ---- Memory: what the conversation already established ----

interface Memory {
  /** The products the conversation is about (the latest product question's results), most relevant first. */
  products: ProductSummary[];
  vehicle: Slots['vehicle'];
  /** The slots of that product question, for follow-ups that change one of them ("e o mais barato?"). */
  slots: Slots | null;
  /** The products came from the shopper's previous message (so "parcela em quantas vezes?" is about them). */
  fromLastTurn: boolean;
  page: ProductSummary | null;
}

async function recall(ctx: AssistantContext, vocab: Vocabulary, messages: ChatMessage[]): Promise<Memory> {
  const page = ctx.pageProductId ? await getProduct(ctx.db, ctx.pageProductId) : null;
  const earlier = messages.filter((m) => m.sender === 'user').slice(0, -1).slice(-6).reverse();
  let vehicle: Slots['vehicle'] = null;
  for (const [turn, m] of earlier.entries()) {
    const fromLastTurn = turn === 0;
    const t = normalize(m.content);
    for (const piece of splitParts(t)) {
      const slots = extractSlots(piece, vocab);
      vehicle ??= slots.vehicle;
      if (slots.refCode) {
        const p = await productByRef(ctx.db, slots.refCode);
        if (p) return { products: [p], vehicle, slots: null, fromLastTurn, page };
      }
      if (slots.productWords.length > 0 && !(slots.followUp && slots.productWords.length === 0)) {
        const found = await searchCatalog(ctx, slots, { limit: 3 });
        if (found.items.length > 0) {
          const items = slots.sort ? found.items.slice(0, 1) : found.items;
          return { products: items, vehicle, slots, fromLastTurn, page };
        }
      }
    }
  }
  return { products: [], vehicle, slots: null, fromLastTurn: false, page };
}

/** The product(s) a part is about: a reference code, its own words, else the page's or the conversation's. */
async function productsFor(ctx: AssistantContext, part: Part, memory: Memory): Promise<{ items: ProductSummary[]; search: ProductSearch | null }> {
  const s = part.slots;
  if (s.refCode) {
    const p = await productByRef(ctx.db, s.refCode);
    return { items: p ? [p] : [], search: null };
  }
  const deictic = /\b(esse|essa|este|esta|desse|dessa|deste|desta|ele|ela|dele|dela|nele|nela|isso)\b/.test(part.text);
  const own = s.productWords.length > 0 && !(deictic && (memory.page || memory.products.length > 0) && s.productWords.length <= 1);
  if (own) {
    // The vehicle said earlier ("tenho um gol 2015") applies until another is named.
    const slots = !s.vehicle && !s.vehicleType && memory.vehicle ? { ...s, vehicle: memory.vehicle } : s;
    const search = await searchCatalog(ctx, slots);
    if (search.items.length > 0 || !s.followUp) return { items: search.items, search };
  }
  if (memory.slots && (s.sort || s.priceLimitCents !== null || s.size || s.color || s.vehicle || s.vehicleType) && !own) {
    // "e o mais barato?", "e até 300 reais?", "e pro hb20?": the earlier question with the new filter.
    const m = memory.slots;
    const slots = {
      ...m,
      sort: s.sort ?? m.sort,
      priceLimitCents: s.priceLimitCents ?? m.priceLimitCents,
      size: s.size ?? m.size,
      color: s.color ?? m.color,
      vehicle: s.vehicle ?? (s.vehicleType ? null : m.vehicle),
      vehicleType: s.vehicleType ?? m.vehicleType,
    };
    part.slots = slots;
    const search = await searchCatalog(ctx, slots);
    return { items: search.items, search };
  }
  if (s.vehicle && !deictic && part.intent === 'product_search') {
    // "vcs tem peças pra volvo fh?": what fits the vehicle, with no other words.
    const search = await searchCatalog(ctx, s);
    return { items: search.items, search };
  }
  if (deictic && memory.page) return { items: [memory.page], search: null };
  if (memory.products.length > 0) return { items: memory.products, search: null };
  if (memory.page) return { items: [memory.page], search: null };
  return { items: [], search: null };
}

// ---- Answer: the wording ----

function stockText(stock: number): string {
  if (stock <= 0) return 'esgotado no momento';
  if (stock === 1) return 'última unidade em estoque';
  if (stock <= 5) return `últimas ${stock} unidades em estoque`;
  return `${stock} unidades em estoque`;
}

function saleText(p: ProductSummary): string {
  return p.onSale && p.oldPriceCents ? ` (de ${formatBRL(p.oldPriceCents)}, ${p.discountPercent}% OFF)` : '';
}

function productLine(p: ProductSummary): string {
  return `• ${p.title}: ${formatBRL(p.priceCents)}${saleText(p)}, ${stockText(p.stock)}.`;
}

const CAPABILITIES =
  'Posso buscar produtos (ex.: "tem pastilha de freio da Bosch?"), calcular preços no PIX, no boleto ou parcelado, informar estoque e compatibilidade, explicar frete e pagamento e consultar os seus pedidos.';

export const UNKNOWN_TEXT = () => `Não sei responder isso; fale com a gente em ${contact()}.`;

interface PartAnswer {
  text: string;
  products: ProductSummary[];
  intent: Intent | 'unknown';
}

function describeFilters(s: Slots): string {
  const bits: string[] = [];
  if (s.vehicle) bits.push(`para ${choiceLabel({ vehicles: s.vehicle.vehicles, year: s.vehicle.year })}`);
  else if (s.vehicleType) bits.push(s.vehicleType === 'motos' ? 'para moto' : s.vehicleType === 'caminhoes' ? 'para caminhão' : 'para carro');
  if (s.priceLimitCents !== null) bits.push(`até ${formatBRL(s.priceLimitCents)}`);
  return bits.length ? ` ${bits.join(' ')}` : '';
}

async function variantsOf(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ productId: productVariants.productId, color: productVariants.color, size: productVariants.size, stock: productVariants.stock })
    .from(productVariants)
    .where(inArray(productVariants.productId, ids));
}

/** Does the title contain every search word (by its first letters, so plurals and accents still match)? */
function titleNames(title: string, terms: string[]): boolean {
  const words = tokens(title);
  return terms.every((t) => words.some((w) => w.startsWith(t.slice(0, Math.max(3, t.length - 2)))));
}

async function answerSearch(ctx: AssistantContext, part: Part, found: { items: ProductSummary[]; search: ProductSearch | null }): Promise<PartAnswer> {
  const s = part.slots;
  const asked = found.search?.terms.join(' ') || s.productWords.join(' ');
  let items = found.items;
  if (items.length === 0) {
    const forGarage = found.search?.vehicleLabel?.startsWith('seu ') ? ` que sirva no ${found.search.vehicleLabel}` : '';
    return {
      text: `Não encontrei "${asked || 'esse produto'}"${describeFilters(s)}${forGarage} no nosso catálogo. Tente outro termo, como "pastilha de freio", "farol" ou "bateria 60Ah", ou veja as categorias no rodapé.`,
      products: [],
      intent: part.intent,
    };
  }
  if (s.size || s.color) {
    const top = items.slice(0, 12);
    const variants = await variantsOf(ctx.db, top.map((i) => i.id));
    const fits = (id: number) => variants.filter((v) => v.productId === id && v.stock > 0 && (!s.size || v.size === s.size) && (!s.color || v.color === s.color));
    const wanted = [s.size ? `tamanho ${s.size}` : '', s.color ? `cor ${s.color}` : ''].filter(Boolean).join(' e ');
    const withVariant = top.filter((i) => fits(i.id).length > 0);
    if (withVariant.length === 0) {
      return { text: `No momento não temos ${wanted} em estoque para "${asked}". Veja outras opções:\n${items.slice(0, 3).map(productLine).join('\n')}`, products: items.slice(0, 3), intent: part.intent };
    }
    const shown = withVariant.slice(0, 3);
    return {
      text: `Com ${wanted} em estoque:\n${shown.map((p) => `${productLine(p)} Cores: ${[...new Set(fits(p.id).map((v) => v.color))].join(', ')}.`).join('\n')}`,
      products: shown,
      intent: part.intent,
    };
  }
  const corrected = found.search?.correctedQuery ? `Você quis dizer "${found.search.correctedQuery}"? ` : '';
  const where = found.search?.vehicleLabel ? ` que servem no ${found.search.vehicleLabel}` : describeFilters(s);
  if (s.sort) {
    // The cheapest (or dearest) of what was asked: products whose title names every word, when there are any.
    const terms = found.search?.terms ?? [];
    const named = items.filter((i) => titleNames(i.title, terms));
    items = (named.length > 0 ? named : items).slice(0, 1);
    return { text: `${corrected}${s.sort === 'menor-preco' ? 'O mais barato' : 'O de maior preço'} para "${asked}"${where}:\n${productLine(items[0]!)}`, products: items, intent: part.intent };
  }
  const shown = items.slice(0, 3);
  const what = found.search?.correctedQuery ?? asked;
  const intro = items.length === 1 ? 'Encontrei este produto:' : `Encontrei ${items.length > 3 ? 'estas opções' : `${items.length} opções`}${what ? ` para "${what}"` : ''}${where}:`;
  return { text: `${corrected}${intro}\n${shown.map(productLine).join('\n')}`, products: shown, intent: part.intent };
}

function paymentLines(p: ProductSummary, s: Slots): string {
  const qty = s.quantity ?? 1;
  const total = p.priceCents * qty;
  const base = qty > 1 ? `${qty} unidades de ${p.title} somam ${formatBRL(total)} (${formatBRL(p.priceCents)} cada)` : `${p.title} custa ${formatBRL(p.priceCents)}`;
  const pix = paymentMethod('pix');
  const boleto = paymentMethod('boleto');
  const max = maxInstallments(total);
  const card = (n: number | null) => {
    if (n !== null && n >= 1 && n <= max) {
      const plan = installmentPlan(total, n);
      return `No cartão em ${n}x sem juros: ${n} parcelas de ${formatBRL(plan.eachCents)}.`;
    }
    const plan = installmentPlan(total, max);
    const why = n !== null && n > MAX_INSTALLMENTS ? ` (o máximo é ${MAX_INSTALLMENTS}x)` : n !== null && n > max ? ` (a parcela mínima é de ${formatBRL(MIN_INSTALLMENT_CENTS)})` : '';
    return `No cartão, até ${max}x sem juros${why}: ${max} parcelas de ${formatBRL(plan.eachCents)}.`;
  };
  const pixLine = `No ${pix.label}, sai por ${formatBRL(priceWithPayment(total, 'pix'))} (${pix.discountPercent}% de desconto).`;
  const boletoLine = `No ${boleto.label}, sai por ${formatBRL(priceWithPayment(total, 'boleto'))} (${boleto.discountPercent}% de desconto).`;
  const lines =
    s.payment === 'pix' ? [pixLine] : s.payment === 'boleto' ? [boletoLine] : s.payment === 'credit' ? [card(s.installments)] : [pixLine, boletoLine, card(null)];
  return `${base}${saleText(p)}. ${lines.join(' ')} O desconto do PIX e do boleto vale sobre o total do pedido, frete incluído.`;
}

async function answerProduct(ctx: AssistantContext, part: Part, memory: Memory): Promise<PartAnswer> {
  const s = part.slots;
  if (part.intent === 'fitment' || s.attributes.includes('compatibility')) {
    const fit = await answerFitment(part.text, {
      db: ctx.db,
      garage: ctx.garage ?? null,
      contextProduct: async () => (/\b(esse|essa|este|esta|ele|ela|isso)\b/.test(part.text) && memory.page ? memory.page : (memory.products[0] ?? memory.page)),
      productTerms: async (text) => extractSlots(normalize(text), await loadVocabulary(ctx.db)).productWords,
      findProduct: async (text) => (await searchCatalog(ctx, extractSlots(normalize(text), await loadVocabulary(ctx.db)))).items[0] ?? null,
    });
    if (fit) return { text: fit.resposta, products: fit.produtos, intent: 'fitment' };
  }
  const found = await productsFor(ctx, part, memory);
  if (found.search && s.sort && found.items.length > 0) {
    // "a mais barata no pix": the cheapest of what was asked, then the question about it.
    if (!s.payment && s.attributes.length === 0) return answerSearch(ctx, part, found);
    const named = found.items.filter((i) => titleNames(i.title, found.search!.terms));
    found.items = (named.length > 0 ? named : found.items).slice(0, 1);
  }
  if (found.items.length === 0 && s.followUp && (found.search?.terms.length ?? 0) === 0 && (await knownTerms(ctx.db, s.productWords)).length === 0 && s.productWords.length > 0) {
    // Words the catalog does not know ("quanto custa um iphone"), no product anywhere: not ours to answer.
    return { text: UNKNOWN_TEXT(), products: [], intent: 'unknown' };
  }
  if (found.items.length === 0 && s.followUp && (part.intent === 'product_payment' || part.intent === 'product_price')) {
    // "parcela em quantas vezes?" with no product anywhere: the store's payment rules.
    return { text: knowledgeAnswer({ ...part, intent: 'payment_info' }), products: [], intent: 'payment_info' };
  }
  if (part.intent === 'product_search' || (part.intent === 'fitment' && found.items.length !== 1)) {
    if (found.search || found.items.length === 0) return answerSearch(ctx, part, found);
  }
  const p = found.items[0];
  if (!p) {
    // Words the catalog does not know and no product anywhere: not a product question after all.
    if (s.followUp && s.productWords.length > 0) return { text: UNKNOWN_TEXT(), products: [], intent: 'unknown' };
    if (found.search) return answerSearch(ctx, part, found);
    return { text: `Qual produto? Diga o nome da peça (e o veículo), por exemplo: "quanto custa a pastilha de freio do gol 2015?".`, products: [], intent: part.intent };
  }
  const products = [p, ...found.items.slice(1, 3)];
  const attrs = new Set(s.attributes);
  const paragraphs: string[] = [];
  if (part.intent === 'product_payment' || s.payment) paragraphs.push(paymentLines(p, s));
  else if (part.intent === 'product_price' || (attrs.has('price') && !attrs.has('old_price'))) {
    const qty = s.quantity ?? 1;
    paragraphs.push(
      qty > 1
        ? `${qty} unidades de ${p.title} somam ${formatBRL(p.priceCents * qty)} (${formatBRL(p.priceCents)} cada${saleText(p)}); ${stockText(p.stock)}.`
        : `${p.title}: ${formatBRL(p.priceCents)}${saleText(p)}, ${stockText(p.stock)}.`,
    );
  }
  if (part.intent === 'product_stock' || attrs.has('stock')) {
    if (!paragraphs.some((x) => x.includes('estoque'))) paragraphs.push(`${p.title}: ${stockText(p.stock)}.`);
  }
  if (part.intent === 'product_details' || s.size || s.color || attrs.has('reference') || attrs.has('old_price') || attrs.has('colors') || attrs.has('sizes')) {
    const detail = await getProduct(ctx.db, p.id);
    if (detail) {
      const bits: string[] = [];
      if (attrs.has('reference')) bits.push(`A referência (REF) de ${detail.title} é ${detail.refCode}.`);
      if (attrs.has('old_price'))
        bits.push(
          detail.onSale && detail.oldPriceCents
            ? `${detail.title} está em promoção: de ${formatBRL(detail.oldPriceCents)} por ${formatBRL(detail.priceCents)} (${detail.discountPercent}% de desconto).`
            : `${detail.title} não está em promoção: o preço é ${formatBRL(detail.priceCents)}.`,
        );
      if (attrs.has('colors') || attrs.has('sizes') || s.size || s.color) {
        const inStock = detail.variants.filter((v) => v.stock > 0);
        if (detail.variants.length === 0) bits.push(`${detail.title} não tem variações de cor ou tamanho.`);
        else {
          const colors = [...new Set(inStock.map((v) => v.color))];
          const sizes = [...new Set(inStock.map((v) => v.size))].sort();
          if (s.size) {
            const has = inStock.filter((v) => v.size === s.size && (!s.color || v.color === s.color));
            bits.push(has.length > 0 ? `${detail.title} tem tamanho ${s.size} em estoque nas cores ${[...new Set(has.map((v) => v.color))].join(', ')}.` : `${detail.title} não tem tamanho ${s.size} em estoque no momento.`);
          } else {
            if (attrs.has('colors') || s.color) bits.push(`Cores de ${detail.title} em estoque: ${colors.join(', ')}.`);
            if (attrs.has('sizes')) bits.push(`Tamanhos de ${detail.title} em estoque: ${sizes.join(', ')}.`);
          }
        }
      }
      if (bits.length === 0) bits.push(`${detail.title}: ${formatBRL(detail.priceCents)}${saleText(detail)}, ${stockText(detail.stock)}. REF ${detail.refCode}. ${detail.description}`);
      paragraphs.push(bits.join(' '));
    }
  }
  if (paragraphs.length === 0) paragraphs.push(`${p.title}: ${formatBRL(p.priceCents)}${saleText(p)}, ${stockText(p.stock)}.`);
  return { text: paragraphs.join('\n'), products, intent: part.intent };
}

export async function orderStatus(ctx: AssistantContext, text: string): Promise<string> {
  if (!ctx.viewer.userId) {
    return 'Para consultar pedidos, entre na sua conta (botão "Entrar" no topo). Se você comprou sem conta, use o link "Acompanhar pedido" do e-mail de confirmação.';
  }
  const m = /#?\b(\d{8})\b/.exec(text);
  const number = m ? m[1]! : null;
  const describe = (o: OrderView) => {
    const updated = o.events.at(-1)?.createdAt ?? o.createdAt;
    const tracking = o.status === 'shipped' && o.trackingCode ? ` Código de rastreio: ${o.trackingCode}.` : '';
    return `Pedido #${o.number}: ${STATUS_LABELS[o.status]} (atualizado em ${formatDate(updated)}), total ${formatBRL(o.totalCents)}.${tracking}`;
  };
  if (number) {
    // Only the signed-in shopper's own orders: no token is accepted here.
    const order = await findOrderFor(ctx.db, number, { userId: ctx.viewer.userId });
    return order ? describe(order) : `Não encontrei o pedido #${number} na sua conta. Confira o número em "Meus pedidos".`;
  }
  const orders = await listOrdersForUser(ctx.db, ctx.viewer.userId, 3);
  if (orders.length === 0) return 'Você ainda não tem pedidos nesta conta.';
  return `Seus pedidos mais recentes:\n${orders.map((o) => `• ${describe(o)}`).join('\n')}`;
}

function knowledgeAnswer(part: Part): string {
  const ranked = searchFacts(part.text, part.intent, { payment: part.slots.payment });
  const [best, next] = ranked;
  if (!best) return UNKNOWN_TEXT();
  // Two facts when the question touches both about as much ("boleto e pix expiram quando?").
  return next && next.score > 0.3 && next.score >= best.score * 0.85 ? `${best.fact.text} ${next.fact.text}` : best.fact.text;
}

const DEICTIC = /\b(esse|essa|este|esta|desse|dessa|deste|desta|ele|ela|dele|dela|nele|nela|isso)\b/;

async function answerPart(ctx: AssistantContext, part: Part, memory: Memory): Promise<PartAnswer> {
  // A payment question right after a product answer, or about the product on screen, is about that product.
  const s = part.slots;
  if (part.intent === 'payment_info' && s.followUp && (s.payment || s.installments) && ((memory.fromLastTurn && memory.products.length > 0) || (DEICTIC.test(part.text) && memory.page))) {
    part = { ...part, intent: 'product_payment' };
  }
  // A product question that names a payment method ("a mais barata no pix") asks what it costs that way.
  if ((part.intent === 'product_search' || part.intent === 'product_price') && (s.payment || s.installments)) part = { ...part, intent: 'product_payment' };
  switch (part.intent) {
    case 'greeting':
      return { text: `Olá! Eu sou a OlimpIA, assistente virtual da ${store.name}. ${CAPABILITIES} Como posso ajudar?`, products: [], intent: part.intent };
    case 'thanks':
      return { text: 'Por nada! Se precisar de mais alguma coisa, é só chamar.', products: [], intent: part.intent };
    case 'off_topic':
      return { text: `Não sei responder isso; fale com a gente em ${contact()}. Por aqui eu ajudo com peças, preços, frete, pagamento e pedidos da ${store.name}.`, products: [], intent: part.intent };
    case 'order_status':
      // An order question names an order, a purchase or its delivery; anything else was misread.
      if (!part.slots.orderNumber && !/\b(pedido|pedidos|compra|compras|encomenda|rastre\w*|entreg\w*|envia\w*|enviou|chegou|chega|saiu|status|situacao|comprei)\b/.test(part.text))
        return { text: UNKNOWN_TEXT(), products: [], intent: 'unknown' };
      return { text: await orderStatus(ctx, part.text), products: [], intent: part.intent };
    case 'shipping':
    case 'payment_info':
    case 'returns':
    case 'warranty':
    case 'invoice':
    case 'store_info':
    case 'account':
    case 'coupon':
    case 'security':
    case 'chitchat':
      return { text: knowledgeAnswer(part), products: [], intent: part.intent };
    default:
      return answerProduct(ctx, part, memory);
  }
}

export async function answer(ctx: AssistantContext, messages: ChatMessage[]): Promise<AssistantReply> {
  const last = messages.filter((m) => m.sender === 'user').at(-1)?.content ?? '';
  const vocab = await loadVocabulary(ctx.db);
  const understood = understand(last, vocab, classifier(vocab));
  if (understood.confidence < CONFIDENCE_THRESHOLD || understood.parts.length === 0) {
    return { resposta: UNKNOWN_TEXT(), produtos: [], intent: 'unknown', intents: ['unknown'], confidence: understood.confidence };
  }
  const memory = await recall(ctx, vocab, messages);
  // "oi, tudo bem? tem farol?": a product part with nothing to search, beside other parts, is small talk.
  const parts = understood.parts.length > 1 ? understood.parts.filter((p) => !(p.intent === 'product_search' && p.slots.productWords.length === 0 && !p.slots.vehicle && !p.slots.sort)) : understood.parts;
  const answers: PartAnswer[] = [];
  for (const part of (parts.length > 0 ? parts : understood.parts).slice(0, 4)) answers.push(await answerPart(ctx, part, memory));
  const produtos = new Map<number, SuggestedProduct>();
  for (const a of answers) for (const p of a.products) if (produtos.size < 4) produtos.set(p.id, suggestion(p));
  return {
    resposta: [...new Set(answers.map((a) => a.text))].join('\n\n'),
    produtos: [...produtos.values()],
    intent: answers[0]!.intent,
    intents: answers.map((a) => a.intent),
    confidence: understood.confidence,
  };
}

// The same facts for the optional language-model path's tools.
export const facts = { shippingText, paymentText, contact };
