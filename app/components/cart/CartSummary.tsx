// The cart's "RESUMO": subtotal, freight (once a CEP is given), discount and total from the server's quote.
import type { Quote } from '#src/domain/cart/quote.ts';
import { formatBRL } from '#src/domain/pricing/money.ts';
import { freeShippingHint } from '#src/domain/shipping/options.ts';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between">
      <dt className="text-ink-soft">{label}</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
}

export function CartSummary({ quote, hasCep, onFinish }: { quote: Quote | null; hasCep: boolean; onFinish: () => void }) {
  return (
    <aside aria-labelledby="resumo" className="h-fit rounded-2xl bg-white p-5 shadow-sm ring-1 ring-neutral-200 lg:sticky lg:top-4">
      <h2 id="resumo" className="text-lg font-extrabold tracking-wide">
        RESUMO
      </h2>
      <dl className="mt-4 space-y-2 text-sm" aria-live="polite">
        <Row label="Subtotal" value={quote ? formatBRL(quote.subtotalCents) : '—'} />
        <Row label="Frete estimado" value={quote ? (hasCep ? formatBRL(quote.freightCents) : 'Informe o CEP') : '—'} />
        {quote && quote.discountCents > 0 && <Row label="Desconto" value={`− ${formatBRL(quote.discountCents)}`} />}
        <div className="flex justify-between border-t border-neutral-200 pt-3 text-base font-extrabold">
          <dt>Total</dt>
          <dd data-testid="cart-total">{quote ? formatBRL(quote.totalCents) : '—'}</dd>
        </div>
      </dl>
      {quote?.installmentHint && (
        <p className="mt-1 text-right text-sm text-ink-soft" data-testid="installment-hint">
          ou {quote.installmentHint.count}x de {formatBRL(quote.installmentHint.eachCents)} sem juros
        </p>
      )}
      <p className="mt-3 text-xs text-ink-soft">Frete estimado; o valor final depende da forma de envio escolhida no checkout.</p>
      {hasCep && quote?.shipping && <ShippingChoices shipping={quote.shipping} />}
      <button type="button" onClick={onFinish} className="mt-5 w-full rounded-xl bg-brand px-5 py-3.5 text-lg font-extrabold text-ink hover:bg-brand-dark">
        Finalizar Compra
      </button>
    </aside>
  );
}

/** What checkout will offer for this CEP (the same options and prices), and what is missing for free shipping. */
function ShippingChoices({ shipping }: { shipping: NonNullable<Quote['shipping']> }) {
  const hint = freeShippingHint(shipping);
  return (
    <div className="mt-2 text-xs text-ink-soft" data-testid="cart-shipping-options">
      {shipping.notice && <p className="text-amber-800">{shipping.notice}</p>}
      {shipping.options.length > 0 && (
        <>
          <p>Formas de envio no checkout:</p>
          <ul className="mt-1 space-y-0.5">
            {shipping.options.map((o) => (
              <li key={o.id}>
                {o.label}: {o.priceCents === 0 ? 'Grátis' : formatBRL(o.priceCents)} ({o.days})
              </li>
            ))}
          </ul>
        </>
      )}
      {hint && (
        <p className="mt-1 font-semibold text-ink" data-testid="free-shipping-hint">
          {hint}
        </p>
      )}
    </div>
  );
}
