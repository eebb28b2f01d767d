// Owns the catalog query: what the list page's URL and the product APIs accept (search, filters, sort,
// paging), parsed once with zod. "No parameter" always means the default.
import { z } from 'zod';
import { CATEGORY_ALIASES, CATEGORY_SLUGS, SORT_SLUGS, VEHICLE_SLUGS } from './taxonomy.ts';
import type { CatalogQuery } from './query-params.ts';
import type { CategorySlug, SortSlug } from './taxonomy.ts';
import { parsePriceParam } from '../pricing/money.ts';

export const PAGE_SIZE = 24;
export const MAX_QUERY_LENGTH = 120;
export const MAX_PRICE_CENTS = 100_000_000; // R$ 1.000.000,00
/** Brands one list may filter by, and the longest slug (a brand name of the catalog, slugified). */
export const MAX_BRANDS = 20;
const MAX_BRAND_SLUG_LENGTH = 60;

export type { CatalogQuery } from './query-params.ts';
export { queryToParams } from './query-params.ts';

const msg = {
  q: `A busca pode ter no máximo ${MAX_QUERY_LENGTH} caracteres.`,
  brand: 'Marca inválida.',
  brands: `Escolha no máximo ${MAX_BRANDS} marcas.`,
  category: 'Categoria inválida.',
  vehicleType: 'Tipo de veículo inválido.',
  condition: 'Estado inválido: use novo ou usado.',
  price: 'Preço inválido: use um valor como 150 ou 1.234,56.',
  priceRange: 'O preço mínimo não pode ser maior que o máximo.',
  sort: `Ordenação inválida: use ${SORT_SLUGS.join(', ')}.`,
  page: 'Página inválida: use um número a partir de 1.',
  limit: 'Limite inválido.',
  vehicle: 'Veículo inválido: use o número do veículo (vehicle), como em GET /api/vehicles.',
  year: 'Ano inválido: use quatro dígitos, como 2015.',
  yearWithoutVehicle: 'Informe o veículo (vehicle) para filtrar por ano.',
};

const price = z
  .string()
  .transform((raw, ctx) => {
    const cents = parsePriceParam(raw);
    if (cents === null) return null;
    if (!Number.isFinite(cents) || cents < 0 || cents > MAX_PRICE_CENTS) {
      ctx.addIssue({ code: 'custom', message: msg.price });
      return z.NEVER;
    }
    return cents;
  })
  .optional()
  .transform((v) => v ?? null);

/** `vehicle` (a vehicle version id, see GET /api/vehicles) and `ano` (its model year), shared by every API. */
export const vehicleParams = {
  vehicle: z
    .string()
    .regex(/^(\d{1,9})?$/, msg.vehicle)
    .refine((s) => s === '' || Number(s) >= 1, msg.vehicle)
    .optional()
    .transform((s) => (s ? Number(s) : null)),
  ano: z
    .string()
    .regex(/^(\d{4})?$/, msg.year)
    .refine((s) => s === '' || (Number(s) >= 1900 && Number(s) <= 2100), msg.year)
    .optional()
    .transform((s) => (s ? Number(s) : null)),
};

/** A year needs its vehicle. */
export function yearNeedsVehicle(v: { vehicle: number | null; ano: number | null }, ctx: z.RefinementCtx): void {
  if (v.ano !== null && v.vehicle === null) ctx.addIssue({ code: 'custom', message: msg.yearWithoutVehicle, path: ['ano'] });
}

const categoryParam = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (raw === undefined || raw === '' || raw === 'todos') return null;
    const slug = CATEGORY_ALIASES[raw.toLowerCase()] ?? raw.toLowerCase();
    if (!(CATEGORY_SLUGS as readonly string[]).includes(slug)) {
      ctx.addIssue({ code: 'custom', message: msg.category });
      return z.NEVER;
    }
    return slug as CategorySlug;
  });

