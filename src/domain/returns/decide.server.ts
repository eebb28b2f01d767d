// The back office's side of a return: the list of requests, and the decision. Approving gives the return the
// store's own authorisation number and, in table mode, the Correios reverse-logistics code the owner typed (if
// the store has a Correios contract; never one made up). With a carrier API the reverse label is bought right
// after (reverse-label.server.ts) and the approval e-mail waits for it, so it carries the label. Each decision
// happens once (a conditional update), with its timeline line and e-mail. docs/returns.md.
import crypto from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { orderLines, orders } from '../orders/schema.ts';
import { labelsOf, recordStep, toSummary } from './request.server.ts';
import type { ReturnSummary } from './request.server.ts';
import { returnLines, returns } from './schema.ts';
import type { ReturnReason } from './windows.ts';
import { approvedWords, CORREIOS_CODE_MESSAGE, CORREIOS_CODE_PATTERN, MIN_REFUSAL_REASON, refusedWords } from './wording.ts';
import type { ReturnStatus, ReturnWords } from './wording.ts';
import type { JobQueue } from '#src/platform/job-queue.ts';

export interface AdminReturnRow extends ReturnSummary {
  orderNumber: string;
  email: string;
  customerName: string | null;
}

/** The requests, those waiting for a decision first, then the newest. */
export async function listReturns(db: Db, opts: { status?: ReturnStatus; limit?: number } = {}): Promise<AdminReturnRow[]> {
  const rows = await db
    .select({ r: returns, orderNumber: orders.number, email: orders.email, customerName: orders.customerName })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(opts.status ? eq(returns.status, opts.status) : undefined)
    .orderBy(desc(returns.id))
    .limit(opts.limit ?? 200);
  if (rows.length === 0) return [];
  const items = await itemsOf(
    db,
    rows.map((r) => r.r.id),
  );
  const labels = await labelsOf(
    db,
    rows.map((r) => r.r.id),
  );
  const list = rows.map((row) => ({ ...toSummary(row.r, items.get(row.r.id) ?? [], labels.get(row.r.id)), orderNumber: row.orderNumber, email: row.email, customerName: row.customerName }));
  const rank = (s: ReturnStatus) => (s === 'requested' ? 0 : s === 'approved' ? 1 : 2);
  return list.sort((a, b) => rank(a.status) - rank(b.status) || b.id - a.id);
}

async function itemsOf(db: Db, ids: number[]): Promise<Map<number, { title: string; quantity: number }[]>> {
  const rows = await db
    .select({ returnId: returnLines.returnId, title: orderLines.title, quantity: returnLines.quantity })
    .from(returnLines)
    .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
    .where(inArray(returnLines.returnId, ids))
    .orderBy(returnLines.id);
  const map = new Map<number, { title: string; quantity: number }[]>();
  for (const r of rows) map.set(r.returnId, [...(map.get(r.returnId) ?? []), { title: r.title, quantity: r.quantity }]);
  return map;
}

export async function wordsOfReturn(db: Db, id: number): Promise<ReturnWords | null> {
  const [row] = await db.select({ reason: returns.reason, orderNumber: orders.number }).from(returns).innerJoin(orders, eq(orders.id, returns.orderId)).where(eq(returns.id, id)).limit(1);
  if (!row) return null;
  const items = (await itemsOf(db, [id])).get(id) ?? [];
  return { id, orderNumber: row.orderNumber, reason: row.reason as ReturnReason, items: items.map((i) => `${i.quantity} x ${i.title}`) };
}

export type DecideResult = { ok: true; message: string } | { ok: false; status: 400 | 404 | 409 | 502; message: string };

/** A Correios reverse-logistics authorisation number: 10 digits, unique (the column's index). */
export function newAuthorizationCode(): string {
  return String(crypto.randomInt(1_000_000_000, 10_000_000_000));
}

/** Who pays the return postage: the store, for every reason (the law requires it for withdrawal; the policy page promises it for a part that did not fit and for defects). */
export const storePaysPostage = (_reason: ReturnReason) => true;

export interface ApproveOptions {
  note?: string | null;
  /** Table mode: the Correios reverse-logistics authorisation code the owner typed (from the store's contract). */
  correiosCode?: string | null;
  /** A carrier label follows (reverse-label.server.ts): the approval e-mail waits for it. */
  labelFollows?: boolean;
  now?: Date;
  /** The process's job queue (Services.jobs) for the buyer's e-mail; none: the e-mail sweep sends it. */
  jobs?: JobQueue | null;
}

export async function approveReturn(db: Db, id: number, opts: ApproveOptions = {}): Promise<DecideResult> {
  const now = opts.now ?? new Date();
  const correiosCode = opts.labelFollows ? null : opts.correiosCode?.trim().toUpperCase() || null;
  if (correiosCode && !CORREIOS_CODE_PATTERN.test(correiosCode)) return { ok: false, status: 400, message: CORREIOS_CODE_MESSAGE };
  const words = await wordsOfReturn(db, id);
  if (!words) return { ok: false, status: 404, message: 'Devolução não encontrada.' };
  const storePays = storePaysPostage(words.reason);
  const code = newAuthorizationCode();
  return db.transaction(async (tx): Promise<DecideResult> => {
    const [row] = await tx
      .update(returns)
      .set({ status: 'approved', authorizationCode: code, correiosCode, postagePaidBy: storePays ? 'store' : 'buyer', decisionNote: opts.note?.trim() || null, decidedAt: now, updatedAt: now })
      .where(and(eq(returns.id, id), eq(returns.status, 'requested')))
      .returning({ orderId: returns.orderId });
    if (!row) return { ok: false, status: 409, message: `A devolução nº ${id} já foi decidida.` };
    const worded = approvedWords(words, { code, storePays, correiosCode });
    // With a label to buy, the timeline says so now and the e-mail goes with the label.
    const step = opts.labelFollows ? { note: `${worded.note.replace(/ Postagem .*$/, '')} Etiqueta de devolução paga pela loja, comprada na transportadora.` } : worded;
    await recordStep(tx, row.orderId, id, 'approved', step, now, opts.jobs ?? null);
    const extra = correiosCode ? ` Código de postagem dos Correios: ${correiosCode}.` : '';
    return { ok: true, message: `Devolução nº ${id} aprovada. Autorização de devolução: ${code}.${extra}` };
  });
}

export async function refuseReturn(db: Db, id: number, reason: string, opts: { now?: Date; jobs?: JobQueue | null } = {}): Promise<DecideResult> {
  const now = opts.now ?? new Date();
  const why = reason.trim();
  if (why.length < MIN_REFUSAL_REASON) return { ok: false, status: 400, message: 'Informe o motivo da recusa: o cliente o recebe por e-mail.' };
  const words = await wordsOfReturn(db, id);
  if (!words) return { ok: false, status: 404, message: 'Devolução não encontrada.' };
  return db.transaction(async (tx): Promise<DecideResult> => {
    const [row] = await tx
      .update(returns)
      .set({ status: 'refused', decisionNote: why, decidedAt: now, updatedAt: now })
      .where(and(eq(returns.id, id), eq(returns.status, 'requested')))
      .returning({ orderId: returns.orderId });
    if (!row) return { ok: false, status: 409, message: `A devolução nº ${id} já foi decidida.` };
    await recordStep(tx, row.orderId, id, 'refused', refusedWords(words, why), now, opts.jobs ?? null);
    return { ok: true, message: `Devolução nº ${id} recusada.` };
  });
}
