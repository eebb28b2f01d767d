// Owns the CEP (Brazilian postal code) format and its cart message; the accounts forms reuse the pattern.

/** Cart box (spec §5): five digits, optional hyphen, three digits. */
export const CART_CEP_PATTERN = /^\d{5}-?\d{3}$/;
export const CART_CEP_INVALID = 'CEP inválido. Por favor, insira um CEP válido.';

export function isValidCartCep(value: string): boolean {
  return CART_CEP_PATTERN.test(value.trim());
}
