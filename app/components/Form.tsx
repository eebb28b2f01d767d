// Form building blocks shared by the account, seller and admin pages: a labelled field with its pt-BR
// error right under it (aria-describedby, aria-invalid), masks for CPF/celular/CEP, and form-level notices.
import { useId } from 'react';
import { applyMask, MASK_PATTERN } from '../lib/masks.ts';
import type { MaskKind } from '../lib/masks.ts';

export const inputClass =
  'mt-1 block w-full rounded-lg border border-neutral-300 bg-white px-3 py-2.5 text-ink shadow-sm placeholder:text-neutral-500 aria-[invalid=true]:border-red-600 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-600';

interface FieldProps {
  name: string;
  label: string;
  error?: string;
  defaultValue?: string;
  type?: 'text' | 'email' | 'password' | 'tel' | 'url' | 'number';
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel' | 'url';
  mask?: MaskKind;
  hint?: string;
  placeholder?: string;
  maxLength?: number;
  required?: boolean;
  className?: string;
  /** id of a <datalist> with suggestions */
  list?: string;
}

export function Field({ name, label, error, defaultValue, type = 'text', autoComplete, inputMode, mask, hint, placeholder, maxLength, required = true, className, list }: FieldProps) {
  const id = `${useId()}-${name}`;
  const describedBy = [hint ? `${id}-dica` : null, error ? `${id}-erro` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={defaultValue}
        autoComplete={autoComplete}
        list={list}
        inputMode={inputMode ?? (mask ? 'numeric' : undefined)}
        placeholder={placeholder ?? (mask ? MASK_PATTERN[mask] : undefined)}
        maxLength={maxLength ?? (mask ? MASK_PATTERN[mask].length : undefined)}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onInput={mask ? (e) => (e.currentTarget.value = applyMask(mask, e.currentTarget.value)) : undefined}
        className={inputClass}
      />
      {hint && (
        <p id={`${id}-dica`} className="mt-1 text-xs text-ink-soft">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-erro`} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

/** A message about the whole form: an alert for failures, a status for good news. */
export function FormNotice({ kind = 'error', children }: { kind?: 'error' | 'success' | 'info'; children: React.ReactNode }) {
  const styles = {
    error: 'border-red-300 bg-red-50 text-red-800',
    success: 'border-emerald-300 bg-emerald-50 text-emerald-900',
    info: 'border-neutral-300 bg-white text-ink',
  }[kind];
  return (
    <div role={kind === 'error' ? 'alert' : 'status'} className={`rounded-lg border p-3 text-sm font-medium ${styles}`}>
      {children}
    </div>
  );
}

export function SubmitButton({
  children,
  busy,
  busyText,
  name,
  value,
  className,
}: {
  children: React.ReactNode;
  busy?: boolean;
  busyText?: string;
  name?: string;
  value?: string;
  className?: string;
}) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={busy}
      className={className ?? 'w-full rounded-lg bg-brand px-5 py-3 text-base font-extrabold text-ink hover:bg-brand-dark disabled:cursor-wait disabled:opacity-70'}
    >
      {busy ? (busyText ?? 'Enviando...') : children}
    </button>
  );
}

/** The centred card the sign-in pages sit in. */
export function AuthCard({ title, children, footer }: { title: string; children: React.ReactNode; footer?: React.ReactNode }) {
  return (
    <div className="container-page flex justify-center py-10">
      <section className="w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-neutral-200 sm:p-8" aria-labelledby="titulo-conta">
        <h1 id="titulo-conta" className="text-2xl font-extrabold">
          {title}
        </h1>
        <div className="mt-6">{children}</div>
        {footer && <div className="mt-6 border-t border-neutral-200 pt-4 text-sm">{footer}</div>}
      </section>
    </div>
  );
}
