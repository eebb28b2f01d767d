// The demo catalog's part numbers and specifications: OEM numbers in each carmaker's usual shape and
// equivalents of other brands, with invented digits (no real catalogue is copied), and a specifications
// table by kind of part (side, position, dimensions, voltage, viscosity, thread…) plus weight and box size.
// Uses its own random stream, so adding it changed no title, price or stock of the catalog.
import type { CategorySlug, VehicleType } from '../taxonomy.ts';
import { createRandom } from './random.ts';
import type { Random } from './random.ts';
import { typicalPackage, weightText } from '../package-sizes.ts';
import type { PackageSize } from '../package-sizes.ts';

export interface PartData {
  oemCodes: string[];
  equivalentCodes: string[];
  specs: { label: string; value: string }[];
  /** Boxed weight and size, what carriers price on (the specs table shows the same values). */
  package: PackageSize;
}

export interface PartContext {
  index: number;
  seed: number;
  category: CategorySlug;
  kind: string;
  brand: string;
  brands: readonly string[];
  vehicleType: VehicleType;
  /** "VW Gol 1.0"; null for universal kinds. */
  vehicle: string | null;
  universal: boolean;
  sizes?: string[];
}

const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const digits = (r: Random, n: number) => Array.from({ length: n }, () => String(r.int(0, 9))).join('');
const letters = (r: Random, n: number) => Array.from({ length: n }, () => LETTERS[r.int(0, LETTERS.length - 1)]).join('');
const alnum = (r: Random, n: number) => Array.from({ length: n }, () => (r.chance(0.3) ? letters(r, 1) : digits(r, 1))).join('');

/** Each carmaker's usual shape of a part number, filled with invented characters. */
const OEM_SHAPES: Record<string, (r: Random) => string> = {
  VW: (r) => `${digits(r, 1)}${letters(r, 1)}${digits(r, 1)} ${digits(r, 3)} ${digits(r, 3)}${r.chance(0.5) ? ` ${letters(r, 1)}` : ''}`,
  Fiat: (r) => `5${digits(r, 7)}`,
  Chevrolet: (r) => `9${digits(r, 7)}`,
  Hyundai: (r) => `${digits(r, 5)}-${digits(r, 1)}${letters(r, 2)}${digits(r, 2)}`,
  Toyota: (r) => `${digits(r, 5)}-${digits(r, 1)}${letters(r, 1)}${digits(r, 3)}`,
  Honda: (r) => `${digits(r, 5)}-${letters(r, 3)}-${letters(r, 1)}${digits(r, 2)}`,
  Ford: (r) => `${letters(r, 2)}${digits(r, 2)}-${digits(r, 4)}-${letters(r, 2)}`,
  Renault: (r) => `${digits(r, 9)}R`,
  Jeep: (r) => `${digits(r, 8)}AA`,
  Volvo: (r) => `3${digits(r, 7)}`,
  Yamaha: (r) => `${alnum(r, 3)}-${letters(r, 1)}${digits(r, 4)}-00`,
  Scania: (r) => digits(r, 7),
  'Mercedes-Benz': (r) => `A ${digits(r, 3)} ${digits(r, 3)} ${digits(r, 2)} ${digits(r, 2)}`,
};

/** Each parts brand's usual shape of a catalogue number. */
const BRAND_SHAPES: Record<string, (r: Random) => string> = {
  Bosch: (r) => `0 986 ${alnum(r, 3)} ${digits(r, 3)}`,
  TRW: (r) => `GDB${digits(r, 4)}`,
  Cobreq: (r) => `N-${digits(r, 4)}`,
  'Fras-le': (r) => `PD/${digits(r, 4)}`,
  Jurid: (r) => `HQJ-${digits(r, 4)}`,
  Syl: (r) => `${digits(r, 4)}-C`,
  Fremax: (r) => `BD-${digits(r, 4)}`,
  Monroe: (r) => `SP${digits(r, 4)}`,
  Cofap: (r) => `GB${digits(r, 5)}`,
  Nakata: (r) => `HG ${digits(r, 5)}`,
  Mahle: (r) => `OC ${digits(r, 3)}`,
  Tecfil: (r) => `PSL${digits(r, 3)}`,
  'Mann-Filter': (r) => `W ${digits(r, 3)}/${digits(r, 1)}`,
  Fram: (r) => `PH${digits(r, 4)}`,
  Wega: (r) => `WO-${digits(r, 3)}`,
  NGK: (r) => `BKR${digits(r, 1)}E-${digits(r, 2)}`,
  Denso: (r) => `K${digits(r, 2)}PR-U${digits(r, 2)}`,
  Gates: (r) => `${digits(r, 3)}SP${digits(r, 3)}`,
  Dayco: (r) => `${digits(r, 3)}SHP${digits(r, 3)}`,
  'Magneti Marelli': (r) => `${digits(r, 6)}${letters(r, 1)}`,
  Arteb: (r) => `0${digits(r, 6)}`,
  Hella: (r) => `1EL ${digits(r, 3)} ${digits(r, 3)}-${digits(r, 3)}`,
  Moura: (r) => `M${digits(r, 2)}${letters(r, 2)}`,
  Heliar: (r) => `HF${digits(r, 2)}${letters(r, 2)}`,
  Philips: (r) => `12${digits(r, 3)}PR`,
  Osram: (r) => `64${digits(r, 3)}`,
};

