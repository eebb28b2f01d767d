// Brazil's business days, in one place: weekends and the bank holidays of the `date-holidays` calendar for BR
// (and a state's, given its UF). Days are YYYY-MM-DD calendar dates in Brasília; used for boleto deadlines
// and delivery estimates.
//
// What counts: the holidays date-holidays marks `public` (Tiradentes, Natal, Consciência Negra…, and a
// state's own, like São Paulo's 9 de julho) and `bank` (Carnaval Monday and Tuesday, Corpus Christi: banks
// close, so a boleto cannot be paid and carriers do not deliver). Not counted: `optional` days (the Saturday
// before Carnaval, Ash Wednesday until 14:00, the afternoons of 24 and 31 December) and `observance` days
// (Páscoa, Dia das Mães): banks open on them.
import { createRequire } from 'node:module';
import type HolidaysClass from 'date-holidays';

const DAY = 86_400_000;

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);

/** A Brazilian state's two-letter code (SP, RJ, MG…). */
export type Uf = string;

// date-holidays carries every country's calendar (about 9 MB of heap once loaded): it is required on the
// first question, not when the server starts, so a server that never computes a deadline never pays for it.
const requireFromHere = createRequire(import.meta.url);
let Holidays: typeof HolidaysClass | undefined;

/** YYYY-MM-DD of the holidays that close banks, per year and state ('' for the national calendar only). */
const holidaysByYear = new Map<string, Set<string>>();

function holidaysOf(year: number, uf: Uf | undefined): Set<string> {
  const key = `${year}:${uf ?? ''}`;
  let days = holidaysByYear.get(key);
  if (!days) {
    Holidays ??= requireFromHere('date-holidays') as typeof HolidaysClass;
    const calendar = new Holidays('BR', uf ?? '', { types: ['public', 'bank'] });
    // `date` is the local calendar day in Brazil ("2026-04-21 00:00:00"), no time zone arithmetic needed.
    days = new Set(calendar.getHolidays(year).map((h) => h.date.slice(0, 10)));
    holidaysByYear.set(key, days);
  }
  return days;
}

/** Is `day` (YYYY-MM-DD) a holiday that closes banks: national, or of the state `uf` when given? */
export function isBankHoliday(day: string, uf?: Uf): boolean {
  return holidaysOf(Number(day.slice(0, 4)), uf?.toUpperCase()).has(day);
}

export function isBusinessDay(day: string, uf?: Uf): boolean {
  const weekday = utcDay(day).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isBankHoliday(day, uf);
}

/** The first business day after `day` (YYYY-MM-DD). */
export function nextBusinessDay(day: string, uf?: Uf): string {
  let d = utcDay(day);
  do d = new Date(d.getTime() + DAY);
  while (!isBusinessDay(iso(d), uf));
  return iso(d);
}

/** The calendar day `days` business days after `day` (YYYY-MM-DD). */
export function addBusinessDays(day: string, days: number, uf?: Uf): string {
  let d = day;
  for (let left = days; left > 0; left--) d = nextBusinessDay(d, uf);
  return d;
}
