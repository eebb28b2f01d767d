// The review, question and answer forms' schemas (zod, pt-BR messages), bounded by rules.ts. Kept apart from
// rules.ts so the product cards' stars, on every page, carry no schema: zod builds object schemas with a probe
// for eval() that the pages' Content-Security-Policy refuses.
import { z } from 'zod';
import { CONTROL_CHARS_MESSAGE, hasControlChars } from '#src/platform/control-chars.ts';
import { ANSWER_TEXT, QUESTION_TEXT, REVIEW_BODY, REVIEW_TITLE } from './rules.ts';

/** Collapses runs of spaces and trims (line breaks inside a text are kept). */
const tidy = (s: string) =>
  s
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** A text field of `min`..`max` characters after tidying; control characters refused (line breaks only when `multiline`). */
const bounded = (what: string, min: number, max: number, opts: { multiline: boolean }) =>
  z
    .string({ message: `Informe ${what}.` })
    .refine((s) => !hasControlChars(s, opts), CONTROL_CHARS_MESSAGE)
    .transform(tidy)
    .pipe(
      z
        .string()
        .min(min, `${what[0]!.toUpperCase()}${what.slice(1)} deve ter pelo menos ${min} caracteres.`)
        .max(max, `${what[0]!.toUpperCase()}${what.slice(1)} deve ter no máximo ${max} caracteres.`),
    );

/** The review form: stars, title, text and, optionally, the vehicle it was fitted to (a fleet id and year). */
export const reviewInput = z.object({
  stars: z.coerce.number({ message: 'Escolha de 1 a 5 estrelas.' }).int('Escolha de 1 a 5 estrelas.').min(1, 'Escolha de 1 a 5 estrelas.').max(5, 'Escolha de 1 a 5 estrelas.'),
  title: bounded('o título', REVIEW_TITLE.min, REVIEW_TITLE.max, { multiline: false }),
  body: bounded('o texto da avaliação', REVIEW_BODY.min, REVIEW_BODY.max, { multiline: true }),
  vehicleId: z
    .union([z.literal(''), z.coerce.number().int().min(1).max(2_147_483_647)], { message: 'Veículo inválido.' })
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v)),
  vehicleYear: z
    .union([z.literal(''), z.coerce.number().int().min(1900).max(2100)], { message: 'Ano do veículo inválido.' })
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v)),
});
export type ReviewInput = z.output<typeof reviewInput>;

export const questionInput = z.object({ question: bounded('a pergunta', QUESTION_TEXT.min, QUESTION_TEXT.max, { multiline: true }) });
export const answerInput = z.object({ answer: bounded('a resposta', ANSWER_TEXT.min, ANSWER_TEXT.max, { multiline: true }) });

/** Field errors of a zod failure, first message per field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}
