// Favourites (guest cookie, account rows, the merge at sign-in, privacy between accounts), "Avise-me quando
// chegar" (stored once, rate limited, mailed exactly once when stock returns by any path) and "Comprar
// novamente" at today's prices, through the real app on PGlite and PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAdminProduct, saveAdminProduct } from '#src/domain/catalog/back-office.server.ts';
import { products, productVariants } from '#src/domain/catalog/schema.ts';
import { buyAgain } from '#src/domain/checkout/buy-again.server.ts';
import type { Quote } from '#src/domain/cart/quote.ts';
import { FAVORITES_COOKIE_LIMIT } from '#src/domain/favorites/guest-cookie.ts';
import { stockAlerts } from '#src/domain/favorites/schema.ts';
import { runStockAlerts } from '#src/domain/favorites/stock-alerts.server.ts';
import { createMailer } from '#src/platform/mailer.server.ts';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { accountsHarness, cookiesOf } from '../support/accounts.ts';
import type { AccountsHarness } from '../support/accounts.ts';

const FOOTWEAR_ID = 50;

describe.each(DATABASE_KINDS)('favourites, stock alerts and buying again on %s', (kind) => {
  let database: TestDatabase;
  let h: AccountsHarness;
  const alertMailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-alerts-'));
  const mailSettings = { mailer: createMailer({ from: 'Olimpo Peças <loja@example.com>', mailDir: alertMailDir }), publicUrl: 'http://loja.test', storeName: 'Olimpo Peças' };
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 60 });
    h = accountsHarness(database);
  });
  afterAll(async () => {
    await database?.dispose();
    h?.cleanup();
    fs.rmSync(alertMailDir, { recursive: true, force: true });
  });

  let ipCounter = 10;
  const freshIp = () => `203.0.113.${ipCounter++}`;
  async function signUp(email: string, name: string) {
    const res = await h.request('/api/auth/sign-up/email', { method: 'POST', json: { email, name, password: 'segredo123' }, ip: freshIp() });
    expect(res.status).toBe(200);
    return cookiesOf(res);
  }
  const favourite = (id: number | string, cookie?: string, method = 'PUT') => h.request(`/api/favoritos/${id}`, { method, cookie });
  const idsOf = async (res: Response) => ((await res.json()) as { ids: number[] }).ids;
  const mailsTo = (to: string) =>
    fs.existsSync(alertMailDir)
      ? fs
          .readdirSync(alertMailDir)
          .filter((f) => f.endsWith('.eml'))
          .map((f) => fs.readFileSync(path.join(alertMailDir, f), 'utf8'))
          .filter((t) => t.includes(`To: ${to}`))
      : [];

  it('keeps a guest list in a cookie, newest first, and refuses unknown products', async () => {
    const first = await favourite(2);
    expect(first.status).toBe(200);
    expect(first.headers.get('set-cookie')).toMatch(/^olimpo_favoritos=2; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax/);
    let cookie = cookiesOf(first);
    const second = await favourite(3, cookie);
    expect(await idsOf(second)).toEqual([3, 2]);
    cookie = cookiesOf(second, cookie);
    expect(await idsOf(await h.request('/api/favoritos', { cookie }))).toEqual([3, 2]);
    const removed = await favourite(3, cookie, 'DELETE');
    expect(await idsOf(removed)).toEqual([2]);

    const unknown = await favourite(999_999, cookie);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ erro: 'Produto não encontrado.' });
    expect((await favourite('abc', cookie)).status).toBe(404);
  });

  it('reads a malformed or oversized guest cookie as an empty list, and replaces it on the next change', async () => {
    const tooMany = Array.from({ length: FAVORITES_COOKIE_LIMIT + 1 }, (_, i) => i + 1).join('.');
    for (const bad of ['1,2', '<script>alert(1)</script>', '1..2', tooMany, '9'.repeat(3000)]) {
      const res = await h.request('/api/favoritos', { cookie: `olimpo_favoritos=${encodeURIComponent(bad)}` });
      expect(res.status).toBe(200);
      expect(await idsOf(res)).toEqual([]);
    }
    const res = await favourite(4, `olimpo_favoritos=${tooMany}`);
    expect(await idsOf(res)).toEqual([4]);
    expect(res.headers.get('set-cookie')).toMatch(/^olimpo_favoritos=4;/);
  });

  it("merges the guest's favourites into the account at sign-in, once, and clears the cookie", async () => {
    const session = await signUp('fabia@example.com', 'Fábia Favorita');
    expect(await idsOf(await favourite(5, session))).toEqual([5]);
    // The guest chose 3 then 2 (newest first) on another visit, and 5 again: it is not duplicated.
    const withGuest = `${session}; olimpo_favoritos=2.3.5.888888`;
    const merged = await h.request('/api/favoritos', { cookie: withGuest });
    expect(await idsOf(merged)).toEqual([2, 3, 5]);
    expect(merged.headers.get('set-cookie')).toMatch(/^olimpo_favoritos=; Max-Age=0/);
    // The account's list follows the shopper to another device (a session without the cookie).
    expect(await idsOf(await h.request('/api/favoritos', { cookie: session }))).toEqual([2, 3, 5]);
    expect(await idsOf(await favourite(3, session, 'DELETE'))).toEqual([2, 5]);
  });

  it("never shows or changes another account's favourites", async () => {
    const ana = await signUp('ana.fav@example.com', 'Ana Favorita');
    const bia = await signUp('bia.fav@example.com', 'Bia Curiosa');
    await favourite(7, ana);
    await favourite(8, ana);
    expect(await idsOf(await h.request('/api/favoritos', { cookie: bia }))).toEqual([]);
    expect(await idsOf(await favourite(7, bia, 'DELETE'))).toEqual([]);
    expect(await idsOf(await h.request('/api/favoritos', { cookie: ana }))).toEqual([8, 7]);
  });

  it("lists favourites and stock alerts in the shopper's data download, and deleting the account removes them", async () => {
    const session = await signUp('lia.dados@example.com', 'Lia Dados');
    await favourite(16, session);
    await database.db.update(products).set({ stock: 0 }).where(eq(products.id, 17));
    expect((await h.request('/api/avise-me', { method: 'POST', json: { email: 'lia.dados@example.com', productId: 17 }, ip: freshIp() })).status).toBe(200);
    const data = (await (await h.request('/api/account/export', { cookie: session })).json()) as { favoritos: { produtoId: number }[]; avisosDeEstoque: { produtoId: number }[] };
    expect(data.favoritos.map((f) => f.produtoId)).toEqual([16]);
    expect(data.avisosDeEstoque.map((a) => a.produtoId)).toEqual([17]);
    expect((await h.request('/api/account', { method: 'DELETE', cookie: session })).status).toBe(200);
    expect(await database.db.select().from(stockAlerts).where(eq(stockAlerts.email, 'lia.dados@example.com'))).toEqual([]);
  });

  it('stores an "Avise-me" once per e-mail and item, and refuses bad input in pt-BR', async () => {
    await database.db.update(products).set({ stock: 0 }).where(eq(products.id, 9));
    const ask = (json: unknown, ip = freshIp()) => h.request('/api/avise-me', { method: 'POST', json, ip });
    const saved = await ask({ email: 'Caio@Example.com', productId: 9 });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ mensagem: 'Pronto! Avisaremos por e-mail quando o produto chegar.' });
    expect(await (await ask({ email: 'caio@example.com', productId: 9 })).json()).toEqual({ mensagem: 'Você já pediu esse aviso: avisaremos por e-mail quando o produto chegar.' });
    expect(await database.db.select().from(stockAlerts).where(eq(stockAlerts.productId, 9))).toHaveLength(1);

    const inStock = await ask({ email: 'caio@example.com', productId: 10 });
    expect(inStock.status).toBe(409);
    expect(await inStock.json()).toEqual({ erro: 'Este produto está disponível: é só comprar.' });
    const badEmail = await ask({ email: 'caio@', productId: 9 });
    expect(badEmail.status).toBe(400);
    expect(((await badEmail.json()) as { erro: string }).erro).toMatch(/E-mail inválido/);
    expect((await ask({ email: 'caio@example.com', productId: 999_999 })).status).toBe(404);
    expect((await ask({ email: 'caio@example.com', productId: FOOTWEAR_ID })).status).toBe(422);
  });

  it('limits "Avise-me" requests per e-mail', async () => {
    await database.db.update(products).set({ stock: 0 }).where(eq(products.id, 11));
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await h.request('/api/avise-me', { method: 'POST', json: { email: 'insistente@example.com', productId: 11 }, ip: freshIp() })).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('mails each subscription exactly once when the stock returns, by the back office or any other path', async () => {
    await database.db.update(products).set({ stock: 0 }).where(eq(products.id, 12));
    const [variant] = await database.db.select().from(productVariants).where(eq(productVariants.productId, FOOTWEAR_ID)).limit(1);
    await database.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, variant!.id));
    for (const json of [
      { email: 'dora@example.com', productId: 12 },
      { email: 'dora@example.com', productId: FOOTWEAR_ID, cor: variant!.color, tamanho: variant!.size },
    ])
      expect((await h.request('/api/avise-me', { method: 'POST', json, ip: freshIp() })).status).toBe(200);

    expect(await runStockAlerts(database.db, mailSettings)).toBe(0);
    expect(mailsTo('dora@example.com')).toHaveLength(0);

    // The back office raises product 12's stock; an import-like write raises the variant's.
    const edit = (await getAdminProduct(database.db, 12, null))!;
    await saveAdminProduct(database.db, h.services.catalogChanges, 12, { userId: 'admin', sellerId: null }, { ...edit, oldPriceCents: edit.oldPriceCents, stock: 3, variantStock: new Map() });
    await database.db
      .update(productVariants)
      .set({ stock: 2 })
      .where(and(eq(productVariants.id, variant!.id)));

    // Two senders at once (two instances' sweeps) and a later sweep: one e-mail per subscription.
    const sent = await Promise.all([runStockAlerts(database.db, mailSettings), runStockAlerts(database.db, mailSettings)]);
    expect(sent[0] + sent[1]).toBe(2);
    expect(await runStockAlerts(database.db, mailSettings)).toBe(0);
    const mails = mailsTo('dora@example.com');
    expect(mails).toHaveLength(2);
    expect(mails.join('\n')).toContain('/ProductView/12');
    expect(mails.join('\n')).toContain(`/ProductView/${FOOTWEAR_ID}`);
    const rows = await database.db.select().from(stockAlerts).where(eq(stockAlerts.email, 'dora@example.com'));
    expect(rows.every((r) => r.sentAt !== null)).toBe(true);
  });

  it('"Comprar novamente" puts the still-active lines in the cart at today\'s prices and names the others', async () => {
    await database.db.update(products).set({ priceCents: 12_345, onSale: false, oldPriceCents: null }).where(eq(products.id, 13));
    await database.db.update(products).set({ active: false }).where(eq(products.id, 14));
    await database.db.update(products).set({ stock: 0 }).where(eq(products.id, 15));
    const result = await buyAgain(database.db, [
      { productId: 13, title: 'Título antigo', color: null, size: null, quantity: 2 },
      { productId: 14, title: 'Peça retirada', color: null, size: null, quantity: 1 },
      { productId: 15, title: 'Peça esgotada', color: null, size: null, quantity: 1 },
      { productId: null, title: 'Produto apagado', color: null, size: null, quantity: 1 },
    ]);
    expect(result.items).toHaveLength(1);
    expect(result.items[0]).toMatchObject({ productId: 13, priceCents: 12_345, quantity: 2 });
    expect(result.items[0]!.title).not.toBe('Título antigo');
    expect(result.skipped).toEqual([expect.stringMatching(/\(não está mais disponível\)$/), expect.stringMatching(/\(esgotado\)$/), 'Produto apagado (não está mais disponível)']);

    // The cart quote prices the lines again from the database.
    const quote = await h.request('/api/cart/quote', { method: 'POST', json: { lines: result.items.map((i) => ({ productId: i.productId, quantity: i.quantity })) } });
    const q = (await quote.json()) as Quote;
    expect(q.lines[0]).toMatchObject({ productId: 13, unitPriceCents: 12_345, lineTotalCents: 24_690, status: 'ok' });
  });
});
