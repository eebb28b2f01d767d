// Generates the demo catalog: realistic Portuguese auto-parts and footwear listings, deterministic for a
// given seed so tests can rely on it. Product 1 is always the spec's sample (Farol Volvo C70).
import { ART_ANGLES, ART_COLORS, ART_SIZE, artColorForName, artPath } from '../art.ts';
import type { ArtCategory } from '../art.ts';
import { slugify } from '../taxonomy.ts';
import type { CategorySlug, Condition, VehicleType } from '../taxonomy.ts';
import { store } from '#src/config/store.ts';
import { createRandom } from './random.ts';
import type { Random } from './random.ts';
import { partData } from './parts.ts';

export interface SeedImage {
  url: string;
  alt: string;
  width: number;
  height: number;
}

export interface SeedProduct {
  slug: string;
  title: string;
  description: string;
  kind: string;
  brand: string;
  brandSlug: string;
  category: CategorySlug;
  vehicleType: VehicleType;
  condition: Condition;
  refCode: string;
  oemCodes: string[];
  equivalentCodes: string[];
  specs: { label: string; value: string }[];
  /** Boxed weight (g) and size (cm): what carriers price on. */
  package: { weightGrams: number; heightCm: number; widthCm: number; lengthCm: number };
  oldPriceCents: number | null;
  priceCents: number;
  onSale: boolean;
  discountPercent: number;
  stock: number;
  popularity: number;
  createdAt: Date;
  images: SeedImage[];
  variants: { color: string; size: string; stock: number }[];
}

/** The vehicles product titles name ("VW Gol 1.0 2008-2013"); the fitment seed reads them back from titles. */
export const VEHICLES: Record<VehicleType, { name: string; years: [number, number] }[]> = {
  carros: [
    { name: 'VW Gol 1.0', years: [2008, 2023] },
    { name: 'VW Polo 1.6', years: [2018, 2025] },
    { name: 'Fiat Uno 1.0', years: [2010, 2021] },
    { name: 'Fiat Strada 1.4', years: [2013, 2025] },
    { name: 'Fiat Palio 1.0', years: [2005, 2017] },
    { name: 'Chevrolet Onix 1.0', years: [2013, 2025] },
    { name: 'Chevrolet Celta 1.0', years: [2003, 2015] },
    { name: 'Hyundai HB20 1.0', years: [2012, 2025] },
    { name: 'Toyota Corolla 2.0', years: [2015, 2025] },
    { name: 'Toyota Hilux 2.8 Diesel', years: [2016, 2025] },
    { name: 'Honda Civic 2.0', years: [2012, 2021] },
    { name: 'Ford Ka 1.0', years: [2015, 2021] },
    { name: 'Renault Sandero 1.6', years: [2012, 2022] },
    { name: 'Jeep Compass 2.0', years: [2017, 2025] },
    { name: 'Volvo C70 2.5', years: [2006, 2013] },
  ],
  motos: [
    { name: 'Honda CG 160', years: [2016, 2025] },
    { name: 'Honda Biz 125', years: [2011, 2025] },
    { name: 'Yamaha Fazer 250', years: [2011, 2024] },
    { name: 'Honda CB 300', years: [2010, 2025] },
    { name: 'Yamaha Factor 150', years: [2016, 2025] },
    { name: 'Honda XRE 300', years: [2010, 2025] },
  ],
  caminhoes: [
    { name: 'Scania R 450', years: [2013, 2025] },
    { name: 'VW Constellation 24.280', years: [2012, 2025] },
    { name: 'Mercedes-Benz Axor 2544', years: [2010, 2022] },
    { name: 'Volvo FH 540', years: [2014, 2025] },
    { name: 'Ford Cargo 1319', years: [2012, 2022] },
  ],
};

interface Kind {
  name: string;
  vehicles: VehicleType[];
  price: [number, number]; // reais
  brands: string[];
  detail: string[];
  universal?: boolean;
  weight?: number;
}

