// The order as every reader gets it (OrderView), pure: the pages, the API, the e-mails and OlimpIA read this
// one shape, made from an order's rows by toOrderView. read.server.ts reads the rows.
import { shippingLabelOf, tableMaxDays } from '../shipping/table.ts';
import type { payments } from '../payments/schema.ts';
import type { orderEvents, orderLines, orders } from './schema.ts';
import type { OrderStatus } from './status.ts';

export interface OrderView {
  number: string;
  status: OrderStatus;
  createdAt: string;
  email: string;
  /** The buyer (checkout step 1): name, CPF and celular as digits. Null on compatibility orders and after LGPD deletion. */
  customer: { name: string; cpf: string | null; phone: string | null } | null;
  address: { cep: string; street: string; number: string; complement: string | null; neighborhood: string; city: string; state: string };
  /** The shipping option's id (src/domain/shipping): standard, express, pickup, me-1… */
  shippingMethod: string;
  /** The option as the shopper chose it ("Correios PAC", "Envio Padrão", "Retirar na loja"). */
  shippingLabel: string;
  /** Business days of the quoted delay (its last day); null when unknown. */
  shippingMaxDays: number | null;
  /** "Retirar na loja": the code to show at the counter. */
  pickupCode: string | null;
  paymentMethod: 'credit' | 'boleto' | 'pix';
  installments: number;
  couponCode: string | null;
  subtotalCents: number;
  couponDiscountCents: number;
  shippingCents: number;
  paymentDiscountCents: number;
  totalCents: number;
  trackingCode: string | null;
  rating: number | null;
  lines: { productId: number | null; title: string; imageUrl: string | null; color: string | null; size: string | null; quantity: number; unitPriceCents: number; lineTotalCents: number }[];
  payment: {
    status: string;
    cardBrand: string | null;
    cardLast4: string | null;
    pixCode: string | null;
    pixExpiresAt: string | null;
    boletoLine: string | null;
    boletoDueDate: string | null;
    /** The gateway's boleto document (Mercado Pago); null when the shop prints its own (sandbox). */
    boletoUrl: string | null;
    failureReason: string | null;
  } | null;
  events: { status: string; note: string | null; createdAt: string }[];
  /** Opened with the "Acompanhar pedido" link only: CPF, phone and address come masked (masking.ts). */
  masked?: true;
}

export type OrderRow = typeof orders.$inferSelect;

export type LineRow = Pick<typeof orderLines.$inferSelect, 'productId' | 'title' | 'imageUrl' | 'color' | 'size' | 'quantity' | 'unitPriceCents' | 'lineTotalCents'>;
export type PaymentRow = Pick<typeof payments.$inferSelect, 'status' | 'cardBrand' | 'cardLast4' | 'pixCode' | 'pixExpiresAt' | 'boletoLine' | 'boletoDueDate' | 'boletoUrl' | 'failureReason'>;
export type EventRow = Pick<typeof orderEvents.$inferSelect, 'status' | 'note' | 'createdAt'>;

/** The one shape every reader of an order gets, from its rows (lines and events in their stored order). */
export function toOrderView(row: OrderRow, lines: LineRow[], payment: PaymentRow | null, events: EventRow[]): OrderView {
  return {
    number: row.number,
    status: row.status as OrderStatus,
    createdAt: row.createdAt.toISOString(),
    email: row.email,
    customer: row.customerName ? { name: row.customerName, cpf: row.customerCpf, phone: row.customerPhone } : null,
    address: { cep: row.cep, street: row.street, number: row.streetNumber, complement: row.complement, neighborhood: row.neighborhood, city: row.city, state: row.state },
    shippingMethod: row.shippingMethod,
    shippingLabel: shippingLabelOf(row.shippingMethod, row.shippingLabel),
    shippingMaxDays: row.shippingMaxDays ?? tableMaxDays(row.shippingMethod),
    pickupCode: row.shippingPickupCode ?? null,
    paymentMethod: row.paymentMethod as OrderView['paymentMethod'],
    installments: row.installments,
    couponCode: row.couponCode,
    subtotalCents: row.subtotalCents,
    couponDiscountCents: row.couponDiscountCents,
    shippingCents: row.shippingCents,
    paymentDiscountCents: row.paymentDiscountCents,
    totalCents: row.totalCents,
    trackingCode: row.trackingCode,
    rating: row.rating,
    lines: lines.map((l) => ({
      productId: l.productId,
      title: l.title,
      imageUrl: l.imageUrl,
      color: l.color,
      size: l.size,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      lineTotalCents: l.lineTotalCents,
    })),
    payment: payment
      ? {
          status: payment.status,
          cardBrand: payment.cardBrand,
          cardLast4: payment.cardLast4,
          pixCode: payment.pixCode,
          pixExpiresAt: payment.pixExpiresAt?.toISOString() ?? null,
          boletoLine: payment.boletoLine,
          boletoDueDate: payment.boletoDueDate,
          boletoUrl: payment.boletoUrl ?? null,
          failureReason: payment.failureReason,
        }
      : null,
    events: events.map((e) => ({ status: e.status, note: e.note, createdAt: e.createdAt.toISOString() })),
  };
}
