// OlimpIA's first step, "understand": a shopper's message → a structured request. The message is cut into
// its parts ("quanto custa X e qto fica o frete?" has two); each part gets an intent from the learned
// classifier (with its confidence) and the slots it fills, matched against the catalog's own vocabulary
// (brands, kinds, vehicles, reference codes). Pure: the vocabulary and the classifier come from the caller.
import type { IntentClassifier } from './classifier.ts';
import { normalize, splitParts } from './phrasing.ts';
import { editDistance } from '#src/platform/edit-distance.ts';
import type { Fleet, Vehicle } from '../fitment/vehicles.ts';
import { vehicleIn } from './vehicle-names.ts';
import type { VehicleType } from '../catalog/taxonomy.ts';

export { normalize, splitParts };

export const INTENTS = [
  'greeting',
  'thanks',
  'chitchat',
  'off_topic',
  'product_search',
  'product_price',
  'product_payment',
  'product_stock',
  'product_details',
  'fitment',
  'shipping',
  'payment_info',
  'order_status',
  'returns',
  'warranty',
  'invoice',
  'store_info',
  'account',
  'coupon',
  'security',
] as const;
export type Intent = (typeof INTENTS)[number];

/** Intents answered about one product or a list of products. */
export const PRODUCT_INTENTS: readonly Intent[] = ['product_search', 'product_price', 'product_payment', 'product_stock', 'product_details', 'fitment'];

export type Attribute = 'price' | 'old_price' | 'stock' | 'reference' | 'oem' | 'equivalents' | 'compatibility' | 'colors' | 'sizes';
export type PaymentSlot = 'pix' | 'boleto' | 'credit';

export interface Vocabulary {
  /** Brand names as folded token lists, with their display names. */
  brands: { name: string; tokens: string[] }[];
  /** Folded words that name product kinds ("pastilhas", "freio", "farol", "amortecedor"…). */
  kindWords: Set<string>;
  /** Words of categories shoppers ask for that no product kind names ("pneu" → "pneus"): the store does not sell them. */
  notSold?: Map<string, string>;
  fleet: Fleet;
}

export interface Slots {
  /** Words to search the catalog with (kinds, brands and other product words, vehicle words removed). */
  productWords: string[];
  brand: string | null;
  refCode: string | null;
  vehicle: { vehicles: Vehicle[]; year: number | null; matched: string } | null;
  vehicleType: VehicleType | null;
  payment: PaymentSlot | null;
  installments: number | null;
  quantity: number | null;
  priceLimitCents: number | null;
  sort: 'menor-preco' | 'maior-preco' | null;
  size: string | null;
  color: string | null;
  attributes: Attribute[];
  /** "esse", "ele", "e no boleto?": the part refers to a product already on screen or in the conversation. */
  followUp: boolean;
  orderNumber: string | null;
  mine: boolean;
  /** A shipping method named with a price question ("com frete expresso"): the total includes it. */
  shipping?: 'standard' | 'express' | null;
  /** "e de outra marca?": brands the shopper has already seen and wants something else than. */
  excludeBrands?: string[];
}

export interface Part {
  text: string;
  intent: Intent;
  confidence: number;
  slots: Slots;
}

export interface Understood {
  parts: Part[];
  /** The best confidence over the parts: below the threshold the engine answers "Não sei responder isso". */
  confidence: number;
}

