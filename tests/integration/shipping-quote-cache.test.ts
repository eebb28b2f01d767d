// The carrier quote cache is shared by every instance (the shipping_quotes table): a quote answered on one
// instance is reused by another for the same CEP prefix and parcel, without asking Melhor Envio again, until
// it expires; an expired quote is asked again and the prune job deletes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMelhorEnvioProvider } from '#src/domain/shipping/melhorenvio.server.ts';
import { pruneExpiredQuotes } from '#src/domain/shipping/quote-cache.server.ts';
import { quoteShippingForLines } from '#src/domain/shipping/quote.server.ts';
import { shippingQuotes } from '#src/domain/shipping/schema.ts';
import { createShippingService } from '#src/domain/shipping/service.ts';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { FAKE_MELHORENVIO_TOKEN, startFakeMelhorEnvio } from '../support/fake-melhorenvio.ts';

describe.each(DATABASE_KINDS)('the shared carrier quote cache on %s', (kind) => {
  let database: TestDatabase;
  let fake: Awaited<ReturnType<typeof startFakeMelhorEnvio>>;
  /** Two instances of the app: each its own process memory, one database. */
  const instance = (cacheSeconds: number) =>
    createShippingService(
      createMelhorEnvioProvider({ baseUrl: fake.url, token: FAKE_MELHORENVIO_TOKEN, userAgent: 'Olimpo Pecas (atendimento@olimpopecas.com.br)' }),
      { originCep: '01310100' },
      { timeoutMs: 2000, cacheSeconds },
    );
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 10 });
    fake = await startFakeMelhorEnvio();
  });
  afterAll(async () => {
    await fake?.close();
    await database?.dispose();
  });

  it('a quote made on one instance is reused by another for the same CEP prefix and parcel, at the same price', async () => {
    const [a, b] = [instance(300), instance(300)];
    fake.requests.length = 0;
    const first = await quoteShippingForLines(a, database.db, [{ productId: 2, quantity: 1 }], '69005000');
    const second = await quoteShippingForLines(b, database.db, [{ productId: 2, quantity: 1 }], '69005123');
    expect(fake.requests).toHaveLength(1);
    expect(second.options).toEqual(first.options);
    // Another parcel is another quote.
    await quoteShippingForLines(b, database.db, [{ productId: 2, quantity: 3 }], '69005000');
    expect(fake.requests).toHaveLength(2);
  });

  it('an expired quote is asked again, and the prune job deletes expired rows', async () => {
    fake.requests.length = 0;
    const quick = instance(0.05);
    await quoteShippingForLines(quick, database.db, [{ productId: 3, quantity: 1 }], '30110000');
    await new Promise((r) => setTimeout(r, 120));
    await quoteShippingForLines(instance(0.05), database.db, [{ productId: 3, quantity: 1 }], '30110000');
    expect(fake.requests).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 120));
    const before = (await database.db.select().from(shippingQuotes)).length;
    await pruneExpiredQuotes(database.db);
    const after = (await database.db.select().from(shippingQuotes)).length;
    expect(after).toBeLessThan(before);
  });
});
