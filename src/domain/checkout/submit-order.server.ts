// The shop's one way in for an order, shared by POST /api/orders (and the spec's POST /orders) and the
// checkout page's action: count the attempt against the order limits, then place the order with the
// checkout services it is given. The edges parse the input and turn the outcome into JSON or page data.
import type { Db } from '#src/db/client.server.ts';
import type { OrderView } from '../orders/view.ts';
import { checkOrderLimits, ORDER_LIMIT_MESSAGE } from './limits.server.ts';
import type { PlaceOrderInput } from './rules.ts';
import { placeOrderWithServices } from './services.server.ts';
import type { OrderServices } from './services.server.ts';

export type Placed = Awaited<ReturnType<typeof placeOrderWithServices>>;
export type Submitted = Placed | { ok: false; status: 429; message: string; retryAfterSeconds: number; order?: undefined };

export interface OrderClient {
  /** The client's IP (src/platform/client-ip.ts). */
  ip: string;
  /** Who is ordering; read only when the limits let the attempt through. */
  viewer: () => Promise<{ userId: string | null }>;
}

export async function submitOrder(services: OrderServices, db: Db, input: PlaceOrderInput, client: OrderClient, opts: { cardLater?: boolean } = {}): Promise<Submitted> {
  const verdict = await checkOrderLimits(db, services.checkout.orderLimits, { ip: client.ip, email: input.email });
  if (verdict) return { ok: false, status: 429, message: ORDER_LIMIT_MESSAGE, retryAfterSeconds: verdict.retryAfterSeconds };
  const result = await placeOrderWithServices(services, db, input, await client.viewer(), opts);
  if (result.ok && !result.replayed) services.checkout.onOrderPlaced?.(result.order);
  return result;
}

/** For the logs: what an order is, without who placed it. */
export const orderLogFields = (o: OrderView) => ({ order: o.number, payment: o.paymentMethod, total: o.totalCents });
