// OlimpIA's embedded engine: understands Portuguese shopper questions (accents, typos, informal wording)
// and answers only from the store's own modules: the catalog search, the pricing rules, the orders of the
// signed-in shopper and the store's configuration. It never invents a product, price, stock or status.
import { inArray, sql } from 'drizzle-orm';
import { store } from '../../config/store.ts';
import { formatDate } from '../../platform/datetime.ts';
import type { Db } from '../../db/client.server.ts';
import { parseCatalogQuery } from '../catalog/query.ts';
import type { CatalogQuery } from '../catalog/query.ts';
import { searchWithFitment } from '../fitment/search.server.ts';
import type { GarageEntry } from '../fitment/repository.server.ts';
import { answerFitment, asksFitment } from './fitment.server.ts';
import { productVariants } from '../catalog/schema.ts';
import { FEATURED_BRANDS } from '../catalog/taxonomy.ts';
import type { ProductSummary } from '../catalog/types.ts';
import { findOrderFor, listOrdersForUser } from '../orders/orders.server.ts';
import type { OrderView } from '../orders/orders.server.ts';
import { STATUS_LABELS } from '../orders/status.ts';
import { formatBRL } from '../pricing/money.ts';
import {
  CART_FREIGHT_CENTS,
  MAX_INSTALLMENTS,
  MIN_INSTALLMENT_CENTS,
  maxInstallments,
  PAYMENT_METHODS,
  paymentMethod,
  priceWithPayment,
  SHIPPING_METHODS,
} from '../pricing/pricing.ts';
import { fold, hasAny, tokens } from './text.ts';

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
  intent: Intent;
}

export type Intent =
  | 'greeting'
  | 'thanks'
  | 'order_status'
  | 'shipping'
  | 'payment'
  | 'product_payment'
  | 'returns'
  | 'account'
  | 'store_info'
  | 'coupon'
  | 'product'
  | 'stock'
  | 'cheapest'
  | 'fitment'
  | 'fallback';

export interface AssistantContext {
  db: Db;
  viewer: { userId: string | null };
  /** The shopper's active garage vehicle: product answers list what fits it; "serve no meu carro?" means it. */
  garage?: GarageEntry | null;
}

const K = {
  greeting: ['oi', 'ola', 'bom dia', 'boa tarde', 'boa noite', 'e ai', 'eai', 'opa', 'hello', 'salve', 'oie', 'oii'],
  thanks: ['obrigado', 'obrigada', 'valeu', 'vlw', 'brigado', 'brigada', 'agradeco', 'obg', 'grato', 'grata'],
  order: ['pedido', 'pedidos', 'compra', 'encomenda'],
  orderStatus: ['status', 'cade', 'onde esta', 'rastreio', 'rastrear', 'rastreamento', 'acompanhar', 'chegou', 'situacao', 'andamento', 'meu pedido', 'meus pedidos', 'ja foi enviado', 'foi enviado', 'entregue'],
  shipping: ['frete', 'entrega', 'entregam', 'envio', 'enviam', 'prazo', 'sedex', 'correios', 'expresso', 'demora', 'chega em', 'quanto tempo'],
  payment: ['pagamento', 'pagar', 'parcela', 'parcelas', 'parcelar', 'parcelado', 'parcelamento', 'vezes', 'cartao', 'credito', 'boleto', 'pix', 'juros', 'formas de pagamento', 'a vista'],
  returns: ['devolver', 'devolucao', 'troca', 'trocar', 'arrependimento', 'desistir', 'desistencia', 'reembolso', 'estorno', 'garantia'],
  account: ['conta', 'cadastro', 'cadastrar', 'senha', 'esqueci', 'login', 'logar', 'registrar', 'criar conta', 'entrar na conta'],
  store: ['endereco', 'telefone', 'contato', 'horario', 'funciona', 'atendimento', 'whatsapp', 'email', 'e-mail', 'onde fica', 'loja fisica', 'cnpj', 'falar com', 'atendente', 'humano', 'pessoa', 'sac'],
  coupon: ['cupom', 'cupons', 'codigo de desconto', 'voucher'],
  price: ['quanto custa', 'quanto e', 'quanto ta', 'quanto esta', 'preco', 'precos', 'valor', 'custa', 'qto'],
  stock: ['estoque', 'disponivel', 'disponiveis', 'unidades', 'tem ainda', 'acabou', 'esgotado'],
  cheapest: ['mais barato', 'mais barata', 'menor preco', 'mais em conta', 'baratinho', 'barato', 'barata'],
  priciest: ['mais caro', 'mais cara', 'maior preco', 'melhor'],
} as const;

