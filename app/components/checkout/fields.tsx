// What the checkout's inputs share: their look, and how a field the server refused says so.
import type { CheckoutField, FieldErrors } from './checkout-state.ts';

export const fieldClass = 'mt-1 w-full rounded-lg border border-neutral-300 bg-white px-3 py-2.5';

const errorId = (field: CheckoutField) => `${field}-erro`;

/** aria-invalid and aria-describedby (the hint, then the server's message) for one input. */
export function describe(field: CheckoutField, errors: FieldErrors, hint?: string) {
  const invalid = errors[field] !== undefined;
  const ids = [hint, invalid ? errorId(field) : undefined].filter(Boolean).join(' ');
  return { 'aria-invalid': invalid ? true : undefined, 'aria-describedby': ids || undefined };
}

/** For a fieldset (a group of radios): only the description, aria-invalid does not apply to a group. */
export function describeGroup(field: CheckoutField, errors: FieldErrors) {
  return { 'aria-describedby': errors[field] !== undefined ? errorId(field) : undefined };
}

export function FieldError({ field, errors }: { field: CheckoutField; errors: FieldErrors }) {
  const message = errors[field];
  if (!message) return null;
  return (
    <p id={errorId(field)} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}
