// The order e-mails' transactional outbox. Whoever changes an order writes the e-mail row in the SAME
// transaction (`queueOrderEmail`) and enqueues its job there too, so a committed change always has its
// e-mail and a rolled-back one never does. The job runner sends it (`deliverOrderEmail`) with retries;
// a sweep every minute picks up any row whose job was lost. A new order's confirmation skips the job: the
// instance that placed it sends it from memory right after (`EmailRelay`), and only a failure becomes a job.
// Exactly once: a sender takes the row with a lease (conditional UPDATE), sends with a per-message
// idempotency key, then records `sent_at`; a crash after sending and before recording sends the same key
// again, which the mailer turns into nothing.
import { mayMailOrdersTo } from './mail-limit.server.ts';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { preparedQuery, preparedSelect } from '#src/db/prepared.server.ts';
import type { Db, Tx } from '#src/db/client.server.ts';
import type { Mailer } from '#src/platform/mailer.server.ts';
import type { JobQueue } from '#src/platform/job-queue.ts';
import type { JobRunner } from '#src/platform/job-runner.server.ts';
import { confirmationMail, isReturnEmailKind, statusMail, wordedMail } from './emails.ts';
import type { OrderEmailKind, RenderOrderMailHtml, ReturnEmailKind } from './emails.ts';
import { orderReadColumns, toOrderRead } from './read.server.ts';
import type { OrderRead } from './read.server.ts';
import { orderEmails, orders } from './schema.ts';
import type { OrderEmailData } from './schema.ts';

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
  kind: OrderEmailKind | ReturnEmailKind;
}

export interface MailSettings {
  mailer: Mailer;
  publicUrl: string;
  storeName: string;
  /** Renders the e-mail's HTML part (src/emails/render.server.ts, React, outside the domain). */
  html: RenderOrderMailHtml;
}

/** Writes an order e-mail in the caller's transaction and enqueues its sending there too (once per order and kind). */
export async function queueOrderEmail(tx: Tx | Db, orderId: number, kind: OrderEmailKind | ReturnEmailKind, data: OrderEmailData, runner: JobQueue | null): Promise<void> {
  const inserted = await tx.insert(orderEmails).values({ orderId, kind, data }).onConflictDoNothing().returning({ id: orderEmails.id });
  if (inserted.length > 0) await enqueueSend(runner, { orderId, kind }, tx);
}

/** The job that sends one order e-mail, enqueued in the caller's transaction when there is one. */
export async function enqueueSend(runner: JobQueue | null, job: OrderEmailJob, tx?: Tx | Db): Promise<void> {
  // Without a runner (a CLI script, a unit test) the row waits for the sweep of a running shop.
  if (!runner) return;
  await runner.enqueue(SEND_ORDER_EMAIL_JOB, job, { tx, singletonKey: `email:${job.orderId}:${job.kind}` });
}

export type DeliverResult = 'sent' | 'already-sent' | 'busy' | 'skipped' | 'missing';

const base = (url: string) => url.replace(/\/+$/, '');

/**
 * Takes the unsent e-mails nobody holds among those asked for (order ids and kinds, two arrays), for
 * LEASE_SECONDS, and reads each one's order whole: one statement built once, whatever their number (a
 * batch of the e-mail jobs is claimed together).
 */
const claimEmails = preparedSelect('claim_order_emails', (db) => {
  const claimed = db.$with('claimed').as(
    db
      .update(orderEmails)
      .set({ claimedUntil: sql`now() + make_interval(secs => ${sql.placeholder('lease')})`, attempts: sql`${orderEmails.attempts} + 1` })
      .where(
        and(
          sql`(${orderEmails.orderId}, ${orderEmails.kind}) in (select * from unnest(${sql.placeholder('orderIds')}::int[], ${sql.placeholder('kinds')}::text[]))`,
          isNull(orderEmails.sentAt),
          or(isNull(orderEmails.claimedUntil), lt(orderEmails.claimedUntil, sql`now()`)),
        ),
      )
      .returning({ emailId: orderEmails.id, emailData: orderEmails.data, emailKind: orderEmails.kind, orderId: orderEmails.orderId }),
  );
  return db
    .with(claimed)
    .select({ ...orderReadColumns, email: { id: claimed.emailId, data: claimed.emailData, kind: claimed.emailKind } })
    .from(orders)
    .innerJoin(claimed, eq(orders.id, claimed.orderId));
});

