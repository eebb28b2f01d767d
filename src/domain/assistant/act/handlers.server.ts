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
import { storeFact } from './store-facts.ts';

type Handler = (ctx: AssistantContext, part: Part, memory: Memory) => PartAnswer | Promise<PartAnswer>;

const fact: Handler = (_ctx, part) => storeFact(part);

export const HANDLERS: Record<Intent, Handler> = {
  greeting: (_ctx, part) => greeting(part),
  thanks: (_ctx, part) => thanks(part),
  off_topic: (_ctx, part) => offTopic(part),
  order_status: (ctx, part) => orderStatusPart(ctx, part),
  product_search: answerProduct,
  product_price: answerProduct,
  product_payment: answerProduct,
  product_stock: answerProduct,
  product_details: answerProduct,
  fitment: answerProduct,
  shipping: fact,
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
  if (part.intent === 'payment_info' && s.followUp && (s.payment || s.installments) && ((memory.fromLastTurn && memory.products.length > 0) || (DEICTIC.test(part.text) && memory.page))) {
    part = { ...part, intent: 'product_payment' };
  }
  // "qual o código original?", "quais os equivalentes dele?": a product's part numbers, whatever the classifier read.
  if ((s.attributes.includes('oem') || s.attributes.includes('equivalents')) && !PRODUCT_INTENTS.includes(part.intent)) part = { ...part, intent: 'product_details' };
  // "quanto fica com envio expresso?" right after a product answer: that product's total with that shipping.
  // "quanto fica o farol do c70 com frete expresso?" names a product: its total with that shipping, not the freight table.
  const aboutProduct = !s.followUp || (memory.fromLastTurn && memory.products.length > 0);
  if (part.intent === 'shipping' && s.shipping && aboutProduct && /\b(quanto|total|fica|sai)\b/.test(part.text)) part = { ...part, intent: 'product_price' };
  // A product question that names a payment method ("a mais barata no pix") asks what it costs that way.
  if ((part.intent === 'product_search' || part.intent === 'product_price') && (s.payment || s.installments)) part = { ...part, intent: 'product_payment' };
  return part;
}

export async function answerPart(ctx: AssistantContext, part: Part, memory: Memory): Promise<PartAnswer> {
  const resolved = resolveIntent(part, memory);
  return HANDLERS[resolved.intent](ctx, resolved, memory);
}
