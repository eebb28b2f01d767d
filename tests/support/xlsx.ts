// XLSX files for the import tests, written as a stream with yazl (a sheet of 100,000 rows never sits in
// memory): an ordinary workbook (text as inline strings, or through the shared strings table as Excel
// writes it; numbers as numbers), and a zip bomb (one small row repeated, deflated at a high ratio).
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import yazl from 'yazl';

type Cell = string | number | null | undefined;

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Catálogo" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;
const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`;
const SHEET_TAIL = '</sheetData></worksheet>';

const colName = (i: number): string => (i < 26 ? String.fromCharCode(65 + i) : colName(Math.floor(i / 26) - 1) + String.fromCharCode(65 + (i % 26)));

async function writeZip(filePath: string, parts: { name: string; data: string | Iterable<string> | AsyncIterable<string> }[]): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const p of parts) {
    if (typeof p.data === 'string') zip.addBuffer(Buffer.from(p.data), p.name, { compressionLevel: 9 });
    else zip.addReadStream(Readable.from(p.data), p.name, { compressionLevel: 9 });
  }
  zip.end();
  const out = fs.createWriteStream(filePath);
  zip.outputStream.pipe(out);
  await finished(out);
}

/** A workbook whose first sheet has `rows` (the first is the header). Text goes inline, or through the shared strings table. */
export async function writeXlsx(filePath: string, rows: Iterable<Cell[]>, opts: { sharedStrings?: boolean } = {}): Promise<void> {
  const strings: string[] = [];
  const index = new Map<string, number>();
  function* sheet(): Generator<string> {
    yield SHEET_HEAD;
    let r = 0;
    let buf = '';
    for (const row of rows) {
      r++;
      buf += `<row r="${r}">`;
      row.forEach((v, c) => {
        if (v === null || v === undefined || v === '') return;
        const ref = `${colName(c)}${r}`;
        if (typeof v === 'number') buf += `<c r="${ref}"><v>${v}</v></c>`;
        else if (opts.sharedStrings) {
          let at = index.get(v);
          if (at === undefined) {
            at = strings.push(v) - 1;
            index.set(v, at);
          }
          buf += `<c r="${ref}" t="s"><v>${at}</v></c>`;
        } else buf += `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(v)}</t></is></c>`;
      });
      buf += '</row>';
      if (buf.length > 64 * 1024) {
        yield buf;
        buf = '';
      }
    }
    yield buf + SHEET_TAIL;
  }
  // Shared strings are only known once the sheet is written: write the sheet's XML first (to a string).
  const sheetXml = opts.sharedStrings ? [[...sheet()].join('')] : sheet();
  const sst = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((s) => `<si><t xml:space="preserve">${escapeXml(s)}</t></si>`).join('')}</sst>`;
  await writeZip(filePath, [
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: '_rels/.rels', data: ROOT_RELS },
    { name: 'xl/workbook.xml', data: WORKBOOK },
    { name: 'xl/_rels/workbook.xml.rels', data: WORKBOOK_RELS },
    { name: 'xl/worksheets/sheet1.xml', data: sheetXml },
    ...(opts.sharedStrings ? [{ name: 'xl/sharedStrings.xml', data: sst }] : []),
  ]);
}

/**
 * A zip bomb: a valid workbook whose sheet is the catalog header and then one product row repeated until
 * the sheet's XML reaches `megabytes` MB; deflated, it is a few hundred KB.
 */
export async function writeXlsxBomb(filePath: string, header: readonly string[], row: readonly string[], megabytes: number): Promise<void> {
  const cells = (values: readonly string[]) => values.map((v) => `<c t="inlineStr"><is><t>${escapeXml(v)}</t></is></c>`).join('');
  function* sheet(): Generator<string> {
    yield SHEET_HEAD + `<row>${cells(header)}</row>`;
    const one = `<row>${cells(row)}</row>`;
    const block = one.repeat(Math.max(1, Math.floor((256 * 1024) / one.length)));
    for (let written = 0; written < megabytes * 1024 * 1024; written += block.length) yield block;
    yield SHEET_TAIL;
  }
  await writeZip(filePath, [
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: '_rels/.rels', data: ROOT_RELS },
    { name: 'xl/workbook.xml', data: WORKBOOK },
    { name: 'xl/_rels/workbook.xml.rels', data: WORKBOOK_RELS },
    { name: 'xl/worksheets/sheet1.xml', data: sheet() },
  ]);
}
