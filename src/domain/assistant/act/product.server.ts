// Act and answer for the product intents (search, price, payment, stock, details, fitment): fitment first
// when it is asked, then the product(s) the part is about (memory.server.ts), then one paragraph for each
// thing asked about the first of them.
import type { ProductSummary } from '#src/domain/catalog/types.ts';
import { knownTerms, searchCatalog } from '../catalog.server.ts';
import { answerFitment } from '../fitment.server.ts';
import { productsFor } from '../memory.server.ts';
import type { Memory } from '../memory.server.ts';
import type { AssistantContext, PartAnswer } from '../types.ts';
import { extractSlots, normalize } from '../understand.ts';
import type { Part } from '../understand.ts';
import { loadVocabulary } from '../vocabulary.server.ts';
import { normalizeCode } from '#src/domain/catalog/codes.ts';
import { getProduct } from '#src/domain/catalog/products.server.ts';
import { paymentLines, productLine, totalWithShipping, saleText, stockText, titleNames, UNKNOWN_TEXT } from '../wording.ts';
import { formatBRL } from '#src/domain/pricing/money.ts';
import { codesSentence, detailsParagraph, priceParagraph, stockParagraph } from './product-facts.server.ts';
import { answerSearch } from './search.server.ts';
import { knowledgeAnswer } from './store-facts.ts';

async function fitmentAnswer(ctx: AssistantContext, part: Part, memory: Memory): Promise<PartAnswer | null> {
  const fit = await answerFitment(part.text, {
    db: ctx.db,
    garage: ctx.garage ?? null,
    contextProduct: async () => (/\b(esse|essa|este|esta|ele|ela|isso)\b/.test(part.text) && memory.page ? memory.page : (memory.products[0] ?? memory.page)),
    productTerms: async (text) => extractSlots(normalize(text), await loadVocabulary(ctx.db)).productWords,
    findProduct: async (text) => (await searchCatalog(ctx, extractSlots(normalize(text), await loadVocabulary(ctx.db)))).items[0] ?? null,
  });
  return fit ? { text: fit.resposta, products: fit.produtos, intent: 'fitment' } : null;
}

export async function answerProduct(ctx: AssistantContext, part: Part, memory: Memory): Promise<PartAnswer> {
  const s = part.slots;
  if (part.intent === 'fitment' || s.attributes.includes('compatibility')) {
    const fit = await fitmentAnswer(ctx, part, memory);
    if (fit) return fit;
  }
  const found = await productsFor(ctx, part, memory);
  const notSold = (await loadVocabulary(ctx.db)).notSold;
  const missing = s.productWords.map((w) => notSold?.get(w)).find(Boolean);
  if (missing && (part.intent === 'product_search' || part.intent === 'product_price' || part.intent === 'product_stock')) {
    // "vocês vendem pneu?": say so, then what is near (the items that name it, such as a tyre gauge).
    const near = found.items.slice(0, 3);
    const tail = near.length > 0 ? ` Temos itens relacionados:\n${near.map(productLine).join('\n')}` : ` Não encontrei "${s.productWords.join(' ')}" no nosso catálogo; veja as categorias no rodapé.`;
    return { text: `Não trabalhamos com ${missing}.${tail}`, products: near, intent: part.intent };
  }
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
  const asksCodes = s.attributes.some((a) => a === 'reference' || a === 'oem' || a === 'equivalents');
  if (found.code && found.items.length > 0 && !s.payment && (asksCodes || part.intent === 'product_search' || part.intent === 'product_details' || part.intent === 'fitment')) {
    // "tem o equivalente do N-6631?": the products that list that number, with their own codes.
    const shown = found.items.slice(0, 3);
    const detail = await getProduct(ctx.db, shown[0]!.id);
    const listed = detail ? [detail.refCode, ...detail.oemCodes, ...detail.equivalentCodes].find((c) => normalizeCode(c) === found.code || normalizeCode(c).endsWith(found.code!)) : undefined;
    const codes = detail ? ` ${codesSentence(detail, new Set(['oem', 'equivalents']))}` : '';
    return { text: `O código ${listed ?? found.code} corresponde a:\n${shown.map(productLine).join('\n')}${codes}`, products: shown, intent: part.intent };
  }
  const p = found.items[0];
  if (!p) {
    // Words the catalog does not know and no product anywhere: not a product question after all.
    if (s.followUp && s.productWords.length > 0) return { text: UNKNOWN_TEXT(), products: [], intent: 'unknown' };
    if (found.search) return answerSearch(ctx, part, found);
    return { text: `Qual produto? Diga o nome da peça (e o veículo), por exemplo: "quanto custa a pastilha de freio do gol 2015?".`, products: [], intent: part.intent };
  }
  return { text: (await aboutProduct(ctx, part, p)).join('\n'), products: [p, ...found.items.slice(1, 3)], intent: part.intent };
}

/** One paragraph per thing the part asks about the product: price or payment, stock, details. */
async function aboutProduct(ctx: AssistantContext, part: Part, p: ProductSummary): Promise<string[]> {
  const s = part.slots;
  const attrs = new Set(s.attributes);
  const paragraphs: string[] = [];
  const total = totalWithShipping(p, s);
  if (total) paragraphs.push(total);
  else if (part.intent === 'product_payment' || s.payment) paragraphs.push(paymentLines(p, s));
  else if (part.intent === 'product_price' || (attrs.has('price') && !attrs.has('old_price'))) paragraphs.push(priceParagraph(p, s));
  if (part.intent === 'product_stock' || attrs.has('stock')) {
    if (!paragraphs.some((x) => x.includes('estoque'))) paragraphs.push(stockParagraph(p));
  }
  if (part.intent === 'product_details' || s.size || s.color || attrs.has('reference') || attrs.has('old_price') || attrs.has('colors') || attrs.has('sizes')) {
    const details = await detailsParagraph(ctx.db, p, s, attrs);
    if (details) paragraphs.push(details);
  }
  if (paragraphs.length === 0) paragraphs.push(`${p.title}: ${formatBRL(p.priceCents)}${saleText(p)}, ${stockText(p.stock)}.`);
  return paragraphs;
}
