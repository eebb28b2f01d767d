// <input type="datetime-local"> and <input type="date"> values read and written in Brasília time, whatever
// the server's or the browser's zone (Brazil has no daylight saving time since 2019: always UTC−3).
import { brasiliaDay, formatTime } from './datetime.ts';

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2026-11-23T14:30" typed as Brasília time → the instant; null for empty, NaN date for bad input. */
export function parseBrasiliaDateTime(value: string): Date | null {
  const v = value.trim();
  if (v === '') return null;
  if (!LOCAL.test(v)) return new Date(Number.NaN);
  return new Date(`${v}:00-03:00`);
}

/** "2026-11-23" → the instant that day starts in Brasília (end: the next day's start). */
export function brasiliaDayStart(value: string, opts: { end?: boolean } = {}): Date | null {
  const v = value.trim();
  if (!DAY.test(v)) return null;
  const d = new Date(`${v}T00:00:00-03:00`);
  if (Number.isNaN(d.getTime())) return null;
  return opts.end ? new Date(d.getTime() + 86_400_000) : d;
}

/** The instant as a datetime-local value in Brasília time. */
export function toBrasiliaInput(d: Date | string | null): string {
  if (!d) return '';
  return `${brasiliaDay(d)}T${formatTime(d)}`;
}
