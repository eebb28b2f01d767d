// Who is asking: the signed-in shopper (from the Better Auth session cookie) or a guest.
import { sessionUserOf } from '#src/domain/accounts/auth.server.ts';
import type { Db } from '#src/db/client.server.ts';
import type { Viewer } from '#src/domain/orders/read.server.ts';

export async function getViewer(request: Request, db: Db): Promise<Viewer & { email: string | null }> {
  const user = await sessionUserOf(db, request.headers);
  return user ? { userId: user.id, isAdmin: user.role === 'admin', email: user.email } : { userId: null, isAdmin: false, email: null };
}
