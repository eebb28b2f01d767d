// Step 1, "Identificação": the e-mail for the confirmation, and who is buying (name, CPF, celular).
import type { Dispatch } from 'react';
import { applyMask, MASK_PATTERN } from '#app/lib/masks.ts';
import type { CheckoutAction, CheckoutState } from './checkout-state.ts';
import { describe, FieldError, fieldClass } from './fields.tsx';

export function IdentificationStep({ state, dispatch }: { state: CheckoutState; dispatch: Dispatch<CheckoutAction> }) {
  const { email, buyer, fieldErrors: errors } = state;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <label htmlFor="email" className="font-medium">
          E-mail
        </label>
        <input
          id="email"
          type="email"
          autoComplete="email"
          value={email}
          maxLength={254}
          onChange={(e) => dispatch({ type: 'email', value: e.target.value })}
          {...describe('email', errors, 'email-hint')}
          className={fieldClass}
        />
        <p id="email-hint" className="mt-1 text-sm text-ink-soft">
          Enviaremos a confirmação do pedido para este e-mail.
        </p>
        <FieldError field="email" errors={errors} />
      </div>
      <div className="sm:col-span-2">
        <label htmlFor="buyer-name" className="font-medium">
          Nome completo
        </label>
        <input
          id="buyer-name"
          autoComplete="name"
          value={buyer.name}
          maxLength={100}
          onChange={(e) => dispatch({ type: 'buyer', patch: { name: e.target.value } })}
          {...describe('buyer-name', errors)}
          className={fieldClass}
        />
        <FieldError field="buyer-name" errors={errors} />
      </div>
      <div>
        <label htmlFor="buyer-cpf" className="font-medium">
          CPF
        </label>
        <input
          id="buyer-cpf"
          inputMode="numeric"
          placeholder={MASK_PATTERN.cpf}
          value={buyer.cpf}
          maxLength={MASK_PATTERN.cpf.length}
          onChange={(e) => dispatch({ type: 'buyer', patch: { cpf: applyMask('cpf', e.target.value) } })}
          {...describe('buyer-cpf', errors, 'cpf-hint')}
          className={fieldClass}
        />
        <p id="cpf-hint" className="mt-1 text-sm text-ink-soft">
          Vai na nota fiscal e no boleto.
        </p>
        <FieldError field="buyer-cpf" errors={errors} />
      </div>
      <div>
        <label htmlFor="buyer-phone" className="font-medium">
          Celular
        </label>
        <input
          id="buyer-phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder={MASK_PATTERN.celular}
          value={buyer.phone}
          maxLength={MASK_PATTERN.celular.length}
          onChange={(e) => dispatch({ type: 'buyer', patch: { phone: applyMask('celular', e.target.value) } })}
          {...describe('buyer-phone', errors)}
          className={fieldClass}
        />
        <FieldError field="buyer-phone" errors={errors} />
      </div>
    </div>
  );
}
