// Who is asking: the signed-in shopper (from the Better Auth session cookie) or a guest.
import { sessionUserOf } from '#src/domain/accounts/auth.server.ts';
import type { Authentication } from '#src/domain/accounts/auth.server.ts';
import type { Viewer } from '#src/domain/orders/read.server.ts';

export async function getViewer(request: Request, auth: Authentication): Promise<Viewer & { email: string | null }> {
  const user = await sessionUserOf(auth, request.headers);
  return user ? { userId: user.id, isAdmin: user.role === 'admin', email: user.email } : { userId: null, isAdmin: false, email: null };
}
