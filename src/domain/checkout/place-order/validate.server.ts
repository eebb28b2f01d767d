// Step 1 of placing an order: the request as the flow takes it. The card checked the way the provider takes
// it, the request's idempotency hash (without the card's secrets) and the lines merged per product, colour
// and size, within the per-product limit. Nothing here touches the database.
import crypto from 'node:crypto';
import { checkCard } from '#src/domain/payments/card.ts';
import type { PaymentProvider } from '#src/domain/payments/provider.ts';
import { normalizeCouponCode } from '#src/domain/pricing/coupons.server.ts';
import { MAX_UNITS_PER_PRODUCT, MESSAGES } from '../rules.ts';
import type { PlaceOrderInput } from '../rules.ts';
import type { ShippingOption } from '#src/domain/shipping/options.ts';
import { CARD_TOKEN_REQUIRED } from './outcomes.ts';
import type { ChargeCard, PlaceOrderDeps, PlaceOrderResult } from './outcomes.ts';

export type CardSummary = { brand: string; last4: string };
export type MergedLine = { productId: number; color: string | null; size: string | null; quantity: number };

/** A request fit to be placed: what to charge, what identifies it, and its lines in lock order. */
export interface ValidRequest {
  card: ChargeCard | null;
  cardSummary: CardSummary | null;
  /** A credit order placed without card data: recorded awaiting payment, paid later on the order page. */
  cardLater: boolean;
  hash: string;
  merged: MergedLine[];
  /** The shipping option chosen, as quoted for these lines and CEP (chooseShipping, before the transaction). */
  shipping: ShippingOption | null;
}

/** Checks the card the way the provider takes it; answers what to charge and what to keep (brand, last 4). */
export function cardFor(provider: PaymentProvider, card: PlaceOrderInput['card'], now: Date): { ok: true; card: ChargeCard; summary: CardSummary } | { ok: false; message: string } {
  const raw = card ?? {};
  if (provider.cardMode === 'token') {
    // PCI SAQ-A: in gateway mode a card number must never be posted here; refuse it without reading it.
    if (!('token' in raw)) return { ok: false, message: 'number' in raw || 'cvv' in raw ? CARD_TOKEN_REQUIRED : MESSAGES.card };
    return { ok: true, card: raw, summary: { brand: raw.brand ?? raw.paymentMethodId, last4: raw.last4 ?? '' } };
  }
  if ('token' in raw) return { ok: false, message: MESSAGES.card };
  const checked = checkCard(raw, now);
  if (!checked.ok) return checked;
  return { ok: true, card: { digits: checked.digits, brand: checked.brand, last4: checked.last4, name: '', expiry: '', cvv: '' }, summary: { brand: checked.brand, last4: checked.last4 } };
}

/** What identifies a request for idempotency: everything but the card's secrets. */
export function requestHash(input: PlaceOrderInput, userId: string | null, card: CardSummary | null): string {
  const canonical = JSON.stringify({
    userId,
    email: input.email.toLowerCase(),
    lines: input.lines.map((l) => [l.productId, l.color ?? null, l.size ?? null, l.quantity]),
    coupon: input.coupon ? normalizeCouponCode(input.coupon) : null,
    address: input.address,
    shipping: input.shipping,
    payment: input.payment,
    installments: input.payment === 'credit' ? input.installments : 1,
    card,
    customer: input.customer ?? null,
  });
  return crypto.createHash('sha256').update(canonical).digest('hex');
}

export function mergeLines(lines: PlaceOrderInput['lines']): MergedLine[] {
  const merged = new Map<string, MergedLine>();
  for (const l of lines) {
    const key = `${l.productId}|${l.color ?? ''}|${l.size ?? ''}`;
    const prev = merged.get(key);
    if (prev) prev.quantity += l.quantity;
    else merged.set(key, { productId: l.productId, color: l.color || null, size: l.size || null, quantity: l.quantity });
  }
  // A fixed lock order avoids deadlocks between concurrent buyers of the same products.
  return [...merged.values()].sort((a, b) => a.productId - b.productId || (a.color ?? '').localeCompare(b.color ?? '') || (a.size ?? '').localeCompare(b.size ?? ''));
}

/** The request as the flow takes it, or the 400 that refuses it. */
export function validateRequest(
  deps: Pick<PlaceOrderDeps, 'provider' | 'maxUnitsPerProduct'>,
  input: PlaceOrderInput,
  viewer: { userId: string | null },
  opts: { cardLater?: boolean },
  now: Date,
): { ok: true; request: ValidRequest } | { ok: false; refusal: PlaceOrderResult } {
  let card: ChargeCard | null = null;
  let cardSummary: CardSummary | null = null;
  // Another front end may place a credit order without card data: it is recorded awaiting payment and the
  // buyer pays on the order page.
  const cardLater = opts.cardLater === true && input.payment === 'credit' && input.card === undefined;
  if (input.payment === 'credit' && !cardLater) {
    const checked = cardFor(deps.provider, input.card, now);
    if (!checked.ok) return { ok: false, refusal: { ok: false, status: 400, message: checked.message } };
    card = checked.card;
    cardSummary = checked.summary;
  }
  const hash = requestHash(input, viewer.userId, cardSummary);

  const merged = mergeLines(input.lines);
  const maxUnits = deps.maxUnitsPerProduct ?? MAX_UNITS_PER_PRODUCT;
  // Per product, whatever colours, sizes or repeated lines carry it.
  const units = new Map<number, number>();
  for (const l of merged) units.set(l.productId, (units.get(l.productId) ?? 0) + l.quantity);
  if ([...units.values()].some((q) => q > maxUnits)) return { ok: false, refusal: { ok: false, status: 400, message: MESSAGES.unitsPerProduct(maxUnits) } };
  return { ok: true, request: { card, cardSummary, cardLater, hash, merged, shipping: null } };
}
