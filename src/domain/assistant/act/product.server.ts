// Act and answer for the product intents (search, price, payment, stock, details, fitment): fitment first
// when it is asked, then the product(s) the part is about (memory.server.ts), then one paragraph for each
// thing asked about the first of them.
import type { ProductSummary } from '#src/domain/catalog/types.ts';
import { knownTerms, productByRef, searchCatalog } from '../catalog.server.ts';
import { answerFitment } from '../fitment.server.ts';
import { DEICTIC, productsFor } from '../memory.server.ts';
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
import { unknownModelIn } from '../vehicle-names.ts';
import { namesSpec } from './specs.ts';
import { knowledgeAnswer, strongAnswer } from './store-facts.ts';
import { SELLING, unsoldItem } from './unsold.server.ts';
import { CEP_FOR_FREIGHT, carrierPriced, optionForTotal } from './freight.server.ts';
import { amountPayment, amountWords, ASKS_PAYMENT, statedAmount } from './stated-amount.ts';

async function fitmentAnswer(ctx: AssistantContext, part: Part, memory: Memory): Promise<PartAnswer | null> {
  const fit = await answerFitment(part.text, {
    db: ctx.db,
    garage: ctx.garage ?? null,
    contextProduct: async () => (/\b(esse|essa|este|esta|ele|ela|isso)\b/.test(part.text) && memory.page ? memory.page : (memory.products[0] ?? memory.page)),
    productTerms: async (text) => extractSlots(normalize(text), await loadVocabulary(ctx.db)).productWords,
    findProduct: async (text) => (await searchCatalog(ctx, extractSlots(normalize(text), await loadVocabulary(ctx.db)))).items[0] ?? null,
    codedProduct: async () => (part.slots.refCode ? productByRef(ctx.db, part.slots.refCode) : null),
  });
  return fit ? { text: fit.resposta, products: fit.produtos, intent: 'fitment' } : null;
}

export async function answerProduct(ctx: AssistantContext, part: Part, memory: Memory): Promise<PartAnswer> {
  const s = part.slots;
  if (part.intent === 'fitment' || s.attributes.includes('compatibility')) {
    const fit = await fitmentAnswer(ctx, part, memory);
    if (fit) return fit;
  }
  const vocab = await loadVocabulary(ctx.db);
  const unknownModel =
    !s.vehicle && !s.followUp && part.intent !== 'product_details' ? unknownModelIn(vocab.fleet, part.text, new Set([...vocab.kindWords, ...vocab.brands.flatMap((b) => b.tokens)])) : null;
  if (unknownModel) {
    // "tem pastilha pra fiat toro?": a model the fleet lacks; never another model's parts as if they fit.
    const text = `Não encontrei o ${unknownModel} no nosso catálogo de compatibilidade, então não tenho peças confirmadas para ele. Diga outro veículo (marca, modelo e ano) ou escolha o seu em "Qual é o seu veículo?", no topo do site.`;
    return { text, products: [], intent: part.intent };
  }
  const found = await productsFor(ctx, part, memory);
  const notSold = vocab.notSold;
  const asksItem = part.intent === 'product_search' || part.intent === 'product_price' || part.intent === 'product_stock' || part.intent === 'product_details';
  // The kind asked is the first noun: "calibrador de pneu" is a gauge, which the store sells.
  const kind = s.productWords.find((w) => !SELLING.test(w) && !/^[a-z]{2,}(ar|er|ir)$/.test(w)) ?? '';
  const missing = notSold?.get(kind) ?? (asksItem && !DEICTIC.test(part.text) && !found.code ? await unsoldItem(ctx, part) : null);
  if (missing && asksItem) {
    // "vocês vendem pneu?", "tem coxim do motor?": say so, then what is near (the items that name it, such as a tyre gauge).
    const near = found.items.slice(0, 3);
    const terms = found.search?.terms.join(' ');
    const what = terms && !notSold?.has(terms) ? `Do nosso catálogo, o mais próximo de "${terms}":` : 'Temos itens relacionados:';
    const tail = near.length > 0 ? ` ${what}\n${near.map(productLine).join('\n')}` : ` Não encontrei "${s.productWords.join(' ')}" no nosso catálogo; veja as categorias no rodapé.`;
    return { text: `Não trabalhamos com ${missing}.${tail}`, products: near, intent: part.intent };
  }
  const amount = statedAmount(part.text);
  if (amount !== null && s.priceLimitCents === null) {
    // "o baú Givi de 612,90": the product at that price; "uma peça de R$ 35, dá pra parcelar?": the rules on that amount.
    const priced = await pricedAt(ctx, part, memory, found.items, amount);
    if (priced) found.items = [priced];
    else if (ASKS_PAYMENT.test(part.text) && (part.intent === 'product_payment' || part.intent === 'product_price' || s.followUp))
      return { text: amountPayment(amount, s), products: [], intent: 'product_payment' };
  }
  if (found.search && s.sort && found.items.length > 0) {
    // "a mais barata no pix": the cheapest of what was asked, then the question about it.
    if (!s.payment && s.attributes.length === 0) return answerSearch(ctx, part, found);
    const named = found.items.filter((i) => titleNames(i.title, found.search!.terms));
    found.items = (named.length > 0 ? named : found.items).slice(0, 1);
  }
  if (found.items.length === 0 && s.followUp && (found.search?.terms.length ?? 0) === 0 && (await knownTerms(ctx.db, s.productWords)).length === 0 && s.productWords.length > 0) {
    // Words the catalog does not know ("quanto custa um iphone"), no product anywhere: not ours to answer.
    return unknownOrPublished(ctx, part);
  }
  if (found.items.length === 0 && s.followUp && (part.intent === 'product_payment' || part.intent === 'product_price')) {
    // "parcela em quantas vezes?" with no product anywhere: the store's payment rules.
    return { text: knowledgeAnswer({ ...part, intent: 'payment_info' }, ctx.pixExpiryMinutes), products: [], intent: 'payment_info' };
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
    if (s.followUp && s.productWords.length > 0) return unknownOrPublished(ctx, part);
    if (found.search) return answerSearch(ctx, part, found);
    return { text: `Qual produto? Diga o nome da peça (e o veículo), por exemplo: "quanto custa a pastilha de freio do gol 2015?".`, products: [], intent: part.intent };
  }
  return { text: (await aboutProduct(ctx, part, p)).join('\n'), products: [p, ...found.items.slice(1, 3)], intent: part.intent };
}

