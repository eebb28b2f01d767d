// OlimpIA's fitment answers ("serve no meu Onix 2020?", "essa pastilha serve no gol 2015?"), read from the
// same fitment data as the pages: the product's fitment rows and universal markings, never a guess. When the
// vehicle or the product is not known, the answer says so and asks.
import type { Db } from '#src/db/client.server.ts';
import { parseCatalogQuery } from '../catalog/query.ts';
import { getProduct } from '../catalog/products.server.ts';
import type { ProductSummary } from '../catalog/types.ts';
import { loadFleet } from '../fitment/fleet.server.ts';
import type { GarageEntry } from '../fitment/repository.server.ts';
import { productFitment } from '../fitment/repository.server.ts';
import { choiceLabel, compatibilityTable, verdict } from '../fitment/rules.ts';
import type { ProductFitment, VehicleChoice } from '../fitment/rules.ts';
import { searchWithFitment } from '../fitment/search.server.ts';
import { shortLabel, yearsText } from '../fitment/vehicles.ts';
import type { Vehicle } from '../fitment/vehicles.ts';
import type { VehicleType } from '../catalog/taxonomy.ts';
import { parseVehicleWords } from '../fitment/words.ts';
import { formatBRL } from '../pricing/money.ts';
import { fold, hasAny, tokens } from './text.ts';
import { vehicleIn } from './vehicle-names.ts';

/** Words that ask whether a part fits (removed from the product words). */
const FIT_WORDS = ['serve', 'servem', 'servir', 'serviria', 'compativel', 'compativeis', 'compatibilidade', 'encaixa', 'encaixar', 'cabe', 'funciona', 'funcionaria', 'certo', 'vai'];
const MY_VEHICLE = ['meu carro', 'minha moto', 'meu veiculo', 'meu caminhao', 'minha caminhonete', 'meu carrinho'];

export interface FitmentReply {
  resposta: string;
  produtos: ProductSummary[];
}

export interface FitmentDeps {
  db: Db;
  garage: GarageEntry | null;
  /** The product under discussion (the first one the conversation found), if any. */
  contextProduct: () => Promise<ProductSummary | null>;
  /** The product words of a text (the engine's stop words removed). */
  productTerms: (text: string) => Promise<string[]>;
  /** The first product a text finds, as a product question would. */
  findProduct: (text: string) => Promise<ProductSummary | null>;
  /** The product a part number in the question names ("a peça BOS-413326L serve no…"), if any. */
  codedProduct?: () => Promise<ProductSummary | null>;
}

const joinPt = (list: string[]) => (list.length <= 1 ? list.join('') : `${list.slice(0, -1).join(', ')} e ${list.at(-1)}`);

// "isso dá no fh 540?" asks the same, but "quanto dá no pix?" does not.
const FIT_PATTERN =
  /\b(serve|servem|servir|serviria|compativel|compativeis|compatibilidade|encaixa|encaixar|cabe|funciona|funcionaria|da certo|vai no|vai na|da (?:no|na|em) (?!pix|boleto|cartao|credito|debito|total|mesmo|mesma)[a-z])/;

/** Does the question ask whether something fits? Exact words only: "não serviu" is a return, not this. */
export function asksFitment(text: string): boolean {
  return FIT_PATTERN.test(` ${tokens(text).join(' ')} `);
}

/** The text after the fit word ("o farol do c70 serve no gol 2015" → "no gol 2015"): where the target vehicle is named. */
function splitAtFitWord(text: string): { before: string; after: string } {
  const words = text.split(/\s+/);
  const i = words.findIndex((w) => /^(serve|servem|servir|serviria|compat[ií]ve(l|is)|encaixa|encaixar|cabe|funciona|funcionaria)\b/i.test(fold(w).replace(/[^a-z]/g, '')));
  if (i < 0) return { before: text, after: '' };
  return { before: words.slice(0, i).join(' '), after: words.slice(i + 1).join(' ') };
}

