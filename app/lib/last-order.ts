// The last placed order, kept in localStorage for /Sucesso (spec: removed when that page is left).
import type { OrderView } from '../../src/domain/orders/orders.server.ts';

export const LAST_ORDER_KEY = 'lastOrder';

export interface OrderData {
  order: OrderView;
  accessToken: string | null;
}

export function readLastOrder(): OrderData | null {
  try {
    const v = JSON.parse(localStorage.getItem(LAST_ORDER_KEY) ?? 'null') as OrderData | null;
    return v && typeof v === 'object' && v.order && typeof v.order.number === 'string' ? v : null;
  } catch {
    return null;
  }
}

export function orderLink(data: OrderData): string {
  return `/Pedidos/${data.order.number}${data.accessToken ? `?token=${encodeURIComponent(data.accessToken)}` : ''}`;
}
