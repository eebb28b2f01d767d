// Small pieces the edge's middleware share: which paths are the JSON API, the methods without a body, the
// plain pt-BR page of a refusal, and answering a refused request whose body is still arriving.
import type { Context } from 'hono';
import { escapeHtml } from '#src/platform/html.ts';

/** The JSON API (pt-BR `{ erro }` bodies), as opposed to pages. */
export const isApiPath = (p: string) => p.startsWith('/api/') || p === '/orders' || p === '/chat';

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A minimal pt-BR page (no scripts, no styles to load) for answers given before the app renders. */
export function simplePage(title: string, message: string, link: { href: string; label: string } = { href: '/', label: 'Voltar para Home' }): string {
  return `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} | Olimpo Peças</title><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(message)}</p><p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p></body></html>`;
}

const DISCARD_AT_MOST = 16 * 1024 * 1024;

/**
 * Answers a refused request after reading and dropping what is left of its body (up to 16 MB): a client
 * still sending when the answer comes and the socket closes reads "connection reset" instead of the pt-BR
 * answer. When the body cannot be read to its end, the answer says the connection closes.
 */
export function refuseBody(respond: (c: Context) => Response | Promise<Response>) {
  return async (c: Context): Promise<Response> => {
    let drained = false;
    const body = c.req.raw.body;
    if (body && !body.locked) {
      const reader = body.getReader();
      let seen = 0;
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) {
            drained = true;
            break;
          }
          seen += value.byteLength;
          if (seen > DISCARD_AT_MOST) {
            await reader.cancel();
            break;
          }
        }
      } catch {
        drained = false;
      }
    } else drained = !body;
    const res = await respond(c);
    if (!drained) res.headers.set('Connection', 'close');
    return res;
  };
}