/** Records e-mails as sent (ids, an array) and forgets their access tokens (the messages carried them). */
const markEmailsSent = preparedQuery<never>(
  'mark_order_emails_sent',
  (p) => sql`update ${orderEmails} set sent_at = ${p('sentAt')}, claimed_until = null, last_error = null, data = data - 'token' where id = any(${p('ids')}::int[])`,
);

/** Gives a claimed e-mail back with why it was not sent; its job is retried. */
const release = (db: Db, id: number, error: string | null) => db.update(orderEmails).set({ claimedUntil: null, lastError: error }).where(eq(orderEmails.id, id));

const messageOf = (err: unknown) => (err instanceof Error ? err.message.slice(0, 500) : String(err));

/** What one job of a batch came to: its result, or the error that has it retried. */
export type DeliverOutcome = DeliverResult | Error;

/** Sends one order e-mail if nobody has (a job). Throws to be retried later. */
export async function deliverOrderEmail(db: Db, job: OrderEmailJob, settings: MailSettings, now = new Date()): Promise<DeliverResult> {
  const [outcome] = await deliverOrderEmails(db, [job], settings, now);
  if (outcome instanceof Error) throw outcome;
  return outcome!;
}

/**
 * Sends a batch of order e-mails (the e-mail jobs' batch), each only if nobody has: one statement claims them
 * all with their orders, one counts the confirmations' addresses, each message is sent, and one statement
 * records them sent. Three round trips for the batch where each e-mail took two or three: a sale's
 * confirmations drain without taking the database from the orders. Each job still has its own outcome: an
 * error (a mailer failure, a charge not yet recorded) gives its row back and has that job alone retried.
 * The rows are recorded sent after the batch's last message: a crash in between sends those messages again
 * with the same keys, which the mailer turns into nothing (.eml) or the receiver drops (SMTP Message-ID).
 */
