// Brazil's business days, in one place: weekends and the national bank holidays (the fixed ones, and
// Carnaval Monday and Tuesday, Good Friday and Corpus Christi, from Easter). Days are YYYY-MM-DD calendar
// dates in Brasília; used for boleto deadlines and delivery estimates.
const DAY = 86_400_000;

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);

/** Easter Sunday (anonymous Gregorian algorithm), for the moveable bank holidays. */
function easter(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

/** National bank holidays: the fixed ones, and Carnaval (Monday and Tuesday), Good Friday and Corpus Christi. */
export function isBankHoliday(day: string): boolean {
  const md = day.slice(5);
  if (['01-01', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '11-20', '12-25'].includes(md)) return true;
  const e = easter(Number(day.slice(0, 4))).getTime();
  return [-48, -47, -2, 60].some((offset) => iso(new Date(e + offset * DAY)) === day);
}

export function isBusinessDay(day: string): boolean {
  const weekday = utcDay(day).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isBankHoliday(day);
}

/** The first business day after `day` (YYYY-MM-DD). */
export function nextBusinessDay(day: string): string {
  let d = utcDay(day);
  do d = new Date(d.getTime() + DAY);
  while (!isBusinessDay(iso(d)));
  return iso(d);
}

/** The calendar day `days` business days after `day` (YYYY-MM-DD). */
export function addBusinessDays(day: string, days: number): string {
  let d = day;
  for (let left = days; left > 0; left--) d = nextBusinessDay(d);
  return d;
}
