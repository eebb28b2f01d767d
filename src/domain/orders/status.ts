// Order statuses, their pt-BR labels and the allowed moves between them.
export const ORDER_STATUSES = ['awaiting_payment', 'paid', 'picking', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: 'Aguardando pagamento',
  paid: 'Pago',
  picking: 'Em separação',
  shipped: 'Enviado',
  delivered: 'Entregue',
  cancelled: 'Cancelado',
};

/** The happy path, shown as the timeline. */
export const TIMELINE: OrderStatus[] = ['awaiting_payment', 'paid', 'picking', 'shipped', 'delivered'];

const NEXT: Record<OrderStatus, OrderStatus[]> = {
  awaiting_payment: ['paid', 'cancelled'],
  paid: ['picking', 'cancelled'],
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
