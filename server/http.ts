// Small helpers shared by the API handlers: pt-BR error bodies and query parsing.
import type { Context } from 'hono';

export function apiError(c: Context, status: 400 | 401 | 403 | 404 | 409 | 422 | 429 | 503, message: string) {
  return c.json({ erro: message }, status);
}

export function searchParamsOf(c: Context): URLSearchParams {
  return new URL(c.req.url).searchParams;
}
