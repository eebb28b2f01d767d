// Memory: what the conversation already established (the products shown, the vehicle, the last product
// question's slots) and the product on the page, and which product(s) a part is therefore about.
import { getProduct } from '../catalog/products.server.ts';
import { fold } from './text.ts';
import type { ProductSummary } from '../catalog/types.ts';
import { codeCandidates, productByRef, productsByCode, productsWithVariant, searchCatalog } from './catalog.server.ts';
import type { ProductSearch } from './catalog.server.ts';
import type { AssistantContext, ChatMessage } from './types.ts';
import { extractSlots, normalize, PRODUCT_INTENTS, splitParts } from './understand.ts';
import { vehicleIn } from './vehicle-names.ts';
import { statedAmount } from './act/stated-amount.ts';
import type { Part, Slots, Vocabulary } from './understand.ts';

export interface Memory {
  /** The products the conversation is about (the latest product question's results), most relevant first. */
  products: ProductSummary[];
  vehicle: Slots['vehicle'];
  /** The slots of that product question, for follow-ups that change one of them ("e o mais barato?"). */
  slots: Slots | null;
  /** The products came from the shopper's previous message (so "parcela em quantas vezes?" is about them). */
  fromLastTurn: boolean;
  page: ProductSummary | null;
  /** The latest size and colour the shopper asked for, for "e cinza?" and "e no 44?". */
  size?: string | null;
  color?: string | null;
}

/** Words that say a number in the message is a part number ("o equivalente do N-6631", "código HR19-0509-CJ"). */
export const CODE_CUE = /\b(codigo|codigos|cod|ref|referencia|equivalentes?|original|oem|similar|part number)\b|[a-z0-9]+[-/][a-z0-9]*\d/;

export const DEICTIC = /\b(esse|essa|este|esta|desse|dessa|deste|desta|ele|ela|dele|dela|nele|nela|isso)\b/;

export async function recall(ctx: AssistantContext, vocab: Vocabulary, messages: ChatMessage[]): Promise<Memory> {
  const page = ctx.pageProductId ? await getProduct(ctx.db, ctx.pageProductId) : null;
  const earlier = messages
    .filter((m) => m.sender === 'user')
    .slice(0, -1)
    .slice(-6)
    .reverse();
  let vehicle: Slots['vehicle'] = null;
  // The latest size and colour asked ("tem no 41 preto?" then "e cinza?").
  let size: string | null = null;
  let color: string | null = null;
  for (const [turn, m] of earlier.entries()) {
    const fromLastTurn = turn === 0;
    const t = normalize(m.content);
    for (const piece of splitParts(t)) {
      const slots = extractSlots(piece, vocab);
      vehicle ??= slots.vehicle;
      size ??= slots.size;
      color ??= slots.color;
      const state = { vehicle, size, color, fromLastTurn, page };
      if (slots.refCode) {
        const p = await productByRef(ctx.db, slots.refCode);
        if (p) return { products: [p], slots: null, ...state };
      }
      if (CODE_CUE.test(piece)) {
        const byCode = await productsByCode(ctx.db, piece);
        if (byCode) return { products: byCode.items, slots: null, ...state };
      }
      // "gostei desse sapato" on a shoe's page: that shoe, not a search for "sapato".
      if (page && DEICTIC.test(piece) && (slots.productWords.length === 0 || names(page, slots.productWords))) return { products: [page], slots: null, ...state };
      if (slots.productWords.length > 0 && !(slots.followUp && slots.productWords.length === 0)) {
        const found = await searchCatalog(ctx, slots, { limit: statedAmount(piece) === null ? 3 : 24 });
        if (found.items.length > 0) {
          // "quero o baú Givi de 612,90": the one at the price the shopper said.
          const amount = statedAmount(piece);
          const priced = amount === null ? undefined : found.items.find((p) => p.priceCents === amount);
          const items = priced ? [priced] : slots.sort ? found.items.slice(0, 1) : found.items;
          return { products: items, slots, ...state };
        }
      }
    }
  }
  return { products: [], vehicle, size, color, slots: null, fromLastTurn: false, page };
}

/** Any word for footwear: "esse sapato" on a boot's page is that boot. */
const FOOTWEAR_WORD = /^(sapatos?|tenis|botas?|botinas?|calcados?|coturnos?)$/;

/** Do the words name this product ("esse farol" a farol, "desse sapato" a boot)? */
function names(p: ProductSummary, words: string[]): boolean {
  const titleWords = fold(p.title).split(/[^a-z0-9]+/);
  return words.some((w) => w.length >= 4 && titleWords.some((t) => t.startsWith(w.slice(0, Math.max(4, w.length - 2))))) || (p.category === 'calcados' && words.some((w) => FOOTWEAR_WORD.test(w)));
}