const CATALOG: Record<CategorySlug, Kind[]> = {
  freios: [
    {
      name: 'Pastilhas de Freio Dianteiras',
      vehicles: ['carros', 'motos'],
      price: [69, 289],
      brands: ['Bosch', 'TRW', 'Cobreq', 'Fras-le', 'Jurid', 'Syl'],
      detail: ['Composto cerâmico de baixo ruído e baixa emissão de pó.', 'Acompanha sensor de desgaste e kit de fixação.'],
      weight: 3,
    },
    {
      name: 'Pastilhas de Freio Traseiras',
      vehicles: ['carros', 'motos'],
      price: [59, 249],
      brands: ['Bosch', 'TRW', 'Cobreq', 'Fras-le'],
      detail: ['Composto semimetálico para uso urbano e rodoviário.'],
    },
    {
      name: 'Disco de Freio Ventilado',
      vehicles: ['carros', 'caminhoes'],
      price: [139, 689],
      brands: ['Fremax', 'TRW', 'Bosch', 'Hipper Freios'],
      detail: ['Par de discos em ferro fundido com pintura anticorrosiva.', 'Balanceado de fábrica para frenagem sem vibração.'],
      weight: 2,
    },
    { name: 'Disco de Freio', vehicles: ['motos'], price: [119, 399], brands: ['Fremax', 'Cobreq'], detail: ['Disco em aço inox com furação para melhor dissipação de calor.'] },
    { name: 'Sapata de Freio', vehicles: ['carros', 'motos'], price: [49, 189], brands: ['Cobreq', 'Fras-le', 'Syl'], detail: ['Jogo com duas sapatas e lonas coladas.'] },
    { name: 'Lonas de Freio', vehicles: ['caminhoes'], price: [189, 749], brands: ['Fras-le', 'TRW', 'Master'], detail: ['Lona de alta durabilidade para eixo traseiro.'] },
    { name: 'Cilindro Mestre de Freio', vehicles: ['carros'], price: [199, 639], brands: ['TRW', 'Bosch', 'Controil'], detail: ['Com reservatório e sensor de nível.'] },
    { name: 'Pinça de Freio', vehicles: ['carros', 'motos'], price: [259, 899], brands: ['TRW', 'Bosch', 'Delphi'], detail: ['Pinça flutuante remanufaturada com pistão novo.'] },
  ],
  suspensao: [
    {
      name: 'Amortecedor Dianteiro',
      vehicles: ['carros', 'caminhoes'],
      price: [189, 899],
      brands: ['Monroe', 'Cofap', 'Nakata', 'TRW'],
      detail: ['Amortecedor pressurizado a gás para mais estabilidade nas curvas.', 'Vendido por unidade; recomenda-se trocar o par.'],
      weight: 3,
    },
    {
      name: 'Amortecedor Traseiro',
      vehicles: ['carros', 'motos', 'caminhoes'],
      price: [149, 799],
      brands: ['Monroe', 'Cofap', 'Nakata', 'Pro Tork'],
      detail: ['Haste cromada e vedação dupla contra poeira.'],
      weight: 2,
    },
    { name: 'Mola Helicoidal', vehicles: ['carros'], price: [129, 459], brands: ['Fabrini', 'Cofap', 'Eibach'], detail: ['Aço temperado com pintura epóxi.'] },
    { name: 'Bandeja de Suspensão', vehicles: ['carros'], price: [179, 629], brands: ['Nakata', 'TRW', 'Viemar'], detail: ['Acompanha pivô e buchas montadas.'] },
    { name: 'Pivô de Suspensão', vehicles: ['carros'], price: [49, 189], brands: ['Nakata', 'TRW', 'Viemar', 'Sampel'], detail: ['Com coifa de proteção e porca autotravante.'] },
    { name: 'Bieleta da Barra Estabilizadora', vehicles: ['carros'], price: [39, 149], brands: ['Nakata', 'Sampel', 'Viemar'], detail: ['Par de bieletas com rótulas seladas.'] },
    { name: 'Kit Batente e Coifa do Amortecedor', vehicles: ['carros'], price: [45, 169], brands: ['Sampel', 'Monroe', 'Cofap'], detail: ['Kit para os dois lados do eixo.'] },
    { name: 'Feixe de Molas', vehicles: ['caminhoes'], price: [890, 3490], brands: ['Fabrini', 'Hoesch'], detail: ['Feixe parabólico para eixo traseiro.'] },
  ],
  motor: [
    {
      name: 'Kit Pistão com Anéis',
      vehicles: ['carros', 'motos', 'caminhoes'],
      price: [189, 1890],
      brands: ['Mahle', 'Metal Leve', 'KS'],
      detail: ['Pistões forjados com anéis e pinos, medida padrão.', 'Tolerâncias de fábrica para retífica.'],
      weight: 3,
    },
    { name: 'Pistão', vehicles: ['motos'], price: [89, 349], brands: ['Metal Leve', 'KS', 'Mahle'], detail: ['Pistão com anéis, pino e travas.'] },
    { name: 'Junta do Cabeçote', vehicles: ['carros', 'motos', 'caminhoes'], price: [69, 489], brands: ['Sabó', 'Elring', 'Mahle'], detail: ['Junta multicamadas em aço (MLS).'] },
    { name: 'Correia Dentada', vehicles: ['carros'], price: [59, 239], brands: ['Gates', 'Dayco', 'Contitech'], detail: ['Borracha HNBR resistente ao calor.'], weight: 2 },
    { name: 'Kit Correia Dentada com Tensor', vehicles: ['carros'], price: [229, 689], brands: ['Gates', 'Dayco', 'Schaeffler'], detail: ['Correia, tensor e polia em um só kit.'] },
    {
      name: "Bomba d'Água",
      vehicles: ['carros', 'caminhoes'],
      price: [119, 899],
      brands: ['Schadek', 'Urba', 'Bosch', 'Magneti Marelli'],
      detail: ['Rotor metálico e selo mecânico de carbeto de silício.'],
    },
    { name: 'Bomba de Óleo', vehicles: ['carros', 'motos'], price: [149, 749], brands: ['Schadek', 'Mahle', 'Magneti Marelli'], detail: ['Engrenagens usinadas com vazão de fábrica.'] },
    { name: 'Kit Embreagem', vehicles: ['carros', 'motos', 'caminhoes'], price: [289, 2890], brands: ['LuK', 'Sachs', 'Valeo'], detail: ['Platô, disco e rolamento.'], weight: 2 },
    { name: 'Radiador', vehicles: ['carros', 'caminhoes'], price: [349, 2490], brands: ['Valeo', 'Visconde', 'Magneti Marelli'], detail: ['Colmeia em alumínio brasado.'] },
    { name: 'Válvula Termostática', vehicles: ['carros'], price: [49, 219], brands: ['Wahler', 'MTE-Thomson', 'Magneti Marelli'], detail: ['Abertura calibrada com junta de vedação.'] },
    { name: 'Óleo de Motor 5W30 Sintético 1L', vehicles: ['carros'], price: [39, 79], brands: ['Mobil', 'Castrol', 'Lubrax', 'Shell'], detail: ['Atende a especificação API SP.'], universal: true },
    {
      name: 'Óleo de Motor 10W30 para Moto 1L',
      vehicles: ['motos'],
      price: [29, 59],
      brands: ['Mobil', 'Castrol', 'Lubrax', 'Motul'],
      detail: ['Protege a embreagem banhada a óleo.'],
      universal: true,
    },
  ],
  iluminacao: [
    {
      name: 'Farol Dianteiro Esquerdo',
      vehicles: ['carros', 'caminhoes'],
      price: [289, 1590],
      brands: ['Arteb', 'Magneti Marelli', 'Fitam', 'Hella'],
      detail: ['Lente em policarbonato com proteção UV.', 'Encaixe original, sem adaptações.'],
      weight: 4,
    },
    {
      name: 'Farol Dianteiro Direito',
      vehicles: ['carros', 'caminhoes'],
      price: [289, 1590],
      brands: ['Arteb', 'Magneti Marelli', 'Fitam', 'Hella'],
      detail: ['Lente em policarbonato com proteção UV.', 'Regulagem elétrica de altura.'],
      weight: 4,
    },
    { name: 'Farol', vehicles: ['motos'], price: [149, 690], brands: ['Arteb', 'Fitam', 'Magneti Marelli'], detail: ['Bloco óptico completo com lâmpada.'], weight: 3 },
    {
      name: 'Farol de Milha',
      vehicles: ['carros', 'caminhoes'],
      price: [89, 459],
      brands: ['Arteb', 'Hella', 'Magneti Marelli', 'Shocklight'],
      detail: ['Par com moldura, chicote e interruptor.'],
      weight: 3,
    },
    {
      name: 'Farol de LED Auxiliar',
      vehicles: ['motos', 'caminhoes'],
      price: [79, 389],
      brands: ['Shocklight', 'Philips', 'Osram'],
      detail: ["Facho de longo alcance, à prova d'água IP67."],
      weight: 2,
    },
    {
      name: 'Lanterna Traseira',
      vehicles: ['carros', 'motos', 'caminhoes'],
      price: [99, 789],
      brands: ['Arteb', 'Fitam', 'Magneti Marelli', 'Sinalsul'],
      detail: ['Com circuito de LED e soquetes.'],
      weight: 2,
    },
    { name: 'Lâmpada H4 para Farol', vehicles: ['carros', 'motos'], price: [24, 129], brands: ['Philips', 'Osram', 'Bosch'], detail: ['Par de lâmpadas halógenas 60/55 W.'], universal: true },
    { name: 'Lâmpada H7 para Farol', vehicles: ['carros'], price: [29, 149], brands: ['Philips', 'Osram', 'Bosch'], detail: ['Luz mais branca, 55 W.'], universal: true },
    { name: 'Pisca Seta', vehicles: ['carros', 'motos'], price: [25, 159], brands: ['Fitam', 'Arteb', 'Sinalsul'], detail: ['Lente âmbar conforme o Contran.'] },
  ],
  eletrica: [
    { name: 'Vela de Ignição', vehicles: ['carros', 'motos'], price: [19, 119], brands: ['NGK', 'Bosch', 'Denso'], detail: ['Eletrodo de irídio para partida rápida.', 'Jogo de 4 velas.'], weight: 4 },
    { name: 'Cabo de Vela', vehicles: ['carros'], price: [89, 289], brands: ['NGK', 'Bosch', 'Magneti Marelli'], detail: ['Jogo com supressão de interferência.'], weight: 2 },
    {
      name: 'Bobina de Ignição',
      vehicles: ['carros', 'motos'],
      price: [129, 559],
      brands: ['Bosch', 'Delphi', 'Magneti Marelli', 'NGK'],
      detail: ['Alta tensão estável em todas as rotações.'],
      weight: 2,
    },
    { name: 'Alternador', vehicles: ['carros', 'caminhoes'], price: [589, 2890], brands: ['Bosch', 'Valeo', 'Delphi'], detail: ['Com regulador de tensão e polia.'] },
    { name: 'Motor de Partida', vehicles: ['carros', 'motos', 'caminhoes'], price: [389, 2490], brands: ['Bosch', 'Valeo', 'Delphi'], detail: ['Impulsor e solenoide inclusos.'] },
    { name: 'Sonda Lambda', vehicles: ['carros'], price: [189, 689], brands: ['Bosch', 'NGK', 'Delphi', 'Magneti Marelli'], detail: ['Sensor de oxigênio pré-catalisador, 4 fios.'] },
    { name: 'Bico Injetor', vehicles: ['carros', 'motos'], price: [129, 489], brands: ['Bosch', 'Delphi', 'Magneti Marelli'], detail: ['Testado em bancada, vazão equalizada.'] },
    { name: 'Bomba de Combustível', vehicles: ['carros', 'motos'], price: [169, 749], brands: ['Bosch', 'Delphi', 'Magneti Marelli'], detail: ['Refil com filtro de tela.'] },
  ],
  filtros: [
    {
      name: 'Filtro de Óleo',
      vehicles: ['carros', 'motos', 'caminhoes'],
      price: [19, 189],
      brands: ['Tecfil', 'Mann-Filter', 'Fram', 'Wega', 'Bosch', 'Mahle'],
      detail: ['Elemento de celulose com válvula antirretorno.', 'Troque a cada 10.000 km ou conforme o manual.'],
      weight: 4,
    },
    {
      name: 'Filtro de Ar do Motor',
      vehicles: ['carros', 'motos', 'caminhoes'],
      price: [29, 349],
      brands: ['Tecfil', 'Mann-Filter', 'Fram', 'Wega', 'Bosch'],
      detail: ['Papel filtrante de alta retenção de partículas.'],
      weight: 3,
    },
    {
      name: 'Filtro de Combustível',
      vehicles: ['carros', 'motos', 'caminhoes'],
      price: [25, 289],
      brands: ['Tecfil', 'Mann-Filter', 'Bosch', 'Delphi'],
      detail: ['Carcaça metálica resistente à pressão.'],
      weight: 2,
    },
    {
      name: 'Filtro de Cabine (Ar-condicionado)',
      vehicles: ['carros', 'caminhoes'],
      price: [29, 149],
      brands: ['Tecfil', 'Mann-Filter', 'Wega', 'Bosch'],
      detail: ['Carvão ativado contra odores.'],
      weight: 2,
    },
    { name: 'Kit Filtros para Revisão', vehicles: ['carros'], price: [89, 289], brands: ['Tecfil', 'Mann-Filter', 'Wega'], detail: ['Óleo, ar, combustível e cabine em um só kit.'] },
  ],
  acessorios: [
    { name: 'Jogo de Tapetes de Borracha', vehicles: ['carros', 'caminhoes'], price: [59, 289], brands: ['Dyna', 'Kacerco', 'Tapetes Nobre'], detail: ['Borracha atóxica com bordas elevadas.'] },
    { name: 'Capa de Volante em Couro', vehicles: ['carros', 'caminhoes'], price: [39, 149], brands: ['Dyna', 'Sparco'], detail: ['Costura reforçada e encaixe fácil.'], universal: true },
    { name: 'Palheta do Limpador', vehicles: ['carros', 'caminhoes'], price: [29, 159], brands: ['Bosch', 'Dyna', 'Valeo'], detail: ['Borracha com grafite para limpeza silenciosa.'], weight: 2 },
    {
      name: 'Suporte Veicular para Celular',
      vehicles: ['carros', 'motos'],
      price: [29, 149],
      brands: ['Multilaser', 'Geonav', 'Pro Tork'],
      detail: ['Fixação firme e giro de 360°.'],
      universal: true,
    },
    {
      name: 'Calibrador de Pneus Digital',
      vehicles: ['carros', 'motos', 'caminhoes'],
      price: [49, 199],
      brands: ['Tramontina', 'Vonder', 'Michelin'],
      detail: ['Leitura em psi e bar com tela iluminada.'],
      universal: true,
    },
    { name: 'Baú para Moto 45 Litros', vehicles: ['motos'], price: [189, 890], brands: ['Givi', 'Pro Tork', 'Shad'], detail: ['Base universal com chave.'], universal: true },
    { name: 'Capa para Cobrir Moto', vehicles: ['motos'], price: [49, 179], brands: ['Pro Tork', 'Givi'], detail: ['Forrada e impermeável.'], universal: true },
    {
      name: 'Kit Ferramentas Automotivo',
      vehicles: ['carros', 'caminhoes'],
      price: [89, 590],
      brands: ['Tramontina', 'Vonder', 'Gedore'],
      detail: ['Maleta com chaves, soquetes e alicates.'],
      universal: true,
    },
    { name: 'Retrovisor Externo', vehicles: ['carros', 'motos', 'caminhoes'], price: [69, 489], brands: ['Metagal', 'Fitam', 'Pro Tork'], detail: ['Lente convexa com regulagem manual.'] },
  ],
  baterias: [
    {
      name: 'Bateria 60Ah',
      vehicles: ['carros'],
      price: [389, 749],
      brands: ['Moura', 'Heliar', 'Bosch', 'Zetta', 'ACDelco'],
      detail: ['Selada, livre de manutenção.', 'Garantia de 18 meses.'],
      weight: 3,
    },
    { name: 'Bateria 45Ah', vehicles: ['carros'], price: [329, 589], brands: ['Moura', 'Heliar', 'Bosch', 'Zetta'], detail: ['Ideal para carros 1.0 sem muitos acessórios.'], weight: 2 },
    { name: 'Bateria 70Ah', vehicles: ['carros'], price: [489, 889], brands: ['Moura', 'Heliar', 'Bosch', 'ACDelco'], detail: ['Alta corrente de partida a frio.'] },
    { name: 'Bateria 150Ah', vehicles: ['caminhoes'], price: [1190, 1990], brands: ['Moura', 'Heliar', 'Bosch'], detail: ['Para uso pesado e partidas frequentes.'] },
    { name: 'Bateria de Moto 5Ah', vehicles: ['motos'], price: [129, 289], brands: ['Moura', 'Heliar', 'Route', 'Yuasa'], detail: ['Ativada e pronta para instalar.'], weight: 2 },
    { name: 'Bateria de Moto 9Ah', vehicles: ['motos'], price: [189, 389], brands: ['Moura', 'Heliar', 'Yuasa'], detail: ['Tecnologia AGM, à prova de vazamento.'] },
  ],
  calcados: [
    {
      name: 'Sapato para Dirigir em Couro',
      vehicles: ['carros'],
      price: [189, 489],
      brands: ['Sparco', 'Ferracini', 'Pegada'],
      detail: ['Solado fino e arredondado no calcanhar para sentir os pedais.'],
      universal: true,
      weight: 2,
    },
    { name: 'Tênis de Automobilismo', vehicles: ['carros'], price: [289, 890], brands: ['Sparco', 'Alpinestars', 'OMP'], detail: ['Cabedal respirável e solado antiderrapante.'], universal: true },
    {
      name: 'Bota Motociclista Cano Longo',
      vehicles: ['motos'],
      price: [389, 1290],
      brands: ['Texx', 'X11', 'Alpinestars', 'Pro Tork'],
      detail: ['Proteções em TPU no tornozelo e na canela, impermeável.'],
      universal: true,
      weight: 2,
    },
    { name: 'Bota de Moto Cano Curto', vehicles: ['motos'], price: [289, 790], brands: ['Texx', 'X11', 'Pro Tork'], detail: ['Reforço no câmbio e fechamento em velcro.'], universal: true, weight: 2 },
    {
      name: 'Bota de Segurança com Biqueira',
      vehicles: ['caminhoes'],
      price: [129, 389],
      brands: ['Bracol', 'Marluvas', 'Fujiwara'],
      detail: ['Biqueira de composite e palmilha antiperfuro, com CA.'],
      universal: true,
    },
  ],
};

