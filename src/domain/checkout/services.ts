// The checkout services, created by the composition root (server/boot.ts) from the configuration and handed
// in as Services.checkout: the payment provider, the CEP client, the order limits and how long an unpaid PIX
// waits. E-mails are not sent from here: the order's transaction writes them to the outbox
// (src/domain/orders/outbox.server.ts) and the job runner sends them. Types only, so the job runner's context
// can carry them without importing the order flow.
import type { PaymentProvider } from '../payments/provider.ts';
import type { CepClient } from '../shipping/viacep.server.ts';
import type { ShippingService } from '../shipping/service.ts';
import type { RenderOrderMailHtml } from '../orders/emails.ts';
import type { OrderView } from '../orders/view.ts';

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
