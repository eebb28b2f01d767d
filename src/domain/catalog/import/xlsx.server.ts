// Reads the first sheet of an XLSX file as a stream of rows, within limits: the zip (yauzl, reading the file
// on disk by its central directory) is inflated part by part with every byte counted, so a zip bomb stops
// at the limit it crosses while inflating; the sheet's XML goes through a SAX parser (saxes) chunk by chunk.
// Only the shared strings (the sheet's text table) are held in memory, bounded by the same byte budget.
// saxes expands no DTD entities, so no "billion laughs" and no external entity either.
import { SaxesParser } from 'saxes';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import type { ImportLimits } from './format.ts';

/** A file the import refuses: a pt-BR message for the owner, and the HTTP status a web upload answers with. */
export class ImportFileError extends Error {
  readonly status: 400 | 413;
  constructor(message: string, status: 400 | 413 = 400) {
    super(message);
    this.status = status;
  }
}

export interface RawRow {
  /** The row's number as the spreadsheet shows it (the header is usually 1). */
  line: number;
  values: string[];
}

const MB = 1024 * 1024;
const n = (v: number) => v.toLocaleString('pt-BR');
const unreadable = () => new ImportFileError('Não foi possível ler a planilha XLSX. Salve-a de novo no Excel ou no LibreOffice e envie outra vez.');
const tooBig = (limits: ImportLimits) => new ImportFileError(`A planilha descompactada passa do limite de ${n(limits.uncompressedBytes / MB)} MB.`, 413);
const tooCompressed = (limits: ImportLimits) => new ImportFileError(`A planilha está compactada além do normal (mais de ${n(limits.compressionRatio)} vezes o tamanho): não será lida.`, 413);

function openZip(filePath: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    // Sizes are checked here, as bytes come out of the inflater (validateEntrySizes would trust the header).
    yauzl.open(filePath, { lazyEntries: true, autoClose: false, validateEntrySizes: false }, (err, zip) => (err || !zip ? reject(unreadable()) : resolve(zip)));
  });
}

function listEntries(zip: ZipFile, limits: ImportLimits): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    let declared = 0;
    zip.on('entry', (entry: Entry) => {
      if (entries.size >= limits.zipEntries) return reject(new ImportFileError(`A planilha tem arquivos internos demais (máximo ${n(limits.zipEntries)}).`, 413));
      declared += entry.uncompressedSize;
      if (declared > limits.uncompressedBytes) return reject(tooBig(limits));
      if (entry.uncompressedSize > MB && entry.uncompressedSize > entry.compressedSize * limits.compressionRatio) return reject(tooCompressed(limits));
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', () => reject(unreadable()));
    zip.readEntry();
  });
}

/** Inflates one part, counting every byte against the file's budget and the part's compression ratio. */
async function* inflate(zip: ZipFile, entry: Entry, budget: { left: number }, limits: ImportLimits, cap?: { bytes: number; error: () => ImportFileError }): AsyncGenerator<Buffer> {
  const stream = await new Promise<NodeJS.ReadableStream & { destroy(): void }>((resolve, reject) => zip.openReadStream(entry, (err, s) => (err || !s ? reject(unreadable()) : resolve(s as never))));
  const maxForEntry = Math.max(MB, entry.compressedSize * limits.compressionRatio);
  let seen = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      seen += chunk.length;
      budget.left -= chunk.length;
      if (budget.left < 0) throw tooBig(limits);
      if (seen > maxForEntry) throw tooCompressed(limits);
      if (cap && seen > cap.bytes) throw cap.error();
      yield chunk;
    }
  } catch (err) {
    throw err instanceof ImportFileError ? err : unreadable();
  } finally {
    stream.destroy();
  }
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);

type Tag = { name: string; attributes: Record<string, string> };
/** Several listeners per event (saxes keeps one handler per event). */
interface Listeners {
  opentag: ((tag: Tag) => void)[];
  text: ((text: string) => void)[];
  closetag: ((tag: Tag) => void)[];
}

/** Feeds a part through a SAX parser; `drain` runs after each chunk (where rows are handed out). */
async function* parsePart(chunks: AsyncIterable<Buffer>, setup: (on: Listeners) => void, drain: () => RawRow[]): AsyncGenerator<RawRow> {
  const parser = new SaxesParser();
  let failure: unknown = null;
  parser.on('error', (err) => {
    failure ??= err;
  });
  const on: Listeners = { opentag: [], text: [], closetag: [] };
  setup(on);
  parser.on('opentag', (t) => {
    for (const f of on.opentag) f(t as Tag);
  });
  parser.on('text', (t) => {
    for (const f of on.text) f(t);
  });
  parser.on('closetag', (t) => {
    for (const f of on.closetag) f(t as Tag);
  });
  const decoder = new TextDecoder('utf-8');
  const write = (text: string) => {
    try {
      parser.write(text);
    } catch (err) {
      failure ??= err;
    }
    if (failure) throw failure instanceof ImportFileError ? failure : unreadable();
  };
  for await (const chunk of chunks) {
    write(decoder.decode(chunk, { stream: true }));
    yield* drain();
  }
  write(decoder.decode());
  try {
    parser.close();
  } catch {
    throw unreadable();
  }
  yield* drain();
}

/** Reads a small part (workbook, relationships) whole: they hold a few names. */
async function smallPartTags(zip: ZipFile, entry: Entry | undefined, budget: { left: number }, limits: ImportLimits, tag: string): Promise<Record<string, string>[]> {
  if (!entry) return [];
  const found: Record<string, string>[] = [];
  const rows = parsePart(
    inflate(zip, entry, budget, limits),
    (on) =>
      on.opentag.push((t) => {
        if (local(t.name) === tag) found.push(t.attributes);
      }),
    () => [],
  );
  for await (const _ of rows);
  return found;
}

