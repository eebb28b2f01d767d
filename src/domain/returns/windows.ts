// The return windows, in one place: the policy page (content/pages.ts), OlimpIA's passages and the returns
// flow read these constants. Each window is counted in calendar days in Brasília time from the day the order's
// "Entregue" event was recorded: that day does not count, the last day counts whole (Código Civil art. 132,
// as the CDC's "7 dias a contar do recebimento" is read). A window closes at 23:59:59 of its last day there.
import { store } from '#src/config/store.ts';
import { brasiliaDay } from '#src/platform/datetime.ts';

export const RETURN_REASONS = ['withdrawal', 'defect', 'exchange'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** Days after delivery to ask, per reason: withdrawal (CDC art. 49), a defect, a footwear size or colour exchange. */
export const RETURN_WINDOW_DAYS: Record<ReturnReason, number> = {
  withdrawal: store.policies.withdrawalDays,
  defect: 30,
  exchange: 30,
};

/** What the buyer reads for each reason. */
export const REASON_LABELS: Record<ReturnReason, string> = {
  withdrawal: 'Arrependimento (desistência da compra)',
  defect: 'Defeito',
  exchange: 'Troca de tamanho ou cor (calçados)',
};

/** Adds calendar days to a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The last day (YYYY-MM-DD, Brasília) a return for this reason may be asked, for an order delivered at `deliveredAt`. */
export function lastDayToAsk(deliveredAt: Date, reason: ReturnReason): string {
  return addDays(brasiliaDay(deliveredAt), RETURN_WINDOW_DAYS[reason]);
}

export function withinWindow(deliveredAt: Date, reason: ReturnReason, now: Date): boolean {
  return brasiliaDay(now) <= lastDayToAsk(deliveredAt, reason);
}

/**
 * The reasons a buyer may pick now: none before delivery; the exchange only when the order has footwear
 * (the only products with sizes and colours).
 */
export function openReasons(deliveredAt: Date | null, now: Date, opts: { hasFootwear: boolean }): ReturnReason[] {
  if (!deliveredAt) return [];
  return RETURN_REASONS.filter((r) => (r !== 'exchange' || opts.hasFootwear) && withinWindow(deliveredAt, r, now));
}
