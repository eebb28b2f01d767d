// Act: one handler per intent. A part's intent is first corrected by what the conversation shows (a
// payment question right after a product answer is about that product), then its handler answers it.
import type { Memory } from '../memory.server.ts';
import { DEICTIC } from '../memory.server.ts';
import type { AssistantContext, PartAnswer } from '../types.ts';
import { PRODUCT_INTENTS } from '../understand.ts';
import type { Intent, Part } from '../understand.ts';
import { orderStatusPart } from './orders.server.ts';
import { answerProduct } from './product.server.ts';
import { greeting, offTopic, thanks } from './small-talk.ts';
import { OFF_TOPIC_STRONG, storeFact, strongAnswer } from './store-facts.ts';
import { cepIn, shippingPart } from './freight.server.ts';
import { SELLING, unsoldItem } from './unsold.server.ts';
import { ASKS_PAYMENT, statedAmount } from './stated-amount.ts';

const FREIGHT_WORD = /\b(cep|frete|fretes)\b/;

type Handler = (ctx: AssistantContext, part: Part, memory: Memory) => PartAnswer | Promise<PartAnswer>;

const fact: Handler = (ctx, part) => storeFact(part, ctx.pixExpiryMinutes);

export const HANDLERS: Record<Intent, Handler> = {
  greeting: (_ctx, part) => greeting(part),
  thanks: (_ctx, part) => thanks(part),
  // Read confidently as off topic, yet a fact or page covers it very strongly ("quanto tempo demora pra chegar em manaus?").
  off_topic: (ctx, part) => {
    const published = strongAnswer(part, ctx.pixExpiryMinutes, OFF_TOPIC_STRONG);
    return published ? { text: published, products: [], intent: 'off_topic' } : offTopic(part);
  },
  order_status: (ctx, part) => orderStatusPart(ctx, part),
  product_search: answerProduct,
  product_price: answerProduct,
  product_payment: answerProduct,
  product_stock: answerProduct,
  product_details: answerProduct,
  fitment: answerProduct,
  shipping: shippingPart,
  payment_info: fact,
  returns: fact,
  warranty: fact,
  invoice: fact,
  store_info: fact,
  account: fact,
  coupon: fact,
  security: fact,
  chitchat: fact,
};

/** The intent a part is really about, given what the conversation and the page show. */
export function resolveIntent(part: Part, memory: Memory): Part {
  const s = part.slots;
  // A payment question right after a product answer, or about the product on screen, is about that product.
  if (
    part.intent === 'payment_info' &&
    s.followUp &&
    (s.payment || s.installments || /\bdesconto\b/.test(part.text)) &&
    ((memory.fromLastTurn && memory.products.length > 0) || (DEICTIC.test(part.text) && memory.page))
  ) {
    part = { ...part, intent: 'product_payment' };
  }
  // "quero pagar no boleto o alternador do constellation, quanto dá?": a payment question naming a product is about that product.
  if (part.intent === 'payment_info' && !s.followUp && (s.payment || s.installments) && s.productWords.length > 0 && (s.vehicle || s.refCode || s.brand)) {
    part = { ...part, intent: 'product_payment' };
  }
  // "vai até que número?", "tem no 41?" about a shoe on screen: its sizes and stock, not a store question.
  const shoe = (memory.page ?? (memory.fromLastTurn ? memory.products[0] : null))?.category === 'calcados';
  if (shoe && !PRODUCT_INTENTS.includes(part.intent) && part.intent !== 'returns' && (s.size || s.attributes.includes('sizes')) && !s.orderNumber)
    part = { ...part, intent: s.size ? 'product_stock' : 'product_details' };
  // "qual o código original?", "quais os equivalentes dele?": a product's part numbers, whatever the classifier read.
  // A search that asks for them means the codes of the product it finds ("o motor de partida do compass tem código original?").
  if ((s.attributes.includes('oem') || s.attributes.includes('equivalents')) && (!PRODUCT_INTENTS.includes(part.intent) || part.intent === 'product_search'))
    part = { ...part, intent: 'product_details' };
  // "quanto fica com envio expresso?" right after a product answer: that product's total with that shipping.
  // "quanto fica o farol do c70 com frete expresso?" names a product: its total with that shipping, not the freight table.
  const aboutProduct = !s.followUp || (memory.fromLastTurn && memory.products.length > 0);
  if (part.intent === 'shipping' && s.shipping && aboutProduct && /\b(quanto|total|fica|sai)\b/.test(part.text)) part = { ...part, intent: 'product_price' };
  // "o alternador do cargo tem pronta entrega?" asks whether that product is in stock, not the delivery times.
  if (
    part.intent === 'shipping' &&
    s.attributes.includes('stock') &&
    !s.shipping &&
    (s.productWords.some((w) => !/^(pronta|entrega|entregas|imediata|envio|prazo|dias?|hoje|amanha)$/.test(w)) || s.refCode || (s.followUp && (memory.page || memory.products.length > 0)))
  )
    part = { ...part, intent: 'product_stock' };
  // A CEP with a freight word ("qto fica o frete pro cep 01310-100?", "meu cep é 13010-000") asks for the freight.
  if (
    part.intent !== 'shipping' &&
    FREIGHT_WORD.test(part.text) &&
    (cepIn(part.text) || /\bcep\b\D*\d/.test(part.text)) &&
    !(s.shipping && part.intent !== 'product_search' && PRODUCT_INTENTS.includes(part.intent)) &&
    !s.payment
  )
    part = { ...part, intent: 'shipping' };
  // A product question that names a payment method ("a mais barata no pix") asks what it costs that way.
  if ((part.intent === 'product_search' || part.intent === 'product_price') && (s.payment || s.installments)) part = { ...part, intent: 'product_payment' };
  return part;
}

export async function answerPart(ctx: AssistantContext, part: Part, memory: Memory): Promise<PartAnswer> {
  // "vocês vendem extintor?" read as a policy question: an item the store does not sell is a product question.
  if (!PRODUCT_INTENTS.includes(part.intent) && part.intent !== 'order_status' && SELLING.test(part.text) && (await unsoldItem(ctx, part))) part = { ...part, intent: 'product_search' };
  // "uma peça de R$ 35, dá pra parcelar?": the payment rules on an amount the shopper states (act/stated-amount.ts).
  if ((part.intent === 'payment_info' || part.intent === 'coupon') && statedAmount(part.text) !== null && ASKS_PAYMENT.test(part.text)) part = { ...part, intent: 'product_payment' };
  const resolved = resolveIntent(part, memory);
  return HANDLERS[resolved.intent](ctx, resolved, memory);
}
