// Owns the products' fiscal vocabulary for the nota fiscal (NF-e): the NCM (8 digits), the origem (0–8, the
// ICMS table A), the CEST (7 digits, optional) and the commercial unit, plus plausible defaults per category.
import type { CategorySlug } from './taxonomy.ts';

export const FISCAL_UNITS = ['UN', 'PAR', 'KIT', 'JG'] as const;
export type FiscalUnit = (typeof FISCAL_UNITS)[number];

export const UNIT_LABELS: Record<FiscalUnit, string> = { UN: 'Unidade (UN)', PAR: 'Par (PAR)', KIT: 'Kit (KIT)', JG: 'Jogo (JG)' };

/** Origem da mercadoria (tabela A do ICMS). */
export const ORIGENS = [
  { value: 0, label: '0 - Nacional' },
  { value: 1, label: '1 - Estrangeira, importação direta' },
  { value: 2, label: '2 - Estrangeira, adquirida no mercado interno' },
  { value: 3, label: '3 - Nacional, conteúdo de importação acima de 40%' },
  { value: 4, label: '4 - Nacional, processos produtivos básicos' },
  { value: 5, label: '5 - Nacional, conteúdo de importação até 40%' },
  { value: 6, label: '6 - Estrangeira, importação direta, sem similar nacional' },
  { value: 7, label: '7 - Estrangeira, mercado interno, sem similar nacional' },
  { value: 8, label: '8 - Nacional, conteúdo de importação acima de 70%' },
] as const;

export const NCM_PATTERN = /^\d{8}$/;
export const CEST_PATTERN = /^\d{7}$/;

/** An NCM typed with dots ("8708.30.90") or spaces, as its 8 digits; anything else stays as typed (and fails NCM_PATTERN). */
export const normalizeNcm = (value: string) => value.replace(/[.\s-]/g, '');
export const normalizeCest = (value: string) => value.replace(/[.\s-]/g, '');

/** "87083090" → "8708.30.90", as the DANFE prints it. */
export const formatNcm = (ncm: string) => (NCM_PATTERN.test(ncm) ? `${ncm.slice(0, 4)}.${ncm.slice(4, 6)}.${ncm.slice(6)}` : ncm);

/** Each category's usual NCM (auto parts 8708, ignition 8511, filters 8421, batteries 8507, lighting 8512, footwear 6403/6404) and unit. */
const CATEGORY_FISCAL: Record<CategorySlug, { ncm: string; unit: FiscalUnit }> = {
  freios: { ncm: '87083090', unit: 'UN' },
  suspensao: { ncm: '87088000', unit: 'UN' },
  motor: { ncm: '84099190', unit: 'UN' },
  iluminacao: { ncm: '85122011', unit: 'UN' },
  eletrica: { ncm: '85111000', unit: 'UN' },
  filtros: { ncm: '84212300', unit: 'UN' },
  acessorios: { ncm: '87082999', unit: 'UN' },
  baterias: { ncm: '85071010', unit: 'UN' },
  calcados: { ncm: '64039990', unit: 'PAR' },
};

/** Narrower NCMs by the part's kind, where the category's would be wrong (first match wins). */
const KIND_NCM: [RegExp, string][] = [
  [/amortecedor/i, '87088000'],
  [/bobina/i, '85113020'],
  [/vela/i, '85111000'],
  [/filtro de ar/i, '84213100'],
  [/filtro de combust/i, '84212300'],
  [/lanterna|farol/i, '85122011'],
  [/l[âa]mpada/i, '85392190'],
  [/t[êe]nis|sapatilha/i, '64041900'],
];

/** The fiscal data a new product gets when none is informed: by its kind, else by its category. */
export function defaultFiscal(category: string, kind = ''): { ncm: string; origem: number; cest: string | null; unit: FiscalUnit } {
  const base = CATEGORY_FISCAL[category as CategorySlug] ?? { ncm: '87089990', unit: 'UN' as const };
  const byKind = KIND_NCM.find(([re]) => re.test(kind))?.[1];
  return { ncm: byKind ?? base.ncm, origem: 0, cest: null, unit: base.unit };
}

/** A product's fiscal data as stored. */
export interface ProductFiscal {
  ncm: string;
  origem: number;
  cest: string | null;
  unit: FiscalUnit;
}

/** The columns of the back-office form and the spreadsheet (import and export). */
export const FISCAL_COLUMNS = ['ncm', 'origem', 'cest', 'unidade'] as const;
export type FiscalColumn = (typeof FISCAL_COLUMNS)[number];

export const FISCAL_MESSAGES = {
  ncm: 'NCM inválido: informe os 8 dígitos (ex.: 8708.30.90) ou deixe vazio para usar o da categoria.',
  origem: 'Origem inválida: use um número de 0 a 8 (0 = nacional).',
  cest: 'CEST inválido: informe os 7 dígitos (ex.: 01.075.00) ou deixe vazio.',
  unidade: `Unidade inválida: use ${FISCAL_UNITS.join(', ')}.`,
} as const;

export type FiscalInput = { ok: true; value: ProductFiscal | null } | { ok: false; errors: Partial<Record<FiscalColumn, string>> };

/**
 * Reads the four fields (strings as typed). All blank: not informed (a new product gets its category's
 * defaults, an edit keeps what it had); NCM blank with others informed: the category's NCM.
 */
export function parseFiscal(raw: Partial<Record<FiscalColumn, unknown>>, category: string, kind = ''): FiscalInput {
  const text = (k: FiscalColumn) => (typeof raw[k] === 'string' ? (raw[k] as string).trim() : raw[k] === undefined || raw[k] === null ? '' : String(raw[k]).trim());
  const values = FISCAL_COLUMNS.map(text);
  if (values.every((v) => v === '')) return { ok: true, value: null };
  const [ncmText, origemText, cestText, unitText] = values as [string, string, string, string];
  const fallback = defaultFiscal(category, kind);
  const errors: Partial<Record<FiscalColumn, string>> = {};
  const ncm = ncmText === '' ? fallback.ncm : normalizeNcm(ncmText);
  if (!NCM_PATTERN.test(ncm)) errors.ncm = FISCAL_MESSAGES.ncm;
  if (origemText !== '' && !/^[0-8]$/.test(origemText)) errors.origem = FISCAL_MESSAGES.origem;
  const cest = cestText === '' ? null : normalizeCest(cestText);
  if (cest !== null && !CEST_PATTERN.test(cest)) errors.cest = FISCAL_MESSAGES.cest;
  const unit = (unitText === '' ? fallback.unit : unitText.toUpperCase()) as FiscalUnit;
  if (!FISCAL_UNITS.includes(unit)) errors.unidade = FISCAL_MESSAGES.unidade;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { ncm, origem: origemText === '' ? 0 : Number(origemText), cest, unit } };
}

/** The four fields as the form and the export write them ("8708.30.90"). */
export function fiscalFields(f: ProductFiscal | null): Record<FiscalColumn, string> {
  if (!f) return { ncm: '', origem: '', cest: '', unidade: '' };
  return { ncm: formatNcm(f.ncm), origem: String(f.origem), cest: f.cest ?? '', unidade: f.unit };
}
