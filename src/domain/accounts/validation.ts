// What the accounts forms accept, as zod schemas with pt-BR messages per field. The same schemas validate
// the pages' form posts and the JSON API. CPF, celular, CEP and e-mail are checked with
// @brazilian-utils/brazilian-utils (check digits, DDD and numbering rules), not by hand.
import { CART_CEP_PATTERN } from '../shipping/cep.ts';
import { isValidCep } from '@brazilian-utils/brazilian-utils/is-valid-cep';
import { isValidCpf } from '@brazilian-utils/brazilian-utils/is-valid-cpf';
import { isValidEmail } from '@brazilian-utils/brazilian-utils/is-valid-email';
import { isValidMobilePhone } from '@brazilian-utils/brazilian-utils/is-valid-mobile-phone';
import { z } from 'zod';
import { MSG } from './messages.ts';
import { CONTROL_CHARS_MESSAGE, jsonHasControlChars } from '#src/platform/control-chars.ts';
import { UFS } from '../shipping/uf.ts';

export const MIN_PASSWORD = 8;
export const MAX_PASSWORD = 128;

const digits = (s: string) => s.replace(/\D/g, '');

/** A required text field: trimmed, inner spaces collapsed, with its own "Informe…" message. */
const text = (required: string, max: number, tooLong = `Use no máximo ${max} caracteres.`) =>
  z
    .string({ error: required })
    .transform((v) => v.replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(1, required).max(max, tooLong));

/**
 * The shop's one e-mail rule (accounts, checkout, the order API): one plain address, at most 254
 * characters. "victim,attacker@…", quoted or bracketed forms and lists are refused.
 */
export function isValidShopEmail(raw: string): boolean {
  const v = raw.trim().toLowerCase();
  return v.length > 0 && v.length <= 254 && isValidEmail(v);
}

export const emailField = z
  .string({ error: MSG.emailRequired })
  .transform((v) => v.trim().toLowerCase())
  .pipe(
    z
      .string()
      .min(1, MSG.emailRequired)
      .max(254, MSG.emailInvalid)
      .refine((v) => isValidShopEmail(v), MSG.emailInvalid),
  );

export const CPF_FORMAT = /^(\d{3}\.\d{3}\.\d{3}-\d{2}|\d{11})$/;
export const CELULAR_FORMAT = /^(\(\d{2}\) ?\d{5}-\d{4}|\d{11})$/;

export const PERSON_MESSAGES = {
  cpfRequired: 'Informe o CPF.',
  cpfFormat: 'CPF inválido. Use o formato 000.000.000-00.',
  cpfDigits: 'CPF inválido: confira os números digitados.',
  cpfTaken: 'Este CPF já está cadastrado em outra conta.',
  celularRequired: 'Informe o celular.',
  celularFormat: 'Celular inválido. Use o formato (00) 00000-0000.',
  celularInvalid: 'Celular inválido: confira o DDD e o número.',
  cepRequired: 'Informe o CEP.',
  cepFormat: 'CEP inválido. Use o formato 00000-000.',
} as const;

/** "123.456.789-09" or "12345678909" → "12345678909" (check digits verified). */
export const cpfField = z
  .string({ error: PERSON_MESSAGES.cpfRequired })
  .transform((v) => v.trim())
  .pipe(
    z
      .string()
      .min(1, PERSON_MESSAGES.cpfRequired)
      .regex(CPF_FORMAT, PERSON_MESSAGES.cpfFormat)
      .refine((v) => isValidCpf(v), PERSON_MESSAGES.cpfDigits)
      .transform(digits),
  );

/** "(11) 98765-4321" or "11987654321" → "11987654321" (a mobile number with a real DDD). */
export const celularField = z
  .string({ error: PERSON_MESSAGES.celularRequired })
  .transform((v) => v.trim())
  .pipe(
    z
      .string()
      .min(1, PERSON_MESSAGES.celularRequired)
      .regex(CELULAR_FORMAT, PERSON_MESSAGES.celularFormat)
      .refine((v) => isValidMobilePhone(v), PERSON_MESSAGES.celularInvalid)
      .transform(digits),
  );

/** "01310-100" or "01310100" → "01310100". */
export const cepField = z
  .string({ error: PERSON_MESSAGES.cepRequired })
  .transform((v) => v.trim())
  .pipe(
    z
      .string()
      .min(1, PERSON_MESSAGES.cepRequired)
      .regex(CART_CEP_PATTERN, PERSON_MESSAGES.cepFormat)
      // isValidCep checks the shape only; no CEP is all zeros (the first ones start at 01000-000).
      .refine((v) => isValidCep(v) && digits(v) !== '00000000', PERSON_MESSAGES.cepFormat)
      .transform(digits),
  );

