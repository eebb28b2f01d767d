// Step 4, "Confirmação": everything the order will be, with the items priced by the server's quote.
import type { CartItem } from '#app/lib/cart-storage.ts';
import type { Quote } from '#src/domain/cart/quote.ts';
import { maskCard } from '#src/domain/payments/card.ts';
import { formatBRL } from '#src/domain/pricing/money.ts';
import { PAYMENT_METHODS } from '#src/domain/pricing/pricing.ts';
import { findOption } from '#src/domain/shipping/options.ts';
import { ItemImage } from '../ItemImage.tsx';
import type { CheckoutState } from './checkout-state.ts';
import type { InstallmentPlan } from './PaymentStep.tsx';

function SummaryRow({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="font-semibold">{label}</dt>
      <dd className="text-ink-soft">{value}</dd>
    </div>
  );
}

export function addressLine(a: CheckoutState['address']): string {
  return `${a.street}, ${a.number}${a.complement ? ` - ${a.complement}` : ''}, ${a.neighborhood}, ${a.city} - ${a.state}, CEP ${a.cep.slice(0, 5)}-${a.cep.slice(5)}`;
}

export function ConfirmationStep({ state, items, quote, plans }: { state: CheckoutState; items: CartItem[]; quote: Quote | null; plans: InstallmentPlan[] }) {
  const { email, buyer, payment, card, installments } = state;
  const shippingChoice = quote?.shipping ? findOption(quote.shipping, state.shipping) : null;
  const paymentChoice = PAYMENT_METHODS.find((m) => m.id === payment);
  const plan = plans[installments - 1];
  return (
    <dl className="space-y-3 text-sm">
      <SummaryRow label="E-mail" value={email} />
      <SummaryRow label="Comprador" value={`${buyer.name} · CPF ${buyer.cpf} · Celular ${buyer.phone}`} />
      <SummaryRow label="Endereço" value={addressLine(state.address)} />
      <SummaryRow label="Envio" value={shippingChoice ? `${shippingChoice.label} (${shippingChoice.days})` : ''} />
      <SummaryRow label="Pagamento" value={paymentChoice?.label ?? ''} />
      {payment === 'credit' && (
        <>
          <SummaryRow label="Cartão" value={maskCard(card.number.replace(/\D/g, '').slice(-4))} />
          <SummaryRow label="Parcelas" value={plan ? `${installments}x de ${formatBRL(plan.eachCents)} sem juros` : `${installments}x`} />
        </>
      )}
      <div>
        <dt className="font-semibold">Itens</dt>
        <dd>
          <ul className="mt-2 divide-y divide-neutral-200">
            {items.map((item) => {
              const line = quote?.lines.find((l) => l.productId === item.id && (l.color ?? '') === (item.cor ?? '') && (l.size ?? '') === (item.tamanho ?? ''));
              return (
                <li key={`${item.id}-${item.cor ?? ''}-${item.tamanho ?? ''}`} className="flex items-center gap-3 py-2">
                  <ItemImage src={line?.image?.url ?? null} alt={line?.image?.alt ?? ''} />
                  <span className="flex-1">
                    <span className="block font-medium">{line?.title ?? item.titulo}</span>
                    <span className="text-ink-soft">
                      Quantidade: {item.quantity}
                      {item.cor ? ` · Cor: ${item.cor}` : ''}
                      {item.tamanho ? ` · Tamanho: ${item.tamanho}` : ''}
                    </span>
                  </span>
                  <span className="font-semibold">{line ? formatBRL(line.lineTotalCents) : '…'}</span>
                </li>
              );
            })}
          </ul>
        </dd>
      </div>
    </dl>
  );
}
