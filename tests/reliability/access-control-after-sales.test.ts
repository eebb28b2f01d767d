// Access control after the sale, against the built server on each database: a guest, the buyer, another
// shopper and an admin × the order page, its return request and "Gerar novo PIX", reviews, questions, "útil"
// votes, favourites and the back office's moderation of reviews, questions and returns. No one reads or acts
// on another's order (whatever order token they hold), reviews a product they did not receive, sees another's
// favourites or moderates without the role; refused writes change no row. The state: support/storefront.ts.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccounts, randomIp, signIn } from './support/accounts.ts';
import type { Account } from './support/accounts.ts';
import { createServerDatabase, DATABASE_KINDS, rows } from './support/databases.ts';
import type { ServerDatabase } from './support/databases.ts';
import { AppServer } from './support/server.ts';
import { prepareStorefront } from './support/storefront.ts';
import type { Storefront } from './support/storefront.ts';

describe.each(DATABASE_KINDS)('who may do what after the sale (%s)', (kind) => {
  let database: ServerDatabase;
  let server: AppServer;
  let people: Record<'buyer' | 'other' | 'admin', Account>;
  let shop: Storefront;

  beforeAll(async () => {
    let made = {} as typeof people;
    let prepared = {} as Storefront;
    database = await createServerDatabase(kind, {
      seedProducts: 12,
      prepare: async (db) => {
        made = (await createAccounts(db, { buyer: 'customer', other: 'customer', admin: 'admin' })) as typeof people;
        prepared = await prepareStorefront(db, made);
      },
    });
    people = made;
    shop = prepared;
    server = await AppServer.create({ ...database.server, env: { TRUST_PROXY: 'true', LOG_LEVEL: 'warn' } });
    await server.start(180_000);
    for (const a of Object.values(people)) await signIn(server, a);
  }, 600_000);
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  const as = (who: Account | null, method: string, url: string, form?: Record<string, string>) =>
    server.fetch(url, {
      method,
      headers: { origin: server.url, 'x-forwarded-for': randomIp(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}), ...(who ? { cookie: who.cookie } : {}) },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
  /** Counts of what the refused requests could have written, read on a stopped server for PGlite. */
  const counts = async () => {
    if (kind === 'pglite') await server.stop();
    const [c] = await database.use((db) =>
      rows<Record<string, number>>(
        db,
        sql`select (select count(*)::int from orders) as orders, (select count(*)::int from returns) as returns, (select count(*)::int from product_reviews) as reviews,
                   (select count(*)::int from product_questions where status = 'answered') as answered, (select count(*)::int from product_reviews where status = 'approved') as approved,
                   (select count(*)::int from review_votes) as votes, (select count(*)::int from favorites) as favorites`,
      ),
    );
    if (kind === 'pglite') await server.start(180_000);
    for (const a of Object.values(people)) await signIn(server, a);
    return c!;
  };

  it("another shopper, a guest or another order's token never opens the buyer's order, its return request or Gerar novo PIX", async () => {
    const before = await counts();
    const mine = shop.expired;
    const theirs = shop.othersExpired;
    for (const [who, label] of [
      [people.other, 'outro cliente'],
      [null, 'visitante'],
    ] as const) {
      for (const url of [`/Pedidos/${shop.delivered.number}`, `/Pedidos/${shop.delivered.number}/devolucao`, `/Pedidos/${mine.number}`]) {
        const res = await as(who, 'GET', url);
        const body = await res.text();
        expect([302, 303, 404], `${label} GET ${url}`).toContain(res.status);
        expect(body, `${label} GET ${url}`).not.toContain(people.buyer.email);
      }
      const asked = await as(who, 'POST', `/Pedidos/${shop.delivered.number}/devolucao`, { motivo: 'withdrawal', [`qtd-${shop.deliveredLines[0]}`]: '1' });
      expect([302, 303, 404], `${label} devolução`).toContain(asked.status);
      const again = await as(who, 'POST', `/Pedidos/${mine.number}`, { intent: 'novo-pix' });
      expect([302, 303, 404], `${label} novo PIX`).toContain(again.status);
    }
    // The token of one order is no key to another, nor to its return request or new PIX.
    const foreignToken = `?token=${encodeURIComponent(theirs.token)}`;
    expect((await as(people.buyer, 'GET', `/Pedidos/${shop.othersDelivered.number}${foreignToken}`)).status).toBe(404);
    expect((await as(null, 'POST', `/Pedidos/${mine.number}${foreignToken}`, { intent: 'novo-pix' })).status).toBe(404);
    expect((await as(null, 'POST', `/Pedidos/${shop.delivered.number}/devolucao${foreignToken}`, { motivo: 'withdrawal', [`qtd-${shop.deliveredLines[0]}`]: '1' })).status).toBe(404);
    expect(await counts()).toEqual(before);
  }, 300_000);

  it('only a buyer who received the product reviews it; a guest is sent to sign in; questions need an account', async () => {
    const before = await counts();
    const review = { stars: '5', title: 'Muito boa mesmo', body: 'Serviu perfeitamente no meu carro.' };
    // The other shopper's delivered order holds `reviewed`, not `reviewable`.
    const other = await as(people.other, 'POST', `/AvaliarProduto/${shop.reviewable}`, review);
    expect(other.status, 'outro cliente avalia').toBe(409);
    expect(await other.text()).toContain('Só quem comprou este produto e já o recebeu pode avaliá-lo.');
    expect((await as(people.buyer, 'POST', `/AvaliarProduto/${shop.reviewed}`, review)).status, 'a second review of the same product').toBe(409);
    expect((await as(people.admin, 'POST', `/AvaliarProduto/${shop.reviewable}`, review)).status, 'an admin who bought nothing').toBe(409);
    for (const url of [`/AvaliarProduto/${shop.reviewable}`, `/Perguntas/${shop.reviewed}`]) {
      const res = await as(null, 'POST', url, { ...review, question: 'Serve no Voyage 2014 com motor 1.6?' });
      expect([302, 303], `visitante ${url}`).toContain(res.status);
      expect(res.headers.get('location') ?? '', `visitante ${url}`).toMatch(/\/Login\?/);
    }
    expect(await counts()).toEqual(before);
  }, 300_000);

  it('the back office moderation (reviews, questions, returns) answers 401 to a guest and 403 to shoppers, and works for the admin', async () => {
    const before = await counts();
    const posts: [string, Record<string, string>][] = [
      ['/Admin/Avaliacoes', { id: String(shop.review), decisao: 'recusar' }],
      ['/Admin/Perguntas', { id: String(shop.question), decisao: 'responder', answer: 'Serve sim, confira o ano do motor.' }],
      ['/Admin/Devolucoes', { acao: 'recusar', devolucao: '1', motivo: 'Fora do prazo de devolução.' }],
    ];
    for (const [url, form] of posts) {
      expect((await as(null, 'POST', url, form)).status, `visitante ${url}`).toBe(401);
      for (const who of [people.buyer, people.other]) {
        expect((await as(who, 'POST', url, form)).status, `${who.key} POST ${url}`).toBe(403);
        expect((await as(who, 'GET', url)).status, `${who.key} GET ${url}`).toBe(403);
      }
      expect((await as(people.admin, 'GET', url)).status, `admin GET ${url}`).toBe(200);
    }
    expect(await counts()).toEqual(before);
  }, 300_000);

  it("favourites are the session's own: one account's list is never another's, and no request names a user", async () => {
    const put = await as(people.buyer, 'PUT', `/api/favoritos/${shop.reviewable}`);
    expect(put.status).toBe(200);
    const ids = async (who: Account | null) => ((await (await as(who, 'GET', '/api/favoritos')).json()) as { ids: number[] }).ids;
    expect(await ids(people.buyer)).toContain(shop.reviewable);
    expect(await ids(people.other)).not.toContain(shop.reviewable);
    expect(await ids(null)).toEqual([]);
    // Another account removing it removes it from its own (empty) list only.
    expect((await as(people.other, 'DELETE', `/api/favoritos/${shop.reviewable}`)).status).toBe(200);
    expect(await ids(people.buyer)).toContain(shop.reviewable);
    // /Favoritos shows the session's list: the buyer's product is not on the other shopper's page.
    const page = await (await as(people.other, 'GET', '/Favoritos')).text();
    expect(page).not.toContain(`/ProductView/${shop.reviewable}"`);
  }, 300_000);

  it('"útil" counts once per account, whoever asks again', async () => {
    const before = await counts();
    for (let i = 0; i < 3; i++) expect((await as(people.other, 'POST', `/avaliacoes/${shop.review}/util`, {})).status).toBe(200);
    expect((await counts()).votes).toBe(before.votes! + 1);
  }, 300_000);
});
