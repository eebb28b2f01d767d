// Browsing costs its page, not the catalog: the browse requests of the scale bench (bench/catalog-scale.ts,
// docs/decisions/015 and 019) read a bounded number of rows on a catalog four times the seed's, counted from
// their statements' plans (tests/support/plans.ts), not timed. A statement that scans the active products,
// groups every match for its counts or walks an index through other brands' rows reads thousands here.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCatalogQuery } from '#src/domain/catalog/query.ts';
import type { CatalogQuery } from '#src/domain/catalog/query.ts';
import { loadFleet } from '#src/domain/fitment/fleet.server.ts';
import { choiceKeys } from '#src/domain/fitment/rules.ts';
import { searchWithFitment } from '#src/domain/fitment/search.server.ts';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { planReads } from '../support/plans.ts';

const SEEDED = 1500;
const COPIES = 3;
const CATALOG = SEEDED * (1 + COPIES);
/** Besides the entries before and on its page, what a browse may read: counts rows, a page's own rows and images. */
const ALLOWANCE = 1000;
/** The same for a garage's list, whose page walks an index past other vehicles' parts. */
const VEHICLE_ALLOWANCE = 1000;

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

  it("reads a garage's list (one version and year) at the cost of its page, not its matches", async () => {
    // Before (docs/decisions/019): the page ranked and counted every match and the facets grouped them
    // (at 1,000,000 products a Gol 1.0 2015: about 94,000). Now the counts come from vehicle_facet_counts and
    // the page is read in order: at most its depth plus a bounded number of rows, in each sort and deep.
    const db = database.db;
    const gol = (await loadFleet(db)).vehicles.find((v) => v.model === 'Gol' && v.yearFrom <= 2015 && 2015 <= v.yearTo)!;
    // The parts that serve it three more times over (about 2,300 matches of 7,700 products): reading them,
    // as the list did, costs more than the bound.
    const keys = choiceKeys({ vehicles: [gol], year: 2015 }).all;
    await db.execute(sql`
      insert into products (slug, title, description, kind, brand, brand_slug, category, vehicle_type, condition, ref_code,
        old_price_cents, price_cents, on_sale, discount_percent, stock, popularity, fitment_keys, active)
      select slug || '-gol-' || copy, title, description, kind, brand, brand_slug, category, vehicle_type, condition, ref_code,
        old_price_cents, price_cents, on_sale, discount_percent, stock, popularity, fitment_keys, active
      from products cross join generate_series(1, 3) as copy
      where fitment_keys && ${sql.param(keys)}::integer[] and slug not like '%-gol-%'`);
    await db.execute(sql`vacuum analyze products`);
    for (const qs of ['', '&ordem=menor-preco', '&ordem=maior-preco', '&marca=bosch', '&categoria=freios', '&pagina=3', '&pagina=8']) {
      const query = parse(`vehicle=${gol.id}&ano=2015${qs}`, PAGE);
      await searchWithFitment(db, query, { facets: true });
      const { result, rows, byTable, statements } = await planReads(db, () => searchWithFitment(db, query, { facets: true }));
      const matches = result.ok ? result.result.total : 0;
      const depth = query.page * query.pageSize;
      const message = `${qs}: ${matches} matches, ${JSON.stringify(byTable)}\n${statements.join('\n')}`;
      expect(result.ok && result.result.items.length, message).toBeGreaterThan(0);
      expect(rows, message).toBeLessThanOrEqual(depth + VEHICLE_ALLOWANCE);
    }
  });
});
