// Owns the store's money rules that pages and the server share. (The cart and checkout rules join here.)
import type { Cents } from './money.ts';

/** Spec §9: "ou 10x de" total/10, shown only when the amount exceeds R$ 200,00. */
export const INSTALLMENT_HINT_THRESHOLD_CENTS = 20_000;
export const INSTALLMENT_HINT_COUNT = 10;

export function installmentHint(totalCents: Cents): { count: number; eachCents: Cents } | null {
  if (!(totalCents > INSTALLMENT_HINT_THRESHOLD_CENTS)) return null;
  // Half-up division to the centavo.
  return { count: INSTALLMENT_HINT_COUNT, eachCents: Math.floor((totalCents * 2 + INSTALLMENT_HINT_COUNT) / (2 * INSTALLMENT_HINT_COUNT)) };
}
