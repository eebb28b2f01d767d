// Reading catalog files as streams, within limits: an XLSX as Excel writes it (shared strings, rich text,
// formulas, several sheets), a zip bomb refused while inflating (whether its sizes are honest or lie), and
// rows, columns and cells over their limits, each refused with a pt-BR message naming the limit.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeXlsx, writeXlsxBomb } from '../../../../tests/support/xlsx.ts';
import { COLUMNS, IMPORT_LIMITS } from './format.ts';
import type { ImportLimits } from './format.ts';
import { openCatalogFile } from './read.ts';
import type { SheetRow } from './read.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-read-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const file = (name: string) => path.join(dir, name);
const HEADER = [...COLUMNS];
const ROW = ['A-1', 'Pastilha de Freio', 'Descrição longa o bastante.', 'Bosch', 'freios', 'carros', 'novo', '10,00', '', '3', '', '', '', ''];

/** Every row of a file, or the message that refused it (at opening or part-way). */
async function readAll(name: string, filePath: string, limits?: ImportLimits, keep = true) {
  const opened = await openCatalogFile(name, filePath, limits);
  if (!opened.ok) return { error: opened.message, status: opened.status };
  const rows: SheetRow[] = [];
  try {
    for await (const r of opened.rows) if (keep) rows.push(r);
  } catch (err) {
    return { error: (err as Error).message, status: (err as { status?: number }).status };
  }
  return { rows };
}

