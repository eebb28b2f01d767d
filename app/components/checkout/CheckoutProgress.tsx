// The four steps across the top (the current one marked aria-current="step"), and the buttons under each step.
import { Link } from 'react-router';
import { LAST_STEP, STEPS } from './checkout-state.ts';

export function CheckoutProgress({ step }: { step: number }) {
  return (
    <ol className="mt-5 grid grid-cols-4 gap-1.5 text-center text-[11px] leading-tight font-semibold sm:gap-2 sm:text-sm" aria-label="Etapas">
      {STEPS.map((label, i) => (
        <li
          key={label}
          aria-current={step === i + 1 ? 'step' : undefined}
          className={`flex flex-col items-center rounded-lg px-0.5 py-2 sm:flex-row sm:justify-center sm:gap-1 ${step === i + 1 ? 'bg-ink text-white' : step > i + 1 ? 'bg-brand text-ink' : 'bg-neutral-200 text-ink-soft'}`}
        >
          <span>{i + 1}</span> <span>{label}</span>
        </li>
      ))}
    </ol>
  );
}

/** "Voltar" (or back to the cart on step 1) and "Continuar", or "Finalizar Compra" on the last step; then the terms. */
export function StepButtons({ step, submitting, onBack }: { step: number; submitting: boolean; onBack: () => void }) {
  return (
    <>
      <div className="flex flex-wrap justify-between gap-3 pt-2">
        {step > 1 ? (
          <button type="button" onClick={onBack} className="rounded-lg border border-neutral-300 px-5 py-2.5 font-semibold hover:bg-neutral-100">
            Voltar
          </button>
        ) : (
          <Link to="/Cart" className="rounded-lg px-1 py-2.5 font-semibold underline">
            Voltar ao carrinho
          </Link>
        )}
        {step < LAST_STEP ? (
          <button type="submit" className="rounded-lg bg-ink px-6 py-2.5 font-semibold text-white hover:bg-ink-soft">
            Continuar
          </button>
        ) : (
          <button type="submit" disabled={submitting} aria-busy={submitting} className="rounded-xl bg-brand px-6 py-3 text-lg font-extrabold text-ink hover:bg-brand-dark disabled:opacity-60">
            {submitting ? 'Enviando...' : 'Finalizar Compra'}
          </button>
        )}
      </div>
      <p className="text-xs text-ink-soft">
        Ao finalizar, você concorda com os{' '}
        <Link to="/termos" className="underline underline-offset-2">
          Termos de uso
        </Link>{' '}
        e a{' '}
        <Link to="/privacidade" className="underline underline-offset-2">
          Política de privacidade
        </Link>
        . Veja também{' '}
        <Link to="/trocas-e-devolucoes" className="underline underline-offset-2">
          Trocas e devoluções
        </Link>{' '}
        (7 dias para desistir).
      </p>
    </>
  );
}
