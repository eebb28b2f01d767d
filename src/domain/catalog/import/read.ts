// Reads an uploaded catalog file into rows of cells by column name: CSV (UTF-8, with or without BOM, `;`
// or `,` detected from the header) or XLSX (its first sheet). Line numbers are the spreadsheet's rows:
// the header is line 1, so the first product is line 2. Wholly empty rows are skipped (keeping numbering).
import { parse } from 'csv-parse/sync';
import { COLUMNS, MAX_IMPORT_ROWS, REQUIRED_COLUMNS } from './format.ts';
import type { Column } from './format.ts';

export interface SheetRow {
  line: number;
  cells: Partial<Record<Column, string>>;
}

export type ReadResult = { ok: true; rows: SheetRow[] } | { ok: false; message: string };

const XLSX_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export function isXlsx(bytes: Uint8Array): boolean {
  return XLSX_MAGIC.every((b, i) => bytes[i] === b);
}

/** `;` or `,`: whichever the header line has more of. */
export function detectDelimiter(text: string): ';' | ',' {
  const header = text.slice(0, text.search(/\r?\n|$/) === -1 ? text.length : text.search(/\r?\n|$/));
  const count = (ch: string) => header.split(ch).length - 1;
  return count(';') >= count(',') ? ';' : ',';
}

function toRows(matrix: { line: number; values: string[] }[]): ReadResult {
  if (matrix.length === 0) return { ok: false, message: 'O arquivo está vazio.' };
  const header = matrix[0]!.values.map((h) => h.trim().toLowerCase());
  const unknown = header.filter((h) => h !== '' && !(COLUMNS as readonly string[]).includes(h));
  if (unknown.length) return { ok: false, message: `Coluna desconhecida no cabeçalho: ${unknown.slice(0, 5).join(', ')}. Colunas aceitas: ${COLUMNS.join(', ')}.` };
  const missing = REQUIRED_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length) return { ok: false, message: `Faltam colunas no cabeçalho: ${missing.join(', ')}.` };
  const dup = header.find((h, i) => h !== '' && header.indexOf(h) !== i);
  if (dup) return { ok: false, message: `Coluna repetida no cabeçalho: ${dup}.` };
  if (matrix.length - 1 > MAX_IMPORT_ROWS) return { ok: false, message: `O arquivo tem linhas demais (máximo ${MAX_IMPORT_ROWS.toLocaleString('pt-BR')}).` };
  const rows: SheetRow[] = [];
  for (const { line, values } of matrix.slice(1)) {
    if (values.every((v) => v.trim() === '')) continue;
    const cells: Partial<Record<Column, string>> = {};
    header.forEach((h, i) => {
      if (h !== '') cells[h as Column] = values[i] ?? '';
    });
    rows.push({ line, cells });
  }
  return { ok: true, rows };
}

export function readCsv(bytes: Uint8Array): ReadResult {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, message: 'O arquivo não está em UTF-8. Salve a planilha como "CSV UTF-8".' };
  }
  text = text.replace(/^\uFEFF/, '');
  try {
    const records = parse(text, { delimiter: detectDelimiter(text), relax_column_count: true, skip_empty_lines: false, relax_quotes: true }) as string[][];
    return toRows(records.map((values, i) => ({ line: i + 1, values })));
  } catch (err) {
    return { ok: false, message: `Não foi possível ler o CSV: ${(err as Error).message.slice(0, 200)}` };
  }
}

export async function readXlsx(bytes: Uint8Array): Promise<ReadResult> {
  try {
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(bytes) as never);
    const sheet = book.worksheets[0];
    if (!sheet) return { ok: false, message: 'A planilha não tem abas.' };
    const matrix: { line: number; values: string[] }[] = [];
    const width = sheet.columnCount;
    sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      const values: string[] = [];
      for (let c = 1; c <= width; c++) values.push(cellText(row.getCell(c)));
      matrix.push({ line: rowNumber, values });
    });
    return toRows(matrix);
  } catch {
    return { ok: false, message: 'Não foi possível ler a planilha XLSX.' };
  }
}

function cellText(cell: { value: unknown; text?: string }): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  // Numbers as a spreadsheet stores them (12.5), not as the sheet's display format shows them.
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return v;
  if (typeof v === 'object' && v && 'richText' in v) return (v as { richText: { text: string }[] }).richText.map((r) => r.text).join('');
  if (typeof v === 'object' && v && 'text' in v) return String((v as { text: unknown }).text);
  if (typeof v === 'object' && v && 'result' in v) return String((v as { result: unknown }).result ?? '');
  return cell.text ?? String(v);
}

export function readCatalogFile(fileName: string, bytes: Uint8Array): Promise<ReadResult> | ReadResult {
  if (isXlsx(bytes) || /\.xlsx$/i.test(fileName)) return readXlsx(bytes);
  return readCsv(bytes);
}
