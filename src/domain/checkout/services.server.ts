// Process-wide checkout services, created at boot from the configuration: the payment provider, the CEP
// client, the order limits and how long an unpaid PIX waits. E-mails are not sent from here: the order's
// transaction writes them to the outbox (src/domain/orders/outbox.server.ts) and the job runner sends them.
import type { Db } from '#src/db/client.server.ts';
import { setPaymentProvider } from '../payments/provider.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { CepClient } from '../shipping/viacep.server.ts';
import type { ShippingService } from '../shipping/service.ts';
import { createTableShipping } from '../shipping/service.ts';
import type { RenderOrderMailHtml } from '../orders/emails.ts';
import type { OrderView } from '../orders/view.ts';
import { placeOrder } from './place-order.server.ts';
import type { PlaceOrderInput } from './rules.ts';

export interface OrderLimits {
  /** Orders a client IP may place per window. */
  perIp: number;
  /** Orders one e-mail may place per window. */
  perEmail: number;
  windowMinutes: number;
}

export interface CheckoutServices {
  provider: PaymentProvider;
  cep: CepClient;
  /** The shipping provider and the store's shipping settings (default: the embedded table). */
  shipping?: ShippingService;
  publicUrl: string;
  storeName: string;
  /** Renders an order e-mail's HTML part (src/emails/render.server.ts): the outbox's template, React outside the domain. */
  orderEmailHtml: RenderOrderMailHtml;
  webhookSecret: string;
  /** MERCADOPAGO_WEBHOOK_SECRET: verifies Mercado Pago's x-signature (only with PAYMENT_PROVIDER=mercadopago). */
  mercadoPagoWebhookSecret?: string;
  /** MERCADOPAGO_WEBHOOK_TOLERANCE_SECONDS: how old (or early) a signed notification may be (default 300). */
  mercadoPagoWebhookToleranceSeconds?: number;
  /** A new order was placed (by the API or the checkout page): the boot logs it. */
  onOrderPlaced?: (order: OrderView) => void;
  /** The payment provider failed during a checkout (the order was cancelled and its stock returned). */
  onChargeError?: (err: unknown, orderNumber: string) => void;
  /** The sandbox's pay route and signed webhook (/api/payments/sandbox/*, /api/payments/webhook) answer. */
  sandboxRoutes?: boolean;
  /** PIX_EXPIRY_MINUTES (default 30). */
  pixExpiryMinutes?: number;
  /** ORDER_MAX_UNITS_PER_PRODUCT (default 100). */
  maxUnitsPerProduct?: number;
  /** Per-IP and per-e-mail limits on placing orders; none when unset (in-process tests). */
  orderLimits?: OrderLimits;
}

const KEY = Symbol.for('olimpo.checkoutServices');
type Holder = { [KEY]?: CheckoutServices };
export function setCheckoutServices(s: CheckoutServices): void {
  (globalThis as Holder)[KEY] = s;
  setPaymentProvider(s.provider);
}
/** The services when the process has set them up (the web server), or null (pure tests, scripts). */
export function maybeCheckoutServices(): CheckoutServices | null {
  return (globalThis as Holder)[KEY] ?? null;
}
export function getCheckoutServices(): CheckoutServices {
  const s = (globalThis as Holder)[KEY];
  if (!s) throw new Error('Serviços do checkout não inicializados.');
  return s;
}

/** The process's shipping service, or the embedded table where none was set up (pure tests, scripts). */
export function shippingService(): ShippingService {
  return maybeCheckoutServices()?.shipping ?? DEFAULT_SHIPPING;
}
const DEFAULT_SHIPPING = createTableShipping();

/** What the checkout page needs to send a card: the digits (sandbox) or a token made at the gateway. */
export function browserPayment(): { mode: 'digits' } | { mode: 'token'; provider: 'mercadopago'; publicKey: string; apiUrl: string } {
  const { provider } = getCheckoutServices();
  if (provider.cardMode === 'token' && provider.browser && provider.name === 'mercadopago') return { mode: 'token', provider: 'mercadopago', ...provider.browser };
  return { mode: 'digits' };
}

export function orderUrl(publicUrl: string, number: string, token: string | null): string {
  return `${publicUrl.replace(/\/+$/, '')}/Pedidos/${number}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}

/** Places an order with the process's provider and settings (its confirmation e-mail goes through the outbox). */
export function placeOrderWithServices(db: Db, input: PlaceOrderInput, viewer: { userId: string | null }, opts: { cardLater?: boolean } = {}) {
  const s = getCheckoutServices();
  return placeOrder(
    { db, provider: s.provider, shipping: s.shipping, onChargeError: s.onChargeError, pixExpiryMinutes: s.pixExpiryMinutes, maxUnitsPerProduct: s.maxUnitsPerProduct },
    input,
    viewer,
    opts,
  );
}
