// The search box's suggestions while typing, through the real app on PGlite and PostgreSQL: products found by
// the list page's search, categories and brands by prefix, nothing under two characters, public caching.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Suggestions } from '#src/domain/catalog/suggestions.server.ts';
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
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    return (await res.json()) as Suggestions;
  };

  it('proposes products with photo and price, and the categories and brands that start with the letters typed', async () => {
    const s = await suggest('Filt');
    expect(s.q).toBe('filt');
    expect(s.categories).toEqual([{ slug: 'filtros', label: 'Filtros' }]);
    expect(s.products.length).toBeGreaterThan(0);
    expect(s.products.length).toBeLessThanOrEqual(5);
    for (const p of s.products) {
      expect(p.priceCents).toBeGreaterThan(0);
      expect(p.image?.url).toMatch(/^http:\/\/loja\.test\//);
    }
    expect(s.products.some((p) => /filtro/i.test(p.title))).toBe(true);
    expect((await suggest('bos')).brands).toContainEqual({ label: 'Bosch' });
  });

  it('ignores accents and case as the list page does', async () => {
    expect((await suggest('ILUMINAC')).categories).toEqual([{ slug: 'iluminacao', label: 'Iluminação' }]);
    expect((await suggest('suspensão')).categories).toEqual([{ slug: 'suspensao', label: 'Suspensão' }]);
  });

  it('waits for the second character and answers long or odd input without an error', async () => {
    expect(await suggest('f')).toEqual({ q: 'f', products: [], categories: [], brands: [] });
    expect((await suggest('x'.repeat(500))).q).toHaveLength(60);
    expect((await suggest('%_\\\'"<>')).products).toBeInstanceOf(Array);
  });
});
