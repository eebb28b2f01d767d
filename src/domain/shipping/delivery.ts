// Owns the delivery dates: the day a shipping option arrives by, counted in business days from today in
// Brasília time (weekends and national bank holidays skipped: platform/business-days.ts).
import { addBusinessDays } from '#src/platform/business-days.ts';
import { brasiliaDay } from '#src/platform/datetime.ts';
import type { ShippingOption } from './options.ts';

/** The date `days` business days after today in Brasília (a calendar date at UTC midnight). */
export function arrivalDate(now: Date, days: number): Date {
  return new Date(`${addBusinessDays(brasiliaDay(now), days)}T00:00:00Z`);
}

// One formatter for the process: building an Intl.DateTimeFormat costs far more than formatting with it, and
// every product page, checkout and confirmation e-mail formats these dates.
let deliveryDate: Intl.DateTimeFormat | undefined;

/** "quarta-feira, 2 de dezembro" */
export function formatDeliveryDate(d: Date): string {
  deliveryDate ??= new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' });
  return deliveryDate.format(d);
}

export interface DatedOption extends ShippingOption {
  /** YYYY-MM-DD, the last day of the estimate. */
  arrivesBy: string;
  arrivesByText: string;
}

/** An option with the date it arrives by, for an order placed `now` (business days in Brasília). */
export function withArrival(o: ShippingOption, now: Date): DatedOption {
  const d = arrivalDate(now, o.maxDays);
  return { ...o, arrivesBy: d.toISOString().slice(0, 10), arrivesByText: formatDeliveryDate(d) };
}

/** Digits of a typed CEP ("01310-100" → "01310100"), or null unless exactly eight. */
export function cepDigits(raw: string): string | null {
  const digits = raw.replace(/\D/g, '');
  return /^\d{8}$/.test(digits) && raw.replace(/[\d\s-]/g, '') === '' && !/^0{8}$/.test(digits) ? digits : null;
}