/** Words that carry the question, not the product: removed before searching the catalog. */
const STOPWORDS = new Set(
  (
    'a o os as um uma uns umas de do da dos das no na nos nas em pra pro para por com sem e ou que qual quais ' +
    'tem tens temos teria tinha voces vcs vc voce eu me meu minha meus minhas seu sua quero queria gostaria preciso procuro procurando ' +
    'quanto quanta custa custam preco precos valor valores estoque disponivel disponiveis unidade unidades ainda ai aqui la ' +
    'vende vendem vendendo comprar compro mostra mostrar ver tamanho numero n nr cor cores modelo algum alguma ' +
    'mais menos barato barata caro cara bom boa tipo sobre isso esse essa este esta desse dessa ate ja so tb tambem oi ola favor pf pfv ' +
    'loja olimpo pecas peca produto produtos item itens qto ta e o tudo bem blz beleza indica indicar recomenda sugere posso pode'
  ).split(' '),
);

const FOLLOW_UP_WORDS = new Set(['fica', 'sai', 'fico', 'pix', 'boleto', 'cartao', 'credito', 'parcela', 'parcelas', 'parcelar', 'parcelado', 'vezes', 'quantas', 'quantos', 'juros', 'desconto', 'avista', 'vista', 'pagamento', 'pagar', 'estoque', 'disponivel', 'unidades', 'barato', 'barata', 'caro', 'cara', 'menor', 'maior', 'posso', 'consigo', 'ele', 'ela', 'dele', 'dela', 'nele']);

const COLORS = ['preto', 'marrom', 'cinza', 'azul', 'caramelo', 'branco', 'vermelho'];

function words(text: string) {
  return tokens(text).filter((t) => !t.startsWith('#'));
}

function orderNumberIn(text: string): string | null {
  const m = /#?\b(\d{8})\b/.exec(text);
  return m ? m[1]! : null;
}

function sizeIn(text: string): string | null {
  const m = /\b(?:tamanho|tam|numero|n[ºo°]?|num)\.?\s*(\d{2})\b/i.exec(fold(text)) ?? /\b(3[4-9]|4[0-6])\b/.exec(fold(text));
  return m ? m[1]! : null;
}

export function detectIntent(text: string, hasContext: boolean): Intent {
  const t = tokens(text);
  const has = (list: readonly string[]) => hasAny(text, t, list);
  const contentWords = words(text).filter((w) => !STOPWORDS.has(w) && w.length > 1);
  if (orderNumberIn(text) || (has(K.order) && has(K.orderStatus)) || /\bcade\b.*\bpedido/.test(fold(text))) return 'order_status';
  if (has(K.coupon)) return 'coupon';
  if (has(K.returns)) return 'returns';
  if (has(K.shipping)) return 'shipping';
  if (has(K.payment)) return hasContext && contentWords.every((w) => FOLLOW_UP_WORDS.has(w)) ? 'product_payment' : 'payment';
  if (has(K.account) && !has(K.price)) return 'account';
  if (has(K.store)) return 'store_info';
  if (has(K.cheapest) || has(K.priciest)) return hasContext || contentWords.length > 0 ? 'cheapest' : 'fallback';
  if (has(K.stock) && hasContext && contentWords.length === 0) return 'stock';
  const onlyGreeting = t.length <= 4 && has(K.greeting);
  if (has(K.thanks) && contentWords.filter((w) => !K.thanks.some((k) => k === w)).length <= 1) return 'thanks';
  if (onlyGreeting && contentWords.length <= 1) return 'greeting';
  if (contentWords.length > 0) return 'product';
  if (has(K.greeting)) return 'greeting';
  return 'fallback';
}

interface ProductQuery {
  terms: string[];
  brand: string | null;
  size: string | null;
  color: string | null;
}

