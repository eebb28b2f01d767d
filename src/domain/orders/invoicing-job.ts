// A paid order is invoiced (NF-e) by a durable job that src/domain/invoicing registers under this name. The
// job is enqueued here, in the transaction that marks the order paid, so a committed payment always has its
// job (and the invoicing sweep catches any paid order whose job was lost). Orders do not import invoicing:
// the name is the whole contract ({ orderId }).
import type { Db, Tx } from '#src/db/client.server.ts';
import type { JobQueue } from '#src/platform/job-queue.ts';

export const INVOICE_ORDER_JOB = 'invoicing.issue';

/** `runner`: the process's job queue (Services.jobs, a job's context); null: the invoicing sweep finds the order. */
export async function enqueueInvoicing(tx: Tx | Db, orderId: number, runner: JobQueue | null): Promise<void> {
  if (!runner) return;
  await runner.enqueue(INVOICE_ORDER_JOB, { orderId }, { tx, singletonKey: `invoice:${orderId}` });
}
