// The checkout's "RESUMO": the server's totals for the chosen shipping and payment (PIX/boleto discounts included).
import type { Quote } from '#src/domain/cart/quote.ts';
import { formatBRL } from '#src/domain/pricing/money.ts';
import { PAYMENT_METHODS } from '#src/domain/pricing/pricing.ts';
import { findOption } from '#src/domain/shipping/options.ts';
import type { ShippingQuote } from '#src/domain/shipping/options.ts';

function Money({ label, cents }: { label: string; cents: number | undefined }) {
  return (
    <div className="flex justify-between gap-2">
      <dt className="text-ink-soft">{label}</dt>
      <dd className="font-semibold whitespace-nowrap">{cents === undefined ? '—' : cents < 0 ? `− ${formatBRL(-cents)}` : formatBRL(cents)}</dd>
    </div>
  );
}

export function CheckoutSummary({ totals, shippingQuote, shipping, payment }: { totals: Quote['order'] | undefined; shippingQuote: ShippingQuote | null; shipping: string; payment: string }) {
  const shippingChoice = shippingQuote ? findOption(shippingQuote, shipping || 'standard') : null;
  const paymentChoice = PAYMENT_METHODS.find((m) => m.id === payment);
  return (
    <aside aria-labelledby="totais" className="h-fit rounded-2xl bg-white p-5 shadow-sm ring-1 ring-neutral-200">
      <h2 id="totais" className="font-extrabold tracking-wide">
        RESUMO
      </h2>
      <dl className="mt-3 space-y-2 text-sm" aria-live="polite">
        <Money label="Subtotal" cents={totals?.subtotalCents} />
        {totals && totals.couponDiscountCents > 0 && <Money label="Cupom" cents={-totals.couponDiscountCents} />}
        <Money label={shippingChoice ? `Frete (${shippingChoice.label})` : 'Frete'} cents={totals?.shippingCents} />
        {totals && totals.paymentDiscountCents > 0 && <Money label={`Desconto ${paymentChoice?.label ?? ''}`} cents={-totals.paymentDiscountCents} />}
        <div className="flex justify-between border-t border-neutral-200 pt-2 text-base font-extrabold">
          <dt>Total</dt>
          <dd data-testid="checkout-total">{totals ? formatBRL(totals.totalCents) : '—'}</dd>
        </div>
      </dl>
    </aside>
  );
}
