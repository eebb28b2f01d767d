// Answer: the wording every handler shares. Money goes through formatBRL; nothing here looks anything up.
import { store } from '#src/config/store.ts';
import type { ProductSummary } from '../catalog/types.ts';
import { choiceLabel } from '../fitment/rules.ts';
import { formatBRL } from '../pricing/money.ts';
import { installmentPlan, MAX_INSTALLMENTS, maxInstallments, MIN_INSTALLMENT_CENTS, orderTotals, paymentMethod, priceWithPayment } from '../pricing/pricing.ts';
import type { ShippingOption } from '../shipping/options.ts';
import { contact } from './knowledge.ts';
import type { SuggestedProduct } from './types.ts';
import type { Slots } from './understand.ts';
import { tokens } from './text.ts';

export function suggestion(p: ProductSummary): SuggestedProduct {
  return { id: p.id, title: p.title, priceCents: p.priceCents, price: formatBRL(p.priceCents), url: `/ProductView/${p.id}`, stock: p.stock };
}

export function stockText(stock: number): string {
  if (stock <= 0) return 'esgotado no momento';
  if (stock === 1) return 'última unidade em estoque';
  if (stock <= 5) return `últimas ${stock} unidades em estoque`;
  return `${stock} unidades em estoque`;
}

export function saleText(p: ProductSummary): string {
  return p.onSale && p.oldPriceCents ? ` (de ${formatBRL(p.oldPriceCents)}, ${p.discountPercent}% OFF)` : '';
}

export function productLine(p: ProductSummary): string {
  return `• ${p.title}: ${formatBRL(p.priceCents)}${saleText(p)}, ${stockText(p.stock)}.`;
}

export const CAPABILITIES =
  'Posso buscar produtos (ex.: "tem pastilha de freio da Bosch?"), calcular preços no PIX, no boleto ou parcelado, informar estoque e compatibilidade, explicar frete e pagamento e consultar os seus pedidos.';

export const UNKNOWN_TEXT = () => `Não sei responder isso; fale com a gente em ${contact()}.`;

export const GREETING_TEXT = () => `Olá! Eu sou a OlimpIA, assistente virtual da ${store.name}. ${CAPABILITIES} Como posso ajudar?`;

export function describeFilters(s: Slots): string {
  const bits: string[] = [];
  if (s.vehicle) bits.push(`para ${choiceLabel({ vehicles: s.vehicle.vehicles, year: s.vehicle.year })}`);
  else if (s.vehicleType) bits.push(s.vehicleType === 'motos' ? 'para moto' : s.vehicleType === 'caminhoes' ? 'para caminhão' : 'para carro');
  if (s.priceLimitCents !== null) bits.push(`até ${formatBRL(s.priceLimitCents)}`);
  return bits.length ? ` ${bits.join(' ')}` : '';
}

/** Does the title contain every search word (by its first letters, so plurals and accents still match)? */
export function titleNames(title: string, terms: string[]): boolean {
  const words = tokens(title);
  return terms.every((t) => words.some((w) => w.startsWith(t.slice(0, Math.max(3, t.length - 2)))));
}

/** A product's price by payment method: PIX, boleto, or the card's installments ("em 5x"), for a quantity. */
export function paymentLines(p: ProductSummary, s: Slots): string {
  const qty = s.quantity ?? 1;
  const total = p.priceCents * qty;
  const base = qty > 1 ? `${qty} unidades de ${p.title} somam ${formatBRL(total)} (${formatBRL(p.priceCents)} cada)` : `${p.title} custa ${formatBRL(p.priceCents)}`;
  const pix = paymentMethod('pix');
  const boleto = paymentMethod('boleto');
  const max = maxInstallments(total);
  const card = (n: number | null) => {
    if (n !== null && n >= 1 && n <= max) {
      const plan = installmentPlan(total, n);
      return `No cartão em ${n}x sem juros: ${n} parcelas de ${formatBRL(plan.eachCents)}.`;
    }
    const plan = installmentPlan(total, max);
    const why = n !== null && n > MAX_INSTALLMENTS ? ` (o máximo é ${MAX_INSTALLMENTS}x)` : n !== null && n > max ? ` (a parcela mínima é de ${formatBRL(MIN_INSTALLMENT_CENTS)})` : '';
    return `No cartão, até ${max}x sem juros${why}: ${max} parcelas de ${formatBRL(plan.eachCents)}.`;
  };
  const pixLine = `No ${pix.label}, sai por ${formatBRL(priceWithPayment(total, 'pix'))} (${pix.discountPercent}% de desconto).`;
  const boletoLine = `No ${boleto.label}, sai por ${formatBRL(priceWithPayment(total, 'boleto'))} (${boleto.discountPercent}% de desconto).`;
  const lines = s.payment === 'pix' ? [pixLine] : s.payment === 'boleto' ? [boletoLine] : s.payment === 'credit' ? [card(s.installments)] : [pixLine, boletoLine, card(null)];
  return `${base}${saleText(p)}. ${lines.join(' ')} O desconto do PIX e do boleto vale sobre o total do pedido, frete incluído.`;
}

/**
 * "quanto fica com frete expresso no pix?": the order's total as the checkout computes it (orderTotals:
 * price, then the shipping option, quoted by the shipping module, then the payment discount on the whole),
 * then the installments.
 */
export function totalWithShipping(p: ProductSummary, s: Slots, method: ShippingOption): string {
  const qty = s.quantity ?? 1;
  const lines = [{ unitPriceCents: p.priceCents, quantity: qty }];
  const with_ = (payment: 'pix' | 'boleto' | 'credit') => orderTotals(lines, { shippingCents: method.priceCents, payment });
  const gross = with_('credit').totalCents;
  const base = `Com ${method.label} (${method.priceCents === 0 ? 'grátis' : formatBRL(method.priceCents)}, ${method.days}), ${qty > 1 ? `${qty} unidades de ` : ''}${p.title} dá ${formatBRL(gross)} no total.`;
  const pix = `No PIX, o total fica ${formatBRL(with_('pix').totalCents)}.`;
  const boleto = `No boleto, ${formatBRL(with_('boleto').totalCents)}.`;
  const max = maxInstallments(gross);
  const n = s.installments && s.installments <= max ? s.installments : max;
  const card = `No cartão, ${n}x de ${formatBRL(installmentPlan(gross, n).eachCents)} sem juros.`;
  const parts = s.payment === 'pix' ? [pix] : s.payment === 'boleto' ? [boleto] : s.payment === 'credit' ? [card] : [pix, boleto, card];
  return `${base} ${parts.join(' ')}`;
}
