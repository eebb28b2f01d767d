// The JSON API's product photos are absolute addresses under PUBLIC_URL (a front end on another origin can
// show them), on the list, the spec's /api/produtos and the product; the path they name is served by the shop.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { createLogger } from '../../server/logger.ts';
import { productImages } from '#src/domain/catalog/schema.ts';
import { createTestDatabase, queryRows } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { testServices } from '../support/services.ts';

const PUBLIC_URL = 'https://loja.example.com.br';

describe('photo addresses in the JSON API', () => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  const get = (path: string) => app.fetch(new Request(`http://127.0.0.1:3000${path}`));
  beforeAll(async () => {
    database = await createTestDatabase('pglite', { seedProducts: 6 });
    // One product with a photo a seller sent (stored under /uploads).
    await database.db.update(productImages).set({ url: '/uploads/produtos/0123456789abcdef0123456789abcdef.webp' }).where(eq(productImages.productId, 2));
    app = createApp({ build: () => Promise.reject(new Error('no pages in API tests')), services: testServices(database), logger: createLogger('silent'), publicUrl: PUBLIC_URL });
  }, 120_000);
  afterAll(() => database?.dispose());

  it('answers every photo as an absolute https address of the shop', async () => {
    const list = (await (await get('/api/products?limite=10')).json()) as { items: { id: number; image: { url: string } | null }[] };
    expect(list.items.length).toBeGreaterThan(0);
    for (const p of list.items) expect(p.image!.url).toMatch(/^https:\/\/loja\.example\.com\.br\/(art|uploads)\//);
    expect(list.items.find((p) => p.id === 2)!.image!.url).toBe(`${PUBLIC_URL}/uploads/produtos/0123456789abcdef0123456789abcdef.webp`);

    const legacy = (await (await get('/api/produtos?limite=10')).json()) as { foto: string | null }[];
    for (const p of legacy) expect(p.foto).toMatch(/^https:\/\/loja\.example\.com\.br\/(art|uploads)\//);

    const one = (await (await get('/api/products/1')).json()) as { image: { url: string }; images: { url: string }[] };
    expect(one.image.url).toMatch(/^https:\/\/loja\.example\.com\.br\/art\/.+\.svg$/);
    expect(one.images.length).toBeGreaterThan(0);
    for (const i of one.images) expect(i.url).toMatch(/^https:\/\/loja\.example\.com\.br\/art\//);

    // The path is one the shop serves.
    const art = await get(new URL(one.image.url).pathname);
    expect(art.status).toBe(200);
    expect(art.headers.get('content-type')).toMatch(/svg/);
    const stored = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from product_images where url like 'http%'`);
    expect(stored[0]!.n).toBe(0); // stored relative: only the API's answer changes
  });
});
