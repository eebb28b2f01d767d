// Cancelling a paid sandbox order from the back office refunds its payment too (status, reference, time and
// the order's history say so), returns the stock once, and a second cancel changes nothing.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#src/domain/catalog/schema.ts';
import { placeOrder } from '#src/domain/checkout/place-order.server.ts';
import { cancelOrderAsAdmin, getAdminOrder } from '#src/domain/orders/back-office.server.ts';
import { createSandboxProvider } from '#src/domain/payments/provider.ts';
import { payments } from '#src/domain/payments/schema.ts';
import { orders } from '#src/domain/orders/schema.ts';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';

const provider = createSandboxProvider({ pix: { key: 'pix@olimpopecas.com.br', merchantName: 'OLIMPO PECAS', merchantCity: 'SAO PAULO' } });

describe.each(DATABASE_KINDS)('cancelling a paid sandbox order on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 3 });
  }, 120_000);
  afterAll(() => database?.dispose());

  it('refunds the payment and records it', async () => {
    const placed = await placeOrder(
      { db: database.db, provider },
      {
        idempotencyKey: crypto.randomBytes(12).toString('hex'),
        email: 'estorno@example.com',
        lines: [{ productId: 1, quantity: 2 }],
        address: { cep: '01001000', street: 'Praça da Sé', number: '1', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' },
        shipping: 'standard',
        payment: 'credit',
        card: { number: '4111 1111 1111 1111', name: 'MARIA DA SILVA', expiry: '12/30', cvv: '123' },
        installments: 1,
      },
      { userId: null },
    );
    if (!placed.ok) throw new Error(placed.message);
    expect(placed.order.status).toBe('paid');
    const [before] = await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, 1));

    expect(await cancelOrderAsAdmin(database.db, placed.order.number, 'Cliente desistiu.', { provider, jobs: null, catalogChanges: null })).toEqual({ ok: true });
    const [payment] = await database.db
      .select({ status: payments.status, refundRef: payments.refundRef, refundedAt: payments.refundedAt })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(orders.number, placed.order.number));
    expect(payment).toMatchObject({ status: 'refunded', refundRef: expect.stringMatching(/^sbx_estorno_[0-9a-f]{16}$/) });
    expect(payment!.refundedAt).toBeInstanceOf(Date);
    const order = await getAdminOrder(database.db, placed.order.number);
    expect(order).toMatchObject({ status: 'cancelled', paymentRecord: { status: 'refunded' } });
    expect(order!.events.at(-1)).toMatchObject({ status: 'cancelled', note: 'Cliente desistiu. Pagamento estornado.' });
    const [after] = await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, 1));
    expect(after!.stock).toBe(before!.stock + 2);

    expect((await cancelOrderAsAdmin(database.db, placed.order.number, null, { provider, jobs: null, catalogChanges: null })).ok).toBe(false);
    const [again] = await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, 1));
    expect(again!.stock).toBe(after!.stock);
  });
});