describe('reading catalog files', () => {
  it('reads the first sheet of an XLSX written by exceljs: shared strings, rich text, formula results, numbers, line numbers', async () => {
    const res = await readAll('catalogo.xlsx', path.resolve(import.meta.dirname, '../../../../tests/fixtures/catalogo-exceljs.xlsx'));
    expect(res.error).toBeUndefined();
    expect(res.rows!.map((r) => r.line)).toEqual([2, 4]);
    expect(res.rows![0]!.cells).toMatchObject({
      ref: 'FIX-0001',
      descricao: 'Jogo com 4 pastilhas & "molas" <novo>.',
      preco: '199.9',
      preco_antigo: '249.9',
      estoque: '12',
      oem: '5U0698151|6R0698151',
      compatibilidade: 'Volkswagen Gol 2014-2016',
    });
    expect(res.rows![1]!.cells).toMatchObject({
      ref: 'FIX-0002',
      titulo: 'Filtro de Óleo',
      descricao: 'Descrição com acentuação: ção, é, ü.',
      preco: '99.95',
      preco_antigo: '',
      estoque: '7',
      foto_url: 'https://exemplo.com/foto.png',
    });
  });

  it('reads inline strings and shared strings alike', async () => {
    for (const sharedStrings of [false, true]) {
      await writeXlsx(file('a.xlsx'), [HEADER, ROW, [], [...ROW.slice(0, 7), 12.5, null, 4]], { sharedStrings });
      const res = await readAll('a.xlsx', file('a.xlsx'));
      expect(res.rows!.map((r) => [r.line, r.cells.ref, r.cells.preco, r.cells.estoque])).toEqual([
        [2, 'A-1', '10,00', '3'],
        [4, 'A-1', '12.5', '4'],
      ]);
    }
  });

  it('refuses a zip bomb while inflating it, naming the limit, without the memory its size would take', async () => {
    await writeXlsxBomb(file('bomba.xlsx'), HEADER, ROW, 150);
    const size = fs.statSync(file('bomba.xlsx')).size;
    expect(size).toBeLessThan(2 * 1024 * 1024);
    const before = process.memoryUsage().rss;
    const res = await readAll('bomba.xlsx', file('bomba.xlsx'));
    expect(res).toMatchObject({ status: 413 });
    expect(res.error).toMatch(/compactada além do normal \(mais de 100 vezes/);
    // The same bomb with its sizes in the zip's directory rewritten to look small: caught as bytes come out.
    const bytes = fs.readFileSync(file('bomba.xlsx'));
    for (let at = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at !== -1; at = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4)) {
      if (bytes.readUInt32LE(at + 24) > 1024 * 1024) bytes.writeUInt32LE(1000, at + 24);
    }
    fs.writeFileSync(file('bomba-mentirosa.xlsx'), bytes);
    const lying = await readAll('bomba-mentirosa.xlsx', file('bomba-mentirosa.xlsx'), { ...IMPORT_LIMITS, rows: Infinity, compressionRatio: 20 }, false);
    expect(lying).toMatchObject({ status: 413 });
    expect(lying.error).toMatch(/compactada além do normal \(mais de 20 vezes/);
    // And with a ratio limit out of the way, the inflated-size limit stops it.
    const big = await readAll('bomba.xlsx', file('bomba.xlsx'), { ...IMPORT_LIMITS, compressionRatio: 1e9, uncompressedBytes: 50 * 1024 * 1024 }, false);
    expect(big.error).toBe('A planilha descompactada passa do limite de 50 MB.');
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 * 1024);
  });

  it('refuses a file over the row limit with the limit in the message (XLSX and CSV)', async () => {
    const limits = { ...IMPORT_LIMITS, rows: 1000 };
    const rows = (count: number) => [HEADER, ...Array.from({ length: count }, (_, i) => [`R-${i}`, ...ROW.slice(1)])];
    await writeXlsx(file('linhas.xlsx'), rows(1001));
    expect(await readAll('linhas.xlsx', file('linhas.xlsx'), limits)).toMatchObject({ error: 'O arquivo tem linhas demais (máximo 1.000 linhas de produtos).', status: 413 });
    await writeXlsx(file('linhas-ok.xlsx'), rows(1000));
    expect((await readAll('linhas-ok.xlsx', file('linhas-ok.xlsx'), limits)).rows).toHaveLength(1000);
    fs.writeFileSync(
      file('linhas.csv'),
      rows(1001)
        .map((r) => r.join(';'))
        .join('\n'),
    );
    expect(await readAll('linhas.csv', file('linhas.csv'), limits)).toMatchObject({ error: 'O arquivo tem linhas demais (máximo 1.000 linhas de produtos).', status: 413 });
  });

  it('refuses a text table (shared strings) over its limit: the one part held in memory', async () => {
    await writeXlsx(file('textos.xlsx'), [HEADER, ...Array.from({ length: 300 }, (_, i) => [`T-${i}`, crypto.randomBytes(2400).toString('hex'), ...ROW.slice(2)])], { sharedStrings: true });
    expect(await readAll('textos.xlsx', file('textos.xlsx'), { ...IMPORT_LIMITS, sharedStringsBytes: 1024 * 1024 })).toMatchObject({
      error: 'Os textos da planilha passam do limite de 1 MB.',
      status: 413,
    });
    expect((await readAll('textos.xlsx', file('textos.xlsx'))).rows).toHaveLength(300);
  });

  it('refuses too many columns and oversized cells', async () => {
    await writeXlsx(file('colunas.xlsx'), [HEADER, [...ROW, ...Array.from({ length: 60 }, () => 'x')]]);
    expect(await readAll('colunas.xlsx', file('colunas.xlsx'))).toMatchObject({ error: 'A planilha tem colunas demais (máximo 64); linha 2.', status: 413 });
    await writeXlsx(file('celula.xlsx'), [HEADER, ['A-1', 'x'.repeat(40_000), ...ROW.slice(2)]]);
    expect(await readAll('celula.xlsx', file('celula.xlsx'))).toMatchObject({ error: 'Uma célula da linha 2 passa de 32.767 caracteres.', status: 413 });
    fs.writeFileSync(file('aspas.csv'), `${HEADER.join(';')}\nA;"${'y'.repeat(3_000_000)}`);
    expect((await readAll('aspas.csv', file('aspas.csv'))).error).toMatch(/^A linha 2 do CSV passa do tamanho máximo/);
  });

  it('reads CSV with either separator and a BOM, counting lines as a spreadsheet does; refuses what is not UTF-8 or not a catalog', async () => {
    fs.writeFileSync(file('a.csv'), '\uFEFFref,titulo,descricao,marca,categoria,tipo_veiculo,estado,preco,estoque\nA,B,C,D,E,F,G,"1,00",1\n\nB,B,C,D,E,F,G,2.00,1\n');
    expect((await readAll('a.csv', file('a.csv'))).rows!.map((r) => [r.line, r.cells.ref, r.cells.preco])).toEqual([
      [2, 'A', '1,00'],
      [4, 'B', '2.00'],
    ]);
    fs.writeFileSync(file('latin1.csv'), Buffer.from([0x72, 0x65, 0x66, 0x0a, 0xe7, 0xe3, 0x0a]));
    expect(await readAll('latin1.csv', file('latin1.csv'))).toMatchObject({ error: 'O arquivo não está em UTF-8. Salve a planilha como "CSV UTF-8".', status: 400 });
    fs.writeFileSync(file('vazio.csv'), '');
    expect(await readAll('vazio.csv', file('vazio.csv'))).toMatchObject({ error: 'O arquivo está vazio.', status: 400 });
    fs.writeFileSync(file('outro.xlsx'), 'PK\u0003\u0004 não é um zip de verdade');
    expect(await readAll('outro.xlsx', file('outro.xlsx'))).toMatchObject({ status: 400 });
    expect((await readAll('outro.xlsx', file('outro.xlsx'))).error).toMatch(/^Não foi possível ler a planilha XLSX/);
  });
});
