// The order e-mails' transactional outbox. Whoever changes an order writes the e-mail row in the SAME
// transaction (`queueOrderEmail`) and enqueues its job there too, so a committed change always has its
// e-mail and a rolled-back one never does. The job runner sends it (`deliverOrderEmail`) with retries;
// a sweep every minute picks up any row whose job was lost. Exactly once: a sender takes the row with a
// lease (conditional UPDATE), sends with a per-message idempotency key, then records `sent_at`; a crash
// after sending and before recording sends the same key again, which the mailer turns into nothing.
import { mayMailOrderTo } from '../checkout/mail-limit.server.ts';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { preparedQuery, preparedSelect } from '../../db/prepared.server.ts';
import type { Db, Tx } from '../../db/client.server.ts';
import type { Mailer } from '../../platform/mailer.server.ts';
import { maybeJobRunner } from '../../platform/job-runner.server.ts';
import type { JobRunner } from '../../platform/job-runner.server.ts';
import { confirmationMail, statusMail } from './emails.ts';
import type { OrderEmailKind } from './emails.ts';
import { orderReadColumns, toOrderRead } from './orders.server.ts';
import { orderEmails, orders } from './schema.ts';

export const SEND_ORDER_EMAIL_JOB = 'orders.send-email';
export const SWEEP_ORDER_EMAILS_JOB = 'orders.sweep-emails';
/** How long a sender holds a row: longer than any SMTP send, short enough to retry soon after a crash. */
const LEASE_SECONDS = 60;
/** After this many attempts the sweep stops; the row stays for a person to look at (`last_error`). */
export const MAX_EMAIL_ATTEMPTS = 10;
/** The confirmation waits this long for the charge (PIX code, boleto line) to be recorded. */
const WAIT_FOR_CHARGE_MS = 2 * 60_000;

export interface OrderEmailJob {
  orderId: number;
  kind: OrderEmailKind;
}

export interface MailSettings {
  mailer: Mailer;
  publicUrl: string;
  storeName: string;
}

/** Writes an order e-mail in the caller's transaction and enqueues its sending there too (once per order and kind). */
export async function queueOrderEmail(tx: Tx | Db, orderId: number, kind: OrderEmailKind, data: { token?: string; note?: string | null; trackingCode?: string | null } = {}, runner: JobRunner | null = maybeJobRunner()): Promise<void> {
  const inserted = await tx.insert(orderEmails).values({ orderId, kind, data }).onConflictDoNothing().returning({ id: orderEmails.id });
  if (inserted.length > 0) await enqueueSend(runner, { orderId, kind }, tx);
}

/** The job that sends one order e-mail, enqueued in the caller's transaction when there is one. */
export async function enqueueSend(runner: JobRunner | null, job: OrderEmailJob, tx?: Tx | Db): Promise<void> {
  // Without a runner (a CLI script, a unit test) the row waits for the sweep of a running shop.
  if (!runner) return;
  await runner.enqueue(SEND_ORDER_EMAIL_JOB, job, { tx, singletonKey: `email:${job.orderId}:${job.kind}` });
}

export type DeliverResult = 'sent' | 'already-sent' | 'busy' | 'skipped' | 'missing';

const base = (url: string) => url.replace(/\/+$/, '');

/**
 * Takes an unsent e-mail nobody holds, for LEASE_SECONDS, and reads its order whole, in one statement built
 * once (every order's confirmation passes here): the e-mail's id and data with the order, or no row.
 */
const claimEmail = preparedSelect('claim_order_email', (db) => {
  const claimed = db.$with('claimed').as(
    db
      .update(orderEmails)
      .set({ claimedUntil: sql`now() + make_interval(secs => ${sql.placeholder('lease')})`, attempts: sql`${orderEmails.attempts} + 1` })
      .where(
        and(
          eq(orderEmails.orderId, sql.placeholder('orderId')),
          eq(orderEmails.kind, sql.placeholder('kind')),
          isNull(orderEmails.sentAt),
          or(isNull(orderEmails.claimedUntil), lt(orderEmails.claimedUntil, sql`now()`)),
        ),
      )
      .returning({ emailId: orderEmails.id, emailData: orderEmails.data, orderId: orderEmails.orderId }),
  );
  return db
    .with(claimed)
    .select({ ...orderReadColumns, email: { id: claimed.emailId, data: claimed.emailData } })
    .from(orders)
    .innerJoin(claimed, eq(orders.id, claimed.orderId));
});

