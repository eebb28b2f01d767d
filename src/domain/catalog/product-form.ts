// What "Cadastrar Produto" accepts: the spec's §3 fields (titulo, descricao, valorantigo, valoratual, foto,
// desconto, valordesconto) plus category, brand, vehicle type, condition and stock. Prices are typed the
// Brazilian way ("1.234,56") and become centavos. The photo itself (file or https:// URL) is checked
// by the action: a file by its content (photos.server.ts), a URL here.
import { z } from 'zod';
import { MAX_PRICE_CENTS } from './query.ts';
import { parsePriceParam } from '../pricing/money.ts';
import { parseCodeList } from './codes.ts';
import { CATEGORY_SLUGS, VEHICLE_SLUGS } from './taxonomy.ts';
import { parsePackage } from './package-input.ts';
import type { PackageSize } from './package-sizes.ts';
import { FISCAL_COLUMNS, parseFiscal } from './fiscal.ts';
import type { ProductFiscal } from './fiscal.ts';
import type { CategorySlug, Condition, VehicleType } from './taxonomy.ts';

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const MAX_STOCK = 100_000;
export const MAX_DISCOUNT_PERCENT = 90;

export const PRODUCT_FIELDS = [
  'titulo',
  'descricao',
  'valorantigo',
  'valoratual',
  'desconto',
  'valordesconto',
  'categoria',
  'marca',
  'veiculo',
  'estado',
  'estoque',
  'foto_url',
  'oem',
  'equivalentes',
  'ficha',
  'variacoes',
  'peso_kg',
  'altura_cm',
  'largura_cm',
  'comprimento_cm',
  ...FISCAL_COLUMNS,
] as const;
export const MAX_CODES = 12;
export const MAX_SPECS = 30;
export const MAX_VARIANTS = 120;
export type ProductField = (typeof PRODUCT_FIELDS)[number] | 'foto';

export const PRODUCT_MESSAGES = {
  titulo: 'Informe o título.',
  tituloLen: 'O título deve ter de 3 a 120 caracteres.',
  descricao: 'Informe a descrição.',
  descricaoLen: 'A descrição deve ter de 10 a 4000 caracteres.',
  valorantigo: 'Informe o valor antigo.',
  valoratual: 'Informe o valor atual.',
  price: 'Valor inválido: use o formato 1.234,56.',
  priceZero: 'O valor deve ser maior que zero.',
  priceOrder: 'O valor atual não pode ser maior que o valor antigo.',
  valordesconto: 'Informe o percentual de desconto.',
  discountRange: `O desconto deve ser um número inteiro de 1 a ${MAX_DISCOUNT_PERCENT}.`,
  categoria: 'Escolha a categoria.',
  marca: 'Informe a marca.',
  marcaLen: 'A marca pode ter no máximo 60 caracteres.',
  veiculo: 'Escolha o tipo de veículo.',
  estado: 'Escolha o estado (novo ou usado).',
  estoque: 'Informe o estoque.',
  stockRange: `Estoque inválido: use um número inteiro de 0 a ${MAX_STOCK}.`,
  foto: 'Envie uma foto ou informe o endereço (https://) de uma foto.',
  fotoUrl: 'O endereço da foto deve ser uma URL completa começando com https://.',
  fotoSize: 'A foto deve ter no máximo 5 MB.',
  fotoType: 'A foto deve ser uma imagem JPEG, PNG ou WebP.',
  fotoPixels: 'A foto pode ter no máximo 24 megapixels (por exemplo 6000 × 4000).',
  fotoUrlFetch: 'Não foi possível baixar a foto deste endereço. Confira o link ou envie o arquivo da foto.',
  oem: `Códigos originais inválidos: até ${MAX_CODES}, separados por |, cada um com até 40 letras e números.`,
  equivalentes: `Equivalentes inválidos: até ${MAX_CODES}, separados por |, cada um como "Marca CÓDIGO" (ex.: Bosch 0 986 BB0 123).`,
  ficha: `Ficha técnica inválida: até ${MAX_SPECS} linhas no formato "Nome: valor" (ex.: Peso: 1,2 kg).`,
  variacoes: 'Variações inválidas: uma por linha no formato "Cor; Tamanho; Estoque" (ex.: Preto; 40; 5), sem repetir cor e tamanho.',
  variacoesRequired: 'Informe as cores e tamanhos do calçado, uma linha por variação: Cor; Tamanho; Estoque.',
  variacoesOnlyShoes: 'Cores e tamanhos são só para calçados: escolha a categoria Calçados ou deixe o campo vazio.',
} as const;

