// Browsing costs its page, not the catalog: the browse requests of the scale bench (bench/catalog-scale.ts,
// docs/decisions/015 and 019) read a bounded number of rows on a catalog four times the seed's, counted from
// their statements' plans (tests/support/plans.ts), not timed. A statement that scans the active products,
// groups every match for its counts or walks an index through other brands' rows reads thousands here.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCatalogQuery } from '#src/domain/catalog/query.ts';
import type { CatalogQuery } from '#src/domain/catalog/query.ts';
import { loadFleet } from '#src/domain/fitment/fleet.server.ts';
import { searchWithFitment } from '#src/domain/fitment/search.server.ts';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { planReads } from '../support/plans.ts';

const SEEDED = 1500;
const COPIES = 3;
const CATALOG = SEEDED * (1 + COPIES);
/** Besides the entries before and on its page, what a browse may read: counts rows, a page's own rows and images. */
const ALLOWANCE = 1000;

const PAGE = { maxPageSize: 100, defaultPageSize: 24 };
const API = { maxPageSize: 200, defaultPageSize: 50 };

function parse(qs: string, opts: typeof PAGE): CatalogQuery {
  const r = parseCatalogQuery(new URLSearchParams(qs), opts);
  if (!r.ok) throw new Error(r.message);
  return r.query;
}

/** The bench's browse requests: the list page (with its facets) and the API (without). A deep page here is page 100. */
const BROWSES = [
  { label: 'word search', qs: 'q=farol', opts: PAGE, facets: true },
  { label: 'another word', qs: 'q=refletor', opts: PAGE, facets: true },
  { label: 'the whole catalog', qs: '', opts: PAGE, facets: true },
  { label: 'brand and category by lowest price', qs: 'marca=bosch&categoria=freios&ordem=menor-preco', opts: PAGE, facets: true },
  { label: 'a deep page', qs: 'pagina=100', opts: PAGE, facets: true },
  { label: 'the API, brand and category by lowest price', qs: 'marca=bosch&categoria=freios&ordem=menor-preco', opts: API, facets: false },
];

describe.each(DATABASE_KINDS)('browse cost at catalog scale on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: SEEDED });
    // The seeded catalog three more times over (new slugs): the triggers keep the counts and the postings.
    await database.db.execute(sql`
      insert into products (slug, title, description, kind, brand, brand_slug, category, vehicle_type, condition, ref_code,
        old_price_cents, price_cents, on_sale, discount_percent, stock, popularity, fitment_keys, oem_codes, equivalent_codes,
        specs, active, ncm, origem, cest, unit, rating_count, rating_sum)
      select slug || '-' || copy, title, description, kind, brand, brand_slug, category, vehicle_type, condition, ref_code,
        old_price_cents, price_cents, on_sale, discount_percent, stock, popularity, fitment_keys, oem_codes, equivalent_codes,
        specs, active, ncm, origem, cest, unit, rating_count, rating_sum
      from products cross join generate_series(1, ${COPIES}) as copy`);
    // As the bench's catalogs: vacuumed (index-only scans) and analyzed.
    await database.db.execute(sql`vacuum analyze`);
  }, 300_000);
  afterAll(async () => {
    await database?.dispose();
  });

  it(`reads what the page costs on a ${CATALOG}-product catalog: the entries before and on its page, and at most a thousand rows more`, async () => {
    const db = database.db;
    const whole = await searchWithFitment(db, parse('', PAGE), { facets: true });
    expect(whole.ok && whole.result.total).toBe(CATALOG);
    for (const browse of BROWSES) {
      const query = parse(browse.qs, browse.opts);
      // Once before: the fleet and the brands' labels are read once per process, not per request.
      await searchWithFitment(db, query, { facets: browse.facets });
      const { result, rows, byTable, statements } = await planReads(db, () => searchWithFitment(db, query, { facets: browse.facets }));
      const depth = query.page * query.pageSize;
      const message = `${browse.label} (${browse.qs}): ${JSON.stringify(byTable)}\n${statements.join('\n')}`;
      expect(result.ok && result.result.items.length, message).toBeGreaterThan(0);
      expect(rows, message).toBeLessThanOrEqual(depth + ALLOWANCE);
    }
  });

  it("reads a vehicle's matches once for its page, its count and its facets", async () => {
    // A garage's list still reads every part that fits (docs/decisions/019), but once: its page ranks them
    // and counts them, its facets group them. Two statements read them twice (at 100,000 products a
    // Gol 1.0 2015: 9,378 rows over 3,496 heap pages each).
    const db = database.db;
    const gol = (await loadFleet(db)).vehicles.find((v) => v.model === 'Gol' && v.yearFrom <= 2015 && 2015 <= v.yearTo)!;
    const query = parse(`vehicle=${gol.id}&ano=2015`, PAGE);
    await searchWithFitment(db, query, { facets: true });
    const { result, byTable, statements } = await planReads(db, () => searchWithFitment(db, query, { facets: true }));
    const matches = result.ok ? result.result.total : 0;
    expect(matches).toBeGreaterThan(query.pageSize);
    expect(byTable.products, statements.join('\n')).toBeLessThanOrEqual(matches + query.pageSize);
  });
});
