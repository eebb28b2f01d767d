// Which orders may ask "Gerar novo PIX" (pix-again.server.ts places the new order): the rule the order page
// shows the button by and the server checks again.
export const PIX_AGAIN_NOT_ELIGIBLE = 'Só um pedido PIX cancelado porque o código expirou pode gerar um novo PIX.';

/** An order a shopper can ask a new PIX for: PIX, cancelled by its expiry. */
export function pixAgainEligible(order: { paymentMethod: string; status: string; payment: { status: string } | null }): boolean {
  return order.paymentMethod === 'pix' && order.status === 'cancelled' && order.payment?.status === 'expired';
}
