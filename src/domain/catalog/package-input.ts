// A product's boxed weight and size as typed in the back office or a spreadsheet: peso_kg ("0,05" or
// "0.05"), altura_cm, largura_cm and comprimento_cm (whole centimetres). All four or none: a product
// without them cannot be quoted by a carrier (the back office says so). Shared by the form and the import.
import type { PackageSize } from './package-sizes.ts';

export const PACKAGE_COLUMNS = ['peso_kg', 'altura_cm', 'largura_cm', 'comprimento_cm'] as const;
export type PackageColumn = (typeof PACKAGE_COLUMNS)[number];

export const MAX_WEIGHT_GRAMS = 1_000_000; // 1 t
export const MAX_SIDE_CM = 400;
export const PACKAGE_MESSAGE = `Peso e dimensões inválidos: informe os quatro (peso em kg, ex.: 0,05; altura, largura e comprimento em cm inteiros de 1 a ${MAX_SIDE_CM}) ou deixe os quatro vazios.`;
export const NO_PACKAGE_WARNING = 'Sem peso e dimensões: este produto não pode ser cotado por transportadora (só pelas formas de envio padrão da loja).';

export type PackageInput = { ok: true; value: PackageSize | null } | { ok: false; message: string };

/** Reads the four fields (strings as typed; missing or blank means not informed). */
export function parsePackage(raw: Partial<Record<PackageColumn, unknown>>): PackageInput {
  const text = (k: PackageColumn) => (typeof raw[k] === 'string' ? (raw[k] as string).trim() : raw[k] === undefined || raw[k] === null ? '' : String(raw[k]).trim());
  const values = PACKAGE_COLUMNS.map(text);
  if (values.every((v) => v === '')) return { ok: true, value: null };
  if (values.some((v) => v === '')) return { ok: false, message: PACKAGE_MESSAGE };
  const [kg, ...sides] = values as [string, string, string, string];
  if (!/^\d{1,4}([.,]\d{1,3})?$/.test(kg)) return { ok: false, message: PACKAGE_MESSAGE };
  const weightGrams = Math.round(Number(kg.replace(',', '.')) * 1000);
  if (weightGrams < 1 || weightGrams > MAX_WEIGHT_GRAMS) return { ok: false, message: PACKAGE_MESSAGE };
  if (sides.some((s) => !/^\d{1,3}$/.test(s) || Number(s) < 1 || Number(s) > MAX_SIDE_CM)) return { ok: false, message: PACKAGE_MESSAGE };
  const [heightCm, widthCm, lengthCm] = sides.map(Number) as [number, number, number];
  return { ok: true, value: { weightGrams, heightCm, widthCm, lengthCm } };
}

/** The four fields as the form and the export write them ("0,05"; "12"). */
export function packageFields(p: Partial<PackageSize> | null): Record<PackageColumn, string> {
  if (!p || !p.weightGrams) return { peso_kg: '', altura_cm: '', largura_cm: '', comprimento_cm: '' };
  return {
    peso_kg: (p.weightGrams / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 3, useGrouping: false }),
    altura_cm: String(p.heightCm ?? ''),
    largura_cm: String(p.widthCm ?? ''),
    comprimento_cm: String(p.lengthCm ?? ''),
  };
}
