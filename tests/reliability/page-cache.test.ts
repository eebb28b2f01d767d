// The page cache with two app instances on one PostgreSQL (issue 16): each keeps its own cache, a price change
// announced through the catalog change event (here by a third process, as the admin back office or an import would) reaches
// both through LISTEN/NOTIFY at once, and a change nobody announced still shows within PAGE_CACHE_SECONDS
// (stale-while-revalidate: the first request after the TTL refreshes the page).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogChanges } from '#src/domain/catalog/changes.server.ts';
import { products } from '#src/domain/catalog/schema.ts';
import { createServerDatabase, DATABASE_KINDS } from './support/databases.ts';
import type { ServerDatabase } from './support/databases.ts';
import { AppServer, sleep } from './support/server.ts';

const PRODUCT = 3;
const TTL_SECONDS = 10;
const PAGES = [`/ProductView/${PRODUCT}`, '/'];

/** The price as the page prints it (R$ 1.234,56 with a non-breaking space). */
const shows = (html: string, cents: number) => html.includes(`${Math.floor(cents / 100).toLocaleString('pt-BR')},${String(cents % 100).padStart(2, '0')}`);

describe.runIf(DATABASE_KINDS.includes('postgres'))('page cache on two instances of one PostgreSQL', () => {
  let database: ServerDatabase;
  let a: AppServer;
  let b: AppServer;
  beforeAll(async () => {
    database = await createServerDatabase('postgres', {
      seedProducts: 20,
      // Product 3 among the home page's "Produtos em alta", so both pages show its price.
      prepare: async (db) => {
        await db.update(products).set({ popularity: 1_000_000, stock: 50 }).where(eq(products.id, PRODUCT));
      },
    });
    const env = { PAGE_CACHE_SECONDS: String(TTL_SECONDS) };
    a = await AppServer.create({ ...database.server, env });
    b = await AppServer.create({ ...database.server, env });
    await Promise.all([a.start(), b.start()]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.dispose();
  });

  const page = async (server: AppServer, path: string) => {
    const res = await server.fetch(path);
    return { cache: res.headers.get('x-page-cache'), html: await res.text() };
  };
  const setPrice = (cents: number) => database.use((db) => db.update(products).set({ priceCents: cents }).where(eq(products.id, PRODUCT)));

  /** Polls both instances until every page shows the price; returns how long it took. */
  async function untilShown(cents: number, limitMs: number): Promise<number> {
    const started = Date.now();
    for (;;) {
      const seen = await Promise.all([a, b].flatMap((s) => PAGES.map(async (p) => shows((await page(s, p)).html, cents))));
      if (seen.every(Boolean)) return Date.now() - started;
      if (Date.now() - started > limitMs) throw new Error(`preço ${cents} não apareceu em ${limitMs} ms`);
      await sleep(100);
    }
  }

  it("serves anonymous pages from each instance's own cache", async () => {
    for (const s of [a, b]) {
      for (const p of PAGES) {
        await page(s, p);
        expect((await page(s, p)).cache, `${s.url}${p}`).toBe('HIT');
      }
    }
  });

  it('shows a price change on both instances at once when it is announced (LISTEN/NOTIFY)', async () => {
    await untilShown(await database.use(async (db) => (await db.select({ p: products.priceCents }).from(products).where(eq(products.id, PRODUCT)))[0]!.p), 5_000);
    // Every page cached again just now: from here the TTL alone would take about TTL_SECONDS.
    for (const s of [a, b]) for (const p of PAGES) await page(s, p);
    for (const s of [a, b]) for (const p of PAGES) expect((await page(s, p)).cache).toBe('HIT');
    await setPrice(123_456);
    // Not announced yet: the cached pages still show the old price (the cache is really in use).
    expect(shows((await page(a, PAGES[0]!)).html, 123_456)).toBe(false);
    await database.use((db) => createCatalogChanges(db).announce([PRODUCT]));
    const ms = await untilShown(123_456, TTL_SECONDS * 1000);
    // Well before the TTL: the notification did it (typically a few hundred ms; loaded machines are slow).
    expect(ms).toBeLessThan((TTL_SECONDS * 1000) / 2);
  });

  it('shows a change nobody announced within PAGE_CACHE_SECONDS', async () => {
    for (const s of [a, b]) for (const p of PAGES) await page(s, p);
    await setPrice(98_765);
    // The TTL, then the one request that is served stale while the refresh renders (plus a loaded machine).
    const ms = await untilShown(98_765, (TTL_SECONDS + 10) * 1000);
    expect(ms).toBeLessThanOrEqual((TTL_SECONDS + 3) * 1000);
  });
});
