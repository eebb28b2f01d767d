// What placing an order answers and needs: its result, its dependencies, the messages a buyer reads and the
// shapes that pass from one step of the flow (../place-order.server.ts) to the next.
import type { ShippingService } from '#src/domain/shipping/service.ts';
import type { EmailRelay } from '#src/domain/orders/outbox.server.ts';
import type { Db } from '#src/db/client.server.ts';
import type { orders } from '#src/domain/orders/schema.ts';
import type { OrderView, toOrderView } from '#src/domain/orders/view.ts';
import type { CardDigits, CardToken, PaymentProvider } from '#src/domain/payments/provider.ts';
import type { JobQueue } from '#src/platform/job-queue.ts';
import type { CatalogChanges } from '#src/domain/catalog/changes.server.ts';

export type PlaceOrderResult = { ok: true; order: OrderView; accessToken: string | null; replayed: boolean } | { ok: false; status: 400 | 402 | 409 | 422 | 503; message: string; order?: OrderView };

export interface PlaceOrderDeps {
  db: Db;
  provider: PaymentProvider;
  now?: () => Date;
  /** Called when the payment provider fails or cannot be reached (the order is cancelled, its stock returned). */
  onChargeError?: (err: unknown, orderNumber: string) => void;
  /** Units of one product an order may take after equal lines are merged (default MAX_UNITS_PER_PRODUCT). */
  maxUnitsPerProduct?: number;
  /** How long an unpaid PIX waits (PIX_EXPIRY_MINUTES, default 30). */
  pixExpiryMinutes?: number;
  /** The process's shipping service (default: the embedded table). */
  shipping?: ShippingService;
  /** This process's order e-mail relay (Services.emailRelay): sends new orders' confirmations without a job; none: the job. */
  relay?: EmailRelay | null;
  /** The process's job queue (Services.jobs): the order's e-mail, expiry and invoicing jobs commit with it; none: their sweeps. */
  jobs?: JobQueue | null;
  /** The catalog change event (Services.catalogChanges): the stock an order takes or returns shows on the pages; none: the caches' TTLs. */
  catalogChanges?: CatalogChanges | null;
}

/** A refusal inside the order's transaction: it rolls back, and the flow answers it (409 or 400). */
export class CheckoutError extends Error {
  readonly status: 409 | 400;
  constructor(status: 409 | 400, message: string) {
    super(message);
    this.status = status;
  }
}

/** The largest amount an order row holds (PostgreSQL integer centavos). */
export const MAX_ORDER_CENTS = 2_147_483_647;

export const outOfStockMessage = (title: string) => `Desculpe, o produto "${title}" não tem estoque suficiente. Ajuste a quantidade no carrinho.`;
export const DECLINED_MESSAGE = 'Pagamento recusado pelo emissor do cartão. Verifique os dados ou use outro cartão.';
export const KEY_REUSED_MESSAGE = 'Esta compra já foi registrada com outros dados. Recarregue a página e tente novamente.';
export const PAYMENT_UNAVAILABLE_MESSAGE = 'Não foi possível falar com o serviço de pagamento agora. Nada foi cobrado: tente novamente em instantes.';
/** The reason kept on an order whose charge failed at the provider (it is cancelled at once, stock back). */
export const GATEWAY_FAILED_REASON = 'Falha de comunicação com o serviço de pagamento.';
export const CARD_TOKEN_REQUIRED = 'Por segurança, os dados do cartão são enviados direto ao Mercado Pago. Recarregue a página e digite o cartão novamente.';
export const UNAVAILABLE = 'Um produto do carrinho não está mais disponível. Revise o carrinho.';
export const chooseVariant = (title: string) => `Escolha uma cor e um tamanho disponíveis para "${title}".`;

/** The payment record of a credit order placed without card data: it waits for the card (pay-later.server.ts). */
export const AWAITING_CARD = 'awaiting-card';

/** The card as the charge takes it: the digits (sandbox, in memory only) or the browser's token (gateway). */
export type ChargeCard = CardDigits | CardToken;

/** What placing an order wrote, so the answer is built without reading it back. */
export interface Written {
  row: typeof orders.$inferSelect;
  lines: Parameters<typeof toOrderView>[1];
  payment: NonNullable<Parameters<typeof toOrderView>[2]>;
  events: Parameters<typeof toOrderView>[3];
}
