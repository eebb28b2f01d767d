// "Gerar novo PIX": a PIX order cancelled because its code expired unpaid is asked again as a NEW order with the
// same items, address and shipping option, priced today by placeOrder (never copying the old prices), and paid
// by a new PIX. The expired order stays as it is, so the history stays honest. The idempotency key is the
// expired order's own, so a second click (or a retry) gives the same new order instead of a second one.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { orderLines, orders } from '../orders/schema.ts';
import { payments } from '../payments/schema.ts';
import { placeOrderSchema } from './rules.ts';
import type { PlaceOrderInput } from './rules.ts';
import { PIX_AGAIN_NOT_ELIGIBLE, pixAgainEligible } from './pix-again.ts';

/** The new order's input, read unmasked from the expired order (the caller has checked the shopper may see it). */
export async function pixAgainInput(db: Db, orderNumber: string): Promise<{ ok: true; input: PlaceOrderInput } | { ok: false; message: string }> {
  const [row] = await db.select({ order: orders, paymentStatus: payments.status }).from(orders).leftJoin(payments, eq(payments.orderId, orders.id)).where(eq(orders.number, orderNumber)).limit(1);
  if (!row) return { ok: false, message: 'Pedido não encontrado.' };
  const o = row.order;
  if (!pixAgainEligible({ paymentMethod: o.paymentMethod, status: o.status, payment: row.paymentStatus ? { status: row.paymentStatus } : null })) return { ok: false, message: PIX_AGAIN_NOT_ELIGIBLE };
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, o.id)).orderBy(asc(orderLines.id));
  const sold = lines.flatMap((l) => (l.productId === null ? [] : [{ productId: l.productId, quantity: l.quantity, ...(l.color ? { color: l.color } : {}), ...(l.size ? { size: l.size } : {}) }]));
  if (sold.length === 0) return { ok: false, message: 'Os produtos deste pedido não estão mais à venda.' };
  // Through the order schema, as any order: what was valid then is checked again (and normalised) now.
  const parsed = placeOrderSchema.safeParse({
    idempotencyKey: pixAgainKey(o.number),
    email: o.email,
    lines: sold,
    ...(o.couponCode ? { coupon: o.couponCode } : {}),
    address: { cep: o.cep, street: o.street, number: o.streetNumber, complement: o.complement ?? undefined, neighborhood: o.neighborhood, city: o.city, state: o.state },
    shipping: o.shippingMethod,
    payment: 'pix',
    installments: 1,
    ...(o.customerName && o.customerCpf && o.customerPhone ? { customer: { name: o.customerName, cpf: o.customerCpf, phone: o.customerPhone } } : {}),
  });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? PIX_AGAIN_NOT_ELIGIBLE };
  return { ok: true, input: parsed.data };
}

/** The idempotency key of the order "Gerar novo PIX" places for an expired order (one per expired order). */
export const pixAgainKey = (orderNumber: string) => `pix-again-${orderNumber}`;

/** The number of the order already placed by "Gerar novo PIX" for this expired order, if any. */
export async function pixAgainSuccessor(db: Db, orderNumber: string): Promise<string | null> {
  const [row] = await db
    .select({ number: orders.number })
    .from(orders)
    .where(eq(orders.idempotencyKey, pixAgainKey(orderNumber)))
    .limit(1);
  return row?.number ?? null;
}