/** Every brand the demo catalog sells (the import's list of known brands, with the catalog's own). */
export function catalogBrands(): string[] {
  return [...new Set(Object.values(CATALOG).flatMap((kinds) => kinds.flatMap((k) => k.brands)))].sort();
}

/** Kinds sold as universal (no vehicle in the title), with the vehicle types they serve. */
export function universalKinds(): { kind: string; types: VehicleType[] }[] {
  return Object.values(CATALOG)
    .flat()
    .filter((k) => k.universal)
    .map((k) => ({ kind: k.name, types: [...k.vehicles] }));
}

const FOOTWEAR_COLORS = ['Preto', 'Marrom', 'Cinza', 'Azul-marinho', 'Caramelo'];
const FOOTWEAR_SIZES = ['37', '38', '39', '40', '41', '42', '43', '44'];
const USED_FRIENDLY = new Set(['iluminacao', 'eletrica', 'suspensao', 'motor']);
const CATEGORY_WEIGHTS: [CategorySlug, number][] = [
  ['freios', 16],
  ['suspensao', 11],
  ['motor', 14],
  ['iluminacao', 15],
  ['eletrica', 12],
  ['filtros', 12],
  ['acessorios', 8],
  ['baterias', 5],
  ['calcados', 7],
];

const BASE_DATE = Date.UTC(2025, 0, 2, 12, 0, 0);

