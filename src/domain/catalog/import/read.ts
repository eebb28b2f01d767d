// Reads a catalog file on disk as a stream of rows of cells by column name: CSV (UTF-8, with or without BOM,
// `;` or `,` detected from the header) or XLSX (its first sheet, see xlsx.server.ts). Line numbers are the
// spreadsheet's rows: the header is line 1, so the first product is line 2. Wholly empty rows are skipped
// (keeping numbering). The header is checked before any row is handed out; the limits (rows, columns, cell
// size, and the XLSX's inflated size) are checked as the rows stream by, and crossing one throws an
// ImportFileError naming it.
import fs from 'node:fs';
import { pipeline, Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { COLUMNS, IMPORT_LIMITS, REQUIRED_COLUMNS } from './format.ts';
import type { Column, ImportLimits } from './format.ts';
import { ImportFileError, readXlsxRows } from './xlsx.server.ts';
import type { RawRow } from './xlsx.server.ts';

export { ImportFileError } from './xlsx.server.ts';

export interface SheetRow {
  line: number;
  cells: Partial<Record<Column, string>>;
}

export type OpenResult = { ok: true; rows: AsyncGenerator<SheetRow> } | { ok: false; message: string; status: 400 | 413 };

const XLSX_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const n = (v: number) => v.toLocaleString('pt-BR');

export function isXlsx(bytes: Uint8Array): boolean {
  return XLSX_MAGIC.every((b, i) => bytes[i] === b);
}

/** `;` or `,`: whichever the header line has more of. */
export function detectDelimiter(text: string): ';' | ',' {
  const end = text.search(/\r?\n/);
  const header = end === -1 ? text : text.slice(0, end);
  const count = (ch: string) => header.split(ch).length - 1;
  return count(';') >= count(',') ? ';' : ',';
}

const notUtf8 = () => new ImportFileError('O arquivo não está em UTF-8. Salve a planilha como "CSV UTF-8".');

/** The file's text, decoded strictly as UTF-8 (without its BOM), in chunks. */
async function* utf8Chunks(filePath: string): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  try {
    for await (const chunk of fs.createReadStream(filePath, { highWaterMark: 256 * 1024 })) yield decoder.decode(chunk as Buffer, { stream: true });
    yield decoder.decode();
  } catch (err) {
    throw err instanceof TypeError ? notUtf8() : err;
  }
}

async function* readCsvRows(filePath: string, limits: ImportLimits): AsyncGenerator<RawRow> {
  const text = utf8Chunks(filePath);
  const maxRecord = limits.columns * limits.cellChars;
  // The separator comes from the header line, so the parser starts once that line is in.
  let head = '';
  while (!/\r?\n/.test(head) && head.length <= maxRecord) {
    const next = await text.next();
    if (next.done) break;
    head += next.value;
  }
  const parser = parse({
    delimiter: detectDelimiter(head),
    relax_column_count: true,
    skip_empty_lines: false,
    relax_quotes: true,
    // One record (a line, or several when a quote is left open) may not grow past what a full row of cells holds.
    max_record_size: maxRecord,
  });
  const source = Readable.from(
    (async function* () {
      yield head;
      yield* text;
    })(),
  );
  pipeline(source, parser, () => {});
  let line = 0;
  try {
    for await (const values of parser as AsyncIterable<string[]>) {
      line++;
      yield { line, values };
    }
  } catch (err) {
    if (err instanceof ImportFileError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'CSV_MAX_RECORD_SIZE')
      throw new ImportFileError(`A linha ${n(line + 1)} do CSV passa do tamanho máximo (${n(limits.columns)} colunas de até ${n(limits.cellChars)} caracteres); confira as aspas.`, 413);
    throw new ImportFileError(`Não foi possível ler o CSV: ${(err as Error).message.slice(0, 200)}`);
  } finally {
    source.destroy();
    parser.destroy();
  }
}

function checkHeader(values: string[]): { ok: true; header: string[] } | { ok: false; message: string } {
  const header = values.map((h) =>
    h
      .trim()
      .toLowerCase()
      .replace(/^\uFEFF/, ''),
  );
  const unknown = header.filter((h) => h !== '' && !(COLUMNS as readonly string[]).includes(h));
  if (unknown.length) return { ok: false, message: `Coluna desconhecida no cabeçalho: ${unknown.slice(0, 5).join(', ')}. Colunas aceitas: ${COLUMNS.join(', ')}.` };
  const missing = REQUIRED_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length) return { ok: false, message: `Faltam colunas no cabeçalho: ${missing.join(', ')}.` };
  const dup = header.find((h, i) => h !== '' && header.indexOf(h) !== i);
  if (dup) return { ok: false, message: `Coluna repetida no cabeçalho: ${dup}.` };
  return { ok: true, header };
}

async function* productRows(raw: AsyncGenerator<RawRow>, header: string[], limits: ImportLimits): AsyncGenerator<SheetRow> {
  let count = 0;
  try {
    for await (const { line, values } of raw) {
      if (values.length > limits.columns) throw new ImportFileError(`O arquivo tem colunas demais (máximo ${n(limits.columns)}); linha ${n(line)}.`, 413);
      if (values.every((v) => v.trim() === '')) continue;
      if (++count > limits.rows) throw new ImportFileError(`O arquivo tem linhas demais (máximo ${n(limits.rows)} linhas de produtos).`, 413);
      const cells: Partial<Record<Column, string>> = {};
      header.forEach((h, i) => {
        if (h === '') return;
        const value = values[i] ?? '';
        if (value.length > limits.cellChars) throw new ImportFileError(`Uma célula da linha ${n(line)} passa de ${n(limits.cellChars)} caracteres.`, 413);
        cells[h as Column] = value;
      });
      yield { line, cells };
    }
  } finally {
    await raw.return(undefined);
  }
}

function readHeadBytes(filePath: string): Uint8Array {
  const fd = fs.openSync(filePath, 'r');
  try {
    const buf = new Uint8Array(4);
    fs.readSync(fd, buf, 0, 4, 0);
    return buf;
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Opens a catalog file and checks its header. The rows then stream; reading them may throw an
 * ImportFileError (a limit crossed, or a file that stops making sense part-way).
 */
export async function openCatalogFile(fileName: string, filePath: string, limits: ImportLimits = IMPORT_LIMITS): Promise<OpenResult> {
  const xlsx = isXlsx(readHeadBytes(filePath)) || /\.xlsx$/i.test(fileName);
  const raw = xlsx ? readXlsxRows(filePath, limits) : readCsvRows(filePath, limits);
  try {
    const first = await raw.next();
    if (first.done) return { ok: false, message: 'O arquivo está vazio.', status: 400 };
    if (first.value.values.length > limits.columns) throw new ImportFileError(`O arquivo tem colunas demais (máximo ${n(limits.columns)}); linha ${n(first.value.line)}.`, 413);
    const header = checkHeader(first.value.values);
    if (!header.ok) {
      await raw.return(undefined);
      return { ok: false, message: header.message, status: 400 };
    }
    return { ok: true, rows: productRows(raw, header.header, limits) };
  } catch (err) {
    await raw.return(undefined).catch(() => {});
    if (err instanceof ImportFileError) return { ok: false, message: err.message, status: err.status };
    throw err;
  }
}
