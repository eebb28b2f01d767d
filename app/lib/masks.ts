// Input masks for the Brazilian fields, applied while typing (the server accepts masked or bare digits).
// Formatting comes from @brazilian-utils/brazilian-utils, the same library that validates on the server.
import { formatCep } from '@brazilian-utils/brazilian-utils/format-cep';
import { formatCpf } from '@brazilian-utils/brazilian-utils/format-cpf';
import { formatPhone } from '@brazilian-utils/brazilian-utils/format-phone';

export type MaskKind = 'cpf' | 'celular' | 'cep';

const digits = (v: string, max: number) => v.replace(/\D/g, '').slice(0, max);

export function applyMask(kind: MaskKind, value: string): string {
  switch (kind) {
    case 'cpf':
      return formatCpf(digits(value, 11));
    case 'celular': {
      const d = digits(value, 11);
      return d === '' ? '' : formatPhone(d, { mask: 'nanp' });
    }
    case 'cep':
      return formatCep(digits(value, 8));
  }
}

/** What each masked field looks like, for placeholders and maxLength. */
export const MASK_PATTERN: Record<MaskKind, string> = {
  cpf: '000.000.000-00',
  celular: '(00) 00000-0000',
  cep: '00000-000',
};
