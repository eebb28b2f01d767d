// Better Auth's own error answers, read and put in pt-BR for the /api/auth route (server/app.ts).
import { authErrorMessage, isAuthSentence } from '#src/domain/accounts/messages.ts';

/** The `code` of a Better Auth error answer ('' when it has none). */
export async function authErrorCode(res: Response): Promise<string> {
  try {
    const code = ((await res.clone().json()) as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? code : '';
  } catch {
    return '';
  }
}

/**
 * Better Auth's hooks translate the errors of its endpoints, but some are raised before they run (a body
 * that is not JSON, a content type it does not read, an unknown route: English or empty answers). Every
 * 4xx of /api/auth leaves as `{ code, message }` with a pt-BR message.
 */
export async function inPortuguese(res: Response): Promise<Response> {
  if (res.status < 400 || res.status >= 500) return res;
  let body: { code?: unknown; message?: unknown } = {};
  try {
    body = ((await res.clone().json()) as typeof body) ?? {};
  } catch {
    // empty or not JSON
  }
  if (isAuthSentence(body.message)) return res;
  const code = typeof body.code === 'string' ? body.code : res.status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST';
  const headers = new Headers(res.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  headers.delete('Content-Length');
  await res.body?.cancel();
  return new Response(JSON.stringify({ code, message: authErrorMessage(code) }), { status: res.status, headers });
}
