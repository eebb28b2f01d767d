// What the back office's order pages share: the filter read from the URL (one schema, "no parameter"
// meaning "all"), and the labels of statuses, payment and shipping methods.
import { z } from 'zod';
import { ORDER_STATUSES, STATUS_LABELS } from '#src/domain/orders/status.ts';
import type { OrderFilter } from '#src/domain/orders/back-office.server.ts';
import { PAYMENT_METHODS } from '#src/domain/pricing/pricing.ts';
import { shippingLabelOf } from '#src/domain/shipping/table.ts';
import { FISCAL_EVENT, FISCAL_EVENT_LABEL } from '#src/domain/invoicing/timeline.ts';
import { isReturnEvent, RETURN_EVENT_LABELS } from '#src/domain/returns/wording.ts';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .catch('');
const filterSchema = z.object({
  q: z.string().max(120).catch(''),
  status: z.enum(['', ...ORDER_STATUSES]).catch(''),
  pagamento: z.enum(['', 'credit', 'boleto', 'pix']).catch(''),
  de: day,
  ate: day,
  pagina: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  divergente: z.enum(['', '1']).catch(''),
});

export function orderFilterOf(params: URLSearchParams): OrderFilter {
  const f = filterSchema.parse({
    q: params.get('q') ?? '',
    status: params.get('status') ?? '',
    pagamento: params.get('pagamento') ?? '',
    de: params.get('de') ?? '',
    ate: params.get('ate') ?? '',
    pagina: params.get('pagina') ?? '1',
    divergente: params.get('divergente') ?? '',
  });
  return { q: f.q, status: f.status, payment: f.pagamento, from: f.de, to: f.ate, page: f.pagina, divergent: f.divergente === '1' };
}

export const paymentLabel = (id: string) => PAYMENT_METHODS.find((m) => m.id === id)?.label ?? id;
export const shippingLabel = (id: string, stored?: string | null) => shippingLabelOf(id, stored);
/** An order status's label, a return step's or the carrier's (the timeline holds all three). */
export const statusLabel = (s: string) =>
  s === 'tracking' ? 'Transportadora' : s === FISCAL_EVENT ? FISCAL_EVENT_LABEL : (STATUS_LABELS[s as keyof typeof STATUS_LABELS] ?? (isReturnEvent(s) ? RETURN_EVENT_LABELS[s] : s));
export const cpfText = (cpf: string | null) => (cpf && cpf.length === 11 ? `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}` : (cpf ?? ''));

export const STATUS_TONE: Record<string, string> = {
  awaiting_payment: 'bg-amber-100 text-amber-900',
  paid: 'bg-sky-100 text-sky-900',
  invoiced: 'bg-teal-100 text-teal-900',
  picking: 'bg-violet-100 text-violet-900',
  shipped: 'bg-emerald-100 text-emerald-900',
  delivered: 'bg-neutral-200 text-neutral-800',
  cancelled: 'bg-red-100 text-red-900',
};