async function brandsOf(db: Db): Promise<{ slug: string; name: string }[]> {
  const KEY = Symbol.for('olimpo.assistant.brands');
  const holder = globalThis as { [KEY]?: { at: number; list: { slug: string; name: string }[] } };
  const cached = holder[KEY];
  if (cached && Date.now() - cached.at < 60_000) return cached.list;
  // Distinct brands with their slugs: a few dozen rows, cached for a minute.
  const rows = (await db.execute(sql`select distinct brand as name, brand_slug as slug from products`)) as unknown as { rows: { name: string; slug: string }[] };
  holder[KEY] = { at: Date.now(), list: rows.rows };
  return rows.rows;
}

async function productQuery(db: Db, text: string): Promise<ProductQuery> {
  const folded = fold(text);
  const brands = await brandsOf(db);
  let brand: string | null = null;
  let rest = ` ${tokens(text).join(' ')} `;
  for (const b of [...brands].sort((x, y) => y.name.length - x.name.length)) {
    const name = ` ${tokens(b.name).join(' ')} `;
    if (rest.includes(name)) {
      brand = b.slug;
      rest = rest.replace(name, ' ');
      break;
    }
  }
  const size = sizeIn(text);
  const color = COLORS.find((c) => new RegExp(`\\b${c}`).test(folded)) ?? null;
  const terms = rest
    .split(' ')
    .filter((w) => w.length > 0 && !w.startsWith('#') && !STOPWORDS.has(w) && !COLORS.some((c) => w.startsWith(c)))
    .filter((w) => !(size && w === size))
    .slice(0, 8);
  return { terms, brand, size, color };
}

function catalogQuery(pq: ProductQuery, terms: string[], sort: CatalogQuery['sort'] = 'relevancia'): CatalogQuery {
  const r = parseCatalogQuery(new URLSearchParams({ q: terms.join(' ').slice(0, 120) }), { maxPageSize: 24, defaultPageSize: 12 });
  if (!r.ok) throw new Error(r.message);
  const base = r.query;
  const featured = FEATURED_BRANDS.some((b) => b.slug === pq.brand);
  return { ...base, sort, brands: pq.brand && featured ? [pq.brand] : [] };
}

/** Keeps the words the catalog knows (exactly or nearly, through the trigram lexicon): "tudo bem farol" → "farol". */
async function knownTerms(db: Db, terms: string[]): Promise<string[]> {
  if (terms.length === 0) return terms;
  const result = (await db.execute(sql`
    select t.term from unnest(${sql.param(terms)}::text[]) with ordinality as t(term, ord)
    where t.term ~ '[0-9]' or exists (
      select 1 from search_lexicon l
      where l.word = olimpo_search_text(t.term) or (length(t.term) >= 4 and similarity(l.word, olimpo_search_text(t.term)) >= 0.45)
    )
    order by t.ord`)) as unknown as { rows: { term: string }[] };
  return result.rows.map((r) => r.term);
}

/** Finds products for the words, relaxing the search (dropping words) until something matches. */
async function findProducts(
  db: Db,
  pq: ProductQuery,
  sort: CatalogQuery['sort'] = 'relevancia',
  garage: GarageEntry | null = null,
): Promise<{ items: ProductSummary[]; usedTerms: string[]; correctedQuery: string | null; vehicle: string | null }> {
  const known = await knownTerms(db, pq.terms);
  let terms = known.length > 0 ? known : [...pq.terms];
  if (terms.length === 0 && !pq.brand) return { items: [], usedTerms: [], correctedQuery: null, vehicle: null };
  while (true) {
    const q = catalogQuery(pq, terms, sort);
    // Vehicle words ("pastilha pra gol 2015") and the garage filter by fitment, as on the list page.
    const search = await searchWithFitment(db, q, { garage });
    if (!search.ok) return { items: [], usedTerms: terms, correctedQuery: null, vehicle: null };
    const result = search.result;
    const vehicle = result.vehicle ? (result.vehicle.source === 'garage' ? `seu ${result.vehicle.label}` : result.vehicle.label) : null;
    let items: ProductSummary[] = result.items;
    if (pq.brand && !FEATURED_BRANDS.some((b) => b.slug === pq.brand)) {
      items = items.filter((i) => fold(i.brand).replace(/[^a-z0-9]+/g, '-') === pq.brand);
    }
    if (items.length > 0 || terms.length <= 1) return { items, usedTerms: terms, correctedQuery: result.correctedQuery, vehicle };
    terms = terms.slice(0, -1);
  }
}

