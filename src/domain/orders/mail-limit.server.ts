// How many order e-mails one address may receive: anyone can place a guest order for any address, so
// without a cap the shop could be made to mail a stranger without end. The order itself is never refused;
// past the cap its confirmation is not sent (the buyer still gets the order page and its link).
import type { Db } from '#src/db/client.server.ts';
import { hitAll, rateLimit } from '#src/platform/rate-limit.server.ts';

export const ORDER_MAILS_PER_ADDRESS = { limit: 10, windowMs: 60 * 60_000 } as const;

const orderMailByAddress = rateLimit({ name: 'order-mail-address', ...ORDER_MAILS_PER_ADDRESS });

/** Counts one order e-mail to each address (atomically, one statement for a batch; the limiter folds case and
 * spaces) and says, in order, whether it may be sent. */
export async function mayMailOrdersTo(db: Db, addresses: readonly string[]): Promise<boolean[]> {
  if (addresses.length === 0) return [];
  const verdicts = await hitAll(
    db,
    addresses.map((key) => ({ limiter: orderMailByAddress, key })),
  );
  return verdicts.map((v) => !v.limited);
}
