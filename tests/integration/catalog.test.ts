// Catalog queries against a real database: PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCatalogQuery } from '#src/domain/catalog/query.ts';
import type { CatalogQuery } from '#src/domain/catalog/query.ts';
import { getProduct, getProductWithRelated, relatedProducts, trendingProducts } from '#src/domain/catalog/products.server.ts';
import { searchProducts } from '#src/domain/catalog/search/search.server.ts';
import { generateCatalog } from '#src/domain/catalog/seed/generate.ts';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';

const COUNT = 360;
const seedCatalog = [...generateCatalog(COUNT)];

function q(qs: string, pageSize = 500): CatalogQuery {
  const r = parseCatalogQuery(new URLSearchParams(qs), { maxPageSize: 500, defaultPageSize: pageSize });
  if (!r.ok) throw new Error(r.message);
  return r.query;
}

describe.each(DATABASE_KINDS)('catalog on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: COUNT });
  });
  afterAll(async () => {
    await database?.dispose();
  });
  const ids = async (qs: string) => (await searchProducts(database.db, q(qs))).items.map((p) => p.id).sort((a, b) => a - b);

  it('finds the same products whatever the accents, case and plural', async () => {
    const farol = await ids('q=farol');
    expect(farol.length).toBeGreaterThanOrEqual(20);
    expect(await ids('q=farois')).toEqual(farol);
    expect(await ids('q=FARÓIS')).toEqual(farol);
    expect(await ids('q=Faróis')).toEqual(farol);
    // Every product whose title mentions a headlight is found.
    const expected = seedCatalog
      .map((p, i) => ({ id: i + 1, title: p.title }))
      .filter((p) => /farol/i.test(p.title))
      .map((p) => p.id);
    for (const id of expected) expect(farol).toContain(id);
  });

  it('finds "Pastilhas de Freio" for "pastilha freio", all words required', async () => {
    const r = await searchProducts(database.db, q('q=pastilha freio'));
    expect(r.total).toBeGreaterThan(0);
    for (const p of r.items) expect(p.title).toMatch(/Pastilhas de Freio/);
  });

  it('corrects small typos and says so', async () => {
    const r = await searchProducts(database.db, q('q=amortecdor'));
    expect(r.correctedQuery).toBe('amortecedor');
    expect(r.total).toBeGreaterThan(0);
    for (const p of r.items) expect(p.title).toMatch(/Amortecedor/);
    const none = await searchProducts(database.db, q('q=xkcdqwerty'));
    expect(none.total).toBe(0);
    expect(none.items).toEqual([]);
  });

  it('ranks title matches first', async () => {
    const r = await searchProducts(database.db, q('q=farol'));
    expect(r.items[0]!.title).toMatch(/Farol/);
  });

  it('treats SQL and tsquery syntax in a search as plain words', async () => {
    for (const text of ["' or 1=1 --", 'farol & | ! :*', "farol'); drop table products; --"]) {
      const r = await searchProducts(database.db, q(`q=${encodeURIComponent(text)}`));
      expect(r.total).toBeGreaterThanOrEqual(0);
    }
    expect((await searchProducts(database.db, q(''))).total).toBe(COUNT);
  });

  it('filters by brand, category, vehicle, condition and price, combined with search', async () => {
    const r = await searchProducts(database.db, q('q=farol&marca=magneti-marelli&veiculo=carros&estado=novo&preco_min=100&preco_max=2000'));
    expect(r.total).toBeGreaterThan(0);
    for (const p of r.items) {
      expect(p.brand).toBe('Magneti Marelli');
      expect(p.priceCents).toBeGreaterThanOrEqual(10000);
      expect(p.priceCents).toBeLessThanOrEqual(200000);
      const full = await getProduct(database.db, p.id);
      expect(full).toMatchObject({ vehicleType: 'carros', condition: 'novo' });
    }
    const outros = await searchProducts(database.db, q('marca=outros'));
    for (const p of outros.items) expect(['Bosch', 'Magneti Marelli', 'Delphi', 'NGK', 'TRW']).not.toContain(p.brand);
    const cat = await searchProducts(database.db, q('categoria=calcados'));
    expect(cat.total).toBe(seedCatalog.filter((p) => p.category === 'calcados').length);
  });

  it('counts each filter option as if it were chosen', async () => {
    const base = q('q=farol');
    const r = await searchProducts(database.db, base, { facets: true });
    const facets = r.facets!;
    expect(facets.brands.reduce((s, o) => s + o.count, 0)).toBe(r.total);
    expect(facets.vehicles.reduce((s, o) => s + o.count, 0)).toBe(r.total);
    expect(facets.conditions.reduce((s, o) => s + o.count, 0)).toBe(r.total);
    for (const option of facets.brands) {
      const chosen = await searchProducts(database.db, { ...base, brands: [option.slug] });
      expect(chosen.total, option.slug).toBe(option.count);
    }
    // A chosen brand does not narrow its own facet, but narrows the others.
    const withBrand = await searchProducts(database.db, { ...base, brands: ['magneti-marelli'] }, { facets: true });
    expect(withBrand.facets!.brands).toEqual(facets.brands);
    expect(withBrand.facets!.vehicles.reduce((s, o) => s + o.count, 0)).toBe(withBrand.total);
  });

  it('sorts by price, discount, recency and name', async () => {
    const prices = (await searchProducts(database.db, q('ordem=menor-preco'))).items.map((p) => p.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = (await searchProducts(database.db, q('ordem=maior-preco'))).items.map((p) => p.priceCents);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const disc = (await searchProducts(database.db, q('ordem=maiores-descontos'))).items.map((p) => p.discountPercent);
    expect(disc).toEqual([...disc].sort((a, b) => b - a));
    const recent = (await searchProducts(database.db, q('ordem=mais-recentes'))).items.map((p) => p.id);
    expect(recent[0]).toBe(COUNT);
    const names = (await searchProducts(database.db, q('ordem=a-z&categoria=freios'))).items.map((p) => p.title);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR', { sensitivity: 'base' })));
  });

  it('pages results with a total count', async () => {
    const p1 = await searchProducts(database.db, q('', 24));
    const p2 = await searchProducts(database.db, { ...q('', 24), page: 2 });
    expect(p1.items).toHaveLength(24);
    expect(p1.total).toBe(COUNT);
    expect(p1.totalPages).toBe(Math.ceil(COUNT / 24));
    expect(p2.items.map((p) => p.id)).not.toContain(p1.items[0]!.id);
    const past = await searchProducts(database.db, { ...q('', 24), page: 999 });
    expect(past.items).toEqual([]);
    expect(past.total).toBe(COUNT);
  });

  it('returns a product with images and variants, and related ones from its category', async () => {
    const p = await getProduct(database.db, 1);
    expect(p).toMatchObject({ id: 1, oldPriceCents: 91900, priceCents: 71990, category: 'iluminacao' });
    expect(p!.images).toHaveLength(5);
    expect(await getProduct(database.db, 999_999)).toBeNull();
    expect(await getProduct(database.db, -1)).toBeNull();
    const related = await relatedProducts(database.db, p!, 4);
    expect(related).toHaveLength(4);
    for (const r of related) {
      expect(r.category).toBe('iluminacao');
      expect(r.id).not.toBe(1);
    }
    const shoeIndex = seedCatalog.findIndex((s) => s.category === 'calcados');
    const shoe = await getProduct(database.db, shoeIndex + 1);
    expect(shoe!.variants.length).toBe(seedCatalog[shoeIndex]!.variants.length);
    expect(shoe!.stock).toBe(shoe!.variants.reduce((s, v) => s + v.stock, 0));
  });

  it('gives the product page its product and related products in one statement, equal to the two separate reads', async () => {
    const shoeIndex = seedCatalog.findIndex((s) => s.category === 'calcados');
    let compared = 0;
    for (const id of [1, 2, 7, 50, shoeIndex + 1, COUNT]) {
      const both = await getProductWithRelated(database.db, id, 4);
      const product = await getProduct(database.db, id);
      expect(both?.product, `product ${id}`).toEqual(product);
      // Every field of every card, in the same order (prices, stock, first image and its size).
      expect(both?.related, `related to ${id}`).toEqual(await relatedProducts(database.db, product!, 4));
      if (both!.related.length === 4) compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(5);
    expect(await getProductWithRelated(database.db, 999_999, 4)).toBeNull();
    expect(await getProductWithRelated(database.db, 0, 4)).toBeNull();
  });

  it('lists 12 trending products in stock, most popular first', async () => {
    const t = await trendingProducts(database.db, 12);
    expect(t).toHaveLength(12);
    // The statement is built once; its limit is a value sent with each call.
    expect(await trendingProducts(database.db, 5)).toEqual(t.slice(0, 5));
    expect(t[0]!.id).toBe(1);
    for (const p of t) expect(p.stock).toBeGreaterThan(0);
  });
});
