// Efficiency of the search box's suggestions on the demo catalog (1,500 products): what an uncached prefix
// costs in statements, and that a prefix asked again costs none. Its server time (≤ 50 ms) is measured by
// `npm run bench:suggestions`, never in a test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCT_COUNT } from '#src/domain/catalog/seed/seed.server.ts';
import { createTestApp } from '../support/app.ts';
import { countStatements, createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';

/** What shoppers type letter by letter: words, half words, a typo, codes, vehicles, brands. */
const PREFIXES = [
  've',
  'vel',
  'vela',
  'far',
  'farol',
  'pas',
  'pastilha',
  'pastilha de fre',
  'amortecdor',
  'filt',
  'oleo',
  'bos',
  'ngk',
  'gol',
  'onix 2015',
  'lamp',
  'mag710',
  'mag-7103',
  'bateria 60',
  'correia',
];

describe.each(DATABASE_KINDS)('search suggestions efficiency on %s', (kind) => {
  let database: TestDatabase;
  let t: ReturnType<typeof createTestApp>;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: DEMO_PRODUCT_COUNT });
    t = createTestApp(database);
  });
  afterAll(async () => {
    await database?.dispose();
  });
  const ask = async (q: string) => {
    const res = await t.request('GET', `/api/search/suggestions?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  };

  it('answers a new prefix in a few statements and the same prefix again in none', async () => {
    for (const q of PREFIXES) {
      t.services.searchCache.clear();
      const first = await countStatements(database.db, () => ask(q));
      // The list's search (one or two statements), and at most the word completion, the second search and the codes.
      expect(first.statements, q).toBeLessThanOrEqual(6);
      const again = await countStatements(database.db, () => ask(q));
      expect(again.statements, q).toBe(0);
    }
  });
});
