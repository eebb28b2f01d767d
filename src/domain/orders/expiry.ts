// When an unpaid order gives its stock back: a PIX `PIX_EXPIRY_MINUTES` after the order (the code's own
// validity, DEFAULT_PIX_EXPIRY_MINUTES in payments/provider.ts), a boleto at the end of the first business day after its due date (banks accept it until
// then). Pure date rules in Brasília time; the job that applies them is expiry.server.ts.
import { nextBusinessDay } from '#src/platform/business-days.ts';

/** The cancellation note and e-mail reason of an expired order. */
export const EXPIRED_NOTE = 'pagamento não confirmado no prazo';

/** Brasília has kept UTC−3 all year since 2019 (no daylight saving time). */
const BRASILIA_OFFSET = '-03:00';
const DAY = 86_400_000;

export function pixDeadline(createdAt: Date, minutes: number): Date {
  return new Date(createdAt.getTime() + minutes * 60_000);
}

/** A boleto due on `dueDate` (YYYY-MM-DD) can be paid until the end of the next business day, Brasília time. */
export function boletoDeadline(dueDate: string): Date {
  const lastDay = nextBusinessDay(dueDate);
  return new Date(new Date(`${lastDay}T00:00:00${BRASILIA_OFFSET}`).getTime() + DAY);
}

/**
 * Deadlines are grouped in windows this long: an order is expired at most this many seconds after its
 * deadline (plus the queue's polling), and one job serves every order due in its window (expiry.server.ts).
 * A job per order was a round trip in the order's transaction and a write to pg-boss's job table, one of
 * PostgreSQL's costliest statements per order.
 */
export const EXPIRY_WINDOW_SECONDS = 10;

/** The end of the window a deadline falls in (a deadline on a window's end is in that window). */
export function expiryWindowEnd(at: Date): Date {
  const ms = EXPIRY_WINDOW_SECONDS * 1000;
  return new Date(Math.ceil(at.getTime() / ms) * ms);
}
