// Issue 17: a part is found by any of its numbers (reference, OEM, equivalent), written with or without
// dashes, dots, spaces or letter case, and comes first; typos such as "pastilha de frieo" are corrected.
// PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { parseCatalogQuery } from '#src/domain/catalog/query.ts';
import type { CatalogQuery } from '#src/domain/catalog/query.ts';
import { getProduct } from '#src/domain/catalog/products.server.ts';
import { searchProducts } from '#src/domain/catalog/search/search.server.ts';
import { generateCatalog } from '#src/domain/catalog/seed/generate.ts';
import { products } from '#src/domain/catalog/schema.ts';
import { normalizeCode } from '#src/domain/catalog/codes.ts';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';

const COUNT = 300;
const catalog = [...generateCatalog(COUNT)];

function q(qs: string): CatalogQuery {
  const r = parseCatalogQuery(new URLSearchParams(qs));
  if (!r.ok) throw new Error(r.message);
  return r.query;
}

/** A product (1-based id) with OEM numbers and equivalents, other than product 1. */
const withCodes = catalog.findIndex((p, i) => i > 0 && p.oemCodes.length > 0 && p.equivalentCodes.length > 0) + 1;

describe.each(DATABASE_KINDS)('part numbers on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: COUNT });
  }, 60_000);
  afterAll(async () => {
    await database?.dispose();
  });
  const first = async (text: string) => (await searchProducts(database.db, q(`q=${encodeURIComponent(text)}`))).items[0]?.id;

  it('finds product 1 first by its REF, with or without punctuation, whole or in part', async () => {
    for (const text of ['MAG-710301A', 'mag710301a', 'MAG 710301A', 'mag.710.301-a', '710301', '710301A']) {
      expect(await first(text), text).toBe(1);
    }
  });

  it('finds a part first by each of its OEM numbers and equivalent numbers, as printed and normalized', async () => {
    const p = catalog[withCodes - 1]!;
    for (const code of p.oemCodes) {
      expect(await first(code), code).toBe(withCodes);
      expect(await first(normalizeCode(code).toLowerCase()), code).toBe(withCodes);
    }
    for (const eq of p.equivalentCodes) {
      const number = eq.slice(eq.search(/\S*\d/));
      expect(await first(eq), eq).toBe(withCodes);
      expect(await first(number), number).toBe(withCodes);
      expect(await first(normalizeCode(number)), number).toBe(withCodes);
    }
    expect(await first(p.refCode.replace('-', ' ').toLowerCase())).toBe(withCodes);
  });

  it('stores the codes in the normalized, indexed column and the product page reads them back', async () => {
    const [row] = await database.db.select({ keys: products.codeKeys }).from(products).where(sql`${products.id} = 1`);
    expect(row!.keys).toContain(' MAG710301A ');
    expect(row!.keys).toContain(' 30698811 ');
    const detail = await getProduct(database.db, 1);
    expect(detail).toMatchObject({ oemCodes: ['30698811', '31299927'], equivalentCodes: ['Arteb 0318004', 'Hella 1EL 354 123-011'] });
    expect(detail!.specs).toEqual(
      expect.arrayContaining([
        { label: 'Lado', value: 'Esquerdo (motorista)' },
        { label: 'Peso', value: '2,85 kg' },
      ]),
    );
  });

  it('keeps text searches as they were and finds nothing for an unknown code', async () => {
    const r = await searchProducts(database.db, q('q=farol'));
    expect(r.items[0]!.title).toMatch(/Farol/);
    expect((await searchProducts(database.db, q('q=ZZZ-000000Z'))).total).toBe(0);
  });

  it('corrects "pastilha de frieo" to brake pads', async () => {
    const r = await searchProducts(database.db, q('q=pastilha de frieo'));
    expect(r.total).toBeGreaterThan(0);
    expect(r.correctedQuery).toContain('freio');
    for (const p of r.items) expect(p.title).toMatch(/Pastilhas de Freio/);
  });
});
