// Who is asking: the signed-in shopper (from the session cookie) or a guest.
import type { Viewer } from '../src/domain/orders/orders.server.ts';

export async function getViewer(_request: Request): Promise<Viewer> {
  return { userId: null, isAdmin: false };
}
