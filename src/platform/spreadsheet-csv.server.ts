// Spreadsheet rows as CSV for the back office's downloads, every text cell neutralised (spreadsheet.ts).
import { stringify } from 'csv-stringify/sync';
import { neutraliseSpreadsheetCell } from './spreadsheet.ts';
import type { SheetCell } from './spreadsheet.ts';

/** Rows as CSV text (`;` by default, as Brazilian spreadsheets expect), every text cell neutralised. */
export function spreadsheetCsv(rows: SheetCell[][], delimiter: ';' | ',' = ';'): string {
  return stringify(
    rows.map((row) => row.map(neutraliseSpreadsheetCell)),
    { delimiter },
  );
}