/** No product for the words ("se acabar o estoque depois que eu pagar?"): a published sentence that covers them strongly, else "Não sei". */
function unknownOrPublished(ctx: AssistantContext, part: Part): PartAnswer {
  const published = strongAnswer(part, ctx.pixExpiryMinutes);
  return published ? { text: published, products: [], intent: 'off_topic' } : { text: UNKNOWN_TEXT(), products: [], intent: 'unknown' };
}

/** The product priced at the amount stated: among those found or shown, else among more of the same search. */
async function pricedAt(ctx: AssistantContext, part: Part, memory: Memory, found: ProductSummary[], amount: number): Promise<ProductSummary | null> {
  const shown = [...found, ...memory.products].find((p) => p.priceCents === amount);
  if (shown) return shown;
  const digits = new Set(amountWords(amount));
  const words = part.slots.productWords.filter((w) => !digits.has(w));
  const slots = words.length > 0 ? { ...part.slots, productWords: words } : memory.slots;
  if (!slots || slots.productWords.length === 0) return null;
  return (await searchCatalog(ctx, { ...slots, sort: null }, { limit: 24 })).items.find((p) => p.priceCents === amount) ?? null;
}

/** One paragraph per thing the part asks about the product: price or payment, stock, details. */
async function aboutProduct(ctx: AssistantContext, part: Part, p: ProductSummary): Promise<string[]> {
  const s = part.slots;
  const attrs = new Set(s.attributes);
  const paragraphs: string[] = [];
  const option = s.shipping ? await optionForTotal(ctx, part, p, s.quantity ?? 1) : null;
  if (option) paragraphs.push(totalWithShipping(p, s, option));
  else if (s.shipping && carrierPriced(ctx.shipping)) paragraphs.push(CEP_FOR_FREIGHT);
  else if (part.intent === 'product_payment' || s.payment) paragraphs.push(paymentLines(p, s));
  else if (part.intent === 'product_price' || (attrs.has('price') && !attrs.has('old_price'))) paragraphs.push(priceParagraph(p, s));
  if (part.intent === 'product_stock' || attrs.has('stock')) {
    if (!paragraphs.some((x) => x.includes('estoque'))) paragraphs.push(stockParagraph(p));
  }
  // A question about a product that asks neither price nor stock ("essa bota tem CA?", "a biqueira é de aço?") may be about its page.
  const aboutPage = (s.followUp || !s.vehicle) && !attrs.has('price') && !attrs.has('stock') && !s.payment && part.intent !== 'product_payment';
  if (aboutPage && part.intent !== 'product_details' && !namesSpec(part.text)) {
    const spec = await detailsParagraph(ctx.db, p, s, new Set(), part.text, true);
    if (spec) paragraphs.push(spec);
  }
  if (part.intent === 'product_details' || namesSpec(part.text) || s.size || s.color || attrs.has('reference') || attrs.has('old_price') || attrs.has('colors') || attrs.has('sizes')) {
    const details = await detailsParagraph(ctx.db, p, s, attrs, part.text);
    if (details) paragraphs.push(details);
  }
  if (paragraphs.length === 0) paragraphs.push(`${p.title}: ${formatBRL(p.priceCents)}${saleText(p)}, ${stockText(p.stock)}.`);
  return paragraphs;
}
