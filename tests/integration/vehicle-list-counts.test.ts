// The garage's list (one vehicle version and model year) without reading its matches (docs/decisions/019,
// round five): its total and facets summed from vehicle_facet_counts and its page read in order give the
// same items, order, total and facet counts as the statement that read every match; and the counts table
// stays exact through every write that changes a product's keys (inserts, facet key edits, fitment edits,
// deactivation, deletes, truncate).
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#src/db/client.server.ts';
import { parseCatalogQuery } from '#src/domain/catalog/query.ts';
import type { CatalogQuery } from '#src/domain/catalog/query.ts';
import { searchProducts } from '#src/domain/catalog/search/search.server.ts';
import { loadFleet } from '#src/domain/fitment/fleet.server.ts';
import { fitmentRestriction, replaceProductFitment } from '#src/domain/fitment/repository.server.ts';
import { choiceKeys } from '#src/domain/fitment/rules.ts';
import type { VehicleChoice } from '#src/domain/fitment/rules.ts';
import type { Vehicle } from '#src/domain/fitment/vehicles.ts';
import { createTestDatabase, DATABASE_KINDS, queryRows } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { vehicleCountsOutOfStep } from '../support/vehicle-counts.ts';

const SORTS = ['relevancia', 'menor-preco', 'maior-preco', 'maiores-descontos', 'mais-recentes', 'a-z'];
const FILTERS = ['', 'marca=bosch', 'marca=outros', 'categoria=freios', 'estado=novo', 'veiculo=carros&marca=bosch&marca=outros', 'categoria=iluminacao&estado=novo'];

function parse(qs: string, pageSize = 24): CatalogQuery {
  const r = parseCatalogQuery(new URLSearchParams(qs), { maxPageSize: 100, defaultPageSize: pageSize });
  if (!r.ok) throw new Error(r.message);
  return r.query;
}

/** The list as the statement that reads every match gives it (the restriction without its keys). */
async function readingEveryMatch(db: Db, query: CatalogQuery, choice: VehicleChoice, facets: boolean) {
  return searchProducts(db, query, { facets, restrict: { ...fitmentRestriction(choice), keyed: undefined } });
}

async function fromCounts(db: Db, query: CatalogQuery, choice: VehicleChoice, facets: boolean) {
  const restrict = fitmentRestriction(choice);
  expect(restrict.keyed).toBeDefined();
  return searchProducts(db, query, { facets, restrict });
}

const shown = (r: Awaited<ReturnType<typeof searchProducts>>) => ({
  ids: r.items.map((i) => i.id),
  items: r.items,
  first: r.firstIds,
  total: r.total,
  // The brands past the featured five come in the order the grouping gives them, in either statement.
  facets: r.facets && { ...r.facets, brands: [...r.facets.brands].sort((a, b) => a.slug.localeCompare(b.slug)) },
  totalPages: r.totalPages,
  totalIsLowerBound: r.totalIsLowerBound,
});

