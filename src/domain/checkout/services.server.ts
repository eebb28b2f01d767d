// Process-wide checkout services, created at boot from the configuration: the payment provider, the CEP
// client and what happens after an order is placed (the confirmation e-mail).
import type { Db } from '../../db/client.server.ts';
import { getMailer } from '../../platform/mailer.server.ts';
import { confirmationMail } from '../orders/confirmation-mail.ts';
import type { OrderView } from '../orders/orders.server.ts';
import { setPaymentProvider } from '../payments/provider.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { CepClient } from '../shipping/viacep.server.ts';
import { mayMailOrderTo } from './mail-limit.server.ts';
import { placeOrder } from './place-order.server.ts';
import type { PlaceOrderInput, } from './rules.ts';

export interface CheckoutServices {
  provider: PaymentProvider;
  cep: CepClient;
  publicUrl: string;
  storeName: string;
  webhookSecret: string;
  /** MERCADOPAGO_WEBHOOK_SECRET: verifies Mercado Pago's x-signature (only with PAYMENT_PROVIDER=mercadopago). */
  mercadoPagoWebhookSecret?: string;
  onMailError?: (err: unknown) => void;
  /** The payment provider failed during a checkout (the order was cancelled and its stock returned). */
  onChargeError?: (err: unknown, orderNumber: string) => void;
}

const KEY = Symbol.for('olimpo.checkoutServices');
type Holder = { [KEY]?: CheckoutServices };
export function setCheckoutServices(s: CheckoutServices): void {
  (globalThis as Holder)[KEY] = s;
  setPaymentProvider(s.provider);
}
export function getCheckoutServices(): CheckoutServices {
  const s = (globalThis as Holder)[KEY];
  if (!s) throw new Error('Serviços do checkout não inicializados.');
  return s;
}

/** What the checkout page needs to send a card: the digits (sandbox) or a token made at the gateway. */
export function browserPayment(): { mode: 'digits' } | { mode: 'token'; provider: 'mercadopago'; publicKey: string; apiUrl: string } {
  const { provider } = getCheckoutServices();
  if (provider.cardMode === 'token' && provider.browser && provider.name === 'mercadopago') return { mode: 'token', provider: 'mercadopago', ...provider.browser };
  return { mode: 'digits' };
}

export function orderUrl(publicUrl: string, number: string, token: string | null): string {
  return `${publicUrl.replace(/\/+$/, '')}/Pedidos/${number}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}

/** Places an order and e-mails its confirmation (a mail failure is logged; the order stands). */
export function placeOrderWithServices(db: Db, input: PlaceOrderInput, viewer: { userId: string | null }, opts: { cardLater?: boolean } = {}) {
  const s = getCheckoutServices();
  return placeOrder(
    {
      db,
      provider: s.provider,
      onChargeError: s.onChargeError,
      onPlaced: async (order: OrderView, token: string) => {
        try {
          if (!(await mayMailOrderTo(db, order.email))) return;
          const mail = confirmationMail(order, orderUrl(s.publicUrl, order.number, token), s.storeName);
          await getMailer().send({ to: order.email, ...mail });
        } catch (err) {
          s.onMailError?.(err);
        }
      },
    },
    input,
    viewer,
    opts,
  );
}
