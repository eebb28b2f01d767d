// Act, freight: what the checkout would charge, asked of the same shipping module (quote.server.ts) with the
// same provider, so OlimpIA, the product page, the cart and the order never disagree. A CEP in the message is
// quoted for the product the conversation is about (or a bare parcel when the table prices any cart alike);
// a carrier's prices need the CEP, so without one OlimpIA asks for it instead of quoting the table.
import { formatCep } from '@brazilian-utils/brazilian-utils/format-cep';
import type { ProductSummary } from '../../catalog/types.ts';
import { formatBRL } from '../../pricing/money.ts';
import type { ShippingOption, ShippingQuote } from '../../shipping/options.ts';
import { quoteShippingForLines } from '../../shipping/quote.server.ts';
import type { ShippingService } from '../../shipping/service.ts';
import type { Memory } from '../memory.server.ts';
import type { AssistantContext, PartAnswer } from '../types.ts';
import type { Part } from '../understand.ts';
import { storeFact } from './store-facts.ts';
import { searchCatalog } from '../catalog.server.ts';

/** A CEP typed in a message ("01310-100", "01310100"), as eight digits. */
export function cepIn(text: string): string | null {
  const m = /(?<!\d|\d[.,])(\d{5})-?(\d{3})(?!\d|[.,]\d)/.exec(text);
  if (!m) return null;
  const digits = `${m[1]}${m[2]}`;
  return /^0{8}$/.test(digits) ? null : digits;
}

export const carrierPriced = (shipping: ShippingService) => shipping.provider.name !== 'table';

export const CEP_FOR_FREIGHT =
  'O frete e o prazo dependem do CEP e do tamanho do pacote: consultamos as transportadoras na hora. Me diga o CEP de entrega (por exemplo: "frete para 01310-100") que eu calculo.';

const optionText = (o: ShippingOption) => `${o.label}${o.carrier && !o.label.includes(o.carrier) ? ` (${o.carrier})` : ''}: ${o.priceCents === 0 ? 'grátis' : formatBRL(o.priceCents)}, ${o.days}`;

/** The options of a quote as one sentence, with the notice when the carriers could not be asked. */
export function quoteSentence(quote: ShippingQuote, cep: string, product: ProductSummary | null): string {
  const delivery = quote.options.filter((o) => o.kind === 'delivery');
  const pickup = quote.options.find((o) => o.kind === 'pickup');
  if (delivery.length === 0 && !pickup) return `Não encontrei forma de envio para o CEP ${formatCep(cep)}. Confira o CEP, por favor.`;
  const what = product ? ` de ${product.title}` : '';
  const lines = [...delivery, ...(pickup ? [pickup] : [])].map(optionText).join('; ');
  const notice = quote.notice ? ` ${quote.notice}` : '';
  // The table's cart shows the spec's flat estimate, which the option chosen at checkout replaces.
  const estimate =
    quote.provider === 'table' && !delivery.some((o) => o.priceCents === quote.estimateCents)
      ? ` No carrinho aparece o frete estimado de ${formatBRL(quote.estimateCents)}; no checkout vale a forma de envio escolhida.`
      : '';
  return `Frete${what} para o CEP ${formatCep(cep)}: ${lines}. O prazo conta a partir da confirmação do pagamento.${estimate}${notice}`;
}

/** Words of a freight question that name no product. */
const FREIGHT_WORDS = /^(frete|fretes|cep|envio|entrega|entregam|entregar|manda|mandam|chega|prazo|dias?|padrao|normal|expresso|economico|gratis|zip|shipping|cada|ou|quantos|uteis|demora)$/;

/** The product a freight question is about: the one on the page, or the one the last answer named. */
function productInView(memory: Memory): ProductSummary | null {
  if (memory.fromLastTurn && memory.products[0]) return memory.products[0];
  return memory.page;
}

/** The "shipping" intent: a quote for a CEP, the published rules otherwise (or a request for the CEP). */
export async function shippingPart(ctx: AssistantContext, part: Part, memory: Memory): Promise<PartAnswer> {
  const cep = cepIn(part.text);
  const typed = /\bcep\b/.test(part.text) ? /\bcep\D{0,12}(\d[\d.-]*)/.exec(part.text)?.[1] : undefined;
  if (!cep && typed) return { text: `O CEP ${typed} é inválido: um CEP tem 8 dígitos, por exemplo 01310-100. Me diga o CEP completo que eu calculo o frete.`, products: [], intent: part.intent };
  // "o frete do farol esquerdo do c70 pro cep …": the product the part names, else the one in view.
  const words = part.slots.productWords.filter((w) => !FREIGHT_WORDS.test(w));
  const named = cep && words.length > 0 ? (await searchCatalog(ctx, { ...part.slots, productWords: words, sort: part.slots.sort })).items[0] : undefined;
  const product = named ?? productInView(memory);
  if (cep && (product || !carrierPriced(ctx.shipping))) {
    const quote = await quoteShippingForLines(ctx.shipping, ctx.db, product ? [{ productId: product.id, quantity: 1 }] : [], cep);
    return { text: quoteSentence(quote, cep, product), products: product ? [product] : [], intent: part.intent };
  }
  const published = storeFact(part, ctx.pixExpiryMinutes);
  if (!carrierPriced(ctx.shipping) || !/\b(frete|prazo|envio|entrega|chega|custa|quanto|valor)\b/.test(part.text) || /\b(rastre\w*|devol\w*)\b/.test(part.text)) return published;
  const ask = cep ? 'Para calcular o frete com as transportadoras, me diga também qual produto (ou abra a página dele e pergunte de lá).' : CEP_FOR_FREIGHT;
  return { text: ask, products: [], intent: part.intent };
}

/**
 * The option a "frete expresso"/"frete normal" names: the table's own, or with a carrier the fastest and the
 * cheapest delivery of the quote (null when the quote has none, as a carrier without a CEP).
 */
export function namedOption(quote: ShippingQuote, named: 'standard' | 'express'): ShippingOption | null {
  const delivery = quote.options.filter((o) => o.kind === 'delivery');
  const own = delivery.find((o) => o.id === named);
  if (own) return own;
  if (delivery.length === 0) return null;
  const byPrice = [...delivery].sort((a, b) => a.priceCents - b.priceCents || a.maxDays - b.maxDays);
  const bySpeed = [...delivery].sort((a, b) => a.maxDays - b.maxDays || a.priceCents - b.priceCents);
  return named === 'express' ? bySpeed[0]! : byPrice[0]!;
}

/** The option a total with shipping adds, quoted for the product and quantity (the CEP, when typed). */
export async function optionForTotal(ctx: AssistantContext, part: Part, p: ProductSummary, quantity: number): Promise<ShippingOption | null> {
  const named = part.slots.shipping;
  if (!named) return null;
  const quote = await quoteShippingForLines(ctx.shipping, ctx.db, [{ productId: p.id, quantity }], cepIn(part.text));
  return namedOption(quote, named);
}
