// Two app instances on one PostgreSQL, as a real deployment runs them: a session made on one works on the
// other, 200 concurrent orders for 20 units spread over both give exactly 20 orders, and the chat's rate
// limit is counted once for both.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#src/domain/catalog/schema.ts';
import { createServerDatabase, DATABASE_KINDS } from './support/databases.ts';
import type { ServerDatabase } from './support/databases.ts';
import { AppServer } from './support/server.ts';

const PRODUCT = 5;
const STOCK = 20;
const address = { cep: '01001000', street: 'Praça da Sé', number: '100', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' };

describe.runIf(DATABASE_KINDS.includes('postgres'))('two app instances on one PostgreSQL', () => {
  let database: ServerDatabase;
  let a: AppServer;
  let b: AppServer;
  beforeAll(async () => {
    database = await createServerDatabase('postgres', {
      seedProducts: 20,
      prepare: async (db) => {
        await db.update(products).set({ stock: STOCK }).where(eq(products.id, PRODUCT));
      },
    });
    const env = { CHAT_RATE_LIMIT_PER_MINUTE: '5' };
    a = await AppServer.create({ ...database.server, env });
    b = await AppServer.create({ ...database.server, env });
    await Promise.all([a.start(), b.start()]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.dispose();
  });

  it('accepts on one instance a session created on the other', async () => {
    const email = `duas-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const signUp = await a.fetch('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: a.url },
      body: JSON.stringify({ email, password: 'senha-segura-123', name: 'Ana Souza' }),
    });
    expect(signUp.status).toBe(200);
    const cookie = (signUp.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
    expect(cookie).toContain('session_token');
    const guest = await b.fetch('/api/orders');
    expect(guest.status).toBe(401);
    const signedIn = await b.fetch('/api/orders', { headers: { cookie } });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toEqual([]);
  });

  it('sells exactly the stock when 200 buyers hit both instances at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        (i % 2 ? a : b)
          .fetch('/api/orders', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              idempotencyKey: crypto.randomUUID(),
              email: `comprador${i}@example.com`,
              lines: [{ productId: PRODUCT, quantity: 1 }],
              address,
              shipping: 'standard',
              payment: 'pix',
              installments: 1,
              customer: { name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' },
            }),
          })
          .then(async (r) => ({ status: r.status, body: (await r.json()) as { erro?: string } })),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(STOCK);
    expect(statuses.filter((s) => s === 409)).toHaveLength(200 - STOCK);
    expect(results.find((r) => r.status === 409)!.body.erro).toMatch(/não tem estoque suficiente/);
    const stock = await database.use(async (db) => (await db.select({ stock: products.stock }).from(products).where(eq(products.id, PRODUCT)))[0]!.stock);
    expect(stock).toBe(0);
  });

  it('counts the chat rate limit once for both instances', async () => {
    const ask = (server: AppServer) =>
      server.fetch('/api/chat', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mensagens: [{ sender: 'user', content: 'oi' }] }) });
    const statuses: number[] = [];
    for (const server of [a, b, a, b, a, b]) statuses.push((await ask(server)).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
  });
});
