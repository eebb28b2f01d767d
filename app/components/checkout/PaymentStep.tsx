// Step 3, "Pagamento": PIX, boleto or card; for a card its fields (formatted as typed) and the installments
// the server's total allows. With a gateway (token mode) the card goes from the browser to it, never to us.
import type { Dispatch } from 'react';
import { cvvLength, formatCardNumber, formatCvv, formatExpiry } from '#src/domain/payments/card.ts';
import { formatBRL } from '#src/domain/pricing/money.ts';
import { PAYMENT_METHODS } from '#src/domain/pricing/pricing.ts';
import type { CheckoutAction, CheckoutState } from './checkout-state.ts';
import { describe, describeGroup, FieldError, fieldClass } from './fields.tsx';

export interface InstallmentPlan {
  count: number;
  eachCents: number;
}

export function PaymentStep({ state, dispatch, plans, tokenMode }: { state: CheckoutState; dispatch: Dispatch<CheckoutAction>; plans: InstallmentPlan[]; tokenMode: boolean }) {
  const { payment, card, installments, fieldErrors: errors } = state;
  const setCard = (patch: Partial<CheckoutState['card']>) => dispatch({ type: 'card', patch });
  return (
    <>
      <fieldset {...describeGroup('payment', errors)}>
        <legend className="font-medium">Forma de pagamento</legend>
        <div className="mt-2 grid gap-2">
          {PAYMENT_METHODS.map((m) => (
            <label key={m.id} className="flex cursor-pointer items-center gap-3 rounded-xl border border-neutral-300 p-3 has-checked:border-ink has-checked:bg-neutral-50">
              <input type="radio" name="payment" value={m.id} checked={payment === m.id} onChange={() => dispatch({ type: 'payment', value: m.id })} className="h-4 w-4 accent-ink" />
              <span className="font-semibold">{m.label}</span>
              {m.discountPercent > 0 && <span className="text-sm text-emerald-700">{m.discountPercent}% de desconto</span>}
            </label>
          ))}
        </div>
        <FieldError field="payment" errors={errors} />
      </fieldset>
      {payment === 'credit' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <label htmlFor="card-number" className="font-medium">
              Número do cartão
            </label>
            <input
              id="card-number"
              inputMode="numeric"
              autoComplete="cc-number"
              value={card.number}
              maxLength={19}
              onChange={(e) => setCard({ number: formatCardNumber(e.target.value) })}
              {...describe('card', errors)}
              className={fieldClass}
            />
            <FieldError field="card" errors={errors} />
          </div>
          <div className="sm:col-span-2">
            <label htmlFor="card-name" className="font-medium">
              Nome impresso no cartão
            </label>
            <input id="card-name" autoComplete="cc-name" value={card.name} maxLength={60} onChange={(e) => setCard({ name: e.target.value })} className={fieldClass} />
          </div>
          <div>
            <label htmlFor="card-expiry" className="font-medium">
              Validade (MM/AA)
            </label>
            <input
              id="card-expiry"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/AA"
              value={card.expiry}
              maxLength={5}
              onChange={(e) => setCard({ expiry: formatExpiry(e.target.value) })}
              className={fieldClass}
            />
          </div>
          <div>
            <label htmlFor="card-cvv" className="font-medium">
              CVV
            </label>
            <input
              id="card-cvv"
              inputMode="numeric"
              autoComplete="cc-csc"
              value={card.cvv}
              maxLength={cvvLength(card.number)}
              onChange={(e) => setCard({ cvv: formatCvv(e.target.value, card.number) })}
              className={fieldClass}
            />
          </div>
          {tokenMode && <p className="text-sm text-ink-soft sm:col-span-2">Os dados do cartão vão direto para o Mercado Pago, com segurança: a loja não recebe o número nem o CVV.</p>}
          <div className="sm:col-span-2">
            <label htmlFor="installments" className="font-medium">
              Parcelas
            </label>
            <select
              id="installments"
              value={installments}
              onChange={(e) => dispatch({ type: 'installments', value: Number(e.target.value) })}
              {...describe('installments', errors)}
              className={fieldClass}
            >
              {plans.map((p) => (
                <option key={p.count} value={p.count}>
                  {p.count}x de {formatBRL(p.eachCents)} sem juros
                </option>
              ))}
            </select>
            <FieldError field="installments" errors={errors} />
          </div>
        </div>
      )}
    </>
  );
}