/** Does the title contain every search word (by its first letters, so plurals and accents still match)? */
function titleNames(title: string, terms: string[]): boolean {
  const words = tokens(title);
  return terms.every((t) => words.some((w) => w.startsWith(t.slice(0, Math.max(3, t.length - 2)))));
}

function suggestion(p: ProductSummary): SuggestedProduct {
  return { id: p.id, title: p.title, priceCents: p.priceCents, price: formatBRL(p.priceCents), url: `/ProductView/${p.id}`, stock: p.stock };
}

function stockText(stock: number): string {
  if (stock <= 0) return 'esgotado no momento';
  if (stock === 1) return 'última unidade em estoque';
  if (stock <= 5) return `últimas ${stock} unidades em estoque`;
  return `${stock} unidades em estoque`;
}

function productLine(p: ProductSummary): string {
  const old = p.onSale && p.oldPriceCents ? ` (de ${formatBRL(p.oldPriceCents)}, ${p.discountPercent}% OFF)` : '';
  return `• ${p.title}: ${formatBRL(p.priceCents)}${old}, ${stockText(p.stock)}.`;
}

const SHIPPING_TEXT = () =>
  `No carrinho, o frete é estimado em ${formatBRL(CART_FREIGHT_CENTS)} para qualquer CEP válido. No checkout você escolhe a forma de envio, que substitui a estimativa: ` +
  SHIPPING_METHODS.map((m) => `${m.label} por ${formatBRL(m.priceCents)} (${m.days})`).join(' ou ') +
  '.';

const PAYMENT_TEXT = () => {
  const card = PAYMENT_METHODS.find((m) => m.id === 'credit')!;
  const others = PAYMENT_METHODS.filter((m) => m.discountPercent > 0).map((m) => `${m.label} com ${m.discountPercent}% de desconto sobre o total`);
  return (
    `Formas de pagamento: ${card.label} em até ${MAX_INSTALLMENTS}x sem juros (cada parcela de no mínimo ${formatBRL(MIN_INSTALLMENT_CENTS)}, ` +
    `ou seja, até ${MAX_INSTALLMENTS} parcelas ou o total dividido por R$ 10,00, o que for menor), ${others.join(' e ')}.`
  );
};

const CONTACT = () => `${store.phone}, ${store.email} (${store.hours})`;

const CAPABILITIES =
  'Posso buscar produtos (ex.: "tem pastilha de freio da Bosch?"), informar preços e estoque, explicar frete e formas de pagamento e consultar o status dos seus pedidos.';

function userMessages(messages: ChatMessage[]): string[] {
  return messages.filter((m) => m.sender === 'user').map((m) => m.content);
}

/** The latest earlier user message that asked about products: the context for follow-ups. */
async function contextQuery(ctx: AssistantContext, messages: ChatMessage[]): Promise<ProductQuery | null> {
  const previous = userMessages(messages).slice(0, -1).reverse();
  for (const text of previous) {
    const intent = detectIntent(text, false);
    if (intent === 'product' || intent === 'cheapest') {
      const pq = await productQuery(ctx.db, text);
      if (pq.terms.length > 0 || pq.brand) return pq;
    }
  }
  return null;
}