/** The product(s) a part is about: a reference code, its own words, else the page's or the conversation's. */
export async function productsFor(ctx: AssistantContext, part: Part, memory: Memory): Promise<{ items: ProductSummary[]; search: ProductSearch | null; code?: string }> {
  const s = part.slots;
  if (s.refCode) {
    const p = await productByRef(ctx.db, s.refCode);
    return { items: p ? [p] : [], search: null };
  }
  if (CODE_CUE.test(part.text)) {
    // Another brand's or the carmaker's number: the products that list it.
    const byCode = await productsByCode(ctx.db, part.text);
    if (byCode) return { items: byCode.items, search: null, code: byCode.code };
  }
  const deictic = DEICTIC.test(part.text);
  // "esse farol já vem com lâmpada?" on a farol's page: the words name the product on screen, not a new search.
  const onScreen = deictic ? (memory.page ?? memory.products[0] ?? null) : null;
  const own = s.productWords.length > 0 && !(onScreen && (s.productWords.length <= 1 || names(onScreen, s.productWords)));
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
  if ((s.size || s.color) && s.productWords.length === 0 && !memory.slots && memory.products.length === 0 && !memory.page) {
    // "tem cinza tamanho 42?" with nothing before: what the variant table has in stock.
    return { items: await productsWithVariant(ctx.db, s.size, s.color), search: null };
  }
  if (deictic && memory.page) return { items: [memory.page], search: null };
  if (memory.products.length > 0) return { items: memory.products, search: null };
  if (memory.page) return { items: [memory.page], search: null };
  return { items: [], search: null };
}

const OTHER_BRAND = /\b(outra|outras) (marca|marcas)\b|\boutro fabricante\b|\bde outro\b/;
const YEAR_OR_ENGINE = /\b(19[5-9]\d|20[0-3]\d)\b|\b\d\.\d\b/;

/**
 * What the dialogue state makes of a part that leans on it: "é 2021 1.0 turbo" narrows the vehicle asked
 * about, "e de outra marca?" repeats the search without the brands shown, "tem no 44 preto?" asks the
 * products shown for a size and colour.
 */
export function carryOver(part: Part, memory: Memory, vocab: Vocabulary): Part {
  const s = part.slots;
  // "vende roda de liga leve?", "o código HR19-0509-CJ é de qual peça?": a product question, whatever the classifier read.
  if (
    !PRODUCT_INTENTS.includes(part.intent) &&
    ((s.productWords.some((w) => vocab.notSold?.has(w)) && /\b(vend\w*|tem|trabalham|comprar|procuro|quero)\b/.test(part.text)) || (CODE_CUE.test(part.text) && codeCandidates(part.text).length > 0))
  ) {
    return { ...part, intent: 'product_search' };
  }
  if (!memory.slots && memory.products.length === 0) {
    // "tem cinza tamanho 42?" with nothing before: a list of what has it, not one product's details.
    return (s.size || s.color) && s.productWords.length === 0 && !memory.page && PRODUCT_INTENTS.includes(part.intent) ? { ...part, intent: 'product_search' } : part;
  }
  const asProductQuestion = (slots: Slots): Part => ({ ...part, intent: PRODUCT_INTENTS.includes(part.intent) ? part.intent : 'product_search', slots });
  if (!s.vehicle && memory.vehicle && memory.slots && s.followUp && YEAR_OR_ENGINE.test(part.text)) {
    const known = memory.vehicle.vehicles[0]!;
    const refined = vehicleIn(vocab.fleet, `${normalize(`${known.make} ${known.model}`)} ${part.text}`);
    if (refined) return asProductQuestion({ ...s, productWords: [], vehicle: { vehicles: refined.vehicles, year: refined.year, matched: refined.matched } });
  }
  if (OTHER_BRAND.test(part.text) && memory.slots) {
    const brands = [...new Set(memory.products.map((p) => p.brand))];
    const brandWords = new Set(brands.flatMap((b) => normalize(b).split(/[^a-z0-9]+/)));
    return {
      ...part,
      intent: 'product_search',
      slots: { ...memory.slots, sort: s.sort ?? memory.slots.sort, brand: null, productWords: memory.slots.productWords.filter((w) => !brandWords.has(w)), excludeBrands: brands },
    };
  }
  if ((s.size || s.color) && s.followUp && s.productWords.length === 0 && !(s.size && s.color) && (memory.size || memory.color)) {
    // "tem no 41 preto?" then "e cinza?": the size stays, the colour changes (and the other way round).
    const slots = { ...s, size: s.size ?? memory.size ?? null, color: s.color ?? memory.color ?? null };
    part = { ...part, slots, intent: PRODUCT_INTENTS.includes(part.intent) ? part.intent : memory.slots ? 'product_search' : 'product_stock' };
  }
  if ((s.size || s.color) && s.followUp && memory.slots && !PRODUCT_INTENTS.includes(part.intent)) return { ...part, intent: 'product_search' };
  return part;
}
