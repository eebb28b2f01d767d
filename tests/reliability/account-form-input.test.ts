// Bad input for page forms: every form action (sign-in, sign-up, password reset, profile, addresses, LGPD
// deletion, seller application, garage, seller product create/edit, admin actions), fuzzed with fast-check
// against the real built server (`node server/main.js`) on each database. Each case is a valid form broken in
// one place (missing field, a file or a repeated field where text goes, huge strings, unicode, bad numbers,
// `__proto__` keys), or a wrong content type. Always a 4xx in pt-BR (the form again or an error page, with
// the message in `role="alert"` or a field error), never a 5xx or a redirect, and no row of any table
// changes. The JSON endpoints: account-json-input.test.ts; the values: support/account-fuzz.ts.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addAddress } from '#src/domain/accounts/addresses.server.ts';
import { submitSellerApplication } from '#src/domain/accounts/sellers.server.ts';
import { createProduct } from '#src/domain/catalog/admin.server.ts';
import { parseProductForm } from '#src/domain/catalog/product-form.ts';
import { UFS } from '#src/domain/shipping/uf.ts';
import { createAccounts, expectPageRefusal, randomIp, signIn } from './support/accounts.ts';
import type { Account } from './support/accounts.ts';
import { expectNoPrototypePollution } from './support/checks.ts';
import { createServerDatabase, DATABASE_KINDS, dumpAllRows, rows } from './support/databases.ts';
import type { ServerDatabase } from './support/databases.ts';
import { AppServer } from './support/server.ts';
import { sql } from 'drizzle-orm';
import {
  ADDRESS,
  PERSON,
  NUM_RUNS,
  fcOptions,
  BOOKKEEPING,
  controlChar,
  weirdText,
  tooLong,
  huge,
  blank,
  badText,
  badEnum,
  notEmail,
  badNumberText,
  words,
  req,
  opt,
  brokenForm,
  encodeForm,
  PRODUCT,
  personBreakers,
  productBreakers,
} from './support/account-fuzz.ts';
import type { Field } from './support/account-fuzz.ts';
describe.each(DATABASE_KINDS)('bad input on page forms never breaks anything nor writes (%s)', (kind) => {
  let database: ServerDatabase;
  let server: AppServer;
  let dataDir: string;
  let accounts: Record<string, Account>;
  let ids: { address: number; othersAddress: number; product: number; application: number; order: string };
  let before: Map<string, string[]>;
  let uploadsBefore: string[];

  const uploads = () => {
    const dir = path.join(dataDir, 'uploads', 'produtos');
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  };
  /** Rows per table, bookkeeping tables left out. */
  const snapshot = async () => {
    const byTable = new Map<string, string[]>();
    for (const r of await database.use(dumpAllRows)) {
      if (BOOKKEEPING.has(r.table)) continue;
      byTable.set(r.table, [...(byTable.get(r.table) ?? []), r.text]);
    }
    for (const list of byTable.values()) list.sort();
    return byTable;
  };
  /** Nothing written: PostgreSQL is read while the server runs; PGlite (one process per folder) after stopping it. */
  const expectUnchanged = async (context: string) => {
    if (kind === 'pglite') await server.stop();
    const now = await snapshot();
    if (kind === 'pglite') await server.start();
    const diff: string[] = [];
    for (const table of new Set([...before.keys(), ...now.keys()])) {
      const a = new Set(before.get(table) ?? []);
      const b = new Set(now.get(table) ?? []);
      for (const r of b) if (!a.has(r)) diff.push(`+ ${table}: ${r.slice(0, 200)}`);
      for (const r of a) if (!b.has(r)) diff.push(`- ${table}: ${r.slice(0, 200)}`);
    }
    expect(diff, `${context}: rows changed`).toEqual([]);
    expect(uploads(), `${context}: files stored`).toEqual(uploadsBefore);
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-rel-uploads-'));
    let made: Record<string, Account> = {};
    const prepared = { address: 0, othersAddress: 0, product: 0, application: 0 };
    database = await createServerDatabase(kind, {
      seedProducts: 12,
      prepare: async (db) => {
        made = await createAccounts(db, { shopper: 'customer', other: 'customer', candidate: 'customer', seller: 'seller', admin: 'admin' });
        const address = { ...ADDRESS, estado: 'SP' as const, cep: '01305000', celular: '11987654321' };
        const a = await addAddress(db, made.shopper!.id, address);
        const b = await addAddress(db, made.other!.id, address);
        if (!a.ok || !b.ok) throw new Error('endereços de teste');
        prepared.address = a.address.id;
        prepared.othersAddress = b.address.id;
        const product = parseProductForm(PRODUCT);
        if (!product.ok) throw new Error(JSON.stringify(product.errors));
        prepared.product = await createProduct(db, null, made.seller!.id, product.value, { url: PRODUCT.foto_url, width: 600, height: 600 });
        const applied = await submitSellerApplication(db, made.candidate!.id, { ...PERSON, cpf: '11144477735', celular: '11987654321', cep: '01305000', email: 'candidato@example.com' });
        if (!applied.ok) throw new Error(applied.message);
        const [app] = await rows<{ id: number }>(db, sql`select id from seller_applications order by id desc limit 1`);
        prepared.application = app!.id;
      },
    });
    accounts = made;
    server = await AppServer.create({ ...database.server, env: { TRUST_PROXY: 'true', LOG_LEVEL: 'warn', ...(kind === 'postgres' ? { DATA_DIR: dataDir } : {}) } });
    if (kind === 'pglite') dataDir = database.server.dataDir!;
    await server.start();
    for (const a of Object.values(accounts)) await signIn(server, a);
    const placed = await server.fetch('/api/orders', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({
        idempotencyKey: crypto.randomUUID(),
        email: 'pedido@example.com',
        lines: [{ productId: 2, quantity: 1 }],
        address: { cep: '01001000', street: 'Praça da Sé', number: '1', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' },
        shipping: 'standard',
        payment: 'pix',
        installments: 1,
        customer: { name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' },
      }),
    });
    const order = (await placed.json()) as { order: { number: string } };
    expect(placed.status).toBe(201);
    ids = { ...prepared, order: order.order.number };
    before = await (async () => {
      if (kind === 'pglite') await server.stop();
      const s = await snapshot();
      if (kind === 'pglite') await server.start();
      return s;
    })();
    uploadsBefore = uploads();
  });

  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
    if (kind === 'postgres') fs.rmSync(dataDir, { recursive: true, force: true });
  });

  afterEach(() => {
    expectNoPrototypePollution();
    expect(server.isRunning, `the server died:\n${server.output.slice(-3000)}`).toBe(true);
  });

  const json = (method: string, url: string, text: string, opts: { cookie?: string; type?: string } = {}) =>
    server.fetch(url, {
      method,
      headers: { origin: server.url, 'x-forwarded-for': randomIp(), 'content-type': opts.type ?? 'application/json', ...(opts.cookie ? { cookie: opts.cookie } : {}) },
      body: text,
    });
  const postForm = (url: string, fields: Field[], multipart: boolean, cookie?: string) => {
    const { body, type } = encodeForm(fields, multipart);
    return server.fetch(url, { method: 'POST', headers: { origin: server.url, 'x-forwarded-for': randomIp(), ...(type ? { 'content-type': type } : {}), ...(cookie ? { cookie } : {}) }, body });
  };
  const uniqueEmail = () => `novo-${crypto.randomBytes(5).toString('hex')}@example.com`;

  // --- page form actions ----------------------------------------------------------------------------------
  describe('page forms', () => {
    afterAll(() => expectUnchanged('page forms'));

    type PageCase = { name: string; url: () => string; actor: () => Account | null; form: ReturnType<typeof brokenForm> };
    const PAGES: PageCase[] = [
      {
        name: 'Login',
        url: () => '/Login',
        actor: () => null,
        form: brokenForm(
          () => ({ intent: 'senha', email: accounts.shopper!.email, password: 'senha-errada-123', redirectTo: '/' }),
          [req('email', fc.oneof(notEmail, blank)), req('password', fc.oneof(weirdText, tooLong(128), huge)), opt('intent', fc.constantFrom('google', 'facebook'))],
        ),
      },
      {
        name: 'Registrar',
        url: () => '/Registrar',
        actor: () => null,
        form: brokenForm(
          () => ({ intent: 'cadastro', email: uniqueEmail(), name: 'Ana Souza', password: 'senha-valida-123', redirectTo: '/' }),
          [
            req('email', notEmail),
            req(
              'name',
              fc.oneof(
                badText(100),
                weirdText.filter((s) => words(s) < 2),
              ),
            ),
            req('password', fc.oneof(fc.string({ maxLength: 7 }), tooLong(128), huge)),
            opt('intent', fc.constantFrom('google', 'facebook')),
          ],
        ),
      },
      { name: 'EsqueciSenha', url: () => '/EsqueciSenha', actor: () => null, form: brokenForm(() => ({ email: accounts.shopper!.email }), [req('email', notEmail)]) },
      {
        name: 'RedefinirSenha',
        url: () => '/RedefinirSenha?token=x',
        actor: () => null,
        form: brokenForm(
          () => ({ token: crypto.randomBytes(16).toString('hex'), password: 'senha-nova-123', confirm: 'senha-nova-123' }),
          [req('token', fc.oneof(weirdText, tooLong(200))), req('password', fc.oneof(fc.string({ maxLength: 7 }), tooLong(128), huge)), req('confirm', weirdText)],
        ),
      },
      { name: 'Informacoes', url: () => '/Informacoes', actor: () => accounts.shopper!, form: brokenForm(() => ({ ...PERSON }), personBreakers) },
      { name: 'CustomerForm', url: () => '/CustomerForm', actor: () => accounts.shopper!, form: brokenForm(() => ({ ...PERSON }), personBreakers) },
      { name: 'SellerForm', url: () => '/SellerForm', actor: () => accounts.shopper!, form: brokenForm(() => ({ ...PERSON }), personBreakers) },
      {
        name: 'CriarFormulario (novo endereço)',
        url: () => '/CriarFormulario',
        actor: () => accounts.shopper!,
        form: brokenForm(
          () => ({ ...ADDRESS }),
          [
            ...personBreakers.filter((b) => ['nome', 'celular', 'cep', 'bairro', 'cidade'].includes(b.field)),
            req('rua', badText(200)),
            req('numero', badText(20)),
            opt('complemento', fc.oneof(tooLong(100), huge)),
            req('estado', badEnum(UFS)),
          ],
        ),
      },
      {
        name: 'CriarFormulario (apagar)',
        url: () => '/CriarFormulario',
        actor: () => accounts.shopper!,
        form: brokenForm(
          () => ({ intent: 'apagar', id: String(ids.othersAddress) }),
          [
            req(
              'id',
              fc.oneof(
                badNumberText,
                fc.constant(null).map(() => String(ids.othersAddress)),
                fc.integer({ min: 100_000, max: 2_000_000_000 }).map(String),
              ),
            ),
          ],
        ),
      },
      {
        name: 'MinhaConta (excluir)',
        url: () => '/MinhaConta',
        actor: () => accounts.shopper!,
        form: brokenForm(
          () => ({ intent: 'excluir', confirmacao: 'EXCLUIR' }),
          [
            req('intent', badEnum(['excluir'])),
            req(
              'confirmacao',
              weirdText.filter((s) => s.trim().toUpperCase() !== 'EXCLUIR'),
            ),
          ],
        ),
      },
      {
        name: 'garagem',
        url: () => '/garagem',
        actor: () => accounts.shopper!,
        form: brokenForm(
          () => ({ intencao: 'usar', versao: '999999', ano: '2015', voltar: '/garagem' }),
          [
            req('intencao', badEnum(['usar', 'remover', 'limpar'])),
            req('versao', fc.oneof(badNumberText, fc.integer({ min: 1, max: 999_999_999 }).map(String))),
            req('ano', fc.oneof(badNumberText, fc.integer({ min: 1000, max: 9999 }).map(String))),
          ],
        ),
      },
      { name: 'CriarProduto', url: () => '/CriarProduto', actor: () => accounts.seller!, form: brokenForm(() => ({ ...PRODUCT }), productBreakers(true)) },
      { name: 'MeusProdutos/:id', url: () => `/MeusProdutos/${ids.product}`, actor: () => accounts.seller!, form: brokenForm(() => ({ ...PRODUCT }), productBreakers(false)) },
      {
        name: 'Admin/Pedidos',
        url: () => '/Admin/Pedidos',
        actor: () => accounts.admin!,
        form: brokenForm(
          () => ({ numero: ids.order, status: 'paid', rastreio: 'BR123456789BR' }),
          [
            req(
              'numero',
              fc.oneof(
                weirdText,
                fc
                  .integer({ min: 10_000_000, max: 99_999_999 })
                  .filter((n) => String(n) !== ids.order)
                  .map(String),
              ),
            ),
            req('status', badEnum(['paid', 'cancelled'])),
            opt('rastreio', fc.oneof(tooLong(40), huge)),
          ],
        ),
      },
      {
        name: 'Admin/Vendedores',
        url: () => '/Admin/Vendedores',
        actor: () => accounts.admin!,
        form: brokenForm(
          () => ({ id: String(ids.application), decisao: 'aprovar' }),
          [req('id', fc.oneof(badNumberText, fc.integer({ min: 100_000, max: 2_000_000_000 }).map(String))), req('decisao', badEnum(['aprovar', 'recusar']))],
        ),
      },
      {
        name: 'Admin/Avaliacoes',
        url: () => '/Admin/Avaliacoes',
        actor: () => accounts.admin!,
        form: brokenForm(
          () => ({ id: '1', decisao: 'aprovar' }),
          [req('id', fc.oneof(badNumberText, fc.integer({ min: 100_000, max: 2_000_000_000 }).map(String))), req('decisao', badEnum(['aprovar', 'recusar']))],
        ),
      },
      {
        name: 'Admin/Perguntas',
        url: () => '/Admin/Perguntas',
        actor: () => accounts.admin!,
        form: brokenForm(
          () => ({ id: '1', decisao: 'responder', answer: 'Serve sim.' }),
          [
            req('id', fc.oneof(badNumberText, fc.integer({ min: 100_000, max: 2_000_000_000 }).map(String))),
            req('decisao', badEnum(['responder', 'recusar'])),
            req('answer', fc.oneof(tooLong(2000), huge)),
          ],
        ),
      },
    ];

    it.each(PAGES.map((p) => [p.name, p] as const))('%s: a broken form → 4xx with a pt-BR message', async (_name, page) => {
      await fc.assert(
        fc.asyncProperty(page.form, async ({ fields, multipart, label }) => {
          await expectPageRefusal(await postForm(page.url(), fields, multipart, page.actor()?.cookie), `${page.url()} ${multipart ? 'multipart' : 'urlencoded'} ${label}`);
        }),
        fcOptions(),
      );
    });

    // "\u0000" in /Informacoes once answered 500 (PostgreSQL refuses NUL in text) and logged the address.
    it.each(PAGES.map((p) => [p.name, p] as const))('%s: a control character (NUL, ESC…) in any field of a valid form → 400 in pt-BR', async (_name, page) => {
      const request = fc.tuple(controlChar, fc.nat(), fc.nat(), fc.boolean()).map(([ch, which, at, multipart]) => {
        const fields: Field[] = Object.entries(page.form.base()).map(([name, value]) => ({ name, value }));
        const target = fields[which % fields.length] as { name: string; value: string };
        const pos = at % (target.value.length + 1);
        const changed = fields.map((f) => (f === target ? { name: target.name, value: target.value.slice(0, pos) + ch + target.value.slice(pos) } : f));
        return { fields: changed, multipart, label: `${target.name} ← U+${ch.charCodeAt(0).toString(16).padStart(4, '0')}` };
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ fields, multipart, label }) => {
          const { status } = await expectPageRefusal(await postForm(page.url(), fields, multipart, page.actor()?.cookie), `${page.url()} ${label}`);
          expect(status).toBe(400);
        }),
        { ...fcOptions(), numRuns: Math.min(NUM_RUNS, 8) },
      );
    });

    it('every page form: wrong content types, unreadable bodies and oversized forms → 4xx in pt-BR', async () => {
      const targets = PAGES.map((p) => [p.url, p.actor] as const);
      const valid = new URLSearchParams({ email: 'a@example.com', password: 'x' }).toString();
      const request = fc.oneof(
        fc.record({
          type: fc.constantFrom('application/json', 'text/plain', 'application/xml', 'text/html', 'application/octet-stream', 'form', ''),
          body: fc.oneof(fc.constant(valid), fc.constant('{"email":"a@b.com"}'), fc.string({ maxLength: 100 })),
        }),
        fc.record({
          type: fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=x', 'multipart/form-data; boundary=----olimpo'),
          body: fc.oneof(fc.constant('garbage'), fc.constant('------olimpo\r\nContent-Disposition: form-data; name="email"\r\n\r\na'), fc.string({ unit: 'binary', maxLength: 200 })),
        }),
        fc.record({ type: fc.constant('application/x-www-form-urlencoded'), body: fc.integer({ min: 65 * 1024, max: 150 * 1024 }).map((n) => `email=${'a'.repeat(n)}`) }),
      );
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...targets), request, async ([url, actor], { type, body }) => {
          const res = await server.fetch(url(), {
            method: 'POST',
            headers: { origin: server.url, 'x-forwarded-for': randomIp(), ...(type ? { 'content-type': type } : {}), ...(actor() ? { cookie: actor()!.cookie } : {}) },
            body,
          });
          await expectPageRefusal(res, `${url()} [${type}] ${body.slice(0, 80)}`);
        }),
        fcOptions(),
      );
    });

    // /Checkout has an action now (the order as a page form): its bad input is checked in
    // tests/e2e/checkout-action-and-after.spec.ts (a pt-BR 400 naming the field, no stock taken).
    it('pages without a form action refuse posts (405) in pt-BR', async () => {
      for (const url of ['/', '/ProductList', '/Cart', '/ProductView/1', '/Pedidos', `/Pedidos/${ids.order}`, '/MeusProdutos', '/sobre-nos']) {
        const { status } = await expectPageRefusal(await postForm(url, [{ name: 'q', value: 'x' }], false, accounts.admin!.cookie), `POST ${url}`);
        expect(status, url).toBe(405);
      }
    });
  });
});
