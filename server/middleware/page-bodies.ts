// Who may send a page form a body, and how big. The back office (/Admin/*) and the sellers' photo forms are
// checked against the session BEFORE a byte of the body is read: a guest's 80 MB upload to /Admin/Importar
// is answered 401 at once instead of being buffered and parsed for an action that would refuse it (ten in
// parallel took the server from 251 to 850 MB). Each route then gets its own limit: 64 KB by default, 6 MB
// for the product forms (a photo), 80 MB for the catalog import, only for admins.
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ADMIN_ONLY } from '#app/lib/admin.server.ts';
import { loginPath } from '#app/lib/redirects.ts';
import { FORBIDDEN_MESSAGE } from '#app/lib/session.server.ts';
import { canSellProducts, isAdmin } from '#src/domain/accounts/roles.ts';
import type { Role } from '#src/domain/accounts/roles.ts';
import { isApiPath, refuseBody, SAFE_METHODS, simplePage } from './http-basics.ts';

export const SMALL_FORM_BYTES = 64 * 1024;
export const PHOTO_FORM_BYTES = 6 * 1024 * 1024;
/** The back office's catalog import (100,000 rows is about 30 MB of CSV). */
export const IMPORT_FORM_BYTES = 80 * 1024 * 1024;

const tooBig = (title: string, message: string, maxSize: number) => bodyLimit({ maxSize, onError: refuseBody((c) => c.html(simplePage(title, message), 413)) });
const smallForms = tooBig('Dados grandes demais', 'O formulário enviado é grande demais.', SMALL_FORM_BYTES);
const photoForms = tooBig('Foto grande demais', 'A foto deve ter no máximo 5 MB.', PHOTO_FORM_BYTES);
const importForms = tooBig('Arquivo grande demais', 'A planilha deve ter no máximo 80 MB.', IMPORT_FORM_BYTES);

interface BodyRule {
  /** Tested on the decoded path; React Router matches paths regardless of case, and posts to `<path>.data`. */
  path: RegExp;
  /** Who may send a body here at all (the action checks again; this only spares reading the body). */
  allowed: (role: Role) => boolean;
  forbidden: string;
  limit: MiddlewareHandler;
}

// First match wins. A path no rule names gets the small limit, so a spelling that slips past these patterns
// never gets a bigger one.
const RULES: BodyRule[] = [
  { path: /^\/admin\/importar(\.data|\/)?$/i, allowed: isAdmin, forbidden: ADMIN_ONLY, limit: importForms },
  { path: /^\/admin\/produtos(\/|\.data|$)/i, allowed: canSellProducts, forbidden: FORBIDDEN_MESSAGE, limit: smallForms },
  { path: /^\/admin(\/|\.data|$)/i, allowed: isAdmin, forbidden: ADMIN_ONLY, limit: smallForms },
  { path: /^\/(criarproduto|meusprodutos)(\/|\.data|$)/i, allowed: canSellProducts, forbidden: FORBIDDEN_MESSAGE, limit: photoForms },
];

export interface PageBodyOptions {
  /** The role of the request's signed-in user (its session cookie), or null for a guest. */
  roleOf: (headers: Headers) => Promise<Role | null>;
}

export function pageBodies(opts: PageBodyOptions): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || isApiPath(c.req.path)) return next();
    const rule = RULES.find((r) => r.path.test(c.req.path));
    if (!rule) return smallForms(c, next);
    // The body is not touched: the HTTP server drops what is left of it once the answer is sent.
    const role = await opts.roleOf(c.req.raw.headers);
    if (role === null) {
      const page = c.req.path.replace(/\.data$/, '');
      return c.html(simplePage('Entre na sua conta', 'Sua sessão terminou ou você não entrou. Entre na sua conta e envie o formulário de novo.', { href: loginPath(page), label: 'Entrar' }), 401);
    }
    if (!rule.allowed(role)) return c.html(simplePage('Acesso negado', rule.forbidden), 403);
    return rule.limit(c, next);
  };
}
