// pt-BR whole numbers ("100.000"), written by Intl like every number the shop shows. The formatter is made
// on first use: creating it loads locale data, which should not lengthen the script-evaluation task.
let integers: Intl.NumberFormat | undefined;

/** A count or any whole number the pt-BR way ("1.234", "-5"). */
export function formatInteger(n: number): string {
  integers ??= new Intl.NumberFormat('pt-BR');
  return integers.format(n);
}
