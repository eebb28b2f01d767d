// Small helpers shared by the API handlers: pt-BR error bodies, query and JSON body parsing.
import type { Context } from 'hono';

export function apiError(c: Context, status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503, message: string) {
  return c.json({ erro: message }, status);
}

export function searchParamsOf(c: Context): URLSearchParams {
  return new URL(c.req.url).searchParams;
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
