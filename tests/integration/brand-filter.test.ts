// The brand filter offers every brand of the catalog with its count (the spec's five first), and each can be
// chosen: a word search (/ProductList?q=farol → Hella) and a browse (counts from catalog_facet_counts) alike,
// on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCatalogQuery } from '#src/domain/catalog/query.ts';
import type { CatalogQuery } from '#src/domain/catalog/query.ts';
import { searchProducts } from '#src/domain/catalog/search/search.server.ts';
import { brandFilterGroups } from '#src/domain/catalog/brand-options.ts';
import { createTestApp } from '../support/app.ts';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';

function parse(qs: string): CatalogQuery {
  const r = parseCatalogQuery(new URLSearchParams(qs), { maxPageSize: 100, defaultPageSize: 24 });
  if (!r.ok) throw new Error(r.message);
  return r.query;
}

describe.each(DATABASE_KINDS)('brand filter on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 1500 });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  for (const [label, qs] of [
    ['a word search', 'q=farol'],
    ['a browse', 'categoria=iluminacao'],
  ] as const) {
    it(`lists the real brands of ${label} with their counts, and choosing one lists exactly those`, async () => {
      const all = await searchProducts(database.db, parse(qs), { facets: true });
      const brands = all.facets!.brands;
      expect(brands.slice(0, 5).map((b) => b.label)).toEqual(['Bosch', 'Magneti Marelli', 'Delphi', 'NGK', 'TRW']);
      expect(brands.some((b) => b.slug === 'outros')).toBe(false);
      // Every match is counted under its own brand.
      expect(brands.reduce((n, b) => n + b.count, 0)).toBe(all.total);
      const { more } = brandFilterGroups(brands, []);
      expect(more.length).toBeGreaterThan(0);
      const hella = brands.find((b) => b.slug === 'hella');
      expect(hella).toMatchObject({ label: 'Hella' });
      expect(hella!.count).toBeGreaterThan(0);

      const chosen = await searchProducts(database.db, parse(`${qs}&marca=hella&limite=100`), { facets: true });
      expect(chosen.total).toBe(hella!.count);
      expect(chosen.items.length).toBeGreaterThan(0);
      for (const p of chosen.items) expect(p.brand).toBe('Hella');
      // The brand facet leaves its own filter out: the other brands keep their counts to add.
      expect(chosen.facets!.brands.find((b) => b.slug === 'bosch')?.count).toBe(brands.find((b) => b.slug === 'bosch')?.count);

      const two = await searchProducts(database.db, parse(`${qs}&marca=hella&marca=bosch`), { facets: true });
      expect(two.total).toBe(hella!.count + brands.find((b) => b.slug === 'bosch')!.count);
    });
  }

  it('answers /api/products?marca=hella and refuses a malformed brand with a pt-BR message', async () => {
    const t = createTestApp(database);
    const ok = await t.request('GET', '/api/products?q=farol&marca=hella&facetas=1');
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { items: { brand: string }[]; facets: { brands: { slug: string; label: string; count: number }[] } };
    expect(body.items.every((p) => p.brand === 'Hella')).toBe(true);
    expect(body.facets.brands.find((b) => b.slug === 'hella')?.label).toBe('Hella');
    const bad = await t.request('GET', '/api/products?marca=%3Cscript%3E');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { erro: string }).erro).toBe('Marca inválida.');
    const unknown = await t.request('GET', '/api/products?marca=marca-que-nao-existe');
    expect(unknown.status).toBe(200);
    expect(((await unknown.json()) as { total: number }).total).toBe(0);
  });
});
