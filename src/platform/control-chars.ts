// Control characters in text sent to us. NUL ends a PostgreSQL string (the query fails: a 500); the other
// C0 controls, DEL and the C1 controls (U+0080–U+009F: what a text decoded in the wrong charset, or a
// terminal escape such as U+009B, leaves) are never typed by a person. Tab and line breaks are kept where text
// may span lines (chat messages, product descriptions, reviews, questions, return comments). One rule for the
// JSON API (server/http.ts validate), the page forms and query strings (server/app.ts), the sign-in API
// (accounts hooks) and the forms' schemas, where a field's own error names it (a single-line field, such as a
// review's title, refuses line breaks too: the page forms' check lets them through for text areas).
export const CONTROL_CHARS_MESSAGE = 'O texto enviado tem caracteres de controle não permitidos. Revise os dados e tente novamente.';

/** C0 controls, DEL and C1 controls, except tab, line feed and carriage return. */
const ALWAYS_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Every C0 control, DEL and C1 control: what a single-line field may not hold. */
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001F\u007F-\u009F]/;

export function hasControlChars(text: string, opts: { multiline?: boolean } = {}): boolean {
  return (opts.multiline ? ALWAYS_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(text);
}

/** JSON keys whose text may span lines (the chat's messages). */
const MULTILINE_KEYS = new Set(['content', 'description', 'descricao', 'mensagem']);

/**
 * Does any string (or key) in this JSON value hold a control character? Multi-line keys allow tab and line
 * breaks. Depth is bounded (bodies are at most 64 KB; deeper nesting is refused by the schemas anyway).
 */
export function jsonHasControlChars(value: unknown, key = '', depth = 0): boolean {
  if (depth > 64) return false;
  if (typeof value === 'string') return hasControlChars(value, { multiline: MULTILINE_KEYS.has(key) });
  if (Array.isArray(value)) return value.some((v) => jsonHasControlChars(v, key, depth + 1));
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (hasControlChars(k) || jsonHasControlChars(v, k, depth + 1)) return true;
    }
  }
  return false;
}