export const fullNameField = text(MSG.nameRequired, 100, MSG.nameTooLong).refine((v) => v.split(' ').filter((w) => w.length > 0).length >= 2, 'Informe o nome completo (nome e sobrenome).');

// ------------------------------------------------------------------------------------- sign-in forms

export const signInSchema = z.object({
  email: emailField,
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(MAX_PASSWORD, MSG.invalidCredentials),
});

const newPassword = z.string({ error: MSG.passwordTooShort }).min(MIN_PASSWORD, MSG.passwordTooShort).max(MAX_PASSWORD, MSG.passwordTooLong);

export const signUpSchema = z.object({
  email: emailField,
  name: fullNameField,
  password: newPassword,
});

export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: MSG.resetInvalidToken }).min(10, MSG.resetInvalidToken).max(200, MSG.resetInvalidToken),
    password: newPassword,
    confirm: z.string({ error: MSG.passwordsDiffer }),
  })
  .refine((v) => v.password === v.confirm, { message: MSG.passwordsDiffer, path: ['confirm'] });

// ---------------------------------------------------------------- Better Auth's JSON API (/api/auth)

/** The account name the API may set: any non-blank name up to 100 characters (pages ask for the full name). */
const accountName = text(MSG.nameRequired, 100, MSG.nameTooLong);

/**
 * Rules of ours that Better Auth's own endpoints do not know, checked before they run: the same e-mail rule
 * as the pages at sign-up, and only the name may be changed through update-user (not the photo, e-mail or
 * role). Null when the body may go on.
 */
export function authApiInputProblem(path: string, body: unknown): { code: string; message: string } | null {
  const b = (body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  if (jsonHasControlChars(body)) return { code: 'VALIDATION_ERROR', message: CONTROL_CHARS_MESSAGE };
  if (path === '/sign-up/email') {
    if (!emailField.safeParse(b.email).success) return { code: 'INVALID_EMAIL', message: MSG.emailInvalid };
  }
  if (path === '/update-user') {
    if (Object.keys(b).some((k) => k !== 'name')) return { code: 'FIELD_NOT_ALLOWED', message: 'Este campo não pode ser alterado.' };
    const name = accountName.safeParse(b.name);
    if (!name.success) return { code: 'VALIDATION_ERROR', message: name.error.issues[0]?.message ?? MSG.nameRequired };
  }
  return null;
}

// ------------------------------------------------------------------ "Cadastrar Cliente" / "Vendedor"

/** Spec §3: nome, email, cpf, celular, endereco, bairro, cidade, cep — every one required (§5). */
export const personSchema = z.object({
  nome: fullNameField,
  email: emailField,
  cpf: cpfField,
  celular: celularField,
  endereco: text('Informe o endereço.', 200),
  bairro: text('Informe o bairro.', 100),
  cidade: text('Informe a cidade.', 100),
  cep: cepField,
});
export type PersonInput = z.infer<typeof personSchema>;
export const PERSON_FIELDS = ['nome', 'email', 'cpf', 'celular', 'endereco', 'bairro', 'cidade', 'cep'] as const;

// --------------------------------------------------------------------------- "CriarFormulario"

/** Personal and delivery information, saved as an address the checkout's step 2 starts from. */
export const addressSchema = z.object({
  nome: fullNameField,
  celular: celularField,
  cep: cepField,
  rua: text('Informe a rua.', 200),
  numero: text('Informe o número.', 20),
  complemento: z
    .string()
    .optional()
    .transform((v) => (v ?? '').replace(/\s+/g, ' ').trim())
    .pipe(z.string().max(100, 'O complemento pode ter no máximo 100 caracteres.')),
  bairro: text('Informe o bairro.', 100),
  cidade: text('Informe a cidade.', 100),
  estado: z.enum(UFS, { error: 'Escolha o estado.' }),
});
export type AddressInput = z.infer<typeof addressSchema>;
export const ADDRESS_FIELDS = ['nome', 'celular', 'cep', 'rua', 'numero', 'complemento', 'bairro', 'cidade', 'estado'] as const;

// ------------------------------------------------------------------------------------------ helpers

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** The first message for each field of a failed parse. */
export function fieldErrorsOf<K extends string>(error: z.ZodError): FieldErrors<K> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_form');
    out[key] ??= issue.message;
  }
  return out as FieldErrors<K>;
}

/** Only the named string fields of a form (files and unknown keys are left out). */
export function pickFields<K extends string>(form: FormData, fields: readonly K[]): Record<K, string | undefined> {
  const out = {} as Record<K, string | undefined>;
  for (const f of fields) {
    const v = form.get(f);
    out[f] = typeof v === 'string' ? v : undefined;
  }
  return out;
}
