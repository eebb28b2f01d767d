// Boleto bancário (cobrança): the 44-digit barcode and the 47-digit linha digitável with their FEBRABAN
// check digits (módulo 10 per field, módulo 11 for the barcode), the amount and the due-date factor.

/** The due-date factor restarted at 1000 on 2025-02-22 (it had reached 9999 the day before). */
const FACTOR_BASE = Date.UTC(2025, 1, 22);
const DAY = 86_400_000;

/** The factor of a due day written YYYY-MM-DD: the calendar day printed on the boleto (Brasília's). */
export function dueFactor(dueDay: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dueDay);
  if (!m) throw new Error('due day must be YYYY-MM-DD');
  const days = Math.round((Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) - FACTOR_BASE) / DAY);
  return String(1000 + (((days % 9000) + 9000) % 9000)).padStart(4, '0');
}

export function mod10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? product - 9 : product;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

export function mod11Barcode(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

export interface Boleto {
  barcode: string;
  line: string;
  formattedLine: string;
}

/**
 * Builds a boleto for an amount (centavos) and due day. `dueDay` is the due date as the shopper reads it
 * (YYYY-MM-DD, Brasília time), which the barcode encodes. `freeField` is the bank's 25-digit field (here,
 * the sandbox agreement and the order number).
 */
export function buildBoleto(opts: { bankCode: string; amountCents: number; dueDay: string; freeField: string }): Boleto {
  if (!/^\d{3}$/.test(opts.bankCode)) throw new Error('bank code must have 3 digits');
  if (!/^\d{25}$/.test(opts.freeField)) throw new Error('free field must have 25 digits');
  if (!Number.isSafeInteger(opts.amountCents) || opts.amountCents < 0 || opts.amountCents > 99_999_999_99) throw new Error('amount out of range');
  const amount = String(opts.amountCents).padStart(10, '0');
  const factor = dueFactor(opts.dueDay);
  const withoutDv = `${opts.bankCode}9${factor}${amount}${opts.freeField}`;
  const dv = mod11Barcode(withoutDv);
  const barcode = `${opts.bankCode}9${dv}${factor}${amount}${opts.freeField}`;
  const f = opts.freeField;
  const field1 = `${opts.bankCode}9${f.slice(0, 5)}`;
  const field2 = f.slice(5, 15);
  const field3 = f.slice(15, 25);
  const line = `${field1}${mod10(field1)}${field2}${mod10(field2)}${field3}${mod10(field3)}${dv}${factor}${amount}`;
  const formattedLine = `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line.slice(32, 33)} ${line.slice(33)}`;
  return { barcode, line, formattedLine };
}
