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
import { CATALOG, VEHICLES } from './kinds.ts';
import type { Kind } from './kinds.ts';

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