function weighted<T>(rnd: Random, items: [T, number][]): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let r = rnd.next() * total;
  for (const [item, w] of items) {
    r -= w;
    if (r < 0) return item;
  }
  return items[items.length - 1]![0];
}

/** A price in centavos ending in ,90 (or ,00 for large amounts), within the range. */
function priceIn(rnd: Random, [min, max]: [number, number]): number {
  const reais = rnd.int(min, max);
  return reais >= 1000 && rnd.chance(0.5) ? reais * 100 : reais * 100 - 10;
}

function refCode(rnd: Random, brand: string): string {
  const prefix = brand
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 3)
    .toUpperCase()
    .padEnd(3, 'X');
  return `${prefix}-${rnd.int(100000, 999999)}${String.fromCharCode(65 + rnd.int(0, 25))}`;
}

function images(category: ArtCategory, color: string, title: string): SeedImage[] {
  const views = ['vista frontal', 'vista em perspectiva', 'vista lateral', 'detalhe', 'na embalagem'];
  return Array.from({ length: ART_ANGLES }, (_, angle) => ({
    url: artPath({ category, color: color as never, angle }),
    alt: `${title}, ${views[angle] ?? `imagem ${angle + 1}`}`,
    width: ART_SIZE.width,
    height: ART_SIZE.height,
  }));
}

