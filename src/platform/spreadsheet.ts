// Every spreadsheet the back office downloads (CSV now; any XLSX text cell the same way) is written through
// here, so a buyer's name or a seller's title can never run as a formula in Excel, LibreOffice or Google
// Sheets (OWASP "CSV Injection"): a text cell starting with =, +, -, @, tab or carriage return gets a leading
// single quote, which spreadsheets show as text. Numbers stay numbers: a numeric cell ("-12,50", 3) is left
// alone. The catalog import undoes exactly that quote (restoreSpreadsheetText), so export → import round-trips.
// No dependencies: the catalog format (format.ts) reaches the browser. CSV writing is spreadsheet-csv.server.ts.

export type SheetCell = string | number | null | undefined;

// A value already starting with quotes before a trigger gets one more, so restoring is exact for every text.
const NEEDS_QUOTE = /^'*[=+\-@\t\r]/;
const QUOTED = /^'+[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+([.,]\d+)?$/;

/** A text cell as it may go into a spreadsheet. */
export function neutraliseSpreadsheetText(value: string): string {
  if (PLAIN_NUMBER.test(value)) return value;
  return NEEDS_QUOTE.test(value) ? `'${value}` : value;
}

/** The inverse, for a cell read back from a file we (or a spreadsheet) wrote: drops that one quote. */
export function restoreSpreadsheetText(value: string): string {
  return QUOTED.test(value) ? value.slice(1) : value;
}

export function neutraliseSpreadsheetCell(value: SheetCell): string | number {
  if (value === null || value === undefined) return '';
  return typeof value === 'number' ? value : neutraliseSpreadsheetText(value);
}