/** Records the e-mail as sent and forgets its access token (the message carried it). */
const markEmailSent = preparedQuery<never>(
  'mark_order_email_sent',
  (p) => sql`update ${orderEmails} set sent_at = ${p('sentAt')}, claimed_until = null, last_error = null, data = data - 'token' where id = ${p('id')}`,
);

/** Sends one order e-mail if nobody has (the job handler). Throws to be retried later. */
export async function deliverOrderEmail(db: Db, job: OrderEmailJob, settings: MailSettings, now = new Date()): Promise<DeliverResult> {
  const [claimed] = await claimEmail(db, { orderId: job.orderId, kind: job.kind, lease: LEASE_SECONDS });
  if (!claimed) {
    const [existing] = await db
      .select({ sentAt: orderEmails.sentAt })
      .from(orderEmails)
      .where(and(eq(orderEmails.orderId, job.orderId), eq(orderEmails.kind, job.kind)))
      .limit(1);
    return !existing ? 'missing' : existing.sentAt ? 'already-sent' : 'busy';
  }
  const row = claimed.email;
  const release = (error: string | null) => db.update(orderEmails).set({ claimedUntil: null, lastError: error }).where(eq(orderEmails.id, row.id));
  const markSent = () => markEmailSent(db, { id: row.id, sentAt: now.toISOString() });
  try {
    const read = toOrderRead(claimed);
    // Anonymized (LGPD) orders have nobody to write to.
    if (read.row.anonymizedAt) {
      await markSent();
      return 'skipped';
    }
    const { row: orderRow, view: order, payment } = read;
    let content;
    if (job.kind === 'confirmation') {
      // A declined card: the cancellation e-mail tells the buyer, with the reason.
      if (payment?.status === 'declined') {
        await markSent();
        return 'skipped';
      }
      const charged = !payment || payment.providerRef !== null || payment.status !== 'pending';
      if (!charged && now.getTime() - orderRow.createdAt.getTime() < WAIT_FOR_CHARGE_MS) throw new Error('cobrança ainda não registrada; tenta de novo');
      // Anyone may order as a guest for any address: one address gets at most so many confirmations an hour.
      if (!(await mayMailOrderTo(db, order.email))) {
        await markSent();
        return 'skipped';
      }
      const token = row.data.token;
      const url = token ? `${base(settings.publicUrl)}/Pedidos/${order.number}?token=${encodeURIComponent(token)}` : trackUrl(settings.publicUrl, order.number, orderRow.userId);
      content = confirmationMail(order, url, settings.storeName);
    } else {
      const event = [...order.events].reverse().find((e) => e.status === job.kind);
      content = statusMail(job.kind, order, trackUrl(settings.publicUrl, order.number, orderRow.userId), settings.storeName, {
        note: row.data.note ?? event?.note ?? null,
        trackingCode: row.data.trackingCode ?? null,
        at: event?.createdAt,
      });
    }
    await settings.mailer.send({ to: order.email, ...content, idempotencyKey: `pedido-${order.number}-${job.kind}` });
    await markSent();
    return 'sent';
  } catch (err) {
    await release(err instanceof Error ? err.message.slice(0, 500) : String(err)).catch(() => {});
    throw err;
  }
}

/** Where an e-mail sends the buyer: their account's order page, or "Acompanhar pedido" (number + e-mail) for guests. */
function trackUrl(publicUrl: string, number: string, userId: string | null): string {
  return userId ? `${base(publicUrl)}/Pedidos/${number}` : `${base(publicUrl)}/AcompanharPedido?pedido=${number}`;
}

/** The sweep: enqueues every unsent e-mail older than a minute that nobody holds (a lost job, a script's row). */
export async function enqueueDueOrderEmails(db: Db, enqueue: JobRunner['enqueue']): Promise<number> {
  const due = await db
    .select({ orderId: orderEmails.orderId, kind: orderEmails.kind })
    .from(orderEmails)
    .where(
      and(
        isNull(orderEmails.sentAt),
        lt(orderEmails.createdAt, sql`now() - interval '1 minute'`),
        lt(orderEmails.attempts, MAX_EMAIL_ATTEMPTS),
        or(isNull(orderEmails.claimedUntil), lt(orderEmails.claimedUntil, sql`now()`)),
      ),
    )
    .limit(500);
  for (const d of due) await enqueue(SEND_ORDER_EMAIL_JOB, { orderId: d.orderId, kind: d.kind }, { singletonKey: `email:${d.orderId}:${d.kind}` });
  return due.length;
}
