// What the checkout services (./services.ts, Services.checkout) answer: the shipping service, the card mode the
// checkout page needs, order links, and placing an order with their provider and settings.
import type { Db } from '#src/db/client.server.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { ShippingService } from '../shipping/service.ts';
import { createTableShipping } from '../shipping/service.ts';
import { placeOrder } from './place-order.server.ts';
import type { PlaceOrderInput } from './rules.ts';
import type { CheckoutServices } from './services.ts';
import type { EmailRelay } from '../orders/outbox.server.ts';
import type { JobQueue } from '#src/platform/job-queue.ts';
import type { CatalogChanges } from '../catalog/changes.server.ts';

/** What placing an order takes from the process's services (Services): the checkout services and this process's e-mail relay. */
export interface OrderServices {
  checkout: CheckoutServices;
  /** The order e-mail relay of a serving process (null: scripts, tests without a runner; the e-mail job sends). */
  emailRelay: EmailRelay | null;
  /** The job queue of a serving process (null: scripts, tests without a runner; the sweeps catch up). */
  jobs: JobQueue | null;
  /** The catalog change event (Services.catalogChanges): the stock an order takes shows on the pages. */
  catalogChanges: CatalogChanges | null;
}

/** The shipping service of these checkout services, or the embedded table where none was set up (pure tests, scripts). */
export function shippingOf(checkout: Pick<CheckoutServices, 'shipping'> | null | undefined): ShippingService {
  return checkout?.shipping ?? DEFAULT_SHIPPING;
}
const DEFAULT_SHIPPING = createTableShipping();

/** What the checkout page needs to send a card: the digits (sandbox) or a token made at the gateway. */
export function browserPayment(provider: PaymentProvider): { mode: 'digits' } | { mode: 'token'; provider: 'mercadopago'; publicKey: string; apiUrl: string } {
  if (provider.cardMode === 'token' && provider.browser && provider.name === 'mercadopago') return { mode: 'token', provider: 'mercadopago', ...provider.browser };
  return { mode: 'digits' };
}

export function orderUrl(publicUrl: string, number: string, token: string | null): string {
  return `${publicUrl.replace(/\/+$/, '')}/Pedidos/${number}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}

/** Places an order with these services' provider and settings (its confirmation e-mail goes through the outbox). */
export function placeOrderWithServices(services: OrderServices, db: Db, input: PlaceOrderInput, viewer: { userId: string | null }, opts: { cardLater?: boolean } = {}) {
  const s = services.checkout;
  return placeOrder(
    {
      db,
      provider: s.provider,
      shipping: s.shipping,
      onChargeError: s.onChargeError,
      pixExpiryMinutes: s.pixExpiryMinutes,
      maxUnitsPerProduct: s.maxUnitsPerProduct,
      relay: services.emailRelay,
      jobs: services.jobs,
      catalogChanges: services.catalogChanges,
    },
    input,
    viewer,
    opts,
  );
}
