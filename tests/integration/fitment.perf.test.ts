// Efficiency of the vehicle search: its statements are written once per shape, whatever the vehicle. Which
// parts fit: fitment.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCatalogQuery } from '#src/domain/catalog/query.ts';
import type { CatalogQuery } from '#src/domain/catalog/query.ts';
import { loadFleet } from '#src/domain/fitment/fleet.server.ts';
import { searchWithFitment } from '#src/domain/fitment/search.server.ts';
import { countWrittenStatements, createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';

const COUNT = 1500;

function q(qs: string): CatalogQuery {
  const r = parseCatalogQuery(new URLSearchParams(qs), { maxPageSize: 500, defaultPageSize: 24 });
  if (!r.ok) throw new Error(r.message);
  return r.query;
}

describe.each(DATABASE_KINDS)('vehicle search efficiency on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: COUNT });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('builds a vehicle search once per shape: another vehicle writes no statement of its own', async () => {
    // The restriction's keys are placeholders (fitmentRestriction): the first search builds the statements,
    // a search for another vehicle of the same shape writes none.
    const fleet = await loadFleet(database.db);
    const gol = fleet.vehicles.find((v) => v.model === 'Gol' && v.yearFrom <= 2015 && 2015 <= v.yearTo)!;
    const cg160 = fleet.vehicles.find((v) => v.model === 'CG 160')!;
    const golSearch = () => searchWithFitment(database.db, q(`q=filtro&vehicle=${gol.id}&ano=2015`), { facets: true });
    const cgSearch = () => searchWithFitment(database.db, q(`q=filtro&vehicle=${cg160.id}&ano=${cg160.yearFrom}`), { facets: true });
    const first = await golSearch();
    const cg = await countWrittenStatements(cgSearch);
    const again = await countWrittenStatements(golSearch);
    expect(cg.written).toBe(0);
    expect(again.written).toBe(0);
    expect(again.result).toEqual(first);
  });
});
