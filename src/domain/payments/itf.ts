// Interleaved 2 of 5 (ITF), the symbology of the boleto barcode, drawn as SVG for the printable page.
const PATTERNS = ['nnwwn', 'wnnnw', 'nwnnw', 'wwnnn', 'nnwnw', 'wnwnn', 'nwwnn', 'nnnww', 'wnnwn', 'nwnwn'];

export function itfSvg(digits: string, opts: { narrow?: number; height?: number } = {}): string {
  if (!/^\d+$/.test(digits) || digits.length % 2 !== 0) throw new Error('ITF needs an even number of digits');
  const n = opts.narrow ?? 1;
  const w = n * 3;
  const h = opts.height ?? 50;
  // Start: narrow bar, narrow space, narrow bar, narrow space. Stop: wide bar, narrow space, narrow bar.
  const widths: number[] = [n, n, n, n];
  for (let i = 0; i < digits.length; i += 2) {
    const bars = PATTERNS[Number(digits[i])]!;
    const spaces = PATTERNS[Number(digits[i + 1])]!;
    for (let k = 0; k < 5; k++) widths.push(bars[k] === 'w' ? w : n, spaces[k] === 'w' ? w : n);
  }
  widths.push(w, n, n);
  let x = 0;
  const rects: string[] = [];
  widths.forEach((width, i) => {
    if (i % 2 === 0) rects.push(`<rect x="${x}" y="0" width="${width}" height="${h}"/>`);
    x += width;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${x} ${h}" width="${x}" height="${h}" role="img" aria-label="Código de barras do boleto"><g fill="#000">${rects.join('')}</g></svg>`;
}
