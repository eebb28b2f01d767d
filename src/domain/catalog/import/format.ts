// The catalog spreadsheet format (CSV or XLSX), shared by the import and the export: its columns, how a
// cell is read (money with a comma or a dot, `|` lists) and written, and the check of one row into what
// the catalog stores. Every failure is one pt-BR sentence naming the column and the value.
import { PACKAGE_COLUMNS, parsePackage } from '../package-input.ts';
import { FISCAL_COLUMNS, parseFiscal } from '../fiscal.ts';
import type { ProductFiscal } from '../fiscal.ts';
import type { PackageSize } from '../package-sizes.ts';
import { hasControlChars } from '#src/platform/control-chars.ts';
import { restoreSpreadsheetText } from '#src/platform/spreadsheet.ts';
import { formatCentsDecimal } from '#src/domain/pricing/money.ts';
import { parsePriceParam } from '#src/domain/pricing/money.ts';
import { MAX_PRICE_CENTS } from '../query.ts';
import { MAX_STOCK } from '../product-form.ts';
import { CATEGORIES, CONDITIONS, slugify, VEHICLE_TYPES } from '../taxonomy.ts';
import type { CategorySlug, Condition, VehicleType } from '../taxonomy.ts';
import { parseCompatibility } from '#src/domain/fitment/compatibility-text.ts';
import type { FitmentSpec, FleetIndex } from '#src/domain/fitment/compatibility-text.ts';

export const COLUMNS = [
  'ref',
  'titulo',
  'descricao',
  'marca',
  'categoria',
  'tipo_veiculo',
  'estado',
  'preco',
  'preco_antigo',
  'estoque',
  'oem',
  'equivalentes',
  'compatibilidade',
  'foto_url',
  ...PACKAGE_COLUMNS,
  ...FISCAL_COLUMNS,
] as const;
export type Column = (typeof COLUMNS)[number];
/** Columns a file must have; the others may be left out (empty). */
export const REQUIRED_COLUMNS: Column[] = ['ref', 'titulo', 'descricao', 'marca', 'categoria', 'tipo_veiculo', 'estado', 'preco', 'estoque'];

export const MAX_IMPORT_ROWS = 200_000;
export const MAX_IMPORT_BYTES = 80 * 1024 * 1024;

/**
 * What a catalog file may hold. The file is read as a stream, so these bound the work and the memory an
 * upload costs (a zip bomb stops at the first limit it crosses, while inflating, not after).
 */
export interface ImportLimits {
  /** Product rows (the header not counted). */
  rows: number;
  /** Columns a row may reach (the format has 22). */
  columns: number;
  /** Characters in one cell (Excel's own maximum). */
  cellChars: number;
  /** XLSX: bytes of all its parts once inflated. */
  uncompressedBytes: number;
  /** XLSX: bytes of its shared strings (the sheet's text table, the one part held in memory) once inflated. */
  sharedStringsBytes: number;
  /** XLSX: inflated ÷ compressed size of one part above 1 MB (ordinary sheets stay well under 30). */
  compressionRatio: number;
  /** XLSX: files inside the zip. */
  zipEntries: number;
}

export const IMPORT_LIMITS: ImportLimits = {
  rows: MAX_IMPORT_ROWS,
  columns: 64,
  cellChars: 32_767,
  uncompressedBytes: 400 * 1024 * 1024,
  // A 100,000-row catalog written by Excel has about 30 MB of them.
  sharedStringsBytes: 128 * 1024 * 1024,
  compressionRatio: 100,
  zipEntries: 1000,
};
const MAX_CODES = 50;

/** A product's columns as the spreadsheet statements read them from `products` (export and import alike). */
export interface ProductSheetColumns {
  id: number;
  ref_code: string;
  title: string;
  description: string;
  brand: string;
  category: string;
  vehicle_type: string;
  condition: string;
  price_cents: number;
  old_price_cents: number | null;
  on_sale: boolean;
  stock: number;
  oem_codes: string[];
  equivalent_codes: string[];
  universal: string[];
  shipping_weight_grams: number | null;
  shipping_height_cm: number | null;
  shipping_width_cm: number | null;
  shipping_length_cm: number | null;
  ncm: string;
  origem: number;
  cest: string | null;
  unit: string;
}

/** One product as a row of the spreadsheet describes it, checked. */
export interface CatalogRow {
  line: number;
  ref: string;
  title: string;
  description: string;
  brand: string;
  brandSlug: string;
  category: CategorySlug;
  vehicleType: VehicleType;
  condition: Condition;
  priceCents: number;
  oldPriceCents: number | null;
  stock: number;
  oemCodes: string[];
  equivalentCodes: string[];
  fitment: FitmentSpec;
  photoUrl: string | null;
  /** Boxed weight and size; null when the row leaves the four columns empty (an update keeps the product's). */
  package: PackageSize | null;
  /** NCM, origem, CEST and unit; null when the four columns are empty (a new product gets its category's, an update keeps its own). */
  fiscal: ProductFiscal | null;
}

export interface RowContext {
  /** Known brands by slug → their catalog spelling. */
  brands: Map<string, string>;
  fleet: FleetIndex;
}

export type RowResult = { ok: true; row: CatalogRow } | { ok: false; line: number; message: string };

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** "1.234,56", "1234,56", "1234.56", "R$ 99,90" → centavos; null for an empty cell; NaN when unreadable. */
export function parseMoneyCell(raw: string): number | null {
  return parsePriceParam(raw.replace(/\s+/g, ''));
}

