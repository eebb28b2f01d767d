// Where a shipped order can be followed: the Correios' own page for a Correios code ("AB123456789BR"), and
// Melhor Rastreio (which follows Jadlog, Loggi, J&T and the others Melhor Envio sells) for any other carrier's.
const CORREIOS = 'https://rastreamento.correios.com.br/app/index.php?objeto=';
const OTHER_CARRIERS = 'https://www.melhorrastreio.com.br/rastreio/';
const CORREIOS_CODE = /^[A-Z]{2}\d{9}[A-Z]{2}$/;

/** A Correios object code: two letters, nine digits, two letters. */
export const isCorreiosCode = (code: string): boolean => CORREIOS_CODE.test(code.trim().toUpperCase());

/** The carrier's tracking page for a tracking code. */
export function trackingUrl(code: string): string {
  const c = code.trim();
  return isCorreiosCode(c) ? `${CORREIOS}${encodeURIComponent(c.toUpperCase())}` : `${OTHER_CARRIERS}${encodeURIComponent(c)}`;
}

/** "Código de rastreio (Correios)" for a Correios code, "Código de rastreio" for another carrier's. */
export const trackingCodeLabel = (code: string): string => (isCorreiosCode(code) ? 'Código de rastreio (Correios)' : 'Código de rastreio');
