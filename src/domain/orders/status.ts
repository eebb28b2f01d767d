// Order statuses, their pt-BR labels and the allowed moves between them.
export const ORDER_STATUSES = ['awaiting_payment', 'paid', 'invoiced', 'picking', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: 'Aguardando pagamento',
  paid: 'Pago',
  invoiced: 'Faturado',
  picking: 'Em separação',
  shipped: 'Enviado',
  delivered: 'Entregue',
  cancelled: 'Cancelado',
};

/** The happy path, shown as the timeline. */
export const TIMELINE: OrderStatus[] = ['awaiting_payment', 'paid', 'invoiced', 'picking', 'shipped', 'delivered'];

const NEXT: Record<OrderStatus, OrderStatus[]> = {
  awaiting_payment: ['paid', 'cancelled'],
  // A paid order is invoiced (the NF-e job, src/domain/invoicing) before it is picked: no goods leave without a nota.
  paid: ['invoiced', 'cancelled'],
  invoiced: ['picking', 'cancelled'],
  picking: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}

export function nextStatuses(from: OrderStatus): OrderStatus[] {
  return NEXT[from];
}
