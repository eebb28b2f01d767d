// Fitment against a real database (PGlite always, PostgreSQL when TEST_DATABASE_URL is set): the seeded
// fitment, the keys the triggers keep, the vehicle filter of the search and its facets, vehicle words, the
// garage (account rows and the guest cookie) and the API.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { createLogger } from '../../server/logger.ts';
import { parseCatalogQuery } from '#src/domain/catalog/query.ts';
import type { CatalogQuery } from '#src/domain/catalog/query.ts';
import { products } from '#src/domain/catalog/schema.ts';
import { loadFleet } from '#src/domain/fitment/fleet.server.ts';
import { changeGarage, loadGarage } from '#src/domain/fitment/garage.server.ts';
import { importGarage, listGarage, productFitment, removeFromGarage, setActiveVehicle } from '#src/domain/fitment/repository.server.ts';
import { verdict } from '#src/domain/fitment/rules.ts';
import { productFitments, productUniversalFitments } from '#src/domain/fitment/schema.ts';
import { searchWithFitment } from '#src/domain/fitment/search.server.ts';
import type { Vehicle } from '#src/domain/fitment/vehicles.ts';
import { createTestDatabase, DATABASE_KINDS, queryRows } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { testServices } from '../support/services.ts';

const COUNT = 1500;

function q(qs: string, pageSize = 500): CatalogQuery {
  const r = parseCatalogQuery(new URLSearchParams(qs), { maxPageSize: 500, defaultPageSize: pageSize });
  if (!r.ok) throw new Error(r.message);
  return r.query;
}