export async function answer(ctx: AssistantContext, messages: ChatMessage[]): Promise<AssistantReply> {
  const last = userMessages(messages).at(-1) ?? '';
  const context = await contextQuery(ctx, messages);
  const intent = detectIntent(last, context !== null);
  const reply = (resposta: string, produtos: SuggestedProduct[] = []): AssistantReply => ({ resposta, produtos, intent });

  // "serve no meu Onix 2020?", "essa pastilha serve no gol 2015?": answered from the fitment data.
  if (asksFitment(last) && !['order_status', 'coupon', 'returns', 'shipping', 'account', 'store_info'].includes(intent)) {
    const fit = await answerFitment(last, {
      db: ctx.db,
      garage: ctx.garage ?? null,
      contextProduct: async () => (context ? ((await findProducts(ctx.db, context, 'relevancia', ctx.garage ?? null)).items[0] ?? null) : null),
      productTerms: async (text) => {
        const pq = await productQuery(ctx.db, text);
        return [...pq.terms, ...(pq.brand ? [pq.brand] : [])];
      },
      findProduct: async (text) => (await findProducts(ctx.db, await productQuery(ctx.db, text))).items[0] ?? null,
    });
    if (fit) return { resposta: fit.resposta, produtos: fit.produtos.map(suggestion), intent: 'fitment' };
  }

  switch (intent) {
    case 'greeting':
      return reply(`Olá! Eu sou a OlimpIA, assistente virtual da ${store.name}. ${CAPABILITIES} Como posso ajudar?`);
    case 'thanks':
      return reply('Por nada! Se precisar de mais alguma coisa, é só chamar.');
    case 'shipping':
      return reply(`${SHIPPING_TEXT()} O prazo conta a partir da confirmação do pagamento.`);
    case 'payment':
      return reply(PAYMENT_TEXT());
    case 'coupon':
      return reply('Se você tem um cupom de desconto, digite o código no campo "Cupom de desconto" do carrinho: o desconto aparece no resumo. Não divulgo códigos por aqui.');
    case 'returns':
      return reply(
        `Você pode desistir da compra em até 7 dias a contar do recebimento (direito de arrependimento, art. 49 do Código de Defesa do Consumidor), com reembolso integral. Para trocas e devoluções, fale com o atendimento: ${CONTACT()}.`,
      );
    case 'account':
      return reply(
        'Para criar uma conta, clique em "Cadastre-se" no topo da página e informe e-mail, nome completo e uma senha de pelo menos 8 caracteres. Esqueceu a senha? Em "Entrar", use "Esqueci minha senha" e enviaremos um link por e-mail, válido por 1 hora.',
      );
    case 'store_info':
      return reply(`${store.legalName} (CNPJ ${store.cnpj}). Endereço: ${store.addressLine}. Telefone: ${store.phone}. E-mail: ${store.email}. Atendimento: ${store.hours}.`);
    case 'order_status':
      return reply(await orderStatus(ctx, last));
    case 'product_payment':
    case 'stock':
    case 'cheapest':
    case 'fitment':
    case 'product':
      return productAnswer(ctx, intent, last, context, reply);
    case 'fallback':
      return reply(`Desculpe, não entendi. ${CAPABILITIES} Para falar com uma pessoa: ${CONTACT()}.`);
  }
}

