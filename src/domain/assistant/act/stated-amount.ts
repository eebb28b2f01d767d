// Amounts the shopper states: "o baú Givi de 612,90" names the product at that price among those asked
// about; "uma peça de R$ 35, dá pra parcelar?" asks the store's payment rules applied to that amount
// (installments, PIX and boleto), computed by the checkout's own pricing functions. Pure.
import { formatBRL } from '../../pricing/money.ts';
import { installmentPlan, MAX_INSTALLMENTS, maxInstallments, MIN_INSTALLMENT_CENTS, paymentMethod, priceWithPayment } from '../../pricing/pricing.ts';
import type { Slots } from '../understand.ts';

const AMOUNT = /(?:\br\s*\$\s*|\brs\s+)(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?|\b(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?\s*(?:reais|conto|contos|pila)\b|\bde (\d{1,3}(?:\.\d{3})*|\d+),(\d{2})\b/;
/** Words before an amount that make it a limit ("até 300 reais"), not a price. */
const LIMIT_BEFORE = /\b(ate|abaixo de|menos de|no maximo|maximo|max|nao passe de|sem passar de|acima de|mais de)\s*$/;

/** The amount in centavos a (folded) text states as a price, or null ("até 300 reais" is a limit, not this). */
export function statedAmount(text: string): number | null {
  const m = AMOUNT.exec(text);
  if (!m) return null;
  if (LIMIT_BEFORE.test(text.slice(0, m.index))) return null;
  const reais = m[1] ?? m[3] ?? m[5]!;
  const cents = m[2] ?? m[4] ?? m[6] ?? '0';
  const value = Number(reais.replace(/\./g, '')) * 100 + Number(cents.padEnd(2, '0'));
  return value > 0 ? value : null;
}

/** The digits of the amount as words, to drop them from a part's product words ("612" of "612,90"). */
export function amountWords(cents: number): string[] {
  return [String(Math.floor(cents / 100)), String(cents % 100).padStart(2, '0')];
}

/** Does a part ask how to pay (installments, PIX, boleto, discount)? */
export const ASKS_PAYMENT = /\b(parcel\w*|vezes|\d{1,2}x|pix|boleto|cartao|credito|a vista|avista|desconto)\b/;

/**
 * The store's payment rules applied to an amount the shopper states: the installments the checkout allows
 * (parcela mínima), and the PIX and boleto prices, as the question asks.
 */
export function amountPayment(amountCents: number, s: Pick<Slots, 'payment' | 'installments'>): string {
  const amount = formatBRL(amountCents);
  const max = maxInstallments(amountCents);
  const pix = paymentMethod('pix');
  const boleto = paymentMethod('boleto');
  const n = s.installments;
  const minimum = `a parcela mínima é de ${formatBRL(MIN_INSTALLMENT_CENTS)}`;
  let card: string;
  if (n !== null && n >= 2 && n <= max) card = `Sim: ${amount} em ${n}x sem juros dá ${n} parcelas de ${formatBRL(installmentPlan(amountCents, n).eachCents)}.`;
  else if (max < 2) card = `${amount} não dá para parcelar: ${minimum}, então é à vista no cartão.`;
  else {
    const why = n !== null && n > MAX_INSTALLMENTS ? `o máximo é ${MAX_INSTALLMENTS}x` : minimum;
    const plan = installmentPlan(amountCents, max);
    card = `${n !== null ? 'Não' : 'Sim'}: ${amount} dá para parcelar em até ${max}x sem juros (${why}): ${max} parcelas de ${formatBRL(plan.eachCents)}.`;
  }
  const pixLine = `No ${pix.label}, ${amount} sai por ${formatBRL(priceWithPayment(amountCents, 'pix'))} (${pix.discountPercent}% de desconto).`;
  const boletoLine = `No ${boleto.label}, sai por ${formatBRL(priceWithPayment(amountCents, 'boleto'))} (${boleto.discountPercent}% de desconto).`;
  if (s.payment === 'pix') return pixLine;
  if (s.payment === 'boleto') return boletoLine.replace('sai por', `${amount} sai por`);
  if (s.payment === 'credit' || n !== null) return card;
  return `${card} ${pixLine} ${boletoLine}`;
}