/** Products that fit a choice, computed from the normalized tables (not from the keys the search uses). */
async function fittingIds(database: TestDatabase, vehicleIds: number[], year: number | null, type: string): Promise<Set<number>> {
  const rows = await queryRows<{ id: number }>(
    database.db,
    sql`select product_id as id from ${productFitments} where vehicle_id = any(${sql.param(vehicleIds)}::int[]) and (${year}::int is null or (year_from <= ${year}::int and year_to >= ${year}::int))
        union select product_id from ${productUniversalFitments} where vehicle_type = ${type}`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

describe.each(DATABASE_KINDS)('fitment on %s', (kind) => {
  let database: TestDatabase;
  let gol: Vehicle;
  let cg160: Vehicle[];
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: COUNT });
    const fleet = await loadFleet(database.db);
    gol = fleet.vehicles.find((v) => v.model === 'Gol' && v.version === '1.0 12V MPI Trendline' && v.yearFrom <= 2015 && 2015 <= v.yearTo)!;
    cg160 = fleet.vehicles.filter((v) => v.model === 'CG 160');
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('derives fitment from the titles: every part has rows, universal products are universal, ≥ 10 rows per part', async () => {
    const [stats] = await queryRows<{ parts: number; rows: number; without: number; universal: number; mixed: number }>(
      database.db,
      sql`select
        (select count(*)::int from products p where exists (select 1 from product_fitments f where f.product_id = p.id)) as parts,
        (select count(*)::int from product_fitments) as rows,
        (select count(*)::int from products p where not exists (select 1 from product_fitments f where f.product_id = p.id)
           and not exists (select 1 from product_universal_fitments u where u.product_id = p.id)) as without,
        (select count(distinct product_id)::int from product_universal_fitments) as universal,
        (select count(*)::int from product_universal_fitments u where exists (select 1 from product_fitments f where f.product_id = u.product_id)) as mixed`,
    );
    expect(stats!.without).toBe(0);
    expect(stats!.mixed).toBe(0);
    expect(stats!.parts + stats!.universal).toBe(COUNT);
    expect(stats!.rows / stats!.parts).toBeGreaterThanOrEqual(10);
    // The sample headlight (product 1) is a Volvo C70 part for 2006–2013, and nothing else.
    const sample = await productFitment(database.db, 1);
    expect(new Set(sample.rows.map((r) => `${r.vehicle.make} ${r.vehicle.model}`))).toEqual(new Set(['Volvo C70']));
    expect(Math.min(...sample.rows.map((r) => r.yearFrom))).toBe(2006);
    expect(Math.max(...sample.rows.map((r) => r.yearTo))).toBe(2013);
    // Every row's years lie inside its product's title years and its vehicle's years.
    const outside = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from product_fitments f join products p on p.id = f.product_id join vehicles v on v.id = f.vehicle_id
          where f.year_from < v.year_from or f.year_to > v.year_to
             or f.year_from < (regexp_match(p.title, '(\\d{4})-(\\d{4})$'))[1]::int or f.year_to > (regexp_match(p.title, '(\\d{4})-(\\d{4})$'))[2]::int`,
    );
    expect(outside[0]!.n).toBe(0);
  });

  it('a Gol brake pad never fits a CG 160 (nor any motorcycle), and parts keep their vehicle type', async () => {
    const pads = await queryRows<{ id: number }>(database.db, sql`select id from products where title like 'Pastilhas de Freio%VW Gol%'`);
    expect(pads.length).toBeGreaterThan(0);
    for (const { id } of pads) {
      const fitment = await productFitment(database.db, Number(id));
      expect(verdict(fitment, { vehicles: cg160, year: null }).fits).toBe(false);
      expect(fitment.rows.every((r) => r.vehicle.type === 'carros')).toBe(true);
      expect(fitment.rows.some((r) => r.vehicle.model === 'Gol')).toBe(true);
    }
    const [wrongType] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from product_fitments f join products p on p.id = f.product_id join vehicles v on v.id = f.vehicle_id where v.type <> p.vehicle_type`,
    );
    expect(wrongType!.n).toBe(0);
  });

  const drift = async () =>
    (
      await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from products p where p.fitment_keys is distinct from (
                select coalesce(array_agg(distinct k order by k), '{}'::int[]) from (
                  select olimpo_fitment_key(f.vehicle_id, y) as k from product_fitments f, generate_series(f.year_from::int, f.year_to::int) y where f.product_id = p.id
                  union all select olimpo_universal_key(u.vehicle_type) from product_universal_fitments u where u.product_id = p.id) x)`,
      )
    )[0]!.n;

  it('keeps products.fitment_keys equal to the fitment rows through inserts, updates and deletes', async () => {
    expect(await drift()).toBe(0);
    const [row] = await queryRows<{ keys: number[] }>(database.db, sql`select fitment_keys as keys from products where id = 1`);
    const c70 = (await productFitment(database.db, 1)).rows.find((r) => r.yearFrom === 2006)!;
    expect(row!.keys.map(Number)).toContain(c70.vehicle.id * 256 + (2006 - 1900));

    await database.db.insert(productFitments).values({ productId: 1, vehicleId: gol.id, yearFrom: 2015, yearTo: 2015 });
    expect(await drift()).toBe(0);
    await database.db.execute(sql`update product_fitments set year_to = year_from where product_id = 1 and vehicle_id = ${gol.id}`);
    expect(await drift()).toBe(0);
    await database.db.execute(sql`delete from product_fitments where product_id = 1 and vehicle_id = ${gol.id}`);
    await database.db.insert(productUniversalFitments).values({ productId: 2, vehicleType: 'motos' }).onConflictDoNothing();
    expect(await drift()).toBe(0);
    await database.db.execute(sql`delete from product_universal_fitments where product_id = 2 and vehicle_type = 'motos'`);
    expect(await drift()).toBe(0);
  });

  it('lists only what fits the vehicle in that year, or is universal for its type, and agrees with the tables', async () => {
    const expected = await fittingIds(database, [gol.id], 2015, 'carros');
    const r = await searchWithFitment(database.db, q(`vehicle=${gol.id}&ano=2015`, 2000));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.result.total).toBe(expected.size);
    expect(new Set(r.result.items.map((i) => i.id))).toEqual(expected);
    expect(r.result.vehicle).toMatchObject({ source: 'param', label: 'Gol 1.0 2015', fullLabel: 'Volkswagen Gol 1.0 12V MPI Trendline 2015' });
    // Parts made for the Gol come before universal ones under "mais relevantes".
    const kinds = r.result.items.map((i) => r.result.fits[i.id]);
    expect(kinds.indexOf('universal')).toBeGreaterThan(0);
    expect(kinds.slice(kinds.indexOf('universal'))).not.toContain('vehicle');
    // Pages: the total comes with the page, and a page past the end still knows it.
    const second = await searchWithFitment(database.db, { ...q(`vehicle=${gol.id}&ano=2015`, 24), page: 2 });
    expect(second.ok && second.result.total).toBe(expected.size);
    expect(second.ok && second.result.items.map((i) => i.id)).toEqual(r.result.items.slice(24, 48).map((i) => i.id));
    const past = await searchWithFitment(database.db, { ...q(`vehicle=${gol.id}&ano=2015`, 24), page: 999 });
    expect(past.ok && past.result).toMatchObject({ items: [], total: expected.size });
    // Any year of the version, when no year is given.
    const anyYear = await searchWithFitment(database.db, q(`vehicle=${gol.id}`, 2000));
    expect(anyYear.ok && anyYear.result.total).toBe((await fittingIds(database, [gol.id], null, 'carros')).size);
  });

  it('combines the vehicle with a search term, filters and facet counts', async () => {
    const r = await searchWithFitment(database.db, q(`q=filtro&vehicle=${gol.id}&ano=2015`), { facets: true });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    // With its facets the search is one statement; the page, its order (made for the vehicle first) and the
    // badges are the same as without them.
    const plain = await searchWithFitment(database.db, q(`q=filtro&vehicle=${gol.id}&ano=2015`));
    expect(plain.ok && plain.result.items).toEqual(r.result.items);
    expect(plain.ok && plain.result.fits).toEqual(r.result.fits);
    expect(plain.ok && plain.result.total).toBe(r.result.total);
    const fits = await fittingIds(database, [gol.id], 2015, 'carros');
    expect(r.result.total).toBeGreaterThan(0);
    for (const item of r.result.items) {
      expect(item.title).toMatch(/Filtro/);
      expect(fits.has(item.id)).toBe(true);
    }
    const facets = r.result.facets!;
    expect(facets.brands.reduce((s, o) => s + o.count, 0)).toBe(r.result.total);
    expect(facets.vehicles.reduce((s, o) => s + o.count, 0)).toBe(r.result.total);
    expect(facets.conditions.reduce((s, o) => s + o.count, 0)).toBe(r.result.total);
    for (const option of facets.categories.filter((o) => o.count > 0)) {
      const chosen = await searchWithFitment(database.db, q(`q=filtro&vehicle=${gol.id}&ano=2015&categoria=${option.slug}`));
      expect(chosen.ok && chosen.result.total, option.slug).toBe(option.count);
    }
  });

  it('reads vehicle words in the search: "pastilha de freio gol 2015" is "pastilha de freio" for every Gol of 2015', async () => {
    const words = await searchWithFitment(database.db, q('q=pastilha de freio gol 2015'));
    expect(words.ok).toBe(true);
    if (!words.ok) return;
    const golVersions = (await loadFleet(database.db)).vehicles.filter((v) => v.model === 'Gol' && v.yearFrom <= 2015 && 2015 <= v.yearTo);
    expect(words.result.vehicle).toMatchObject({ source: 'words', words: 'gol 2015', label: 'Gol 2015' });
    expect(words.result.vehicle!.choice.vehicles.map((v) => v.id).sort()).toEqual(golVersions.map((v) => v.id).sort());
    const fits = await fittingIds(
      database,
      golVersions.map((v) => v.id),
      2015,
      'carros',
    );
    expect(words.result.total).toBeGreaterThan(0);
    for (const item of words.result.items) {
      expect(item.title).toMatch(/Pastilhas de Freio/);
      expect(fits.has(item.id)).toBe(true);
    }
    // The same words with no vehicle in them stay a text search.
    const plain = await searchWithFitment(database.db, q('q=farol fiat'));
    expect(plain.ok && plain.result.vehicle).toBeNull();
  });

  it('gives each vehicle its own parts, searched one after the other, and the same answer asked again', async () => {
    // How many statement texts these write (once per shape): fitment.perf.test.ts.
    const golSearch = () => searchWithFitment(database.db, q(`q=filtro&vehicle=${gol.id}&ano=2015`, 24), { facets: true });
    const cgSearch = () => searchWithFitment(database.db, q(`q=filtro&vehicle=${cg160[0]!.id}&ano=${cg160[0]!.yearFrom}`, 24), { facets: true });
    const first = await golSearch();
    const cg = { result: await cgSearch() };
    const again = { result: await golSearch() };
    expect(again.result).toEqual(first);
    for (const [search, vehicle, year, type] of [
      [first, gol, 2015, 'carros'],
      [cg.result, cg160[0]!, cg160[0]!.yearFrom, 'motos'],
    ] as const) {
      if (!search.ok) throw new Error(search.message);
      const fits = await fittingIds(database, [vehicle.id], year, type);
      expect(search.result.items.length).toBeGreaterThan(0);
      for (const item of search.result.items) expect(fits.has(item.id), `${item.title} / ${vehicle.model}`).toBe(true);
    }
  });

  it('uses the garage vehicle when the URL and the words name none, and the URL wins over it', async () => {
    const garage = { vehicle: gol, year: 2015, active: true };
    const viaGarage = await searchWithFitment(database.db, q('q=filtro'), { garage });
    expect(viaGarage.ok && viaGarage.result.vehicle?.source).toBe('garage');
    const viaUrl = await searchWithFitment(database.db, q(`q=filtro&vehicle=${cg160[0]!.id}`), { garage });
    expect(viaUrl.ok && viaUrl.result.vehicle?.label).toContain('CG 160');
    const bad = await searchWithFitment(database.db, q(`vehicle=${gol.id}&ano=1990`));
    expect(bad).toEqual({ ok: false, message: expect.stringMatching(/Ano fora da produção/) });
  });

  it('keeps an account garage: several vehicles, one active, a limit, removal and the guest import', async () => {
    const user = `user-${kind}`;
    const [a, b, c] = (await loadFleet(database.db)).vehicles.slice(0, 3);
    await setActiveVehicle(database.db, user, { vehicleId: a!.id, year: a!.yearFrom });
    await setActiveVehicle(database.db, user, { vehicleId: b!.id, year: b!.yearFrom });
    let garage = await listGarage(database.db, user);
    expect(garage.map((e) => [e.vehicle.id, e.active])).toEqual([
      [b!.id, true],
      [a!.id, false],
    ]);
    await setActiveVehicle(database.db, user, { vehicleId: a!.id, year: a!.yearFrom });
    garage = await listGarage(database.db, user);
    expect(garage.filter((e) => e.active).map((e) => e.vehicle.id)).toEqual([a!.id]);
    await setActiveVehicle(database.db, user, null);
    expect((await listGarage(database.db, user)).some((e) => e.active)).toBe(false);
    await removeFromGarage(database.db, user, { vehicleId: b!.id, year: b!.yearFrom });
    expect((await listGarage(database.db, user)).map((e) => e.vehicle.id)).toEqual([a!.id]);
    // The guest's cookie vehicles join the account; the guest's active one becomes active (none was).
    await importGarage(database.db, user, [{ vehicleId: c!.id, year: c!.yearFrom, active: true }]);
    garage = await listGarage(database.db, user);
    expect(garage[0]).toMatchObject({ vehicle: { id: c!.id }, active: true });
    // At most ten vehicles per account.
    const many = (await loadFleet(database.db)).vehicles.slice(10, 25);
    for (const v of many) await setActiveVehicle(database.db, user, { vehicleId: v.id, year: v.yearFrom });
    expect(await listGarage(database.db, user)).toHaveLength(10);
    // Another account sees none of it.
    expect(await listGarage(database.db, `${user}-2`)).toEqual([]);
  });

  it('keeps a guest garage in the signed cookie', async () => {
    const secret = 'garage-test-secret-0123456789-0123456789';
    const request = (cookie?: string) => new Request('http://loja.test/ProductList', { headers: cookie ? { cookie } : {} });
    const keys = testServices(database, { cookieSecret: secret });
    expect(await loadGarage(database.db, request(), keys)).toEqual({ owner: 'guest', entries: [], active: null });
    const saved = await changeGarage(database.db, request(), { action: 'use', vehicleId: gol.id, year: 2015 }, { secure: false, secret, auth: keys.auth });
    expect(saved.ok).toBe(true);
    const cookie = saved.ok ? saved.setCookie!.split(';')[0]! : '';
    const garage = await loadGarage(database.db, request(cookie), keys);
    expect(garage.active).toMatchObject({ vehicle: { id: gol.id }, year: 2015 });
    const cleared = await changeGarage(database.db, request(cookie), { action: 'clear' }, { secure: false, secret, auth: keys.auth });
    const after = await loadGarage(database.db, request(cleared.ok ? cleared.setCookie!.split(';')[0]! : ''), keys);
    expect(after.active).toBeNull();
    expect(after.entries).toHaveLength(1);
    expect(await changeGarage(database.db, request(), { action: 'use', vehicleId: gol.id, year: 1990 }, { secure: false, secret, auth: keys.auth })).toMatchObject({ ok: false });
  });

  it('re-seeding (truncate, then insert) leaves the keys right too', async () => {
    const { seedFitment } = await import('#src/domain/fitment/seed/seed.server.ts');
    const before = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from product_fitments`);
    await seedFitment(database.db);
    const after = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from product_fitments`);
    expect(after[0]!.n).toBe(before[0]!.n);
    expect(await drift()).toBe(0);
  });

  describe('API', () => {
    let app: ReturnType<typeof createApp>;
    beforeAll(() => {
      app = createApp({ build: () => Promise.reject(new Error('no pages here')), services: testServices(database), logger: createLogger('silent'), publicUrl: 'http://loja.test' });
    });
    const get = (path: string) => app.fetch(new Request(`http://loja.test${path}`));

    it('GET /api/vehicles walks tipo → marca → modelo → ano → versão', async () => {
      const steps: [string, string, string][] = [
        ['', 'type', 'carros'],
        ['tipo=carros', 'make', 'volkswagen'],
        ['tipo=carros&marca=volkswagen', 'model', 'gol'],
        ['tipo=carros&marca=volkswagen&modelo=gol', 'year', '2015'],
      ];
      for (const [qs, level, pick] of steps) {
        const res = await get(`/api/vehicles?${qs}`);
        expect(res.status).toBe(200);
        const body = (await res.json()) as { level: string; options: { value: string }[] };
        expect(body.level, qs).toBe(level);
        expect(body.options.map((o) => o.value)).toContain(pick);
      }
      const versions = (await (await get('/api/vehicles?tipo=carros&marca=volkswagen&modelo=gol&ano=2015')).json()) as { level: string; options: { value: string; label: string }[] };
      expect(versions.level).toBe('version');
      expect(versions.options).toContainEqual({ value: String(gol.id), label: '1.0 12V MPI Trendline' });
      const done = (await (await get(`/api/vehicles?tipo=carros&marca=volkswagen&modelo=gol&ano=2015&versao=${gol.id}`)).json()) as { level: null; vehicle: { id: number } };
      expect(done).toMatchObject({ level: null, options: [], vehicle: { id: gol.id } });
      expect(await (await get(`/api/vehicles/${gol.id}`)).json()).toMatchObject({ id: gol.id, model: 'Gol', label: 'Volkswagen Gol 1.0 12V MPI Trendline' });
      expect((await get('/api/vehicles/99999999')).status).toBe(404);
    });

    it('answers 400 with a pt-BR message for bad vehicle input, never 500', async () => {
      const cases = [
        '/api/vehicles?tipo=aviao',
        '/api/vehicles?marca=fiat',
        '/api/vehicles?tipo=motos&marca=fiat',
        '/api/vehicles?tipo=carros&marca=fiat&modelo=gol',
        '/api/vehicles?tipo=carros&marca=volkswagen&modelo=gol&ano=1950',
        '/api/vehicles?tipo=carros&marca=volkswagen&modelo=gol&ano=abcd',
        `/api/vehicles?tipo=carros&marca=${'x'.repeat(500)}`,
        '/api/products?vehicle=abc',
        '/api/products?vehicle=-1',
        '/api/products?ano=2015',
        '/api/products?vehicle=99999999',
        `/api/products?vehicle=${gol.id}&ano=1990`,
        `/api/products?vehicle=${gol.id}&ano=20155`,
        '/api/produtos?vehicle=0',
        '/api/products/1/fitment?vehicle=x',
        '/api/products/1/fitment?ano=2015',
        '/api/vehicles/abc',
      ];
      for (const path of cases) {
        const res = await get(path);
        expect(res.status, path).toBe(400);
        const body = (await res.json()) as { erro: string };
        expect(body.erro, path).toMatch(/[áéíóúãõçÁÉ]|Informe|inválid|encontrad/);
      }
    });

    it('GET /api/products and /api/produtos take vehicle and ano', async () => {
      const res = await get(`/api/products?vehicle=${gol.id}&ano=2015&limite=200`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { total: number; items: { id: number; fitment: string }[]; vehicle: { label: string; vehicleIds: number[] } };
      const fits = await fittingIds(database, [gol.id], 2015, 'carros');
      expect(body.total).toBe(fits.size);
      expect(body.vehicle).toMatchObject({ label: 'Volkswagen Gol 1.0 12V MPI Trendline 2015', vehicleIds: [gol.id], source: 'param' });
      for (const item of body.items) {
        expect(fits.has(item.id)).toBe(true);
        expect(['vehicle', 'universal']).toContain(item.fitment);
      }
      const legacy = await get(`/api/produtos?vehicle=${gol.id}&ano=2015&limite=5`);
      expect(legacy.status).toBe(200);
      expect(legacy.headers.get('x-total-count')).toBe(String(fits.size));
      const words = (await (await get('/api/products?q=pastilha%20de%20freio%20gol%202015')).json()) as { vehicle: { words: string; source: string } };
      expect(words.vehicle).toMatchObject({ source: 'words', words: 'gol 2015' });
      // Without a vehicle nothing changes.
      expect(((await (await get('/api/products?limite=1')).json()) as { vehicle: unknown }).vehicle).toBeNull();
    });

    it('GET /api/products/:id/fitment lists the compatibility and answers for a vehicle', async () => {
      const body = (await (await get(`/api/products/1/fitment?vehicle=${gol.id}&ano=2015`)).json()) as {
        universal: string[];
        vehicles: { vehicle: string; years: string }[];
        answer: { fits: boolean };
      };
      expect(body.universal).toEqual([]);
      expect(body.vehicles.every((l) => l.vehicle === 'Volvo C70')).toBe(true);
      expect(body.answer).toMatchObject({ fits: false, how: null });
      const c70 = (await loadFleet(database.db)).vehicles.find((v) => v.model === 'C70' && v.yearFrom <= 2010 && 2010 <= v.yearTo)!;
      expect(((await (await get(`/api/products/1/fitment?vehicle=${c70.id}&ano=2010`)).json()) as { answer: unknown }).answer).toMatchObject({ fits: true, how: 'vehicle' });
      const [lamp] = await queryRows<{ id: number }>(database.db, sql`select id from ${products} where kind = 'Lâmpada H4 para Farol' order by id limit 1`);
      const universal = (await (await get(`/api/products/${lamp!.id}/fitment?vehicle=${gol.id}&ano=2015`)).json()) as { universal: string[]; answer: unknown };
      expect(universal.universal).toContain('carros');
      expect(universal.answer).toMatchObject({ fits: true, how: 'universal' });
      expect((await get('/api/products/99999999/fitment')).status).toBe(404);
    });

    it('documents the vehicle API in the OpenAPI document', async () => {
      const doc = (await (await get('/api/openapi.json')).json()) as { paths: Record<string, { get: { parameters: { name: string }[] } }> };
      expect(doc.paths['/api/vehicles']).toBeDefined();
      expect(doc.paths['/api/products/{id}/fitment']).toBeDefined();
      for (const path of ['/api/products', '/api/produtos']) {
        const names = doc.paths[path]!.get.parameters.map((p) => p.name);
        expect(names).toEqual(expect.arrayContaining(['vehicle', 'ano']));
      }
    });
  });
});
