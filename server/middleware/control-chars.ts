// Control characters in a query string are refused before any handler reads it.
import type { MiddlewareHandler } from 'hono';
import { CONTROL_CHARS_MESSAGE, hasControlChars } from '#src/platform/control-chars.ts';
import { apiError } from '../http.ts';
import { isApiPath, simplePage } from './http-basics.ts';

/** Query strings (searches, filters, tokens) with control characters: a pt-BR 400 before any handler. */
export function controlCharsInQuery(): MiddlewareHandler {
  return async (c, next) => {
    const url = c.req.url;
    const at = url.indexOf('?');
    if (at === -1) return next();
    for (const [k, v] of new URLSearchParams(url.slice(at + 1))) {
      if (hasControlChars(k, { multiline: true }) || hasControlChars(v, { multiline: true })) {
        if (isApiPath(c.req.path)) return apiError(c, 400, CONTROL_CHARS_MESSAGE);
        return c.html(simplePage('Endereço inválido', CONTROL_CHARS_MESSAGE), 400);
      }
    }
    return next();
  };
}
