// pt-BR whole numbers ("100.000"), written by hand: the text of `n.toLocaleString('pt-BR')` for safe
// integers (numbers.test.ts compares them), without creating an Intl formatter, which loads locale data
// (~15 ms, ~60 ms at the 4x CPU of Lighthouse's phone) inside the page's hydration (issue 16).

/** The digits of a non-negative safe integer with a dot every three ("1234567" -> "1.234.567"). */
export function groupThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+$)/g, '.');
}

/** A count or any whole number the pt-BR way ("1.234", "-5"); anything else goes to Intl. */
export function formatInteger(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString('pt-BR');
  return n < 0 ? `-${groupThousands(-n)}` : groupThousands(n);
}
