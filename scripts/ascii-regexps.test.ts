import { describe, expect, it } from 'vitest';
import { asciiRegexps, escapeRegexpLiteral } from './ascii-regexps.ts';

const literal = (text: string) => new Function(`return ${text}`)() as RegExp;
const isAscii = (s: string) => /^[\x00-\x7f]*$/.test(s);

/** The escaped literal is ASCII and matches exactly what the original matches, group for group. */
function expectSameRegexp(raw: string, inputs: string[]) {
  const escaped = escapeRegexpLiteral(raw);
  expect(isAscii(escaped), escaped).toBe(true);
  const before = literal(raw);
  const after = literal(escaped);
  expect(after.flags).toBe(before.flags);
  for (const input of inputs) {
    before.lastIndex = 0;
    after.lastIndex = 0;
    expect(after.exec(input), `${escaped} on ${JSON.stringify(input)}`).toEqual(before.exec(input));
  }
}

describe('escapeRegexpLiteral', () => {
  it("writes the store's Portuguese regular expressions in ASCII, matching the same texts", () => {
    expectSameRegexp('/^Lâmpada (H\\d)/', ['Lâmpada H4 60/55W', 'Lampada H4', 'lâmpada H7', 'Lâmpada']);
    expectSameRegexp('/^(serve|compat[ií]ve(l|is)|encaixa)\\b/i', ['compatível', 'COMPATÍVEIS', 'compativel', 'compatxvel', 'serve']);
    expectSameRegexp('/\\b(?:tamanho|nº|numero)\\s*(3[3-9]|4[0-8])\\b/', ['nº 40', 'n 40', 'tamanho 41', 'nº40']);
    expectSameRegexp('/[“”"\'`´]/g', ['“aspas”', 'sem aspas', 'acento´']);
    expect(escapeRegexpLiteral('/^Óleo de Motor/')).toBe('/^\\u00D3leo de Motor/');
  });

  it('keeps a character beyond the BMP one character under the u and v flags, and two code units without them', () => {
    expectSameRegexp('/^[😀é]$/u', ['😀', 'é', 'e', '\uD83D', '\uDE00']);
    expectSameRegexp('/^[😀é]$/v', ['😀', 'é', 'e', '\uD83D']);
    expectSameRegexp('/^[😀é]$/', ['😀', 'é', '\uD83D', '\uDE00']);
    expectSameRegexp('/^😀+$/u', ['😀😀', '😀\uD83D']);
  });

  it('turns an identity escape (\\é) into the character, and leaves an escaped backslash before it alone', () => {
    expectSameRegexp('/\\é/', ['é', '\\é', 'e']);
    expectSameRegexp('/\\\\é/', ['\\é', 'é']);
    expect(escapeRegexpLiteral('/\\é/')).toBe('/\\u00E9/');
    expect(escapeRegexpLiteral('/\\\\é/')).toBe('/\\\\\\u00E9/');
  });
});

describe('asciiRegexps', () => {
  it('rewrites the regular expression literals only: not strings, templates, comments or a division', () => {
    const code = 'const a = x / 2 / y; const s = "Lâmpada"; const t = `Óleo ${a}`; const r = /ç|ã/g; // é\nexport { a, s, t, r };';
    const out = asciiRegexps(code);
    expect(out.code).toBe('const a = x / 2 / y; const s = "Lâmpada"; const t = `Óleo ${a}`; const r = /\\u00E7|\\u00E3/g; // é\nexport { a, s, t, r };');
    expect(out.escaped).toBe(1);
    expect(out.left).toBe(3); // â, Ó and é
  });

  it('tells a regular expression from a division by parsing, not by guessing', () => {
    const code = 'let g = 4, i = 2; export const v = (10 / g / i); export const w = a => /é/.test(a) ? 1 : 2 / i;';
    const out = asciiRegexps(code);
    expect(out.code).toBe('let g = 4, i = 2; export const v = (10 / g / i); export const w = a => /\\u00E9/.test(a) ? 1 : 2 / i;');
    expect(out.left).toBe(0);
  });

  it('returns ASCII code untouched', () => {
    const code = 'export const r = /abc/g;';
    expect(asciiRegexps(code)).toEqual({ code, escaped: 0, left: 0 });
  });
});