function brandCode(r: Random, brand: string): string {
  const shape = BRAND_SHAPES[brand];
  if (shape) return shape(r);
  const prefix = brand
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 2)
    .toUpperCase();
  return `${prefix}-${digits(r, 5)}`;
}

const MAKES = Object.keys(OEM_SHAPES);
function makeOf(vehicle: string): string | null {
  return MAKES.find((m) => vehicle.startsWith(`${m} `)) ?? null;
}

const n = (value: number, decimals = 0) => value.toLocaleString('pt-BR', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

function positionSpecs(kind: string): { label: string; value: string }[] {
  const out: { label: string; value: string }[] = [];
  if (/Dianteir/.test(kind)) out.push({ label: 'Posição', value: 'Dianteiro' });
  else if (/Traseir/.test(kind)) out.push({ label: 'Posição', value: 'Traseiro' });
  if (/Esquerd/.test(kind)) out.push({ label: 'Lado', value: 'Esquerdo (motorista)' });
  else if (/Direit/.test(kind)) out.push({ label: 'Lado', value: 'Direito (passageiro)' });
  return out;
}

/** The rows that matter for each kind of part. */
function kindSpecs(r: Random, c: PartContext): { label: string; value: string }[] {
  const k = c.kind;
  const moto = c.vehicleType === 'motos';
  const truck = c.vehicleType === 'caminhoes';
  if (/^Pastilhas/.test(k))
    return [
      ...positionSpecs(k).map((s) => (s.label === 'Posição' ? { ...s, value: s.value.replace(/o$/, 'a') } : s)),
      { label: 'Lado', value: 'Ambos (jogo para o eixo)' },
      { label: 'Material', value: r.pick(['Cerâmica', 'Semimetálica', 'Orgânica']) },
      { label: 'Espessura', value: `${n(r.int(14, 19) + (moto ? -7 : 0))} mm` },
      { label: 'Sensor de desgaste', value: r.chance(0.5) ? 'Sim' : 'Não' },
      { label: 'Peças no jogo', value: moto ? '2' : '4' },
    ];
  if (/^Disco de Freio/.test(k))
    return [
      { label: 'Posição', value: 'Dianteiro' },
      { label: 'Tipo', value: /Ventilado/.test(k) ? 'Ventilado' : 'Sólido' },
      { label: 'Diâmetro', value: `${r.int(moto ? 220 : 239, moto ? 300 : truck ? 430 : 300)} mm` },
      { label: 'Espessura', value: `${moto ? r.int(4, 5) : r.int(12, 28)} mm` },
      { label: 'Furos de fixação', value: String(moto ? 6 : r.pick([4, 5])) },
      { label: 'Quantidade', value: moto ? '1 unidade' : 'Par' },
    ];
  if (/^Amortecedor/.test(k))
    return [
      ...positionSpecs(k),
      { label: 'Lado', value: 'Esquerdo ou direito (vendido por unidade)' },
      { label: 'Tipo', value: r.pick(['Pressurizado a gás', 'Hidráulico']) },
      { label: 'Comprimento estendido', value: `${r.int(moto ? 300 : 480, moto ? 380 : 620)} mm` },
      { label: 'Comprimento comprimido', value: `${r.int(moto ? 230 : 320, moto ? 290 : 410)} mm` },
    ];
  if (/^Farol|^Lanterna|^Pisca/.test(k))
    return [
      ...(positionSpecs(k).length > 0 ? positionSpecs(k) : [{ label: 'Posição', value: /Lanterna/.test(k) ? 'Traseira' : 'Dianteira' }]),
      { label: 'Lâmpada', value: /LED/.test(k) || /Lanterna/.test(k) ? 'LED (inclusa)' : r.pick(['H4', 'H7', 'H4 + H1']) },
      { label: 'Tensão', value: truck ? '24 V' : '12 V' },
      ...(/^Farol Dianteiro/.test(k) ? [{ label: 'Regulagem de altura', value: r.pick(['Elétrica', 'Manual']) }] : []),
      { label: 'Lente', value: 'Policarbonato com proteção UV' },
    ];
  if (/^Lâmpada (H\d)/.test(k)) {
    const type = /H\d/.exec(k)![0];
    return [
      { label: 'Tipo', value: type },
      { label: 'Potência', value: type === 'H4' ? '60/55 W' : '55 W' },
      { label: 'Tensão', value: '12 V' },
      { label: 'Quantidade', value: 'Par' },
    ];
  }
  if (/^Bateria/.test(k)) {
    const ah = Number(/(\d+)Ah/.exec(k)?.[1] ?? 60);
    const motoBattery = /Moto/.test(k);
    return [
      { label: 'Tensão', value: truck ? '12 V (usar em par para 24 V)' : '12 V' },
      { label: 'Capacidade', value: `${ah} Ah` },
      { label: 'Corrente de partida a frio (CCA)', value: `${motoBattery ? ah * 10 : Math.round(ah * 6.5 + r.int(0, 40))} A` },
      { label: 'Polo positivo', value: r.pick(['Direito', 'Esquerdo']) },
      { label: 'Tecnologia', value: motoBattery ? 'AGM selada' : r.pick(['Chumbo-cálcio selada', 'EFB (start-stop)']) },
    ];
  }
  if (/^Óleo de Motor/.test(k))
    return [
      { label: 'Viscosidade', value: /(\d+W\d+)/.exec(k)?.[1] ?? '5W30' },
      { label: 'Base', value: /Sintético/.test(k) ? 'Sintético' : 'Semissintético' },
      { label: 'Especificação', value: moto ? 'API SL, JASO MA2' : 'API SP, ILSAC GF-6' },
      { label: 'Volume', value: '1 L' },
    ];
  if (/^Vela de Ignição/.test(k))
    return [
      { label: 'Rosca', value: moto ? 'M10 × 1,0' : 'M14 × 1,25' },
      { label: 'Alcance da rosca', value: `${moto ? 19 : r.pick([19, 26])} mm` },
      { label: 'Chave', value: `${moto ? 16 : r.pick([16, 21])} mm` },
      { label: 'Eletrodo', value: r.pick(['Irídio', 'Platina', 'Níquel']) },
      { label: 'Folga do eletrodo', value: `${n(r.pick([0.7, 0.8, 0.9, 1.1]), 1)} mm` },
      { label: 'Quantidade', value: moto ? '1 unidade' : 'Jogo de 4' },
    ];
  if (/^Filtro de Óleo/.test(k))
    return [
      { label: 'Rosca', value: r.pick(['3/4"-16 UNF', 'M20 × 1,5', 'M22 × 1,5']) },
      { label: 'Altura', value: `${r.int(60, truck ? 260 : 120)} mm` },
      { label: 'Diâmetro externo', value: `${r.int(65, truck ? 118 : 95)} mm` },
      { label: 'Válvula antirretorno', value: 'Sim' },
    ];
  if (/^Filtro/.test(k) || /^Kit Filtros/.test(k))
    return [
      { label: 'Tipo', value: k.replace(/^Filtro de /, '') },
      { label: 'Elemento filtrante', value: /Cabine/.test(k) ? 'Carvão ativado' : 'Celulose' },
      { label: 'Comprimento', value: `${r.int(150, 320)} mm` },
      { label: 'Largura', value: `${r.int(90, 240)} mm` },
    ];
  if (/^Correia|^Kit Correia/.test(k))
    return [
      { label: 'Número de dentes', value: String(r.int(98, 141)) },
      { label: 'Largura', value: `${r.pick([17, 19, 22, 25])} mm` },
      { label: 'Material', value: 'Borracha HNBR' },
      { label: 'Troca recomendada', value: `${n(r.pick([50000, 60000, 80000]))} km` },
    ];
  if (/^Alternador|^Motor de Partida|^Bobina|^Bomba de Combustível|^Bico Injetor|^Sonda/.test(k))
    return [
      { label: 'Tensão', value: truck ? '24 V' : '12 V' },
      ...(/^Alternador/.test(k) ? [{ label: 'Corrente', value: `${r.pick([70, 90, 120, 150])} A` }] : []),
      ...(/^Motor de Partida/.test(k) ? [{ label: 'Potência', value: `${n(r.pick([0.9, 1.1, 1.4, 4.0]), 1)} kW` }] : []),
      ...(/^Sonda/.test(k) ? [{ label: 'Fios', value: '4' }] : []),
      { label: 'Conector', value: `${r.int(2, 4)} pinos` },
    ];
  if (/^Kit Embreagem/.test(k))
    return [
      { label: 'Diâmetro do disco', value: `${r.int(moto ? 110 : 190, moto ? 140 : truck ? 430 : 240)} mm` },
      { label: 'Estrias', value: String(r.int(18, 28)) },
      { label: 'Itens', value: moto ? 'Discos e separadores' : 'Platô, disco e rolamento' },
    ];
  if (/^Pneu/.test(k)) return [];
  return positionSpecs(k);
}

/** Weight and box size, what freight is charged on. */
function shippingSpecs(box: PackageSize): { label: string; value: string }[] {
  return [
    { label: 'Peso', value: weightText(box.weightGrams) },
    { label: 'Dimensões da embalagem (C × L × A)', value: `${box.lengthCm} × ${box.widthCm} × ${box.heightCm} cm` },
  ];
}

function footwearSpecs(r: Random, c: PartContext, box: PackageSize): { label: string; value: string }[] {
  const sizes = c.sizes ?? [];
  return [
    { label: 'Cabedal', value: /Couro/.test(c.kind) ? 'Couro legítimo' : r.pick(['Couro legítimo', 'Microfibra e tecido respirável', 'Couro com proteções em TPU']) },
    { label: 'Solado', value: /Segurança/.test(c.kind) ? 'PU bidensidade antiderrapante' : 'Borracha antiderrapante' },
    { label: 'Forração', value: r.pick(['Tecido respirável', 'Couro', 'Tecido acolchoado']) },
    ...(sizes.length > 0 ? [{ label: 'Numeração', value: `${sizes[0]} a ${sizes[sizes.length - 1]} (forma normal)` }] : []),
    { label: 'Peso do par', value: weightText(box.weightGrams) },
    { label: 'Dimensões da caixa (C × L × A)', value: `${box.lengthCm} × ${box.widthCm} × ${box.heightCm} cm` },
  ];
}

/** Part numbers and the specifications table of one demo product. */
export function partData(c: PartContext): PartData {
  const r = createRandom(c.seed * 7_000_009 + c.index * 31 + 17);
  if (c.category === 'calcados') {
    const box = typicalPackage('Bota', 'carros', (c.index % 10) / 10);
    return { oemCodes: [], equivalentCodes: [], specs: footwearSpecs(r, c, box), package: box };
  }
  const make = c.vehicle ? makeOf(c.vehicle) : null;
  const oemCodes = make && !c.universal && c.category !== 'acessorios' ? Array.from({ length: r.chance(0.3) ? 2 : 1 }, () => OEM_SHAPES[make]!(r)) : [];
  const others = c.brands.filter((b) => b !== c.brand);
  const wantsEquivalents = !/^Óleo|^Capa|^Suporte|^Calibrador|^Baú|^Kit Ferramentas|^Jogo de Tapetes/.test(c.kind);
  const equivalentCodes = wantsEquivalents
    ? others
        .filter(() => r.chance(0.7))
        .slice(0, 3)
        .map((b) => `${b} ${brandCode(r, b)}`)
    : [];
  const specs = kindSpecs(r, c);
  const box = typicalPackage(c.kind, c.vehicleType, r.int(0, 99) / 100);
  return { oemCodes: [...new Set(oemCodes)], equivalentCodes, specs: [...specs, ...shippingSpecs(box)], package: box };
}
