// Display helpers for payment data (no secrets here).
export function formatBoletoLine(line: string): string {
  if (!/^\d{47}$/.test(line)) return line;
  return `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line.slice(32, 33)} ${line.slice(33)}`;
}
