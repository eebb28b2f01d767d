// The server bundle as ASCII (scripts/build-server.ts). V8 keeps a module's source text for as long as the
// module lives, one byte per character when every character is ASCII and two bytes otherwise. esbuild's
// `charset: 'ascii'` escapes strings, templates and identifiers, but it leaves regular expression literals as
// written, and a few of the store's are in Portuguese (/^Lâmpada (H\d)/, /compat[ií]vel/). One "â" made the
// whole 3.5 MB bundle a two-byte string: 6.6 MB of the process's memory instead of 3.3.
//
// This pass writes every non-ASCII character inside a regular expression literal as \uXXXX, which means the
// same character in every regular expression: with or without the u or v flag, inside a class or not (a
// character beyond the BMP becomes its two surrogates, which the u and v flags read back as one). acorn finds
// the literals, so a "/" that divides is never mistaken for one.
import * as acorn from 'acorn';

const NON_ASCII = /[^\x00-\x7f]/;

/** A regular expression literal's text with its non-ASCII characters written as \uXXXX escapes. */
export function escapeRegexpLiteral(raw: string): string {
  // `(\\*)` takes the backslashes before the character: an odd number means it was an identity escape (\é, valid
  // without the u flag and meaning é), whose backslash goes, since \\uXXXX would be a backslash and "uXXXX".
  return raw.replace(/(\\*)([^\x00-\x7f])/g, (_, backslashes: string, ch: string) => {
    const kept = backslashes.length % 2 === 1 ? backslashes.slice(1) : backslashes;
    return `${kept}\\u${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  });
}

/**
 * An ES module's code with its regular expression literals made ASCII. `left` counts the non-ASCII characters
 * still in the code (a String.raw template, say), which keep the module a two-byte string.
 */
export function asciiRegexps(code: string): { code: string; escaped: number; left: number } {
  if (!NON_ASCII.test(code)) return { code, escaped: 0, left: 0 };
  const edits: { start: number; end: number; text: string }[] = [];
  acorn.parse(code, {
    ecmaVersion: 'latest',
    sourceType: 'module',
    onToken(token) {
      if (token.type !== acorn.tokTypes.regexp) return;
      const raw = code.slice(token.start, token.end);
      if (NON_ASCII.test(raw)) edits.push({ start: token.start, end: token.end, text: escapeRegexpLiteral(raw) });
    },
  });
  let out = '';
  let at = 0;
  for (const e of edits) {
    out += code.slice(at, e.start) + e.text;
    at = e.end;
  }
  out += code.slice(at);
  return { code: out, escaped: edits.length, left: out.match(/[^\x00-\x7f]/g)?.length ?? 0 };
}
