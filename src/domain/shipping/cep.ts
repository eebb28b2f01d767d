// Owns the CEP (Brazilian postal code) formats and their messages.

/** Cart box (spec §5): five digits, optional hyphen, three digits. */
export const CART_CEP_PATTERN = /^\d{5}-?\d{3}$/;
export const CART_CEP_INVALID = 'CEP inválido. Por favor, insira um CEP válido.';

export function isValidCartCep(value: string): boolean {
  return CART_CEP_PATTERN.test(value.trim());
}

/** The eight digits of a CEP, or null. */
export function cepDigits(value: string): string | null {
  const trimmed = value.trim();
  return CART_CEP_PATTERN.test(trimmed) ? trimmed.replace('-', '') : null;
}

export function formatCep(digits: string): string {
  return digits.length === 8 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}
