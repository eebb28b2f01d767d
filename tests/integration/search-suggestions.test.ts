// The search box's suggestions while typing, through the real app on PGlite and PostgreSQL: products found by
// the list page's search (accents, typos, part codes), categories, brands, vehicles and codes by prefix,
// nothing under two characters, public caching per prefix, forgotten when the catalog changes.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Suggestions } from '#src/domain/catalog/suggestions.ts';
import { createTestApp } from '../support/app.ts';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';

describe.each(DATABASE_KINDS)('search suggestions on %s', (kind) => {
  let database: TestDatabase;
  let t: ReturnType<typeof createTestApp>;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 200 });
    t = createTestApp(database);
  });
  afterAll(async () => {
    await database?.dispose();
  });
  const suggest = async (q: string) => {
    const res = await t.request('GET', `/api/search/suggestions?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+, s-maxage=\d+, stale-while-revalidate=\d+$/);
    return (await res.json()) as Suggestions;
  };

  it('proposes products with photo and price, and the categories and brands that start with the letters typed', async () => {
    const s = await suggest('Filt');
    expect(s.q).toBe('filt');
    expect(s.categories).toEqual([{ slug: 'filtros', label: 'Filtros', href: '/ProductList?categoria=filtros' }]);
    expect(s.products.length).toBeGreaterThan(0);
    expect(s.products.length).toBeLessThanOrEqual(5);
    for (const p of s.products) {
      expect(p.priceCents).toBeGreaterThan(0);
      expect(p.image?.url).toMatch(/^http:\/\/loja\.test\//);
    }
    expect(s.products.some((p) => /filtro/i.test(p.title))).toBe(true);
    expect((await suggest('bos')).brands).toContainEqual({ label: 'Bosch', href: '/ProductList?marca=bosch' });
  });

  it('ignores accents and case as the list page does', async () => {
    expect((await suggest('ILUMINAC')).categories).toEqual([{ slug: 'iluminacao', label: 'Iluminação', href: '/ProductList?categoria=iluminacao' }]);
    expect((await suggest('suspensão')).categories).toEqual([{ slug: 'suspensao', label: 'Suspensão', href: '/ProductList?categoria=suspensao' }]);
    expect((await suggest('suspensao')).categories.map((c) => c.slug)).toEqual(['suspensao']);
  });

  it('waits for the second character and answers long or odd input without an error', async () => {
    expect(await suggest('f')).toEqual({ q: 'f', products: [], categories: [], brands: [], vehicles: [], codes: [] });
    expect((await suggest('x'.repeat(500))).q).toHaveLength(60);
    expect((await suggest('%_\\\'"<>')).products).toBeInstanceOf(Array);
  });

  it('finds products despite a typo, as the list page corrects it', async () => {
    const s = await suggest('amortecdor');
    expect(s.products.length).toBeGreaterThan(0);
    for (const p of s.products) expect(p.title).toMatch(/Amortecedor/);
  });

  it('finds products from the first letters of a word, as the shopper types them', async () => {
    const vel = await suggest('vel');
    expect(vel.products.length).toBeGreaterThan(0);
    for (const p of vel.products) expect(p.title).toMatch(/Vela/);
    const bos = await suggest('bos');
    expect(bos.products.length).toBeGreaterThan(0);
    for (const p of bos.products) expect(p.brand).toBe('Bosch');
    for (const p of (await suggest('pastilha de fre')).products) expect(p.title).toMatch(/Pastilhas? de Freio/);
    expect((await suggest('qzxw')).products).toEqual([]);
  });

  it('proposes the part code typed and the product that carries it', async () => {
    const { rows } = (await database.db.execute(sql`select id, ref_code as "refCode" from products where active order by id limit 1`)) as unknown as { rows: { id: number; refCode: string }[] };
    const { id, refCode } = rows[0]!;
    // The first letters of "MAG-710301A", typed without the dash and in lower case.
    const typed = refCode.replace('-', '').slice(0, 8).toLowerCase();
    const s = await suggest(typed);
    expect(s.products[0]!.id).toBe(id);
    expect(s.codes).toContainEqual({ code: refCode, href: `/ProductList?q=${encodeURIComponent(refCode)}` });
  });

  it('proposes the vehicle models whose name starts with the letters typed', async () => {
    const s = await suggest('gol');
    expect(s.vehicles).toContainEqual({ label: 'Volkswagen Gol', href: '/ProductList?q=Volkswagen+Gol' });
    expect((await suggest('volksw')).vehicles.every((v) => v.label.startsWith('Volkswagen '))).toBe(true);
  });

  it('serves each prefix from memory until the catalog changes', async () => {
    const before = await suggest('amortecedor');
    const first = before.products[0]!;
    expect((await suggest('  Amortecedor ')).products[0]).toEqual(first);
    await database.db.execute(sql`update products set price_cents = price_cents + 100 where id = ${first.id}`);
    // Until the change is announced the memo answers (the page cache's rule: writers announce it).
    expect((await suggest('amortecedor')).products[0]!.priceCents).toBe(first.priceCents);
    await t.services.catalogChanges.announce();
    expect((await suggest('amortecedor')).products.find((p) => p.id === first.id)!.priceCents).toBe(first.priceCents + 100);
  });
});
