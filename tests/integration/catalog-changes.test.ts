// Stock taken by orders is announced to the other instances (NOTIFY) in batches: one notification per
// moment of a sale, not one per order (each was a commit of its own: a round trip and a WAL flush).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_CHANNEL, createCatalogChanges, STOCK_NOTIFY_DELAY_MS } from '#src/domain/catalog/changes.server.ts';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import type { CatalogChanges } from '#src/domain/catalog/changes.server.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Only PostgreSQL carries notifications to other instances (LISTEN): PGlite has nothing to test here.
describe.runIf(DATABASE_KINDS.includes('postgres'))('catalog change notifications on PostgreSQL', () => {
  const kind = 'postgres' as const;
  let database: TestDatabase;
  // As on PostgreSQL at boot: the change is also sent to the other instances (NOTIFY).
  let changes: CatalogChanges;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    changes = createCatalogChanges(database.db);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  // How many statements: catalog-changes.perf.test.ts.
  it('sends the stock changes of a moment in one notification that names every product', async () => {
    const heard: string[] = [];
    const stop = await database.listen!(
      CATALOG_CHANNEL,
      (payload) => heard.push(payload ?? ''),
      () => {},
    );
    // Ten orders one after the other, each in its own turn of the event loop, as under a sale.
    const announced: Promise<void>[] = [];
    for (let id = 1; id <= 10; id++) {
      announced.push(changes.announce([id]));
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(announced);
    await sleep(STOCK_NOTIFY_DELAY_MS);
    await stop();
    expect(heard).toHaveLength(1);
    expect((JSON.parse(heard[0]!) as { ids: number[] }).ids.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('announces a change to everything (a price, a new product) in one notification naming no product', async () => {
    const heard: string[] = [];
    const stop = await database.listen!(
      CATALOG_CHANNEL,
      (payload) => heard.push(payload ?? ''),
      () => {},
    );
    await changes.announce();
    await sleep(STOCK_NOTIFY_DELAY_MS);
    await stop();
    expect(heard).toHaveLength(1);
    expect((JSON.parse(heard[0]!) as { ids: number[] | null }).ids).toBeNull();
  });
});
