// Reading the customer/seller form post (spec §3 fields) with the shared zod schema.
import { fieldErrorsOf, PERSON_FIELDS, personSchema, pickFields } from '#src/domain/accounts/validation.ts';
import type { PersonInput } from '#src/domain/accounts/validation.ts';
import type { PersonValues } from '../components/PersonForm.tsx';

export type PersonParse = { ok: true; value: PersonInput; values: PersonValues } | { ok: false; errors: PersonValues; values: PersonValues };

export function parsePersonForm(form: FormData): PersonParse {
  const raw = pickFields(form, PERSON_FIELDS);
  const values: PersonValues = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, (v ?? '').slice(0, 300)]));
  const parsed = personSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, errors: fieldErrorsOf(parsed.error), values };
  return { ok: true, value: parsed.data, values };
}