const M = PRODUCT_MESSAGES;
const trimmed = (v: unknown) => (typeof v === 'string' ? v.replace(/\s+/g, ' ').trim() : v);

const price = (required: string) =>
  z.preprocess(
    trimmed,
    z
      .string({ error: required })
      .min(1, required)
      .transform((raw, ctx) => {
        const cents = parsePriceParam(raw);
        if (cents === null || !Number.isFinite(cents) || cents > MAX_PRICE_CENTS) {
          ctx.addIssue({ code: 'custom', message: M.price });
          return z.NEVER;
        }
        if (cents <= 0) {
          ctx.addIssue({ code: 'custom', message: M.priceZero });
          return z.NEVER;
        }
        return cents;
      }),
  );

const intIn = (required: string, invalid: string, min: number, max: number) =>
  z.preprocess(
    trimmed,
    z
      .string({ error: required })
      .min(1, required)
      .regex(/^\d{1,6}$/, invalid)
      .transform(Number)
      .pipe(z.number().int().min(min, invalid).max(max, invalid)),
  );

export const productFormSchema = z
  .object({
    titulo: z.preprocess(trimmed, z.string({ error: M.titulo }).min(1, M.titulo).min(3, M.tituloLen).max(120, M.tituloLen)),
    descricao: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string({ error: M.descricao }).min(1, M.descricao).min(10, M.descricaoLen).max(4000, M.descricaoLen)),
    valorantigo: price(M.valorantigo),
    valoratual: price(M.valoratual),
    desconto: z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean()),
    valordesconto: z.preprocess(trimmed, z.string().optional()),
    categoria: z.enum(CATEGORY_SLUGS, { error: M.categoria }),
    marca: z.preprocess(trimmed, z.string({ error: M.marca }).min(1, M.marca).max(60, M.marcaLen)),
    veiculo: z.enum(VEHICLE_SLUGS, { error: M.veiculo }),
    estado: z.enum(['novo', 'usado'], { error: M.estado }),
    // With footwear variants the stock is their sum, and this field may stay empty.
    estoque: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), intIn(M.estoque, M.stockRange, 0, MAX_STOCK).optional()),
    foto_url: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined),
      z
        .string()
        .max(2000, M.fotoUrl)
        .refine((v) => {
          try {
            const u = new URL(v);
            return u.protocol === 'https:' && u.hostname.includes('.') && !u.username && !u.password;
          } catch {
            return false;
          }
        }, M.fotoUrl)
        .optional(),
    ),
  })
  .transform((v): Omit<ProductInput, keyof Extras | 'stock'> & { stock: number | null } => ({
    title: v.titulo,
    description: v.descricao,
    oldPriceCents: v.valorantigo,
    priceCents: v.valoratual,
    onSale: v.desconto,
    discountPercent: v.desconto ? Number(v.valordesconto ?? 0) : 0,
    category: v.categoria,
    brand: v.marca,
    vehicleType: v.veiculo,
    condition: v.estado,
    stock: v.estoque ?? null,
    photoUrl: v.foto_url ?? null,
  }));

export interface ProductInput {
  title: string;
  description: string;
  oldPriceCents: number;
  priceCents: number;
  onSale: boolean;
  discountPercent: number;
  category: CategorySlug;
  brand: string;
  vehicleType: VehicleType;
  condition: Condition;
  stock: number;
  /** An https:// picture chosen instead of an upload (null when a file is sent). */
  photoUrl: string | null;
  oemCodes: string[];
  equivalentCodes: string[];
  specs: { label: string; value: string }[];
  /** Footwear: colour × size with stock each (the product's stock is their sum). */
  variants: { color: string; size: string; stock: number }[];
  /** Boxed weight and size (peso_kg, altura_cm, largura_cm, comprimento_cm); null: not informed. */
  package: PackageSize | null;
  /** NCM, origem, CEST and unit for the nota fiscal (ncm, origem, cest, unidade); null: not informed (the category's defaults). */
  fiscal: ProductFiscal | null;
}

type Extras = Pick<ProductInput, 'oemCodes' | 'equivalentCodes' | 'specs' | 'variants' | 'package' | 'fiscal'>;

