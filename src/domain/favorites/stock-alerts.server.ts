// "Avise-me quando chegar": a shopper leaves an e-mail on an out-of-stock product (or colour and size); when
// the stock is back, whatever raised it (the back office, an import, a cancelled order's restock, a seller's
// form), one e-mail goes out. The subscription row is its own outbox row:
//   1. `markReturnedStock` (the sweep, every minute) sets `due_at` on the subscriptions whose item has stock;
//   2. `deliverStockAlerts` takes due rows with a lease (a conditional UPDATE, SKIP LOCKED), sends each with
//      the idempotency key `stock-alert:<id>` (a crash between sending and recording sends nothing twice) and
//      records `sent_at`. A sent subscription is never taken again: exactly one e-mail per subscription.
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '#src/db/client.server.ts';
import type { Mailer } from '#src/platform/mailer.server.ts';
import { rateLimit } from '#src/platform/rate-limit.server.ts';
import { productVariants, products } from '../catalog/schema.ts';
import { stockAlerts } from './schema.ts';

export const STOCK_ALERTS_JOB = 'favorites.stock-alerts';
const LEASE_SECONDS = 60;
const MAX_ATTEMPTS = 10;
const BATCH = 50;

/** Per IP and per e-mail, counted before the work (src/platform/rate-limit.server.ts). */
export const STOCK_ALERT_LIMITS = {
  byIp: rateLimit({ name: 'stock-alert-ip', limit: 20, windowMs: 10 * 60_000 }),
  byEmail: rateLimit({ name: 'stock-alert-email', limit: 10, windowMs: 60 * 60_000 }),
} as const;

export const STOCK_ALERT_MESSAGES = {
  notFound: 'Produto não encontrado.',
  chooseVariant: 'Escolha a cor e o tamanho que você quer.',
  inStock: 'Este produto está disponível: é só comprar.',
  saved: 'Pronto! Avisaremos por e-mail quando o produto chegar.',
  already: 'Você já pediu esse aviso: avisaremos por e-mail quando o produto chegar.',
  limited: 'Muitos pedidos de aviso em pouco tempo. Aguarde alguns minutos e tente novamente.',
} as const;

export interface StockAlertRequest {
  email: string;
  productId: number;
  color: string;
  size: string;
}

export type SubscribeResult = { ok: true; message: string } | { ok: false; status: 404 | 409 | 422; message: string };

/** Stores the subscription once per (e-mail, product, colour, size); one already sent starts again. */
export async function subscribeStockAlert(db: Db, req: StockAlertRequest): Promise<SubscribeResult> {
  const email = req.email.trim().toLowerCase();
  const [product] = await db
    .select({ stock: products.stock })
    .from(products)
    .where(and(eq(products.id, req.productId), eq(products.active, true)))
    .limit(1);
  if (!product) return { ok: false, status: 404, message: STOCK_ALERT_MESSAGES.notFound };
  const variants = await db
    .select({ color: productVariants.color, size: productVariants.size, stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.productId, req.productId));
  let color = '';
  let size = '';
  if (variants.length > 0) {
    const chosen = variants.find((v) => v.color === req.color && v.size === req.size);
    if (!chosen) return { ok: false, status: 422, message: STOCK_ALERT_MESSAGES.chooseVariant };
    if (chosen.stock > 0) return { ok: false, status: 409, message: STOCK_ALERT_MESSAGES.inStock };
    ({ color, size } = chosen);
  } else if (product.stock > 0) return { ok: false, status: 409, message: STOCK_ALERT_MESSAGES.inStock };

  const rows = await db
    .insert(stockAlerts)
    .values({ email, productId: req.productId, color, size })
    .onConflictDoUpdate({
      target: [stockAlerts.email, stockAlerts.productId, stockAlerts.color, stockAlerts.size],
      set: { createdAt: sql`now()`, dueAt: null, sentAt: null, claimedUntil: null, attempts: 0, lastError: null },
      setWhere: sql`${stockAlerts.sentAt} is not null`,
    })
    .returning({ id: stockAlerts.id });
  return { ok: true, message: rows.length > 0 ? STOCK_ALERT_MESSAGES.saved : STOCK_ALERT_MESSAGES.already };
}

