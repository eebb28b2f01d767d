// The storefront's after-sales state for the reliability suite, written in the database before the server
// starts: a buyer with a delivered order (two products, one already reviewed and approved), the same buyer's
// PIX order cancelled by its expiry, another shopper's delivered and expired orders, a pending question and a
// sold-out product. bad-input-storefront and access-control-after-sales start from it.
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { placeOrder } from '#src/domain/checkout/place-order.server.ts';
import { customerSchema } from '#src/domain/checkout/rules.ts';
import { expireOrder } from '#src/domain/orders/expiry.server.ts';
import { orderEvents, orderLines, orders } from '#src/domain/orders/schema.ts';
import { createSandboxProvider } from '#src/domain/payments/provider.ts';
import { askQuestion } from '#src/domain/reviews/questions.server.ts';
import { moderateReview, submitReview } from '#src/domain/reviews/reviews.server.ts';
import type { Account } from './accounts.ts';
import { rows } from './databases.ts';

export interface PlacedOrder {
  number: string;
  token: string;
}

export interface Storefront {
  /** Products without variants: [reviewed by the buyer, delivered and not reviewed yet, sold out]. */
  reviewed: number;
  reviewable: number;
  soldOut: number;
  delivered: PlacedOrder;
  /** The delivered order's line ids (the return form's `qtd-<id>` fields). */
  deliveredLines: number[];
  expired: PlacedOrder;
  othersDelivered: PlacedOrder;
  othersExpired: PlacedOrder;
  review: number;
  question: number;
}

const provider = createSandboxProvider({ pix: { key: 'pix@olimpopecas.com.br', merchantName: 'OLIMPO PECAS', merchantCity: 'SAO PAULO' } });
const ADDRESS = { cep: '01001000', street: 'Praça da Sé', number: '100', complement: 'Sala 2', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' };

async function order(db: Db, who: Account, productIds: number[]): Promise<PlacedOrder & { id: number }> {
  const placed = await placeOrder(
    { db, provider },
    {
      idempotencyKey: crypto.randomBytes(12).toString('hex'),
      email: who.email,
      customer: customerSchema.parse({ name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' }),
      lines: productIds.map((productId) => ({ productId, quantity: 1 })),
      address: ADDRESS,
      shipping: 'standard',
      payment: 'pix',
      installments: 1,
    },
    { userId: who.id },
  );
  if (!placed.ok) throw new Error(placed.message);
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.number, placed.order.number));
  return { id: row!.id, number: placed.order.number, token: placed.accessToken! };
}

/** Delivered as the back office or the carrier leaves it: the status and its "Entregue" event. */
async function deliver(db: Db, o: { id: number }): Promise<void> {
  await db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, o.id));
  await db.insert(orderEvents).values({ orderId: o.id, status: 'delivered', note: 'Entregue.' });
}

export async function prepareStorefront(db: Db, people: { buyer: Account; other: Account; admin: Account }): Promise<Storefront> {
  const plain = await rows<{ id: number }>(
    db,
    sql`select id from products p where active and stock > 5 and not exists (select 1 from product_variants v where v.product_id = p.id) order by id limit 3`,
  );
  const [reviewed, reviewable, soldOut] = plain.map((r) => r.id) as [number, number, number];
  await db.execute(sql`update products set stock = 0 where id = ${soldOut}`);

  const delivered = await order(db, people.buyer, [reviewed, reviewable]);
  await deliver(db, delivered);
  const expired = await order(db, people.buyer, [reviewed]);
  const othersDelivered = await order(db, people.other, [reviewed]);
  await deliver(db, othersDelivered);
  const othersExpired = await order(db, people.other, [reviewed]);
  const later = new Date(Date.now() + 24 * 3600_000);
  for (const o of [expired, othersExpired]) if ((await expireOrder(db, o.id, null, null, later)) !== 'expired') throw new Error('PIX não expirou');

  const written = await submitReview(db, { id: people.buyer.id, name: 'Conta Compradora' }, reviewed, {
    stars: 5,
    title: 'Peça muito boa',
    body: 'Instalei sem problema e funcionou bem.',
    vehicleId: null,
    vehicleYear: null,
  });
  if (!written.ok) throw new Error(written.message);
  const moderated = await moderateReview(db, null, people.admin.id, written.id, 'approve');
  if (!moderated.ok) throw new Error('moderação');
  const asked = await askQuestion(db, { userId: people.other.id, ip: '10.0.0.1' }, reviewed, 'Serve no Gol 2015 com motor 1.6?');
  if (!asked.ok) throw new Error(asked.message);

  const lines = await db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, delivered.id));
  const strip = ({ number, token }: PlacedOrder) => ({ number, token });
  return {
    reviewed,
    reviewable,
    soldOut,
    delivered: strip(delivered),
    deliveredLines: lines.map((l) => l.id).sort((a, b) => a - b),
    expired: strip(expired),
    othersDelivered: strip(othersDelivered),
    othersExpired: strip(othersExpired),
    review: written.id,
    question: asked.id,
  };
}
