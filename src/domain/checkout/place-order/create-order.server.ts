// Step 3 of placing an order: ONE transaction takes the stock and prices the cart (price-cart.server.ts),
// writes the order with its lines, first event, payment record and confirmation e-mail (one statement), and
// makes sure of the confirmation's job and of the expiry job of an unpaid PIX or boleto, so neither can be
// lost to a crash after the commit. A refusal or a key already used rolls everything back.
import crypto from 'node:crypto';
import type { Tx } from '#src/db/client.server.ts';
import { brasiliaDay } from '#src/platform/datetime.ts';
import { boletoDeadline, pixDeadline } from '#src/domain/orders/expiry.ts';
import { scheduleExpiry } from '#src/domain/orders/expiry.server.ts';
import { enqueueSend } from '#src/domain/orders/outbox.server.ts';
import type { EmailRelay } from '#src/domain/orders/outbox.server.ts';
import { hashToken } from '#src/domain/orders/read.server.ts';
import type { orders } from '#src/domain/orders/schema.ts';
import { BOLETO_DUE_DAYS, DEFAULT_PIX_EXPIRY_MINUTES } from '#src/domain/payments/provider.ts';
import { lineTotal } from '#src/domain/pricing/pricing.ts';
import type { PlaceOrderInput } from '../rules.ts';
import { placeOrderStatement, placeOrderValues } from './order-statement.server.ts';
import type { LineKey, NoExtraKeys, OrderKey, PaymentKey } from './order-statement.server.ts';
import type { PlaceOrderDeps, Written } from './outcomes.ts';
import { priceCart } from './price-cart.server.ts';
import type { PricedCart } from './price-cart.server.ts';
import type { ValidRequest } from './validate.server.ts';

/** What the order's transaction committed: the order as written, and the expiry window whose job it made sure of. */
export interface CreatedOrder {
  written: Written;
  expiryWindow: number | null;
}

/** Until when an unpaid PIX or boleto holds its stock (a card is charged at once: none). */
function paymentDeadline(payment: PlaceOrderInput['payment'], now: Date, pixExpiryMinutes: number | undefined): Date | null {
  return payment === 'pix'
    ? pixDeadline(now, pixExpiryMinutes ?? DEFAULT_PIX_EXPIRY_MINUTES)
    : payment === 'boleto'
      ? boletoDeadline(brasiliaDay(new Date(now.getTime() + BOLETO_DUE_DAYS * 86_400_000)))
      : null;
}

/** "Retirar na loja": six characters the shopper shows at the counter (no 0/O or 1/I to misread). */
function newPickupCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(crypto.randomBytes(6), (b) => alphabet[b % alphabet.length]).join('');
}

/** The rows of a new order, as its statement writes them. */
function newOrderRows(
  providerName: string,
  input: PlaceOrderInput,
  viewer: { userId: string | null },
  request: ValidRequest,
  cart: PricedCart,
  at: { now: Date; accessToken: string; expiresAt: Date | null },
) {
  const { now, accessToken, expiresAt } = at;
  const { coupon, couponCode, totals, installments } = cart;
  const values = {
    expiresAt,
    accessTokenHash: hashToken(accessToken),
    userId: viewer.userId,
    email: input.email.trim().toLowerCase(),
    customerName: input.customer?.name ?? null,
    customerCpf: input.customer?.cpf ?? null,
    customerPhone: input.customer?.phone ?? null,
    status: 'awaiting_payment',
    cep: input.address.cep,
    street: input.address.street,
    streetNumber: input.address.number,
    complement: input.address.complement || null,
    neighborhood: input.address.neighborhood,
    city: input.address.city,
    state: input.address.state,
    shippingMethod: input.shipping,
    shippingLabel: request.shipping?.label ?? null,
    shippingCarrier: request.shipping?.carrier ?? null,
    shippingMaxDays: request.shipping?.maxDays ?? null,
    shippingProvider: request.shipping?.provider ?? null,
    shippingPickupCode: request.shipping?.kind === 'pickup' ? newPickupCode() : null,
    paymentMethod: input.payment,
    installments,
    couponCode: coupon !== null ? couponCode : null,
    subtotalCents: totals.subtotalCents,
    couponDiscountCents: totals.couponDiscountCents,
    shippingCents: totals.shippingCents,
    paymentDiscountCents: totals.paymentDiscountCents,
    totalCents: totals.totalCents,
    idempotencyKey: input.idempotencyKey,
    requestHash: request.hash,
    createdAt: now,
    updatedAt: now,
  };
  const lines = cart.priced.map((p) => ({ ...p, lineTotalCents: lineTotal(p) }));
  const event = { status: 'awaiting_payment', note: null, createdAt: now };
  const payment = {
    provider: providerName,
    method: input.payment,
    status: 'pending',
    amountCents: totals.totalCents,
    installments,
    cardBrand: request.cardSummary?.brand ?? null,
    cardLast4: request.cardSummary?.last4 || null,
    pixCode: null,
    pixExpiresAt: null,
    boletoLine: null,
    boletoDueDate: null,
    boletoUrl: null,
    failureReason: null,
    createdAt: now,
    updatedAt: now,
  };
  // Every key written here has its placeholder in the statement (a new column must be added to its list).
  const exact: [NoExtraKeys<typeof values, OrderKey>, NoExtraKeys<(typeof lines)[number], LineKey>, NoExtraKeys<typeof payment, PaymentKey>] = [{}, {}, {}];
  void exact;
  return { values, lines, event, payment };
}

/** Takes the stock, prices the cart and writes the order, all in one transaction; throws what refused it. */
export async function reserveStockAndCreateOrder(
  deps: PlaceOrderDeps,
  input: PlaceOrderInput,
  viewer: { userId: string | null },
  request: ValidRequest,
  at: { now: Date; accessToken: string; relay: EmailRelay | null },
): Promise<CreatedOrder> {
  const { now, accessToken, relay } = at;
  let expiryWindow: number | null = null;
  const written = await deps.db.transaction(async (tx: Tx): Promise<Written> => {
    // The freight quoted before the transaction (place-order.server.ts, chooseShipping) is the one charged.
    const cart = await priceCart(tx, request.merged, input, viewer, now, request.shipping?.priceCents ?? 0);
    const expiresAt = paymentDeadline(input.payment, now, deps.pixExpiryMinutes);
    const { values, lines, event, payment } = newOrderRows(deps.provider.name, input, viewer, request, cart, { now, accessToken, expiresAt });
    // The order, its lines, its first event, its payment record and its confirmation e-mail in one statement
    // (one round trip), written once per number of lines and prepared on each connection.
    const [created] = await placeOrderStatement(tx, lines.length)(tx, placeOrderValues(values, lines, event, payment, { token: accessToken }));
    // The expiry job of the order's deadline window commits with it, unless this process committed that
    // window's job already. The confirmation's row is in the statement above; this process's relay sends
    // it after the charge, or else its job does.
    const runner = deps.jobs ?? null;
    if (!relay) await enqueueSend(runner, { orderId: Number(created!.id), kind: 'confirmation' }, tx);
    if (expiresAt) expiryWindow = await scheduleExpiry(tx, expiresAt, runner);
    const row: typeof orders.$inferSelect = { ...values, id: Number(created!.id), number: created!.number, trackingCode: null, rating: null, anonymizedAt: null };
    return { row, lines, payment, events: [event] };
  });
  return { written, expiryWindow };
}