function sampleProduct(): SeedProduct {
  const title = 'Farol Dianteiro Esquerdo Volvo C70 2.5 2006-2013';
  return {
    slug: `${slugify(title)}-1`,
    title,
    description:
      'Farol principal do lado do motorista para Volvo C70 2.5 (2006 a 2013), com lente em policarbonato resistente a riscos e raios UV, refletor de alta eficiência e regulagem elétrica de altura. Encaixe original, sem adaptações; acompanha soquetes e vedação.',
    kind: 'Farol Dianteiro Esquerdo',
    brand: 'Magneti Marelli',
    brandSlug: 'magneti-marelli',
    category: 'iluminacao',
    vehicleType: 'carros',
    condition: 'novo',
    refCode: 'MAG-710301A',
    // Invented numbers in the usual shapes (no real catalogue copied).
    oemCodes: ['30698811', '31299927'],
    equivalentCodes: ['Arteb 0318004', 'Hella 1EL 354 123-011'],
    specs: [
      { label: 'Posição', value: 'Dianteiro' },
      { label: 'Lado', value: 'Esquerdo (motorista)' },
      { label: 'Lâmpada', value: 'H7 + H1 (não inclusas)' },
      { label: 'Tensão', value: '12 V' },
      { label: 'Regulagem de altura', value: 'Elétrica' },
      { label: 'Lente', value: 'Policarbonato com proteção UV' },
      { label: 'Peso', value: '2,85 kg' },
      { label: 'Dimensões da embalagem (C × L × A)', value: '58 × 36 × 30 cm' },
    ],
    package: { weightGrams: 2850, lengthCm: 58, widthCm: 36, heightCm: 30 },
    oldPriceCents: 91900,
    priceCents: 71990,
    onSale: true,
    discountPercent: 22,
    stock: 12,
    popularity: 100_000,
    createdAt: new Date(BASE_DATE),
    images: images('iluminacao', ART_COLORS[0]!.slug, title),
    variants: [],
  };
}