/** "Gol 1.0 (2014–2016) e 1.6 (2013–2016)": the versions of a choice a product fits, by engine. */
function fittingEngines(rows: { vehicle: Vehicle; yearFrom: number; yearTo: number }[]): string {
  const byEngine = new Map<string, { model: string; engine: string; from: number; to: number }>();
  for (const r of rows) {
    const key = `${r.vehicle.model}|${r.vehicle.engine}`;
    const e = byEngine.get(key);
    if (e) {
      e.from = Math.min(e.from, r.yearFrom);
      e.to = Math.max(e.to, r.yearTo);
    } else byEngine.set(key, { model: r.vehicle.model, engine: r.vehicle.engine, from: r.yearFrom, to: r.yearTo });
  }
  return joinPt([...byEngine.values()].map((e) => `${shortLabel(e)} (${yearsText(e.from, e.to)})`));
}

function productLine(p: ProductSummary): string {
  return `• ${p.title}: ${formatBRL(p.priceCents)}${p.stock <= 0 ? ', esgotado no momento' : ''}.`;
}

/** Products of some words that fit a choice (the ones made for it before universal ones). */
async function fittingProducts(db: Db, terms: string[], choice: VehicleChoice, limit = 3): Promise<ProductSummary[]> {
  const parsed = parseCatalogQuery(new URLSearchParams({ q: terms.join(' ').slice(0, 120) }), { maxPageSize: 24, defaultPageSize: 12 });
  if (!parsed.ok) return [];
  const result = await searchWithFitment(db, parsed.query, { choice });
  return result.ok ? result.result.items.slice(0, limit) : [];
}

const TYPE_WORDS: [RegExp, VehicleType][] = [
  [/\b(motos?|motocicletas?|motoca)\b/, 'motos'],
  [/\b(caminhao|caminhoes|carreta|truck)\b/, 'caminhoes'],
  [/\b(carros?|automove(l|is))\b/, 'carros'],
];
const TYPE_NAME: Record<VehicleType, string> = { motos: 'motos', caminhoes: 'caminhões', carros: 'carros' };

/** The first vehicle type the words name ("serve em moto tb ou só carro?" → motos). */
function typeAsked(text: string): VehicleType | null {
  const t = fold(text);
  const found = TYPE_WORDS.map(([re, type]) => ({ at: t.search(re), type })).filter((x) => x.at >= 0);
  return found.sort((a, b) => a.at - b.at)[0]?.type ?? null;
}

/** Whether a product serves a vehicle type: universal for it, or fitted to vehicles of that type. */
function byType(fitment: ProductFitment, product: ProductSummary, type: VehicleType): FitmentReply | null {
  const universal = fitment.universalTypes.map((x) => TYPE_NAME[x]);
  if (fitment.universalTypes.includes(type)) return { resposta: `Sim! O item ${product.title} é universal para ${joinPt(universal)}.`, produtos: [product] };
  const ofType = compatibilityTable(fitment.rows.filter((r) => r.vehicle.type === type));
  if (ofType.length > 0) return { resposta: `Sim, o item ${product.title} serve em ${TYPE_NAME[type]}: ${joinPt([...new Set(ofType.map((l) => l.vehicle))].slice(0, 4))}.`, produtos: [product] };
  const types = [...new Set([...fitment.universalTypes, ...fitment.rows.map((r) => r.vehicle.type)])].map((x) => TYPE_NAME[x]);
  // No fitment at all: nothing to say yes or no from.
  if (types.length === 0) return null;
  return { resposta: `Não: o item ${product.title} não é indicado para ${TYPE_NAME[type]}. Ele é para ${joinPt(types)}.`, produtos: [product] };
}

/**
 * Answers a fitment question, or returns null when the text is not one (the engine then answers as usual).
 * The vehicle comes from the words after "serve" ("… serve no gol 2015"), else anywhere in the text, else
 * the shopper's garage when they say "meu carro". The product is the one the question names, else the one
 * under discussion.
 */