export async function deliverOrderEmails(db: Db, jobs: readonly OrderEmailJob[], settings: MailSettings, now = new Date()): Promise<DeliverOutcome[]> {
  const outcomes: (DeliverOutcome | undefined)[] = jobs.map(() => undefined);
  const claimed = await claimEmails(db, { orderIds: jobs.map((j) => j.orderId), kinds: jobs.map((j) => j.kind), lease: LEASE_SECONDS });
  const byJob = new Map(claimed.map((c) => [`${c.order.id}:${c.email.kind}`, c]));
  /** Claimed rows whose outcome is decided and that are recorded sent at the end (sent, or nothing to send). */
  const done: { index: number; id: number; result: DeliverResult }[] = [];
  const toCount: { index: number; id: number; read: OrderRead; data: EmailData }[] = [];
  const toSend: { index: number; id: number; read: OrderRead; data: EmailData }[] = [];
  const held = new Set<number>();
  try {
    for (const [index, job] of jobs.entries()) {
      const key = `${job.orderId}:${job.kind}`;
      const row = byJob.get(key);
      if (!row) {
        outcomes[index] = await notClaimed(db, job);
        continue;
      }
      // The same e-mail twice in one batch: the second finds it held.
      byJob.delete(key);
      held.add(row.email.id);
      const read = toOrderRead(row);
      const item = { index, id: row.email.id, read, data: row.email.data };
      // Anonymized (LGPD) orders have nobody to write to.
      if (read.row.anonymizedAt) done.push({ index, id: item.id, result: 'skipped' });
      else if (job.kind !== 'confirmation') toSend.push(item);
      // A declined card: the cancellation e-mail tells the buyer, with the reason.
      else if (read.payment?.status === 'declined') done.push({ index, id: item.id, result: 'skipped' });
      else if (!chargeRecorded(read) && now.getTime() - read.row.createdAt.getTime() < WAIT_FOR_CHARGE_MS) {
        const err = new Error('cobrança ainda não registrada; tenta de novo');
        outcomes[index] = err;
        held.delete(item.id);
        await release(db, item.id, err.message).catch(() => {});
      } else toCount.push(item);
    }
    // Anyone may order as a guest for any address: one address gets at most so many confirmations an hour.
    const allowed = await mayMailOrdersTo(
      db,
      toCount.map((c) => c.read.view.email),
    );
    toCount.forEach((item, i) => {
      if (allowed[i]) toSend.push(item);
      else done.push({ index: item.index, id: item.id, result: 'skipped' });
    });
  } catch (err) {
    // The database failed before anything was sent: every e-mail still held goes back for its job's retry.
    for (const id of held) await release(db, id, messageOf(err)).catch(() => {});
    return jobs.map((_, i) => outcomes[i] ?? (err instanceof Error ? err : new Error(String(err))));
  }
  toSend.sort((a, b) => a.index - b.index);
  for (const item of toSend) {
    const job = jobs[item.index]!;
    try {
      const mail = render(job.kind, item.read, item.data, settings);
      await settings.mailer.send({
        to: item.read.view.email,
        subject: mail.subject,
        text: mail.text,
        html: await settings.html(mail.html),
        idempotencyKey: `pedido-${item.read.view.number}-${job.kind}`,
      });
      done.push({ index: item.index, id: item.id, result: 'sent' });
    } catch (err) {
      outcomes[item.index] = err instanceof Error ? err : new Error(String(err));
      await release(db, item.id, messageOf(err)).catch(() => {});
    }
  }
  if (done.length > 0) {
    try {
      await markEmailsSent(db, { ids: done.map((d) => d.id), sentAt: now.toISOString() });
      for (const d of done) outcomes[d.index] = d.result;
    } catch (err) {
      // Sent but not recorded: the jobs are retried, and the messages go again under the same keys.
      for (const d of done) {
        outcomes[d.index] = err instanceof Error ? err : new Error(String(err));
        await release(db, d.id, messageOf(err)).catch(() => {});
      }
    }
  }
  return outcomes.map((o) => o ?? new Error('e-mail sem resultado'));
}

type EmailData = OrderEmailData;

/** The confirmation waits for the charge (PIX code, boleto line) to be on the order. */
function chargeRecorded(read: OrderRead): boolean {
  const { payment } = read;
  return !payment || payment.providerRef !== null || payment.status !== 'pending';
}

/** An e-mail the batch could not take: gone, already sent, or held by another sender. */
async function notClaimed(db: Db, job: OrderEmailJob): Promise<DeliverResult> {
  const [existing] = await db
    .select({ sentAt: orderEmails.sentAt })
    .from(orderEmails)
    .where(and(eq(orderEmails.orderId, job.orderId), eq(orderEmails.kind, job.kind)))
    .limit(1);
  return !existing ? 'missing' : existing.sentAt ? 'already-sent' : 'busy';
}

