// Efficiency of the catalog change notifications: one statement per moment of a sale, not one per order (each
// was a commit of its own: a round trip and a WAL flush). What the notification says: catalog-changes.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogChanges } from '#src/domain/catalog/changes.server.ts';
import { countStatements, createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import type { CatalogChanges } from '#src/domain/catalog/changes.server.ts';

describe.each(DATABASE_KINDS)('catalog change notifications efficiency on %s', (kind) => {
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

  it('sends the stock changes of a moment in one statement', async () => {
    // Ten orders one after the other, each in its own turn of the event loop, as under a sale: each announces
    // the products it took. (Timers 5 ms apart overran the 100 ms window on a loaded CI machine: 2 statements.)
    const { statements } = await countStatements(database.db, async () => {
      const announced: Promise<void>[] = [];
      for (let id = 1; id <= 10; id++) {
        announced.push(changes.announce([id]));
        await new Promise((resolve) => setImmediate(resolve));
      }
      await Promise.all(announced);
    });
    expect(statements).toBe(1);
  });

  it('announces a change to everything (a price, a new product) in one statement too', async () => {
    const { statements } = await countStatements(database.db, () => changes.announce());
    expect(statements).toBe(1);
  });
});
