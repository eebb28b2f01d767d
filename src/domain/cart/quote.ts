// The cart quote's input and output shapes, shared by the server (validation) and the cart page.
import { z } from 'zod';
import type { Cents } from '../pricing/money.ts';
import type { OrderTotals } from '../pricing/pricing.ts';
import type { ShippingQuote } from '../shipping/options.ts';
import { shippingOptionId } from '../shipping/option-id.ts';

export const MAX_CART_LINES = 100;
export const MAX_LINE_QUANTITY = 999;

const line = z.object({
  productId: z.number({ error: 'Produto inválido.' }).int('Produto inválido.').positive('Produto inválido.').max(2_147_483_647, 'Produto inválido.'),
  color: z.string().trim().max(40, 'Cor inválida.').optional(),
  size: z.string().trim().max(10, 'Tamanho inválido.').optional(),
  quantity: z.number({ error: 'Quantidade inválida.' }).int('Quantidade inválida.').min(1, 'A quantidade mínima é 1.').max(MAX_LINE_QUANTITY, `A quantidade máxima é ${MAX_LINE_QUANTITY}.`),
});

/** Unknown keys (a price, a total…) are dropped: the browser never sets a price. */
export const quoteRequestSchema = z.object({
  lines: z.array(line, { error: 'Itens do carrinho inválidos.' }).max(MAX_CART_LINES, `O carrinho pode ter no máximo ${MAX_CART_LINES} itens.`),
  coupon: z.string().max(40, 'Código de desconto incorreto!').optional(),
  cep: z.string().max(20, 'CEP inválido. Por favor, insira um CEP válido.').optional(),
  /** With both, the quote also carries the checkout's order totals for that shipping and payment. */
  shipping: shippingOptionId.optional(),
  payment: z.enum(['credit', 'boleto', 'pix'], { error: 'Forma de pagamento inválida.' }).optional(),
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;
export type QuoteRequestLine = QuoteRequest['lines'][number];

export type LineStatus = 'ok' | 'capped' | 'out_of_stock' | 'unavailable';

export interface QuotedLine {
  productId: number;
  color: string | null;
  size: string | null;
  /** The quantity that is priced (capped to stock; 0 when the line cannot be bought). */
  quantity: number;
  requestedQuantity: number;
  status: LineStatus;
  message: string | null;
  title: string | null;
  image: { url: string; alt: string; width: number; height: number } | null;
  stock: number;
  unitPriceCents: Cents;
  oldPriceCents: Cents | null;
  lineTotalCents: Cents;
}

export interface Quote {
  lines: QuotedLine[];
  subtotalCents: Cents;
  discountCents: Cents;
  freightCents: Cents;
  totalCents: Cents;
  installmentHint: { count: number; eachCents: Cents } | null;
  /** percent for a percentage coupon, amountCents for a fixed-value one. */
  coupon: { applied: boolean; percent: number | null; amountCents: number | null; message: string | null } | null;
  cep: { valid: boolean; message: string | null } | null;
  /** The shipping options for these lines and CEP (src/domain/shipping); null for an empty cart. */
  shipping: ShippingQuote | null;
  /** Present when shipping and payment were given and that shipping option is offered. */
  order: (OrderTotals & { maxInstallments: number }) | null;
}

export const stockMessage = (n: number) => (n === 1 ? 'Apenas 1 unidade em estoque' : `Apenas ${n} unidades em estoque`);
export const OUT_OF_STOCK_MESSAGE = 'Produto esgotado.';
export const UNAVAILABLE_MESSAGE = 'Este produto não está mais disponível.';
export const VARIANT_UNAVAILABLE_MESSAGE = 'Esta cor ou tamanho não está mais disponível.';
