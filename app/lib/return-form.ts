// The return request form ("Devolver ou trocar itens") as the server reads it: one zod schema, pt-BR errors.
// Fields: motivo, comentario, qtd-<order line id> (units) and troca-<order line id> (the variant wanted).
import { z } from 'zod';
import { RETURN_REASONS } from '#src/domain/returns/windows.ts';
import { CONTROL_CHARS_MESSAGE, hasControlChars } from '#src/platform/control-chars.ts';
import type { ReturnRequestInput } from '#src/domain/returns/request.server.ts';

export const MAX_RETURN_COMMENT = 500;

const schema = z.object({
  motivo: z.enum(RETURN_REASONS, { message: 'Escolha o motivo da devolução.' }),
  comentario: z
    .string()
    .refine((s) => !hasControlChars(s, { multiline: true }), CONTROL_CHARS_MESSAGE)
    .trim()
    .max(MAX_RETURN_COMMENT, { message: `O comentário pode ter até ${MAX_RETURN_COMMENT} caracteres.` })
    .optional(),
});
const units = z.coerce.number({ message: 'Quantidade inválida.' }).int({ message: 'Quantidade inválida.' }).min(0, { message: 'Quantidade inválida.' }).max(999, { message: 'Quantidade inválida.' });

export type ReturnFormResult = { ok: true; input: ReturnRequestInput } | { ok: false; message: string };

export function readReturnForm(fields: Record<string, string>): ReturnFormResult {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
  const lines: ReturnRequestInput['lines'] = [];
  for (const [key, value] of Object.entries(fields)) {
    const m = /^qtd-(\d{1,9})$/.exec(key);
    if (!m || value.trim() === '') continue;
    const quantity = units.safeParse(value);
    if (!quantity.success) return { ok: false, message: quantity.error.issues[0]!.message };
    const wanted = fields[`troca-${m[1]}`];
    lines.push({ orderLineId: Number(m[1]), quantity: quantity.data, wantedVariantId: wanted && /^\d{1,9}$/.test(wanted) ? Number(wanted) : null });
  }
  return { ok: true, input: { reason: parsed.data.motivo, comment: parsed.data.comentario || null, lines } };
}
