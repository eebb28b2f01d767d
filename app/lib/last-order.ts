// The last placed order, kept in localStorage for /Sucesso (spec: removed when that page is left). What comes
// back from storage (or navigation state) is validated: an old or corrupted entry falls back to the spec's
// texts ("Produto", "Não especificado", "Endereço não disponível") instead of "Invalid Date" or "R$ NaN".
import { z } from 'zod';
import type { OrderView } from '#src/domain/orders/view.ts';

export const LAST_ORDER_KEY = 'lastOrder';

export interface OrderData {
  order: OrderView;
  accessToken: string | null;
}

const cents = z.number().int().min(0).max(1_000_000_000);
const text = (max: number) => z.string().max(max);
const nullableText = (max: number) => text(max).nullable().catch(null);
const isDate = (s: string) => s !== '' && !Number.isNaN(Date.parse(s));

const lineSchema = z.object({
  productId: z.number().int().positive().nullable().catch(null),
  title: text(300).min(1).catch('Produto'),
  imageUrl: z
    .string()
    .regex(/^(\/(?!\/)|https:\/\/)/)
    .max(2000)
    .nullable()
    .catch(null),
  color: nullableText(60),
  size: nullableText(20),
  quantity: z.number().int().min(1).max(10_000).catch(1),
  unitPriceCents: cents.catch(0),
  lineTotalCents: cents.catch(0),
});

const orderSchema = z.object({
  number: z.string().regex(/^\d{6,8}$/),
  status: text(40).catch('pending'),
  createdAt: z.string().refine(isDate).catch(''),
  email: text(254).catch(''),
  address: z
    .object({ cep: text(9), street: text(200), number: text(20), complement: nullableText(200), neighborhood: text(200), city: text(200), state: text(2) })
    .nullable()
    .catch(null),
  shippingMethod: text(20).catch(''),
  paymentMethod: text(20).catch(''),
  installments: z.number().int().min(1).max(10).catch(1),
  couponCode: nullableText(40),
  subtotalCents: cents.catch(0),
  couponDiscountCents: cents.catch(0),
  shippingCents: cents.catch(0),
  paymentDiscountCents: cents.catch(0),
  // The total is what the page is about: without a valid one the entry is not an order.
  totalCents: cents,
  trackingCode: nullableText(60),
  rating: z.number().int().min(1).max(5).nullable().catch(null),
  lines: z.array(lineSchema).max(200).catch([]),
  payment: z
    .object({
      status: text(40).catch('pending'),
      cardBrand: nullableText(40),
      cardLast4: z
        .string()
        .regex(/^\d{4}$/)
        .nullable()
        .catch(null),
      pixCode: nullableText(1000),
      pixExpiresAt: z.string().refine(isDate).nullable().catch(null),
      boletoLine: z
        .string()
        .regex(/^\d{47}$/)
        .nullable()
        .catch(null),
      boletoDueDate: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .nullable()
        .catch(null),
      // The gateway's boleto document (Mercado Pago); only an https or local http address is kept.
      boletoUrl: z
        .string()
        .max(500)
        .regex(/^https?:\/\//)
        .nullable()
        .catch(null)
        .default(null),
      failureReason: nullableText(300),
    })
    .nullable()
    .catch(null),
  events: z.array(z.object({ status: text(40), note: nullableText(300), createdAt: text(40) })).catch([]),
});

const dataSchema = z.object({ order: orderSchema, accessToken: text(200).nullable().catch(null) });

/** A stored or navigated order, checked field by field; null when it is not an order at all. */
export function parseOrderData(value: unknown): OrderData | null {
  const parsed = dataSchema.safeParse(value);
  return parsed.success ? (parsed.data as unknown as OrderData) : null;
}

export function readLastOrder(): OrderData | null {
  try {
    return parseOrderData(JSON.parse(localStorage.getItem(LAST_ORDER_KEY) ?? 'null'));
  } catch {
    return null;
  }
}

export function orderLink(data: OrderData): string {
  return `/Pedidos/${data.order.number}${data.accessToken ? `?token=${encodeURIComponent(data.accessToken)}` : ''}`;
}