const STOP = new Set(
  (
    'a o os as um uma uns umas de do da dos das no na nos nas em pra pro pras pros para por com sem e ou que qual quais q ' +
    'tem tens temos teria tinha vcs vc voce voces eu me meu minha meus minhas seu sua quero queria gostaria preciso procuro procurando ' +
    'quanto quanta quantos quantas qto qt qnto quanto custa custam sai fica ficaria preco precos valor valores estoque disponivel disponiveis ' +
    'unidade unidades ainda ai aqui la vende vendem vendendo comprar compro mostra mostrar ver tamanho tam numero num n nr cor cores ' +
    'modelo algum alguma mais menos barato barata baratinho caro cara bom boa melhor tipo sobre isso esse essa este esta desse dessa deste desta ' +
    'ele ela dele dela nele nela ate ja so tb tambem oi ola favor pf pfv por loja olimpo pecas peca produto produtos item itens ta to tah e tudo bem blz ' +
    'beleza indica indicar recomenda sugere posso pode da dar consigo conta em conta vista avista pix boleto cartao credito debito parcela parcelas ' +
    'parcelar parcelado parcelamento vezes juros desconto descontos promocao oferta antes referencia ref codigo cod serve servem compativel ' +
    'estao esta tao sera seria reais real conto contos pila r menor maior mesmo mesma ne hein agora hoje entao la cade estava tava acabou acabaram quantidade sobrou resta restam como pago paguei pagar pagamento forma formas funciona saber ve manda mostra arruma consegue tenho possuo uso ando dirijo codigos original originais montadora oem equivalente equivalentes similar similares'
  ).split(' '),
);

const DEICTIC = new Set([
  'esse',
  'essa',
  'este',
  'esta',
  'isso',
  'ele',
  'ela',
  'dele',
  'dela',
  'desse',
  'dessa',
  'deste',
  'desta',
  'nele',
  'nela',
  'esses',
  'essas',
  'desses',
  'dessas',
  'mesmo',
  'mesma',
]);

const COLORS: [string, string][] = [
  ['preto', 'Preto'],
  ['preta', 'Preto'],
  ['marrom', 'Marrom'],
  ['cinza', 'Cinza'],
  ['azul', 'Azul-marinho'],
  ['caramelo', 'Caramelo'],
  ['branco', 'Branco'],
  ['branca', 'Branco'],
  ['vermelho', 'Vermelho'],
  ['vermelha', 'Vermelho'],
];

const FOOTWEAR = /\b(bota|botas|tenis|sapato|sapatos|calcado|calcados|botina)\b/;

function kindMatch(word: string, kinds: Set<string>): boolean {
  if (word.length < 3) return false;
  if (kinds.has(word) || kinds.has(`${word}s`) || (word.endsWith('s') && kinds.has(word.slice(0, -1)))) return true;
  if (word.length < 5) return false;
  for (const k of kinds) {
    if (Math.abs(k.length - word.length) <= 2 && k[0] === word[0] && editDistance(word, k) <= (k.length >= 8 ? 2 : 1)) return true;
  }
  return false;
}