async function orderStatus(ctx: AssistantContext, text: string): Promise<string> {
  if (!ctx.viewer.userId) {
    return 'Para consultar pedidos, entre na sua conta (botão "Entrar" no topo). Se você comprou sem conta, use o link "Acompanhar pedido" do e-mail de confirmação.';
  }
  const number = orderNumberIn(text);
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

async function productAnswer(
  ctx: AssistantContext,
  intent: Intent,
  text: string,
  context: ProductQuery | null,
  reply: (r: string, p?: SuggestedProduct[]) => AssistantReply,
): Promise<AssistantReply> {
  const own = await productQuery(ctx.db, text);
  // In a follow-up ("quanto fica no pix?", "tem em estoque?") the question words are not product words.
  if (intent === 'product_payment' || intent === 'stock' || intent === 'cheapest') own.terms = own.terms.filter((w) => !FOLLOW_UP_WORDS.has(w));
  const followUp = own.terms.length === 0 && !own.brand;
  const pq = followUp && context ? { ...context, size: own.size ?? context.size, color: own.color ?? context.color } : own;
  if (pq.terms.length === 0 && !pq.brand) return reply(`Desculpe, não entendi qual produto você procura. ${CAPABILITIES}`);

  const { items, usedTerms, correctedQuery, vehicle } = await findProducts(
    ctx.db,
    pq,
    intent === 'cheapest' && fold(text).includes('caro') ? 'maior-preco' : intent === 'cheapest' ? 'menor-preco' : 'relevancia',
    ctx.garage ?? null,
  );
  const asked = usedTerms.join(' ') || pq.terms.join(' ');
  if (items.length === 0) {
    const forGarage = vehicle?.startsWith('seu ') ? ` que sirva no ${vehicle}` : '';
    return reply(`Não encontrei "${pq.terms.join(' ') || pq.brand}"${forGarage} no nosso catálogo. Tente outro termo, como "pastilha de freio", "farol" ou "bateria 60Ah", ou veja as categorias no rodapé.`);
  }

  if (intent === 'product_payment') {
    const p = items[0]!;
    const method = /boleto/.test(fold(text)) ? 'boleto' : /pix/.test(fold(text)) ? 'pix' : 'credit';
    if (method === 'credit') {
      const n = maxInstallments(p.priceCents);
      return reply(`${p.title} custa ${formatBRL(p.priceCents)} e pode ser pago no cartão em até ${n}x sem juros. ${PAYMENT_TEXT()}`, [suggestion(p)]);
    }
    const label = paymentMethod(method).label;
    return reply(
      `No ${label}, ${p.title} sai por ${formatBRL(priceWithPayment(p.priceCents, method))} (${paymentMethod(method).discountPercent}% de desconto sobre ${formatBRL(p.priceCents)}). O desconto vale sobre o total do pedido, frete incluído.`,
      [suggestion(p)],
    );
  }

  if (intent === 'stock') {
    const p = items[0]!;
    return reply(`${p.title}: ${stockText(p.stock)}.`, [suggestion(p)]);
  }

  let shown = items.slice(0, 3);
  let sizeNote = '';
  if (pq.size || pq.color) {
    const ids = items.slice(0, 12).map((i) => i.id);
    const variants = await ctx.db
      .select({ productId: productVariants.productId, color: productVariants.color, size: productVariants.size, stock: productVariants.stock })
      .from(productVariants)
      .where(inArray(productVariants.productId, ids));
    const fits = (productId: number) =>
      variants.filter((v) => v.productId === productId && v.stock > 0 && (!pq.size || v.size === pq.size) && (!pq.color || fold(v.color).startsWith(pq.color)));
    const withVariant = items.slice(0, 12).filter((i) => fits(i.id).length > 0);
    const wanted = [pq.size ? `tamanho ${pq.size}` : '', pq.color ? `cor ${pq.color}` : ''].filter(Boolean).join(' e ');
    if (withVariant.length === 0) {
      sizeNote = `\nNo momento não temos ${wanted} em estoque para "${asked}". Veja outras opções:`;
    } else {
      shown = withVariant.slice(0, 3);
      sizeNote = `\nCom ${wanted} em estoque:`;
      return reply(
        `${sizeNote.trim()}\n${shown.map((p) => `${productLine(p)} Cores: ${[...new Set(fits(p.id).map((v) => v.color))].join(', ')}.`).join('\n')}`,
        shown.map(suggestion),
      );
    }
  }

  const corrected = correctedQuery ? `Você quis dizer "${correctedQuery}"? ` : '';
  const intro =
    corrected +
    (intent === 'cheapest'
      ? fold(text).includes('caro')
        ? `O de maior preço para "${asked}":`
        : `O mais barato para "${asked}":`
      : items.length === 1
        ? 'Encontrei este produto:'
        : `Encontrei ${items.length > 3 ? 'estas opções' : `${items.length} opções`} para "${correctedQuery ?? asked}"${vehicle?.startsWith('seu ') ? ` que servem no ${vehicle}` : ''}:`);
  if (intent === 'cheapest') {
    // The cheapest of what was asked: products whose title names every word, when there are any.
    const named = items.filter((i) => titleNames(i.title, usedTerms));
    shown = (named.length > 0 ? named : items).slice(0, 1);
  }
  return reply(`${intro}${sizeNote}\n${shown.map(productLine).join('\n')}`, shown.map(suggestion));
}

// Re-exported for the optional language-model path, which calls the same facts as tools.
export const facts = { shippingText: SHIPPING_TEXT, paymentText: PAYMENT_TEXT, contact: CONTACT };
export { findProducts, productQuery, orderStatus };
export type { ProductQuery };