export function catalogQuerySchema(opts: { maxPageSize: number; defaultPageSize: number }) {
  return z
    .object({
      q: z
        .string()
        .max(MAX_QUERY_LENGTH, msg.q)
        .optional()
        .transform((v) => (v ?? '').replace(/\s+/g, ' ').trim()),
      marca: z
        // Any brand of the catalog by its slug ("hella", "magneti-marelli"); "outros" (every brand but the
        // spec's five) is still read from older links. A slug no product has lists nothing.
        .array(
          z
            .string()
            .max(MAX_BRAND_SLUG_LENGTH, msg.brand)
            .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, msg.brand),
        )
        .max(MAX_BRANDS, msg.brands)
        .default([]),
      categoria: categoryParam,
      veiculo: z
        .array(z.enum(VEHICLE_SLUGS, { error: msg.vehicleType }))
        .max(VEHICLE_SLUGS.length)
        .default([]),
      estado: z
        .enum(['novo', 'usado', 'todos', ''], { error: msg.condition })
        .optional()
        .transform((v) => (v === 'novo' || v === 'usado' ? v : null)),
      preco_min: price,
      preco_max: price,
      ordem: z
        .enum([...SORT_SLUGS, ''], { error: msg.sort })
        .optional()
        .transform((v) => (v ? v : 'relevancia') as SortSlug),
      pagina: z
        .string()
        .optional()
        .transform((raw, ctx) => {
          if (raw === undefined || raw === '') return 1;
          if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1) {
            ctx.addIssue({ code: 'custom', message: msg.page });
            return z.NEVER;
          }
          return Number(raw);
        }),
      limite: z
        .string()
        .optional()
        .transform((raw, ctx) => {
          if (raw === undefined || raw === '') return opts.defaultPageSize;
          if (!/^\d{1,4}$/.test(raw) || Number(raw) < 1 || Number(raw) > opts.maxPageSize) {
            ctx.addIssue({ code: 'custom', message: `${msg.limit} Use de 1 a ${opts.maxPageSize}.` });
            return z.NEVER;
          }
          return Number(raw);
        }),
      ...vehicleParams,
    })
    .superRefine((v, ctx) => {
      if (v.preco_min !== null && v.preco_max !== null && v.preco_min > v.preco_max) {
        ctx.addIssue({ code: 'custom', message: msg.priceRange, path: ['preco_min'] });
      }
      yearNeedsVehicle(v, ctx);
    })
    .transform(
      (v): CatalogQuery => ({
        q: v.q,
        brands: [...new Set(v.marca)],
        category: v.categoria,
        vehicles: [...new Set(v.veiculo)],
        condition: v.estado,
        minPriceCents: v.preco_min,
        maxPriceCents: v.preco_max,
        sort: v.ordem,
        page: v.pagina,
        pageSize: v.limite,
        vehicleId: v.vehicle,
        year: v.ano,
      }),
    );
}

const MULTI = new Set(['marca', 'veiculo']);
const KNOWN = new Set(['q', 'marca', 'categoria', 'veiculo', 'estado', 'preco_min', 'preco_max', 'ordem', 'pagina', 'limite', 'vehicle', 'ano']);

/** URLSearchParams to the plain object the schema reads (multi-valued keys become arrays, unknown keys drop). */
export function paramsToObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    if (!KNOWN.has(key)) continue;
    const values = params.getAll(key);
    out[key] = MULTI.has(key) ? values.filter((v) => v !== '') : (values[values.length - 1] ?? '');
  }
  return out;
}

// Building a zod schema costs far more than using one (zod compiles it on first use): one per page-size pair.
const schemas = new Map<string, ReturnType<typeof catalogQuerySchema>>();
function memoizedSchema(opts: { maxPageSize: number; defaultPageSize: number }) {
  const key = `${opts.maxPageSize}/${opts.defaultPageSize}`;
  let schema = schemas.get(key);
  if (!schema) schemas.set(key, (schema = catalogQuerySchema(opts)));
  return schema;
}

export type ParseResult = { ok: true; query: CatalogQuery } | { ok: false; message: string };

export function parseCatalogQuery(params: URLSearchParams, opts: { maxPageSize: number; defaultPageSize: number } = { maxPageSize: PAGE_SIZE, defaultPageSize: PAGE_SIZE }): ParseResult {
  const result = memoizedSchema(opts).safeParse(paramsToObject(params));
  if (result.success) return { ok: true, query: result.data };
  return { ok: false, message: result.error.issues[0]?.message ?? 'Parâmetros inválidos.' };
}

/**
 * Words of a search, lower-cased and stripped to letters and digits (what the database search receives).
 * NFKC first, and modifier letters (\p{Lm}) split words: PostgreSQL's unaccent turns some letters and digits
 * into tsquery operators (ˈ ʼ → ', ː → :, ½ → 1/2, ⑴ → (1)), and a term must stay an operand after it.
 */
export function searchTerms(q: string): string[] {
  return q
    .normalize('NFKC')
    .toLowerCase()
    .split(/(?:[^\p{L}\p{N}]|\p{Lm})+/u)
    .filter((w) => w.length > 0)
    .slice(0, 12);
}
