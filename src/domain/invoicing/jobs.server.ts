// Invoicing's jobs for the registry (src/domain/jobs): the order's nota (enqueued by orders when it is paid,
// src/domain/orders/invoicing-job.ts), and a sweep every minute for any paid order without its job, a nota
// still pending or processing at the provider, or a cancelled order whose nota still stands.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import type { JobContext, JobDefinition } from '#src/platform/job-runner.server.ts';
import { INVOICE_ORDER_JOB } from '../orders/invoicing-job.ts';
import { orders } from '../orders/schema.ts';
import { cancelledWithLiveNota, fiscalEventOfCancellation } from './events.server.ts';
import { InvoiceProcessingError, invoiceOrder } from './issue.server.ts';
import type { InvoicingDeps } from './provider.ts';
import { invoices } from './schema.ts';

export const SWEEP_INVOICES_JOB = 'invoicing.sweep';
/** The justificativa SEFAZ records for a nota whose order was cancelled outside the back office. */
export const CANCELLED_ELSEWHERE = 'Pedido cancelado: pagamento estornado ou contestado.';

/** The orders whose nota work is due: paid without a sale nota, or with a nota pending or processing. */
export async function ordersToInvoice(db: Db, limit = 200): Promise<number[]> {
  const unbilled = await db
    .select({ id: orders.id })
    .from(orders)
    .leftJoin(invoices, and(eq(invoices.orderId, orders.id), eq(invoices.kind, 'sale')))
    .where(and(eq(orders.status, 'paid'), isNull(invoices.id)))
    .limit(limit);
  const open = await db
    .selectDistinct({ id: invoices.orderId })
    .from(invoices)
    .where(and(inArray(invoices.status, ['pending', 'processing']), sql`${invoices.updatedAt} < now() - interval '30 seconds'`))
    .limit(limit);
  return [...new Set([...unbilled, ...open].map((r) => r.id))];
}

export function invoicingJobs(depsOf: (ctx: JobContext) => InvoicingDeps): JobDefinition<any>[] {
  return [
    {
      name: INVOICE_ORDER_JOB,
      retryLimit: 12,
      retryDelaySeconds: 5,
      expireInSeconds: 120,
      handler: async ({ orderId }: { orderId: number }, ctx) => {
        const outcome = await invoiceOrder(ctx.db, orderId, depsOf(ctx));
        // Still being authorised: thrown, so the job asks again after its backoff.
        if (outcome.status === 'processing') throw new InvoiceProcessingError('nota em processamento no provedor');
      },
    } satisfies JobDefinition<{ orderId: number }>,
    {
      name: SWEEP_INVOICES_JOB,
      cron: '* * * * *',
      retryLimit: 0,
      handler: async (_data, ctx) => {
        for (const orderId of await ordersToInvoice(ctx.db)) await ctx.enqueue(INVOICE_ORDER_JOB, { orderId }, { singletonKey: `invoice:${orderId}` });
        // A cancellation that did not come from the back office (a refund at the gateway): its fiscal event.
        for (const orderId of await cancelledWithLiveNota(ctx.db)) await fiscalEventOfCancellation(ctx.db, orderId, CANCELLED_ELSEWHERE, depsOf(ctx));
      },
    },
  ];
}