/** The message of one e-mail, from the order as it is now. */
function render(kind: OrderEmailKind | ReturnEmailKind, read: OrderRead, data: EmailData, settings: MailSettings) {
  const { row: orderRow, view: order } = read;
  if (isReturnEmailKind(kind)) {
    return wordedMail(order, trackUrl(settings.publicUrl, order.number, orderRow.userId), settings.storeName, {
      subject: data.subject ?? `Devolução do pedido #${order.number}`,
      paragraphs: data.paragraphs ?? [],
    });
  }
  if (kind === 'confirmation') {
    const token = data.token;
    const url = token ? `${base(settings.publicUrl)}/Pedidos/${order.number}?token=${encodeURIComponent(token)}` : trackUrl(settings.publicUrl, order.number, orderRow.userId);
    return confirmationMail(order, url, settings.storeName);
  }
  const event = [...order.events].reverse().find((e) => e.status === kind);
  return statusMail(kind, order, trackUrl(settings.publicUrl, order.number, orderRow.userId), settings.storeName, {
    note: data.note ?? event?.note ?? null,
    trackingCode: data.trackingCode ?? null,
    at: event?.createdAt,
  });
}

/** Where an e-mail sends the buyer: their account's order page, or "Acompanhar pedido" (number + e-mail) for guests. */
function trackUrl(publicUrl: string, number: string, userId: string | null): string {
  return userId ? `${base(publicUrl)}/Pedidos/${number}` : `${base(publicUrl)}/AcompanharPedido?pedido=${number}`;
}

/** How many e-mails a relay sends per batch, how long it waits to fill one, and how many it sends at once. */
const RELAY_BATCH = 10;
const RELAY_WAIT_MS = 20;
const RELAY_CONCURRENCY = 2;
/** Beyond this many waiting, new e-mails are left to the sweep (a mailer much slower than the orders). */
const RELAY_MAX_WAITING = 10_000;

/**
 * Sends the e-mails this instance has just written and committed (a new order's confirmation), in batches,
 * without a job each. A job per e-mail cost three writes to pg-boss's job table (insert, fetch, complete,
 * each updating its many indexes) and a round trip inside the order's transaction: more than the order's own
 * rows. Nothing is lost by keeping them in memory: the row is already committed, unsent. An e-mail that fails
 * (a mailer error, a charge not yet recorded) is handed to its job, which retries with backoff as before; one
 * this instance never got to (a crash, a stop, a backlog past RELAY_MAX_WAITING) is unsent and unclaimed, so
 * the minute's sweep gives it a job. The claim's lease keeps two senders from sending it at the same time.
 */
export interface EmailRelay {
  /** Sends this e-mail soon. Call it after the transaction that wrote the row has committed. */
  push(job: OrderEmailJob): void;
  /** Sends what is waiting and stops taking more. */
  stop(): Promise<void>;
}

export function createEmailRelay(db: Db, settings: () => MailSettings, handOver: (job: OrderEmailJob) => Promise<void>, onError: (err: unknown) => void = () => {}): EmailRelay {
  const waiting: OrderEmailJob[] = [];
  const sending = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const send = async (batch: OrderEmailJob[]) => {
    let outcomes: DeliverOutcome[];
    try {
      outcomes = await deliverOrderEmails(db, batch, settings());
    } catch (err) {
      outcomes = batch.map(() => (err instanceof Error ? err : new Error(String(err))));
    }
    for (const [i, outcome] of outcomes.entries()) {
      if (!(outcome instanceof Error)) continue;
      // Its job retries it; if even that fails (the database is away), the sweep will.
      await handOver(batch[i]!).catch(onError);
    }
  };
  const flush = () => {
    timer = null;
    while (sending.size < RELAY_CONCURRENCY && waiting.length > 0) {
      const batch = send(waiting.splice(0, RELAY_BATCH)).finally(() => {
        sending.delete(batch);
        schedule();
      });
      sending.add(batch);
    }
  };
  const schedule = () => {
    if (stopped || timer || waiting.length === 0 || sending.size >= RELAY_CONCURRENCY) return;
    timer = setTimeout(flush, waiting.length >= RELAY_BATCH ? 0 : RELAY_WAIT_MS);
  };
  return {
    push(job) {
      if (stopped || waiting.length >= RELAY_MAX_WAITING) return;
      waiting.push(job);
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      while (waiting.length > 0 || sending.size > 0) {
        flush();
        await Promise.all([...sending]);
      }
    },
  };
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
