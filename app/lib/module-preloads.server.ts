/**
 * React Router puts a modulepreload link in <head> for each hydration script. They are dropped: on a slow
 * mobile link the browser then gives the document and the first image the bandwidth, paints, and only then
 * downloads the JavaScript (the module script at the end of the page imports it), which the page does not
 * need to be seen: every page works without it. Only the links inside <head> go.
 */
export function withoutModulePreloads(page: Buffer): Buffer {
  // Bytes, not a string: the head carries the 48 KB inline stylesheet, and decoding, scanning and re-encoding
  // it on every uncached page showed in --cpu-prof (~2 %). Only the span from the first modulepreload link to
  // </head> is decoded and rewritten.
  const end = page.indexOf('</head>');
  if (end === -1) return page;
  const first = page.indexOf('<link rel="modulepreload"');
  if (first === -1 || first > end) return page;
  const links = page.toString('utf8', first, end).replace(/<link rel="modulepreload"[^>]*>/g, '');
  return Buffer.concat([page.subarray(0, first), Buffer.from(links, 'utf8'), page.subarray(end)]);
}
