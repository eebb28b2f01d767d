// The review form, on its own page (/AvaliarProduto/:id, reached from the order page) and inside the product
// page once it has loaded (for a buyer who may review). It posts to /AvaliarProduto/:id either way, so it
// works without JavaScript; in the product page it posts through a fetcher and stays on the page.
import { Form, Link, useFetcher } from 'react-router';
import type { ReactNode } from 'react';
import { REVIEW_BODY, REVIEW_TITLE } from '#src/domain/reviews/rules.ts';
import { FieldError, FormNotice, inputClass, SubmitButton } from '../Form.tsx';

export interface ReviewFormState {
  ok: boolean;
  message: string;
  errors?: Record<string, string>;
}

export interface VehicleChoice {
  /** "vehicleId:year" */
  value: string;
  label: string;
}

/** What /AvaliarProduto/:id says about the visitor: signed in, and may they review this product. */
export type ReviewAccess = { signedIn: false } | { signedIn: true; status: 'eligible'; vehicles: VehicleChoice[] } | { signedIn: true; status: 'not-delivered' | 'reviewed'; message: string };

const STAR_WORDS = ['', 'Péssimo', 'Ruim', 'Regular', 'Bom', 'Excelente'];

function Fields({ productId, vehicles, state }: { productId: number; vehicles: VehicleChoice[]; state: ReviewFormState | undefined }) {
  const errors = state?.errors ?? {};
  const id = `avaliacao-${productId}`;
  return (
    <>
      <fieldset aria-describedby={errors.stars ? `${id}-nota-erro` : undefined}>
        <legend className="text-sm font-semibold">Sua nota</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {[5, 4, 3, 2, 1].map((n) => (
            <label key={n} className="flex cursor-pointer items-center gap-1.5 rounded-lg border border-neutral-300 bg-white px-3 py-2 text-sm has-[:checked]:border-ink has-[:checked]:bg-brand/30">
              <input type="radio" name="stars" value={n} required className="accent-ink" />
              {n} {n === 1 ? 'estrela' : 'estrelas'} <span className="text-ink-soft">({STAR_WORDS[n]})</span>
            </label>
          ))}
        </div>
        <FieldError id={`${id}-nota-erro`} message={errors.stars} />
      </fieldset>
      <div>
        <label htmlFor={`${id}-titulo`} className="block text-sm font-semibold">
          Título
        </label>
        <input
          id={`${id}-titulo`}
          name="title"
          required
          minLength={REVIEW_TITLE.min}
          maxLength={REVIEW_TITLE.max}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? `${id}-titulo-erro` : undefined}
          className={inputClass}
        />
        <FieldError id={`${id}-titulo-erro`} message={errors.title} />
      </div>
      <div>
        <label htmlFor={`${id}-texto`} className="block text-sm font-semibold">
          Sua avaliação
        </label>
        <textarea
          id={`${id}-texto`}
          name="body"
          rows={5}
          required
          minLength={REVIEW_BODY.min}
          maxLength={REVIEW_BODY.max}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={`${id}-texto-dica${errors.body ? ` ${id}-texto-erro` : ''}`}
          className={inputClass}
        />
        <p id={`${id}-texto-dica`} className="mt-1 text-xs text-ink-soft">
          De {REVIEW_BODY.min} a {REVIEW_BODY.max} caracteres. Conte como foi a instalação e o uso.
        </p>
        <FieldError id={`${id}-texto-erro`} message={errors.body} />
      </div>
      <div>
        <label htmlFor={`${id}-veiculo`} className="block text-sm font-semibold">
          Veículo em que foi instalado (opcional)
        </label>
        <select id={`${id}-veiculo`} name="vehicle" className={inputClass} aria-describedby={`${id}-veiculo-dica`} defaultValue="">
          <option value="">Não informar</option>
          {vehicles.map((v) => (
            <option key={v.value} value={v.value}>
              {v.label}
            </option>
          ))}
        </select>
        <p id={`${id}-veiculo-dica`} className="mt-1 text-xs text-ink-soft">
          Os veículos da sua{' '}
          <Link to="/garagem" className="underline">
            garagem
          </Link>
          .
        </p>
        <FieldError message={errors.vehicle} />
      </div>
    </>
  );
}

function Notice({ state }: { state: ReviewFormState | undefined }) {
  if (!state) return null;
  return <FormNotice kind={state.ok ? 'success' : 'error'}>{state.message}</FormNotice>;
}

/** The form on its own page (a plain form: the page's action answers). */
export function ReviewPageForm({ productId, vehicles, state, busy }: { productId: number; vehicles: VehicleChoice[]; state: ReviewFormState | undefined; busy: boolean }) {
  if (state?.ok) return <Notice state={state} />;
  return (
    <Form method="post" className="space-y-4" noValidate>
      <Notice state={state} />
      <Fields productId={productId} vehicles={vehicles} state={state} />
      <SubmitButton busy={busy} busyText="Enviando avaliação...">
        Enviar avaliação
      </SubmitButton>
    </Form>
  );
}

/** The form inside the product page: posts through a fetcher to /AvaliarProduto/:id and shows the answer in place. */
export function ReviewInlineForm({ productId, vehicles, children }: { productId: number; vehicles: VehicleChoice[]; children?: ReactNode }) {
  const fetcher = useFetcher<ReviewFormState>();
  const state = fetcher.data;
  if (state?.ok) return <Notice state={state} />;
  return (
    <fetcher.Form method="post" action={`/AvaliarProduto/${productId}`} className="space-y-4" noValidate>
      {children}
      <Notice state={state} />
      <Fields productId={productId} vehicles={vehicles} state={state} />
      <SubmitButton
        busy={fetcher.state !== 'idle'}
        busyText="Enviando avaliação..."
        className="rounded-lg bg-brand px-5 py-3 text-base font-extrabold text-ink hover:bg-brand-dark disabled:cursor-wait disabled:opacity-70"
      >
        Enviar avaliação
      </SubmitButton>
    </fetcher.Form>
  );
}