/** Centavos as the export writes them: "1234,56" (no thousands separator: a spreadsheet reads it as a number). */
export const formatMoneyCell = formatCentsDecimal;

export function splitList(cell: string): string[] {
  return cell.split('|').map(oneLine).filter(Boolean);
}

function pick<T extends { slug: string; label: string }>(list: readonly T[], value: string): T | undefined {
  const key = slugify(value);
  return list.find((x) => x.slug === key || slugify(x.label) === key);
}

/** Checks one data row (cells by column name). `line` is the spreadsheet's row number (header = 1). */
export function checkRow(cells: Partial<Record<Column, string>>, line: number, ctx: RowContext): RowResult {
  const fail = (message: string): RowResult => ({ ok: false, line, message });
  // A cell our export quoted so a spreadsheet shows it as text ('=…) comes back as it was.
  const cell = (c: Column) => restoreSpreadsheetText(cells[c] ?? '').trim();
  // The shop's one rule (tab and line breaks pass: a spreadsheet cell may hold them; they are folded below).
  for (const c of COLUMNS) {
    if (hasControlChars(cells[c] ?? '', { multiline: true })) return fail(`Caractere de controle na coluna ${c}.`);
  }

  const ref = oneLine(cell('ref'));
  if (ref === '') return fail('Referência (ref) vazia.');
  if (ref.length > 60 || !/^[\p{L}\p{N} ._/-]+$/u.test(ref)) return fail(`Referência inválida: "${ref.slice(0, 60)}" (até 60 letras, números, espaço, . _ / -).`);
  const title = oneLine(cell('titulo'));
  if (title.length < 3 || title.length > 120) return fail('O título deve ter de 3 a 120 caracteres.');
  const description = cell('descricao').replace(/\r\n?/g, '\n');
  if (description.length < 10 || description.length > 4000) return fail('A descrição deve ter de 10 a 4000 caracteres.');

  const brandText = oneLine(cell('marca'));
  if (brandText === '') return fail('Marca vazia.');
  const brand = ctx.brands.get(slugify(brandText));
  if (!brand) return fail(`Marca desconhecida: "${brandText.slice(0, 60)}".`);
  const category = pick(CATEGORIES, cell('categoria'));
  if (!category) return fail(`Categoria desconhecida: "${cell('categoria').slice(0, 60)}".`);
  const vehicle = pick(VEHICLE_TYPES, cell('tipo_veiculo'));
  if (!vehicle) return fail(`Tipo de veículo desconhecido: "${cell('tipo_veiculo').slice(0, 60)}" (use carros, motos ou caminhoes).`);
  const condition = pick(CONDITIONS, cell('estado'));
  if (!condition) return fail(`Estado inválido: "${cell('estado').slice(0, 30)}" (use novo ou usado).`);

  const price = parseMoneyCell(cell('preco'));
  if (price === null) return fail('Preço (preco) vazio.');
  if (!Number.isFinite(price) || price <= 0 || price > MAX_PRICE_CENTS) return fail(`Preço inválido: "${cell('preco').slice(0, 30)}" (use 1234,56 ou 1234.56).`);
  const old = parseMoneyCell(cell('preco_antigo'));
  if (old !== null && (!Number.isFinite(old) || old > MAX_PRICE_CENTS)) return fail(`Preço antigo inválido: "${cell('preco_antigo').slice(0, 30)}".`);
  if (old !== null && old !== 0 && old <= price) return fail('O preço antigo deve ser maior que o preço (ou fique vazio).');

  const stockText = cell('estoque');
  if (!/^\d{1,7}$/.test(stockText) || Number(stockText) > MAX_STOCK) return fail(`Estoque inválido: "${stockText.slice(0, 30)}" (número inteiro de 0 a ${MAX_STOCK}).`);

  const oemCodes = splitList(cell('oem'));
  const equivalentCodes = splitList(cell('equivalentes'));
  if (oemCodes.length > MAX_CODES || equivalentCodes.length > MAX_CODES || [...oemCodes, ...equivalentCodes].some((c) => c.length > 60))
    return fail(`Códigos demais ou longos demais (até ${MAX_CODES} por coluna, 60 caracteres cada).`);

  const fitment = parseCompatibility(cell('compatibilidade'), ctx.fleet);
  if (!fitment.ok) return fail(fitment.message);

  const photo = cell('foto_url');
  if (photo !== '') {
    let url: URL | null = null;
    try {
      url = new URL(photo);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || photo.length > 2000) return fail(`Endereço da foto inválido: "${photo.slice(0, 80)}".`);
  }

  const box = parsePackage(Object.fromEntries(PACKAGE_COLUMNS.map((c) => [c, cell(c)])));
  if (!box.ok) return fail(box.message);
  const fiscal = parseFiscal(Object.fromEntries(FISCAL_COLUMNS.map((c) => [c, cell(c)])), category.slug);
  if (!fiscal.ok) return fail(Object.values(fiscal.errors)[0]!);

  return {
    ok: true,
    row: {
      line,
      package: box.value,
      fiscal: fiscal.value,
      ref,
      title,
      description,
      brand,
      brandSlug: slugify(brand) || 'outros',
      category: category.slug,
      vehicleType: vehicle.slug,
      condition: condition.slug,
      priceCents: price,
      oldPriceCents: old || null,
      stock: Number(stockText),
      oemCodes,
      equivalentCodes,
      fitment: fitment.value,
      photoUrl: photo === '' ? null : photo,
    },
  };
}
