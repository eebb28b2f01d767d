// Step 2, "Endereço": the delivery address (the CEP fills the rest when the lookup finds it) and the shipping method.
import type { Dispatch, ReactNode } from 'react';
import { cepInput, UFS } from '#src/domain/checkout/rules.ts';
import type { AddressInput } from '#src/domain/checkout/rules.ts';
import { formatBRL } from '#src/domain/pricing/money.ts';
import type { ShippingQuote } from '#src/domain/shipping/options.ts';
import type { CheckoutAction, CheckoutField, CheckoutState, FieldErrors } from './checkout-state.ts';
import { describe, describeGroup, FieldError, fieldClass } from './fields.tsx';

type TextKey = Exclude<keyof AddressInput, 'cep' | 'state'>;

function AddressInputField({
  id,
  label,
  max,
  autoComplete,
  state,
  dispatch,
}: {
  id: TextKey;
  label: ReactNode;
  max: number;
  autoComplete?: string;
  state: CheckoutState;
  dispatch: Dispatch<CheckoutAction>;
}) {
  return (
    <div>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input
        id={id}
        autoComplete={autoComplete}
        value={state.address[id] ?? ''}
        maxLength={max}
        onChange={(e) => dispatch({ type: 'address', patch: { [id]: e.target.value } })}
        {...describe(id as CheckoutField, state.fieldErrors)}
        className={fieldClass}
      />
      <FieldError field={id as CheckoutField} errors={state.fieldErrors} />
    </div>
  );
}

export function AddressStep({ state, dispatch, onCepBlur, shippingQuote }: { state: CheckoutState; dispatch: Dispatch<CheckoutAction>; onCepBlur: () => void; shippingQuote: ShippingQuote | null }) {
  const { address, shipping } = state;
  const errors: FieldErrors = state.fieldErrors;
  const text = { state, dispatch };
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="cep" className="font-medium">
            CEP
          </label>
          <input
            id="cep"
            inputMode="numeric"
            autoComplete="postal-code"
            value={address.cep}
            maxLength={8}
            onChange={(e) => dispatch({ type: 'address', patch: { cep: cepInput(e.target.value) } })}
            onBlur={onCepBlur}
            {...describe('cep', errors)}
            className={fieldClass}
          />
          <FieldError field="cep" errors={errors} />
        </div>
        <AddressInputField id="street" label="Rua" max={200} autoComplete="address-line1" {...text} />
        <AddressInputField id="number" label="Número" max={20} {...text} />
        <AddressInputField
          id="complement"
          label={
            <>
              Complemento <span className="font-normal text-ink-soft">(opcional)</span>
            </>
          }
          max={100}
          autoComplete="address-line2"
          {...text}
        />
        <AddressInputField id="neighborhood" label="Bairro" max={100} {...text} />
        <AddressInputField id="city" label="Cidade" max={100} autoComplete="address-level2" {...text} />
        <div>
          <label htmlFor="state" className="font-medium">
            Estado
          </label>
          <select id="state" value={address.state} onChange={(e) => dispatch({ type: 'address', patch: { state: e.target.value } })} {...describe('state', errors)} className={fieldClass}>
            <option value="">Selecione</option>
            {UFS.map((uf) => (
              <option key={uf} value={uf}>
                {uf}
              </option>
            ))}
          </select>
          <FieldError field="state" errors={errors} />
        </div>
      </div>
      <fieldset {...describeGroup('shipping', errors)}>
        <legend className="font-medium">Forma de envio</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {(shippingQuote?.options ?? []).map((m) => (
            <label key={m.id} className="flex cursor-pointer items-start gap-3 rounded-xl border border-neutral-300 p-3 has-checked:border-ink has-checked:bg-neutral-50">
              <input type="radio" name="shipping" value={m.id} checked={shipping === m.id} onChange={() => dispatch({ type: 'shipping', value: m.id })} className="mt-1 h-4 w-4 accent-ink" />
              <span>
                <span className="block font-semibold">{m.label}</span>
                <span className="block text-sm text-ink-soft">
                  {m.priceCents === 0 ? 'Grátis' : formatBRL(m.priceCents)} · {m.days}
                </span>
              </span>
            </label>
          ))}
        </div>
        {shippingQuote?.notice && <p className="mt-2 text-sm text-amber-800">{shippingQuote.notice}</p>}
        {shippingQuote && shippingQuote.options.length > 0 && (
          <p className="mt-2 text-sm text-ink-soft">O frete escolhido aqui substitui a estimativa de {formatBRL(shippingQuote.estimateCents)} mostrada no carrinho.</p>
        )}
        <FieldError field="shipping" errors={errors} />
      </fieldset>
    </>
  );
}