/** The part numbers, specifications and footwear variants of the form (issue 17), with their errors. */
function parseExtras(raw: Record<string, unknown>, errors: Partial<Record<ProductField, string>>): Extras {
  const str = (k: string) => (typeof raw[k] === 'string' ? (raw[k] as string) : '');
  const oemCodes = parseCodeList(str('oem'));
  if (oemCodes.length > MAX_CODES || oemCodes.some((c) => c.length > 40 || !/^[\p{L}\p{N}][\p{L}\p{N} .\-/]*$/u.test(c))) errors.oem = M.oem;
  const equivalentCodes = parseCodeList(str('equivalentes'));
  if (equivalentCodes.length > MAX_CODES || equivalentCodes.some((c) => c.length > 60 || !/^\S.*\s\S*\d/u.test(c) || /[<>"]/.test(c))) errors.equivalentes = M.equivalentes;
  const specLines = str('ficha')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const specs = specLines.map((l) => {
    const at = l.indexOf(':');
    return { label: l.slice(0, at).trim(), value: l.slice(at + 1).trim() };
  });
  if (specs.length > MAX_SPECS || specLines.some((l) => l.indexOf(':') < 1) || specs.some((sp) => sp.label === '' || sp.value === '' || sp.label.length > 60 || sp.value.length > 200))
    errors.ficha = M.ficha;
  const variantLines = str('variacoes')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const variants = variantLines.map((l) => {
    const [color = '', size = '', stock = ''] = l.split(';').map((x) => x.trim());
    return { color, size, stock: /^\d{1,6}$/.test(stock) ? Number(stock) : NaN };
  });
  const keys = new Set(variants.map((v) => `${v.color.toLowerCase()}|${v.size}`));
  if (
    variants.length > MAX_VARIANTS ||
    keys.size !== variants.length ||
    variantLines.some((l) => l.split(';').length !== 3) ||
    variants.some((v) => !/^\p{L}[\p{L} -]{0,29}$/u.test(v.color) || !/^[\p{L}\p{N}]{1,10}$/u.test(v.size) || !(v.stock >= 0 && v.stock <= MAX_STOCK))
  )
    errors.variacoes = M.variacoes;
  const category = str('categoria');
  if (!errors.variacoes && category === 'calcados' && variants.length === 0) errors.variacoes = M.variacoesRequired;
  if (!errors.variacoes && category !== 'calcados' && category !== '' && variants.length > 0) errors.variacoes = M.variacoesOnlyShoes;
  const box = parsePackage(raw);
  if (!box.ok) errors.peso_kg = box.message;
  const fiscal = parseFiscal(raw, category);
  if (!fiscal.ok) Object.assign(errors, fiscal.errors);
  return { oemCodes, equivalentCodes, specs, variants, package: box.ok ? box.value : null, fiscal: fiscal.ok ? fiscal.value : null };
}

/** Centavos → the way the form shows a price ("1.234,56"). */
export function centsToInput(cents: number): string {
  const reais = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${reais},${String(cents % 100).padStart(2, '0')}`;
}

export type ProductFormResult = { ok: true; value: ProductInput } | { ok: false; errors: Partial<Record<ProductField, string>> };

/**
 * Parses the form. Rules that tie two fields (current ≤ old price; the discount percent when "desconto" is
 * on) are checked even when other fields are wrong, so every message shows at once.
 */
export function parseProductForm(raw: Record<string, unknown>): ProductFormResult {
  const errors: Partial<Record<ProductField, string>> = {};
  const parsed = productFormSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'titulo') as ProductField;
      errors[key] ??= issue.message;
    }
  }
  const cents = (v: unknown) => (typeof v === 'string' ? parsePriceParam(v.trim()) : null);
  const oldCents = cents(raw.valorantigo);
  const newCents = cents(raw.valoratual);
  if (!errors.valoratual && !errors.valorantigo && oldCents !== null && newCents !== null && newCents > oldCents) errors.valoratual = M.priceOrder;
  const onSale = raw.desconto === 'on' || raw.desconto === 'true' || raw.desconto === true;
  const pct = typeof raw.valordesconto === 'string' ? raw.valordesconto.trim() : '';
  if (onSale && pct === '') errors.valordesconto = M.valordesconto;
  else if (onSale && (!/^\d{1,2}$/.test(pct) || Number(pct) < 1 || Number(pct) > MAX_DISCOUNT_PERCENT)) errors.valordesconto = M.discountRange;
  const extras = parseExtras(raw, errors);
  const stockTyped = parsed.success ? parsed.data.stock : null;
  const stockEmpty = typeof raw.estoque !== 'string' || raw.estoque.trim() === '';
  if (stockEmpty && extras.variants.length === 0 && !errors.variacoes) errors.estoque ??= M.estoque;
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  const stock = extras.variants.length > 0 ? extras.variants.reduce((sum, x) => sum + x.stock, 0) : (stockTyped ?? 0);
  return { ok: true, value: { ...parsed.data, ...extras, stock } };
}
