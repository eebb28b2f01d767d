// Owns the delivery estimate shown before checkout ("Calcular frete e prazo" on the product page): the
// checkout's shipping methods and prices (pricing.ts), each with the date it arrives by, counted in business
// days from today in Brasília time (weekends and national holidays skipped).
import { SHIPPING_METHODS } from '../pricing/pricing.ts';
import type { ShippingMethodId } from '../pricing/pricing.ts';

export const STORE_TIME_ZONE = 'America/Sao_Paulo';

/** Fixed-date national holidays (month-day). Movable ones (Carnaval, Sexta-feira Santa) are not counted. */
const NATIONAL_HOLIDAYS = new Set(['01-01', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '11-20', '12-25']);

/** Today's calendar date in Brasília, as a UTC midnight Date (so day arithmetic ignores time zones). */
export function todayInBrasilia(now: Date): Date {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: STORE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return new Date(`${parts}T00:00:00Z`);
}

function isBusinessDay(d: Date): boolean {
  const day = d.getUTCDay();
  if (day === 0 || day === 6) return false;
  const md = `${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
  return !NATIONAL_HOLIDAYS.has(md);
}

/** The date `days` business days after today in Brasília (a calendar date at UTC midnight). */
export function addBusinessDays(now: Date, days: number): Date {
  const d = todayInBrasilia(now);
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (isBusinessDay(d)) left--;
  }
  return d;
}

/** "quarta-feira, 2 de dezembro" */
export function formatDeliveryDate(d: Date): string {
  return new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }).format(d);
}

export interface FreightOption {
  id: ShippingMethodId;
  label: string;
  priceCents: number;
  days: string;
  /** YYYY-MM-DD, the last day of the estimate. */
  arrivesBy: string;
  arrivesByText: string;
}

/** The checkout's shipping methods with the date each arrives by, for an order placed `now`. */
export function freightOptions(now: Date): FreightOption[] {
  return SHIPPING_METHODS.map((m) => {
    const d = addBusinessDays(now, m.estimateDays);
    return { id: m.id, label: m.label, priceCents: m.priceCents, days: m.days, arrivesBy: d.toISOString().slice(0, 10), arrivesByText: formatDeliveryDate(d) };
  });
}

/** Digits of a typed CEP ("01310-100" → "01310100"), or null unless exactly eight. */
export function cepDigits(raw: string): string | null {
  const digits = raw.replace(/\D/g, '');
  return /^\d{8}$/.test(digits) && raw.replace(/[\d\s-]/g, '') === '' && !/^0{8}$/.test(digits) ? digits : null;
}