export function generateProduct(index: number, seed = 2025): SeedProduct {
  if (index === 0) return sampleProduct();
  const rnd = createRandom(seed * 1_000_003 + index);
  const category = weighted(rnd, CATEGORY_WEIGHTS);
  const kind = weighted(
    rnd,
    CATALOG[category].map((k) => [k, k.weight ?? 1] as [Kind, number]),
  );
  const vehicleType = rnd.pick(kind.vehicles);
  const brand = rnd.pick(kind.brands);
  const vehicle = rnd.pick(VEHICLES[vehicleType]);
  const from = rnd.int(vehicle.years[0], Math.max(vehicle.years[0], vehicle.years[1] - 3));
  const to = Math.min(vehicle.years[1], from + rnd.int(2, 8));
  const fits = `${vehicle.name} ${from}-${to}`;
  const title = kind.universal ? `${kind.name} ${brand}` : `${kind.name} ${brand} ${fits}`;
  const condition: Condition = USED_FRIENDLY.has(category) && rnd.chance(0.12) ? 'usado' : 'novo';

  let priceCents = priceIn(rnd, kind.price);
  if (condition === 'usado') priceCents = Math.max(990, Math.round((priceCents * 0.55) / 100) * 100 - 10);
  const onSale = rnd.chance(0.35);
  let oldPriceCents: number | null = null;
  let discountPercent = 0;
  if (onSale) {
    discountPercent = rnd.pick([5, 10, 12, 15, 18, 20, 25, 30, 35, 40]);
    oldPriceCents = Math.ceil(priceCents / (1 - discountPercent / 100) / 100) * 100;
    discountPercent = Math.round((1 - priceCents / oldPriceCents) * 100);
  }

  const variants: SeedProduct['variants'] = [];
  if (category === 'calcados') {
    const colors = FOOTWEAR_COLORS.filter(() => rnd.chance(0.5)).slice(0, 3);
    if (colors.length === 0) colors.push('Preto');
    const first = rnd.int(0, 2);
    const last = rnd.int(5, FOOTWEAR_SIZES.length - 1);
    for (const color of colors) {
      for (const size of FOOTWEAR_SIZES.slice(first, last + 1)) {
        variants.push({ color, size, stock: rnd.chance(0.15) ? 0 : rnd.int(1, 15) });
      }
    }
  }
  const stock = variants.length > 0 ? variants.reduce((s, v) => s + v.stock, 0) : rnd.chance(0.05) ? 0 : rnd.int(1, 180);

  const sizes = [...new Set(variants.map((v) => v.size))];
  // Shoes say nothing about vehicles: their sentence is the sizes on sale.
  const fitsText =
    category === 'calcados'
      ? `Numeração do ${sizes[0]} ao ${sizes[sizes.length - 1]}; veja o guia de tamanhos.`
      : kind.universal
        ? 'Modelo universal, serve na maioria dos veículos do tipo.'
        : `Compatível com ${fits}.`;
  const conditionText =
    condition === 'usado'
      ? `Peça usada original, revisada e testada pela nossa equipe, com garantia de ${store.policies.usedPartWarrantyDays} dias.`
      : 'Produto novo, com nota fiscal e garantia do fabricante.';
  const description = `${kind.name} ${brand}. ${rnd.pick(kind.detail)} ${fitsText} ${conditionText}`;

  // Only the first six colours: the drawing colours the catalog had before footwear colours were added.
  const drawn = ART_COLORS[rnd.int(0, 5)]!.slug;
  // A shoe is drawn in its first colour on sale, so the photo matches "Cor: …" (the page redraws it per colour).
  // (The first in the order the product page lists colours: alphabetical.)
  const firstColor = [...new Set(variants.map((v) => v.color))].sort()[0] ?? '';
  const artColor = category === 'calcados' ? (artColorForName(firstColor) ?? drawn) : drawn;
  const parts = partData({
    index,
    seed,
    category,
    kind: kind.name,
    brand,
    brands: kind.brands,
    vehicleType,
    vehicle: kind.universal ? null : vehicle.name,
    universal: kind.universal ?? false,
    sizes,
  });
  return {
    slug: `${slugify(title)}-${index + 1}`,
    title,
    description,
    kind: kind.name,
    brand,
    brandSlug: slugify(brand),
    category,
    vehicleType,
    condition,
    refCode: refCode(rnd, brand),
    ...parts,
    oldPriceCents,
    priceCents,
    onSale,
    discountPercent,
    stock,
    popularity: Math.floor(rnd.next() * 10_000) + (onSale ? 1_500 : 0),
    createdAt: new Date(BASE_DATE + index * 9 * 60_000),
    images: images(category, artColor, title),
    variants,
  };
}

/** The first `count` products of the demo catalog. */
export function* generateCatalog(count: number, seed = 2025): Generator<SeedProduct> {
  for (let i = 0; i < count; i++) yield generateProduct(i, seed);
}