function resolveTarget(target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = `xl/${target}`.split('/');
  const out: string[] = [];
  for (const p of parts) p === '..' ? out.pop() : p !== '.' && out.push(p);
  return out.join('/');
}

/** The first sheet's part and the shared strings' part, as the workbook names them (with the usual names as fallback). */
async function locateParts(zip: ZipFile, entries: Map<string, Entry>, budget: { left: number }, limits: ImportLimits): Promise<{ sheet: Entry; strings?: Entry }> {
  const sheets = await smallPartTags(zip, entries.get('xl/workbook.xml'), budget, limits, 'sheet');
  const rels = await smallPartTags(zip, entries.get('xl/_rels/workbook.xml.rels'), budget, limits, 'Relationship');
  const firstId = sheets[0] && Object.entries(sheets[0]).find(([k]) => local(k) === 'id')?.[1];
  const sheetRel = rels.find((r) => r.Id === firstId);
  const stringsRel = rels.find((r) => /\/sharedStrings$/.test(r.Type ?? ''));
  const sheet = (sheetRel && entries.get(resolveTarget(sheetRel.Target ?? ''))) ?? entries.get('xl/worksheets/sheet1.xml');
  if (!sheet) throw new ImportFileError('A planilha não tem abas.');
  const strings = (stringsRel && entries.get(resolveTarget(stringsRel.Target ?? ''))) ?? entries.get('xl/sharedStrings.xml');
  return { sheet, strings };
}

/** Text runs of a shared string or an inline string, leaving out phonetic hints (`rPh`). */
function textCollector(on: Listeners, onDone: (text: string) => void, container: 'si' | 'is', onOpen?: () => void) {
  let inText = false;
  let inPhonetic = false;
  let text = '';
  on.opentag.push((t) => {
    const name = local(t.name);
    if (name === container) {
      text = '';
      onOpen?.();
    } else if (name === 'rPh') inPhonetic = true;
    else if (name === 't' && !inPhonetic) inText = true;
  });
  on.text.push((t) => {
    if (inText) text += t;
  });
  on.closetag.push((t) => {
    const name = local(t.name);
    if (name === 't') inText = false;
    else if (name === 'rPh') inPhonetic = false;
    else if (name === container) onDone(text);
  });
}

async function readSharedStrings(zip: ZipFile, entry: Entry | undefined, budget: { left: number }, limits: ImportLimits): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  const cap = { bytes: limits.sharedStringsBytes, error: () => new ImportFileError(`Os textos da planilha passam do limite de ${n(limits.sharedStringsBytes / MB)} MB.`, 413) };
  const rows = parsePart(
    inflate(zip, entry, budget, limits, cap),
    (on) => textCollector(on, (text) => strings.push(text), 'si'),
    () => [],
  );
  for await (const _ of rows);
  return strings;
}

/** "AB12" → 27 (zero-based column of a cell reference); -1 when there is none. */
function columnOf(ref: string | undefined): number {
  if (!ref) return -1;
  let col = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    col = col * 26 + (c - 64);
  }
  return i === 0 ? -1 : col - 1;
}

function cellValue(type: string | undefined, v: string, inline: string, strings: string[]): string {
  switch (type) {
    case 's':
      return strings[Number(v)] ?? '';
    case 'inlineStr':
      return inline;
    case 'b':
      return v === '1' ? 'true' : 'false';
    default:
      // Numbers as the file stores them (12.5), not as the sheet's display format shows them; formula
      // results (`str`), errors (`e`) and ISO dates (`d`) as written.
      return v;
  }
}

/** The rows of the workbook's first sheet, in file order; rows with no cell are not yielded. */
export async function* readXlsxRows(filePath: string, limits: ImportLimits): AsyncGenerator<RawRow> {
  const zip = await openZip(filePath);
  try {
    const entries = await listEntries(zip, limits);
    const budget = { left: limits.uncompressedBytes };
    const parts = await locateParts(zip, entries, budget, limits);
    const strings = await readSharedStrings(zip, parts.strings, budget, limits);
    let ready: RawRow[] = [];
    let line = 0;
    let values: string[] = [];
    let col = -1;
    let type: string | undefined;
    let inValue = false;
    let v = '';
    let inline = '';
    const setup = (on: Listeners) => {
      textCollector(on, (text) => (inline = text), 'is');
      on.opentag.push((t) => {
        const name = local(t.name);
        const attrs = t.attributes;
        if (name === 'row') {
          line = attrs.r ? Number(attrs.r) : line + 1;
          values = [];
          col = -1;
        } else if (name === 'c') {
          const at = columnOf(attrs.r);
          col = at >= 0 ? at : col + 1;
          if (col >= limits.columns) throw new ImportFileError(`A planilha tem colunas demais (máximo ${n(limits.columns)}); linha ${n(line)}.`, 413);
          type = attrs.t;
          v = '';
          inline = '';
        } else if (name === 'v') inValue = true;
      });
      on.text.push((t) => {
        if (inValue) v += t;
      });
      on.closetag.push((t) => {
        const name = local(t.name);
        if (name === 'v') inValue = false;
        else if (name === 'c') {
          const value = cellValue(type, v, inline, strings);
          if (value.length > limits.cellChars) throw new ImportFileError(`Uma célula da linha ${n(line)} passa de ${n(limits.cellChars)} caracteres.`, 413);
          while (values.length < col) values.push('');
          values[col] = value;
        } else if (name === 'row') {
          if (values.some((x) => x !== '')) ready.push({ line, values });
        }
      });
    };
    const drain = () => {
      const out = ready;
      ready = [];
      return out;
    };
    yield* parsePart(inflate(zip, parts.sheet, budget, limits), setup, drain);
  } finally {
    zip.close();
  }
}
