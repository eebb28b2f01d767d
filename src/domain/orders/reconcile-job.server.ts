// Every minute, ask the gateway about payments still waiting, so a lost webhook never leaves a paid order
// unpaid (the sandbox has no gateway to ask: nothing to do). The answers move orders (gateway-sync.server.ts).
import type { JobDefinition } from '#src/platform/job-runner.server.ts';
import { reconcilePendingPayments } from './gateway-sync.server.ts';

export const RECONCILE_PAYMENTS_JOB = 'payments.reconcile';

export const reconcilePaymentsJob: JobDefinition = {
  name: RECONCILE_PAYMENTS_JOB,
  cron: '* * * * *',
  // The next minute's run is the retry.
  retryLimit: 0,
  expireInSeconds: 240,
  async handler(_data, ctx) {
    const provider = ctx.checkout?.provider;
    if (!provider?.getPayment) return;
    const summary = await reconcilePendingPayments(ctx.db, provider, { jobs: ctx, catalogChanges: ctx.catalogChanges ?? null });
    if (summary.failed > 0) throw new Error(`Conciliação: ${summary.failed} de ${summary.checked} pagamentos sem resposta do gateway.`);
  },
};