export async function answerFitment(text: string, deps: FitmentDeps): Promise<FitmentReply | null> {
  if (!asksFitment(text)) return null;
  const fleet = await loadFleet(deps.db);
  const { before, after } = splitAtFitWord(text);
  // Short model names count too ("serve no meu ka 2021?"): the fleet's own model words (vehicle-names.ts).
  const words = (after ? vehicleIn(fleet, after) : null) ?? vehicleIn(fleet, text);
  const t = tokens(text);
  const saysMine = hasAny(text, t, MY_VEHICLE) || /\b(meu|minha)\b/.test(fold(after));
  let choice: VehicleChoice | null = words ? { vehicles: words.vehicles, year: words.year } : null;
  if (!choice && saysMine && deps.garage) choice = { vehicles: [deps.garage.vehicle], year: deps.garage.year };

  // The product: named before the fit word, or the one under discussion. A product named with its own
  // vehicle ("o farol do volvo c70 serve no gol?") is that product; a kind alone ("filtro de óleo serve no
  // onix?") asks for the ones that fit.
  const targetInAfter = Boolean(after && words && vehicleIn(fleet, after));
  const productText = targetInAfter ? before : (words?.rest ?? text);
  const ownVehicle = targetInAfter && vehicleIn(fleet, before) !== null;
  const terms = (await deps.productTerms(productText)).filter((w) => !FIT_WORDS.includes(w) && !['essa', 'esse', 'este', 'esta', 'isso', 'peca'].includes(w));
  const context = await deps.contextProduct();
  const named = terms.length > 0 ? terms : null;
  // "essa pastilha" with a pastilha under discussion means that product.
  const contextMatches = context && named && named.every((w) => tokens(context.title).some((tw) => tw.startsWith(w.slice(0, Math.max(3, w.length - 2)))));
  // A part number in the question names the product outright ("o código NGK-942089L serve no celta?").
  let product = (await deps.codedProduct?.()) ?? (contextMatches || (!named && context) ? context : null);
  if (!product && named && ownVehicle) product = (await deps.findProduct(productText)) ?? null;

  // "essa lâmpada serve em moto?", "serve pra caminhão?": a vehicle type, answered from the product's own fitment.
  const type = !choice && product ? typeAsked(after || text) : null;
  const typed = type && product ? byType(await productFitment(deps.db, product.id), product, type) : null;
  if (typed) return typed;
  if (!choice) {
    // A fit question with no vehicle we know: never guess. Words after "serve" are a vehicle we do not
    // know ("serve no meu fusca?"); with no product and no vehicle at all it is not a fit question.
    const afterTerms = after ? (await deps.productTerms(after)).filter((w) => !['carro', 'moto', 'veiculo', 'caminhao', 'caminhonete', 'carrinho'].includes(w)) : [];
    if (!saysMine && !(afterTerms.length > 0 && (context || named))) return null;
    const hint =
      saysMine && afterTerms.length === 0
        ? 'Ainda não sei qual é o seu veículo. Escolha em "Qual é o seu veículo?", no topo do site, ou diga marca, modelo e ano, por exemplo: "serve no Gol 2015?".'
        : 'Não encontrei esse veículo no nosso catálogo de compatibilidade, então não posso confirmar se serve. Diga marca, modelo e ano, por exemplo: "serve no Gol 2015?".';
    return { resposta: hint, produtos: product ? [product] : [] };
  }
  const label = choiceLabel(choice);
  const seu = saysMine ? 'seu ' : '';

  if (product) {
    const fitment = await productFitment(deps.db, product.id);
    const v = verdict(fitment, choice);
    if (v.fits && v.how === 'universal') {
      return { resposta: `Sim! O item ${product.title} é uma peça universal e serve no ${seu}${label}.`, produtos: [product] };
    }
    if (v.fits) {
      // Which of the chosen versions it fits, and which it does not (a year can have several engines).
      const fitIds = new Set(v.rows.map((r) => r.vehicle.id));
      const missing = choice.vehicles.filter((x) => !fitIds.has(x.id) && (choice!.year === null || (x.yearFrom <= choice!.year && choice!.year <= x.yearTo)));
      const missingEngines = [...new Set(missing.map((x) => x.engine))].filter((e) => !v.rows.some((r) => r.vehicle.engine === e));
      const but = missingEngines.length > 0 ? ` Não serve no ${choice.vehicles[0]!.model} ${joinPt(missingEngines)}.` : '';
      // Without a year, say which years; with one, the engines it fits when the model has several.
      const which = choice.year === null ? `: ${fittingEngines(v.rows)}` : but ? ` ${joinPt([...new Set(v.rows.map((r) => r.vehicle.engine))])}` : '';
      return {
        resposta: `Sim! O item ${product.title} serve no ${seu}${label}${which}.${but}`,
        produtos: [product],
      };
    }
    const lines = compatibilityTable(fitment.rows);
    const where =
      lines.length > 0
        ? ` Ele é compatível com ${joinPt([...new Set(lines.map((l) => l.vehicle))].slice(0, 4))}${v.sameModelRows.length > 0 ? `, e no mesmo modelo com ${fittingEngines(v.sameModelRows)}` : ''}.`
        : fitment.universalTypes.length > 0
          ? ` Ele é universal para ${joinPt(fitment.universalTypes.map((x) => x.replace('caminhoes', 'caminhões')))}.`
          : '';
    const detail = await getProduct(deps.db, product.id);
    const kindWords = await deps.productTerms(detail?.kind ?? product.title.split(' ').slice(0, 3).join(' '));
    const alternatives = kindWords.length > 0 ? await fittingProducts(deps.db, kindWords.slice(0, 4), choice) : [];
    const alt = alternatives.length > 0 ? `\nPara o ${seu}${label}, estas servem:\n${alternatives.map(productLine).join('\n')}` : '';
    return { resposta: `Não. O item ${product.title} não serve no ${seu}${label}.${where}${alt}`, produtos: [product, ...alternatives] };
  }

  if (named) {
    const found = await fittingProducts(deps.db, named, choice);
    if (found.length === 0) {
      return { resposta: `Não encontrei "${named.join(' ')}" que sirva no ${seu}${label}. Tente outro termo ou veja a lista com o seu veículo escolhido em "Qual é o seu veículo?".`, produtos: [] };
    }
    return { resposta: `Sim, para o ${seu}${label} estas servem:\n${found.map(productLine).join('\n')}`, produtos: found };
  }

  return {
    resposta: `Qual peça você procura para o ${seu}${label}? Por exemplo: "pastilha de freio para ${choiceLabel(choice)}". Você também pode escolher o veículo em "Qual é o seu veículo?", no topo do site, e a loja mostra só as peças que servem nele.`,
    produtos: [],
  };
}

