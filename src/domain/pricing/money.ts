// Owns the representation of money: integer centavos in, pt-BR reais out.
export type Cents = number;

// Made on first use, not when the module loads: creating a formatter loads locale data (tens of ms on a
// phone-speed CPU), which would otherwise lengthen the page's script-evaluation task. Amounts are always
// written by Intl (the brief's rule); the storefront's static islands (app/components/Static.tsx) keep the
// server's price text while a page hydrates, so most pages never create it during hydration.
let brl: Intl.NumberFormat | undefined;

// Each amount is formatted once: a list page shows about 70 (price, installment, PIX price per card), and
// Intl's format was about 1 % of an uncached page's server CPU in a --cpu-prof profile. Bounded: the map
// starts over once it holds FORMATTED_MAX amounts.
const formatted = new Map<Cents, string>();
const FORMATTED_MAX = 4096;

/** Formats integer centavos as "R$ 1.234,56" (with the non-breaking space Intl uses). */
export function formatBRL(cents: Cents): string {
  let text = formatted.get(cents);
  if (text === undefined) {
    brl ??= new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
    text = brl.format(cents / 100);
    if (formatted.size >= FORMATTED_MAX) formatted.clear();
    formatted.set(cents, text);
  }
  return text;
}

/** Centavos to reais as a number with two decimals, for the spec's compatibility API only. */
export function centsToReais(cents: Cents): number {
  return Math.round(cents) / 100;
}

/** Centavos as a decimal with a comma and no thousands separator ("1234,56"): what a form field or a
 * spreadsheet cell holds, and what the price parsers read back. Null is an empty field. A PIX BR Code writes
 * its amount with a point ("1234.56"): `separator` '.'. */
export function formatCentsDecimal(cents: Cents | null, separator: ',' | '.' = ','): string {
  if (cents === null) return '';
  return `${Math.floor(cents / 100)}${separator}${String(cents % 100).padStart(2, '0')}`;
}

/** Reais (number) to integer centavos, rounding half-up to the centavo. */
export function reaisToCents(reais: number): Cents {
  if (!Number.isFinite(reais)) return 0;
  // toFixed avoids binary drift such as 719.9 * 100 = 71990.00000000001.
  return Math.round(Number((reais * 100).toFixed(6)));
}

/** Percentage of an amount, half-up to the centavo. `percent` may be fractional (e.g. 12.5). */
export function percentOf(cents: Cents, percent: number): Cents {
  // Work in hundredths of a percent so 10 % of 12345 is exact integer math before the single rounding.
  const bp = Math.round(percent * 100);
  return Math.floor((cents * bp + 5000) / 10000);
}

/** Price typed the Brazilian way ("1.234,56", "150", "99,9") or the API way ("1234.56"), to centavos. */
export function parsePriceParam(raw: string): number | null {
  const s = raw.trim().replace(/^R\$\s*/i, '');
  if (s === '') return null;
  let normalized: string;
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(s) || /^\d+(,\d{1,2})?$/.test(s)) {
    normalized = s.replace(/\./g, '').replace(',', '.');
  } else if (/^\d+(\.\d{1,2})?$/.test(s)) {
    normalized = s;
  } else {
    return Number.NaN;
  }
  const [int, frac = ''] = normalized.split('.');
  return Number(int) * 100 + Number(frac.padEnd(2, '0'));
}