/** Marks due every waiting subscription whose product (or colour and size) has stock again. */
export async function markReturnedStock(db: Db): Promise<number> {
  const rows = await db.execute(sql`
    update ${stockAlerts} a set due_at = now()
    where a.due_at is null and a.sent_at is null and exists (
      select 1 from ${products} p where p.id = a.product_id and p.active and (
        (a.color = '' and a.size = '' and p.stock > 0)
        or exists (select 1 from ${productVariants} v where v.product_id = p.id and v.color = a.color and v.size = a.size and v.stock > 0)))
    returning a.id`);
  return rowsOf<{ id: number }>(rows).length;
}

interface ClaimedAlert {
  id: number;
  email: string;
  product_id: number;
  color: string;
  size: string;
  title: string;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface StockAlertMailSettings {
  mailer: Mailer;
  publicUrl: string;
  storeName: string;
}

export function stockAlertMail(alert: { id: number; email: string; productId: number; title: string; color: string; size: string }, s: StockAlertMailSettings) {
  const url = `${s.publicUrl.replace(/\/+$/, '')}/ProductView/${alert.productId}`;
  const variant = alert.color ? ` (cor ${alert.color}, tamanho ${alert.size})` : '';
  return {
    to: alert.email,
    subject: `Chegou: ${alert.title}`,
    text: [
      'Olá!',
      '',
      `O produto que você pediu para acompanhar voltou ao estoque: ${alert.title}${variant}.`,
      `Veja e compre antes que acabe: ${url}`,
      '',
      'Você recebeu esta mensagem porque pediu "Avise-me quando chegar" na nossa loja. Este aviso é enviado uma única vez.',
      '',
      s.storeName,
    ].join('\n'),
    idempotencyKey: `stock-alert:${alert.id}`,
  };
}

/** Sends the due subscriptions nobody holds; returns how many went out. */
export async function deliverStockAlerts(db: Db, s: StockAlertMailSettings): Promise<number> {
  const claimed = rowsOf<ClaimedAlert>(
    await db.execute(sql`
      with claimed as (
        update ${stockAlerts} a set claimed_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = a.attempts + 1
        where a.id in (
          select id from ${stockAlerts}
          where due_at is not null and sent_at is null and (claimed_until is null or claimed_until < now()) and attempts < ${MAX_ATTEMPTS}
          order by due_at, id limit ${BATCH} for update skip locked)
        returning a.id, a.email, a.product_id, a.color, a.size)
      select c.id, c.email, c.product_id, c.color, c.size, p.title from claimed c join ${products} p on p.id = c.product_id order by c.id`),
  );
  let sent = 0;
  for (const a of claimed) {
    try {
      await s.mailer.send(stockAlertMail({ id: a.id, email: a.email, productId: a.product_id, title: a.title, color: a.color, size: a.size }, s));
      await db.execute(sql`update ${stockAlerts} set sent_at = now(), claimed_until = null where id = ${a.id} and sent_at is null`);
      sent++;
    } catch (err) {
      await db.execute(sql`update ${stockAlerts} set claimed_until = null, last_error = ${String(err instanceof Error ? err.message : err).slice(0, 500)} where id = ${a.id}`);
    }
  }
  return sent;
}

/** The sweep: marks what came back, then sends. */
export async function runStockAlerts(db: Db, s: StockAlertMailSettings): Promise<number> {
  await markReturnedStock(db);
  return deliverStockAlerts(db, s);
}

/** LGPD: the e-mail's subscriptions (for the data download). */
export async function stockAlertsOf(db: Db | Tx, email: string) {
  return db
    .select({ produtoId: stockAlerts.productId, cor: stockAlerts.color, tamanho: stockAlerts.size, pedidoEm: stockAlerts.createdAt, enviadoEm: stockAlerts.sentAt })
    .from(stockAlerts)
    .where(eq(stockAlerts.email, email.trim().toLowerCase()));
}

/** LGPD: an account deleted takes its e-mail's subscriptions with it. */
export async function deleteStockAlertsOf(db: Db | Tx, email: string): Promise<void> {
  await db.delete(stockAlerts).where(eq(stockAlerts.email, email.trim().toLowerCase()));
}