/**
 * The facts behind a fitment answer, for the language-model path's tool: whether a product serves a vehicle
 * named in words ("onix 2020") or the shopper's garage vehicle, and the vehicles it is compatible with.
 */
export async function fitmentFacts(db: Db, productId: number, vehicleText: string | undefined, garage: GarageEntry | null) {
  const product = await getProduct(db, productId);
  if (!product) return { erro: 'Produto não encontrado.' };
  const fitment = await productFitment(db, productId);
  const compativelCom = compatibilityTable(fitment.rows)
    .slice(0, 15)
    .map((l) => `${l.vehicle} ${l.version} (${l.years})`);
  const words = vehicleText ? parseVehicleWords(await loadFleet(db), vehicleText) : null;
  const choice: VehicleChoice | null = words ? { vehicles: words.vehicles, year: words.year } : garage ? { vehicles: [garage.vehicle], year: garage.year } : null;
  const base = { produto: product.title, universalPara: fitment.universalTypes, compativelCom };
  if (!choice) return { ...base, veiculo: null, aviso: vehicleText ? 'Veículo não reconhecido: não confirme a compatibilidade.' : 'Nenhum veículo informado.' };
  const v = verdict(fitment, choice);
  return { ...base, veiculo: choiceLabel(choice, 'full'), serve: v.fits, como: v.fits ? (v.how === 'universal' ? 'peça universal' : 'compatível com a versão') : null };
}