describe.each(DATABASE_KINDS)('the garage list from vehicle_facet_counts on %s', (kind) => {
  let database: TestDatabase;
  let choices: VehicleChoice[];
  let fleet: Vehicle[];
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 1500 });
    fleet = (await loadFleet(database.db)).vehicles;
    const pick = (model: string, year: number) => {
      const v = fleet.find((x) => x.model === model && x.yearFrom <= year && year <= x.yearTo);
      if (!v) throw new Error(`sem ${model} ${year}`);
      return { vehicles: [v], year };
    };
    const moto = fleet.find((v) => v.type === 'motos')!;
    choices = [pick('Gol', 2015), pick('Onix', 2020), { vehicles: [moto], year: moto.yearFrom }];
    // A product made for the Gol 2015 that is also universal for cars: counted once (the "also" rows).
    const golKey = choiceKeys(choices[0]!).specific[0]!;
    const [both] = await queryRows<{ id: number }>(database.db, sql`select id from products where fitment_keys && array[${golKey}]::int[] and active order by id limit 1`);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into product_universal_fitments (product_id, vehicle_type) values (${both!.id}, 'carros')`);
    });
  }, 300_000);
  afterAll(async () => {
    await database?.dispose();
  });

  it('gives the same page, order, total and facet counts as reading every match, in every sort and with filters', async () => {
    const db = database.db;
    expect(await vehicleCountsOutOfStep(db)).toBe(0);
    for (const choice of choices) {
      const vehicle = `vehicle=${choice.vehicles[0]!.id}&ano=${choice.year}`;
      const key = choiceKeys(choice).specific[0]!;
      const [made] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from products where active and fitment_keys && array[${key}]::int[]`);
      // Where the products made for the vehicle end, unfiltered.
      const boundary = Math.floor(Number(made!.n) / 24) + 1;
      const combos = [...FILTERS.flatMap((filter) => ['relevancia', 'menor-preco'].map((sort) => ({ filter, sort }))), ...SORTS.slice(2).map((sort) => ({ filter: '', sort }))];
      for (const { filter, sort } of combos) {
        const qs = `${vehicle}&ordem=${sort}${filter ? `&${filter}` : ''}`;
        const whole = await readingEveryMatch(db, parse(qs), choice, false);
        // Page 1 and 2, the page where the parts made for the vehicle end, the last page and one past it.
        const last = Math.max(1, Math.ceil(whole.total / 24));
        for (const page of new Set([1, 2, boundary, last, last + 1])) {
          const query = parse(`${qs}&pagina=${page}`);
          for (const withFacets of [true, false]) {
            const expected = shown(await readingEveryMatch(db, query, choice, withFacets));
            const found = shown(await fromCounts(db, query, choice, withFacets));
            expect(found, `${qs}&pagina=${page} facets=${withFacets}`).toEqual(expected);
          }
        }
      }
    }
  }, 600_000);

  it('splits the page where the products made for the vehicle end', async () => {
    const db = database.db;
    const choice = choices[0]!;
    // A page size that puts the boundary inside a page.
    const all = await readingEveryMatch(db, parse(`vehicle=${choice.vehicles[0]!.id}&ano=${choice.year}`, 100), choice, false);
    const firstOnPage = all.firstIds?.length ?? 0;
    expect(firstOnPage).toBeGreaterThan(0);
    expect(firstOnPage).toBeLessThan(100);
    const query = parse(`vehicle=${choice.vehicles[0]!.id}&ano=${choice.year}&pagina=1`, 100);
    const found = shown(await fromCounts(db, query, choice, true));
    expect(found).toEqual(shown(await readingEveryMatch(db, query, choice, true)));
    expect(found.first?.length).toBe(firstOnPage);
  });

  it("the migration's INSERT … SELECT writes from an existing catalog the rows the triggers keep", async () => {
    const db = database.db;
    const migration = fs.readFileSync(path.join(import.meta.dirname, '../../migrations/0028_vehicle_facet_counts.sql'), 'utf8');
    const fill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(fill).toMatch(/INSERT INTO vehicle_facet_counts/);
    const before = await queryRows(db, sql`select * from vehicle_facet_counts where n <> 0 order by 1, 2, 3, 4, 5, 6, 7`);
    expect(before.length).toBeGreaterThan(0);
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from vehicle_facet_counts`);
      await tx.execute(sql.raw(fill));
    });
    expect(await queryRows(db, sql`select * from vehicle_facet_counts where n <> 0 order by 1, 2, 3, 4, 5, 6, 7`)).toEqual(before);
  });

  it('stays exact through inserts, edits of facet keys, fitment edits, deactivation, deletes and truncate', async () => {
    const db = database.db;
    const [gol, onix] = choices as [VehicleChoice, VehicleChoice];
    const copies = await queryRows<{ id: number }>(
      db,
      sql`insert into products (slug, title, description, kind, brand, brand_slug, category, vehicle_type, condition, ref_code, price_cents, stock, popularity, fitment_keys)
          select slug || '-copia', title, description, kind, brand, brand_slug, category, vehicle_type, condition, ref_code || 'C', price_cents, stock, popularity, fitment_keys
          from products where fitment_keys <> '{}' order by id limit 30 returning id`,
    );
    const ids = copies.map((r) => Number(r.id));
    expect(await vehicleCountsOutOfStep(db)).toBe(0);
    await db.execute(sql`update products set brand_slug = 'bosch', brand = 'Bosch' where id = ${ids[0]!}`);
    await db.execute(sql`update products set category = 'freios', condition = 'usado' where id = ${ids[1]!}`);
    await db.execute(sql`update products set vehicle_type = 'caminhoes' where id = ${ids[2]!}`);
    expect(await vehicleCountsOutOfStep(db)).toBe(0);
    // A seller's fitment edit: rows replaced, the keys recomputed by the triggers of migrations 0005/0006.
    const golVersion = gol.vehicles[0]!;
    const onixVersion = onix.vehicles[0]!;
    await db.transaction(async (tx) => {
      await replaceProductFitment(tx, ids[3]!, { rows: [{ vehicleId: golVersion.id, yearFrom: gol.year!, yearTo: gol.year! }], universal: ['carros'] });
      await replaceProductFitment(tx, ids[4]!, { rows: [{ vehicleId: onixVersion.id, yearFrom: onixVersion.yearFrom, yearTo: onixVersion.yearTo }], universal: [] });
      await replaceProductFitment(tx, ids[5]!, { rows: [], universal: ['motos', 'carros'] });
      await replaceProductFitment(tx, ids[6]!, { rows: [], universal: [] });
    });
    await db.execute(sql`update product_fitments set year_to = year_from where product_id = ${ids[4]!}`);
    expect(await vehicleCountsOutOfStep(db)).toBe(0);
    await db.execute(sql`update products set active = false where id = any(${sql.raw(`array[${ids.slice(7, 12).join(',')}]`)})`);
    await db.execute(sql`update products set active = true where id = ${ids[8]!}`);
    // An order's stock and price update fires nothing and changes nothing.
    await db.execute(sql`update products set stock = stock + 1, price_cents = price_cents + 1 where id = any(${sql.raw(`array[${ids.join(',')}]`)})`);
    expect(await vehicleCountsOutOfStep(db)).toBe(0);
    await db.execute(sql`delete from products where id = any(${sql.raw(`array[${ids.slice(20).join(',')}]`)})`);
    await db.execute(sql`delete from product_universal_fitments where product_id = ${ids[3]!}`);
    expect(await vehicleCountsOutOfStep(db)).toBe(0);
    for (const choice of choices) {
      for (const qs of ['', '&ordem=menor-preco', '&marca=bosch', '&categoria=freios&estado=usado']) {
        const query = parse(`vehicle=${choice.vehicles[0]!.id}&ano=${choice.year}${qs}`);
        expect(shown(await fromCounts(db, query, choice, true)), qs).toEqual(shown(await readingEveryMatch(db, query, choice, true)));
      }
    }
    await db.execute(sql`truncate products restart identity cascade`);
    expect(await queryRows(db, sql`select * from vehicle_facet_counts`)).toEqual([]);
  }, 300_000);
});
