// Small helpers shared by the API handlers: pt-BR error bodies, query and JSON body parsing.
import type { Context } from 'hono';
import type { z } from 'zod';
import { CONTROL_CHARS_MESSAGE, jsonHasControlChars } from '#src/platform/control-chars.ts';

export function apiError(c: Context, status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503, message: string) {
  return c.json({ erro: message }, status);
}

export function searchParamsOf(c: Context): URLSearchParams {
  return new URL(c.req.url).searchParams;
}

/**
 * Validates a request body with a schema. A field whose schema has no message of its own (a wrong type, a
 * `null` where an object goes, a body that is not an object) gets `fallback`, never zod's English default.
 * Text with control characters (NUL, escape…; tab and line breaks only in multi-line text) is refused first.
 */
export function validate<S extends z.ZodType>(schema: S, value: unknown, fallback: string): { ok: true; data: z.output<S> } | { ok: false; message: string } {
  if (jsonHasControlChars(value)) return { ok: false, message: CONTROL_CHARS_MESSAGE };
  const result = schema.safeParse(value, { error: () => fallback });
  return result.success ? { ok: true, data: result.data } : { ok: false, message: result.error.issues[0]?.message ?? fallback };
}

/** The request's JSON body, or a pt-BR reason it could not be read. */
export async function readJson(c: Context): Promise<{ ok: true; value: unknown } | { ok: false; message: string }> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) return { ok: false, message: 'Envie os dados em JSON (Content-Type: application/json).' };
  try {
    return { ok: true, value: JSON.parse(await c.req.text()) };
  } catch {
    return { ok: false, message: 'JSON inválido.' };
  }
}