function priceLimit(t: string): number | null {
  const m =
    /\b(?:ate|abaixo de|menos de|no maximo|maximo|max|por ate|de ate|nao passe de|que nao passe de|sem passar de)\s*(?:r\s*\$\s*|rs\s*)?(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?\s*(?:reais|conto|contos|pila|r\$)?/.exec(
      t,
    );
  if (!m) return null;
  // "ate 2015" is a year, "ate 5x" installments.
  const after = t.slice(m.index + m[0].length);
  if (/^x\b/.test(after) || /^\s*(vezes|parcelas)/.test(after)) return null;
  const reais = Number(m[1]!.replace(/\./g, ''));
  if (reais >= 1950 && reais <= 2035 && !/reais|conto|pila|r\$/.test(m[0])) return null;
  return reais * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

function refCodeIn(text: string): string | null {
  const m = /\b([a-z]{3})[-\s]?(\d{6})([a-z])\b/i.exec(text);
  return m ? `${m[1]!.toUpperCase()}-${m[2]}${m[3]!.toUpperCase()}` : null;
}

/** The slots of one part (folded, normalised text). */
export function extractSlots(t: string, vocab: Vocabulary): Slots {
  const refCode = refCodeIn(t);
  let rest = refCode ? t.replace(/\b[a-z]{3}[-\s]?\d{6}[a-z]\b/i, ' ') : t;
  const orderMatch = /#?\b(\d{8})\b/.exec(rest);
  const orderNumber = orderMatch ? orderMatch[1]! : null;
  if (orderNumber) rest = rest.replace(orderMatch![0], ' ');

  const limit = priceLimit(rest);
  if (limit !== null) rest = rest.replace(/\b(?:ate|abaixo de|menos de|no maximo|maximo|max|por ate|de ate)\s*(?:r\s*\$\s*|rs\s*)?[\d.,]+\s*(?:reais|conto|contos|pila)?/, ' ');
  const inst = /\b(\d{1,2})\s*(?:x|vezes|parcelas|prestacoes)\b/.exec(rest) ?? /\bparcel\w*\s+(?:em\s+)?(\d{1,2})\b/.exec(rest);
  const installments = inst ? Number(inst[1]) : null;
  if (inst) rest = rest.replace(inst[0], ' ');

  // Two methods named ("pix ou boleto?") ask for every price.
  const methods = [/\bpix\b/, /\bboleto\b/, /\b(cartao|credito)\b/].filter((r) => r.test(rest)).length;
  const payment: PaymentSlot | null =
    methods > 1 ? null : /\bpix\b/.test(rest) ? 'pix' : /\bboleto\b/.test(rest) ? 'boleto' : installments !== null || /\b(cartao|credito|parcel\w*|vezes|prestac\w*)\b/.test(rest) ? 'credit' : null;

  const sizeMatch =
    /\b(?:tamanho|tam|numero|num|n|no|nº|calco|numeracao)\s*(3[3-9]|4[0-8])\b/.exec(rest) ??
    (FOOTWEAR.test(rest) || COLORS.some(([w]) => new RegExp(`\\b(3[3-9]|4[0-8]) ${w}\\b`).test(rest)) ? /\b(3[3-9]|4[0-8])\b/.exec(rest) : null);
  const size = sizeMatch ? sizeMatch[1]! : null;
  if (sizeMatch) rest = rest.replace(sizeMatch[0], ' ');
  const color = COLORS.find(([w]) => new RegExp(`\\b${w}\\b`).test(rest))?.[1] ?? null;

  let sort: Slots['sort'] = null;
  if (/\bmais (barat\w*|em conta|economic\w*|acessivel)|\bmenor (preco|valor)|\bbaratinh\w*|\bbarat[oa]s?\b|\bmenos caro\b/.test(rest)) sort = 'menor-preco';
  else if (/\bmais (car[oa]s?)\b|\bmaior (preco|valor)\b/.test(rest)) sort = 'maior-preco';

  const attributes: Attribute[] = [];
  if (/\b(quanto|preco|valor|custa|custam|sai|fica)\b/.test(rest)) attributes.push('price');
  if (/\b(desconto|promocao|antes|oferta|off|de quanto|preco antigo|baixou|abaixou)\b/.test(rest)) attributes.push('old_price');
  if (/\b(estoque|disponive\w*|unidades|acabou|esgotad\w*|ainda tem|tem ainda|pronta entrega|quantas tem|quantos tem|quantidade|sobrou|restam?)\b/.test(rest)) attributes.push('stock');
  if (/\b(referencia|ref|codigo|codigos|cod|part number|sku)\b/.test(rest)) attributes.push('reference');
  if (/\b(original|originais|montadora|oem|genuin[oa]|fabrica do carro)\b/.test(rest) && attributes.includes('reference')) attributes.push('oem');
  if (/\b(equivalentes?|equivale|equivalem|equivaleria|similar|similares|intercambiave\w*|cruzamento|substitut\w*)\b/.test(rest)) attributes.push('equivalents');
  if (/\b(serve|servem|servir|serviria|compativel|compativeis|compatibilidade|encaixa|cabe)\b/.test(rest)) attributes.push('compatibility');
  if (/\b(cor|cores)\b/.test(rest)) attributes.push('colors');
  if (/\b(tamanhos|numeracao|numeracoes|numeros|tamanho|numero)\b/.test(rest) && !size) attributes.push('sizes');

  // The vehicle: make, model, engine, year (the fitment vocabulary).
  const v = vehicleIn(vocab.fleet, rest);
  const vehicle = v ? { vehicles: v.vehicles, year: v.year, matched: v.matched } : null;
  const afterVehicle = v ? v.rest : rest;
  const words = afterVehicle.split(/[^a-z0-9]+/).filter(Boolean);

  const vehicleType: VehicleType | null = /\b(moto|motos|motocicleta|motoca)\b/.test(rest)
    ? 'motos'
    : /\b(caminhao|caminhoes|carreta|truck)\b/.test(rest)
      ? 'caminhoes'
      : /\b(de|para|do|no) (carro|carros|automovel|automoveis)\b/.test(rest)
        ? 'carros'
        : null;

  // The brand: the longest brand name found in the words.
  let brand: string | null = null;
  const joined = ` ${words.join(' ')} `;
  for (const b of vocab.brands) {
    if (joined.includes(` ${b.tokens.join(' ')} `)) {
      brand = b.name;
      break;
    }
  }
  const brandTokens = new Set(brand ? vocab.brands.find((b) => b.name === brand)!.tokens : []);

  const quantityMatch = /\b([1-9]|1\d|20)\s+(?=([a-z]+))/.exec(afterVehicle);
  let quantity: number | null = null;
  const bought = /\b(?:levar|levo|comprar|compro|pegar|pego|quero|for|fica|ficam|sai|saem|custa|custam)\s+(\d{1,2})\b(?!\s*(?:x|vezes|parcelas|dias|meses|anos|reais|conto|%))/.exec(afterVehicle);
  if (bought && Number(bought[1]) >= 1 && Number(bought[1]) <= 20) quantity = Number(bought[1]);
  if (
    quantity === null &&
    quantityMatch &&
    (kindMatch(quantityMatch[2]!, vocab.kindWords) || /^(unidades?|pecas?|jogos?|pares?|kits?|desse|dessa|desses|dessas|deste|destes)$/.test(quantityMatch[2]!))
  ) {
    quantity = Number(quantityMatch[1]);
  }

  const deictic = words.some((w) => DEICTIC.has(w));
  const productWords = words.filter(
    (w) =>
      !STOP.has(w) &&
      !DEICTIC.has(w) &&
      !COLORS.some(([c]) => c === w) &&
      w !== size &&
      !(quantity !== null && w === String(quantity)) &&
      !['moto', 'motos', 'carro', 'carros', 'caminhao', 'caminhoes', 'meu', 'minha', 'veiculo', 'x'].includes(w) &&
      (w.length > 2 || /\d/.test(w) || vocab.kindWords.has(w)) &&
      // A bare small number says nothing about the product ("parcela em 4?").
      !/^\d{1,2}$/.test(w),
  );
  const mine = /\b(meu|minha|meus|minhas)\b/.test(rest);
  const hasKind = productWords.some((w) => kindMatch(w, vocab.kindWords) || brandTokens.has(w));
  const followUp = deictic || (!hasKind && !brand && !refCode && !vehicle);
  return {
    productWords: productWords.slice(0, 8),
    brand,
    refCode,
    vehicle,
    vehicleType,
    payment,
    installments,
    quantity,
    priceLimitCents: limit,
    sort,
    size,
    color,
    attributes,
    followUp,
    orderNumber,
    mine,
    shipping: /\b(expresso|express|sedex|rapido)\b/.test(rest) ? 'express' : /\b(envio|frete) (padrao|normal|economico)\b|\bpac\b/.test(rest) ? 'standard' : null,
  };
}

/** The text the classifier reads: normalised, with the catalog's own words replaced by their kind. */
export function delexicalise(t: string, vocab: Vocabulary): string {
  let s = t.replace(/\b[a-z]{3}[-\s]?\d{6}[a-z]\b/g, ' _ref ').replace(/#?\b\d{8}\b/g, ' _pedido ');
  s = s.replace(/\b(?:r\s*\$\s*)?\d+(?:[.,]\d+)?\s*(?:reais|conto|contos|pila)\b|r\s*\$\s*\d+(?:[.,]\d+)?/g, ' _valor ');
  s = s.replace(/\b\d{1,2}\s*(?:x|vezes)\b/g, ' _nx ');
  const v = vehicleIn(vocab.fleet, s);
  if (v) s = `${v.rest} _veiculo`;
  const words = s.split(/[^a-z0-9_]+/).filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const b = vocab.brands.find((br) => br.tokens.every((tk, j) => words[i + j] === tk));
    if (b && !STOP.has(words[i]!)) {
      out.push('_marca');
      i += b.tokens.length - 1;
      continue;
    }
    const w = words[i]!;
    if (kindMatch(w, vocab.kindWords) && !STOP.has(w)) out.push('_peca');
    else if (/^\d+$/.test(w)) out.push(/^(19|20)\d\d$/.test(w) ? '_ano' : '_num');
    else out.push(w);
  }
  return out.join(' ');
}

export function understand(text: string, vocab: Vocabulary, classifier: IntentClassifier): Understood {
  const t = normalize(text);
  // A bare "qual?" after a question ("tem código original? qual") belongs to it.
  const pieces = splitParts(t).reduce<string[]>((acc, p) => {
    if (acc.length > 0 && /^(?:e )?(?:qual|quais|qual e|quais sao|qual seria|quais seriam|como|onde)$/.test(p)) acc[acc.length - 1] += ` ${p}`;
    else acc.push(p);
    return acc;
  }, []);
  let parts: Part[] = (pieces.length > 0 ? pieces : [t]).map((p) => {
    const prediction = classifier.predict(delexicalise(p, vocab));
    const intent = (INTENTS as readonly string[]).includes(prediction.intent) ? (prediction.intent as Intent) : 'off_topic';
    return { text: p, intent, confidence: prediction.confidence, slots: extractSlots(p, vocab) };
  });
  // A weak part next to confident ones is a fragment of them ("kkk", "por favor"), not a question.
  const best = Math.max(...parts.map((p) => p.confidence));
  if (parts.length > 1) parts = parts.filter((p) => p.confidence >= Math.min(0.5, best) || PRODUCT_INTENTS.includes(p.intent));
  // "quanto custa e quantos tem do farol do volvo?": a product part with no product borrows its sibling's.
  const named = parts.find((p) => PRODUCT_INTENTS.includes(p.intent) && !p.slots.followUp);
  if (named) {
    parts = parts.map((p) =>
      PRODUCT_INTENTS.includes(p.intent) && p.slots.followUp && p.slots.productWords.length === 0 && !/\b(esse|essa|este|esta|ele|ela|dele|dela|desse|dessa)\b/.test(p.text)
        ? { ...p, slots: { ...p.slots, productWords: named.slots.productWords, brand: named.slots.brand, refCode: named.slots.refCode, vehicle: named.slots.vehicle, followUp: false } }
        : p,
    );
  }
  return { parts: mergeParts(parts), confidence: best };
}

/** Product parts about the same product become one ("da pra parcelar em 5x? qto fica?"); repeated intents one. */
function mergeParts(parts: Part[]): Part[] {
  const out: Part[] = [];
  for (const p of parts) {
    const prev = out.at(-1);
    const bothProduct = prev && PRODUCT_INTENTS.includes(prev.intent) && PRODUCT_INTENTS.includes(p.intent);
    const sameTopic = prev && prev.intent === p.intent && !PRODUCT_INTENTS.includes(p.intent);
    const sameProduct = bothProduct && prev.slots.productWords.join(' ') === p.slots.productWords.join(' ') && prev.slots.refCode === p.slots.refCode;
    if (prev && (sameTopic || (bothProduct && (p.slots.followUp || sameProduct)))) {
      const a = prev.slots;
      const b = p.slots;
      const rank = (i: Intent) => ['product_search', 'product_price', 'product_stock', 'product_details', 'product_payment', 'fitment'].indexOf(i);
      out[out.length - 1] = {
        text: `${prev.text}; ${p.text}`,
        intent: rank(p.intent) > rank(prev.intent) ? p.intent : prev.intent,
        confidence: Math.max(prev.confidence, p.confidence),
        slots: {
          ...a,
          payment: a.payment ?? b.payment,
          installments: a.installments ?? b.installments,
          // "calibrador de pneu digital, qual o mais em conta?": the order and the limit asked in either part.
          sort: a.sort ?? b.sort,
          priceLimitCents: a.priceLimitCents ?? b.priceLimitCents,
          quantity: a.quantity ?? b.quantity,
          attributes: [...new Set([...a.attributes, ...b.attributes])],
          orderNumber: a.orderNumber ?? b.orderNumber,
        },
      };
    } else out.push(p);
  }
  return out;
}
