// Where a shipped order can be followed: the carrier's tracking page for its code (Correios by default).
const CORREIOS = 'https://rastreamento.correios.com.br/app/index.php?objeto=';

/** The carrier's tracking page for a tracking code (Correios codes look like "AB123456789BR"). */
export function trackingUrl(code: string): string {
  return `${CORREIOS}${encodeURIComponent(code.trim())}`;
}
