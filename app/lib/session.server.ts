// Who is asking: the signed-in user of a request, for React Router loaders/actions and Hono handlers alike.
//
//   const user = await getSessionUser(request, auth);      // { id, email, name, role } | null
//   const user = await requireUser(request, url, auth);    // or a redirect to /Login?redirectTo=…
//   const seller = await requireRole(request, url, auth, canSellProducts);   // or the 403 page
import { data, redirect } from 'react-router';
import { sessionUserOf } from '#src/domain/accounts/auth.server.ts';
import type { Authentication, SessionUser } from '#src/domain/accounts/auth.server.ts';
import type { Role } from '#src/domain/accounts/roles.ts';
import { loginPath } from './redirects.ts';

export type { SessionUser };

/** `auth`: the request's sign-in (authOf(context) in a loader, c.var.services.auth in a Hono handler). */
export function getSessionUser(request: Request, auth: Authentication): Promise<SessionUser | null> {
  return sessionUserOf(auth, request.headers);
}

/** The signed-in user, or a redirect to the sign-in page that comes back here afterwards. */
export async function requireUser(request: Request, url: URL, auth: Authentication): Promise<SessionUser> {
  const user = await getSessionUser(request, auth);
  if (!user) throw redirect(loginPath(url.pathname + url.search));
  return user;
}

export const FORBIDDEN_MESSAGE = 'Esta página é só para vendedores aprovados e administradores.';

/** The signed-in user when their role passes `allowed`; guests go to sign-in, others get the 403 page. */
export async function requireRole(request: Request, url: URL, auth: Authentication, allowed: (role: Role) => boolean, message = FORBIDDEN_MESSAGE): Promise<SessionUser> {
  const user = await requireUser(request, url, auth);
  if (!allowed(user.role)) throw data(message, { status: 403 });
  return user;
}
