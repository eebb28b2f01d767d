// Bad input for accounts' JSON: every /api/auth endpoint a browser can call and our /api/account endpoints,
// fuzzed with fast-check against the real built server (`node server/main.js`) on each database. Each case
// is a valid request broken in one place (missing field, wrong type, huge strings, unicode,
// NaN/negative/huge numbers, `__proto__`/`constructor` keys), or a malformed body / wrong content type.
// Always a 4xx in pt-BR, never a 5xx or a redirect, and no row of any table changes. The page forms:
// account-form-input.test.ts; the values: support/account-fuzz.ts.
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
import { createAccounts, expectJsonRefusal, randomIp, signIn } from './support/accounts.ts';
import type { Account } from './support/accounts.ts';
import { expectNoPrototypePollution } from './support/checks.ts';
import { createServerDatabase, DATABASE_KINDS, dumpAllRows, rows } from './support/databases.ts';
import type { ServerDatabase } from './support/databases.ts';
import { AppServer } from './support/server.ts';
import { sql } from 'drizzle-orm';
import { ADDRESS, PERSON, fcOptions, BOOKKEEPING, weirdText, tooLong, blank, notString, notObject, notArray, badInt, DELETE, brokenJson, encodeForm, PRODUCT } from './support/account-fuzz.ts';
import type { Field } from './support/account-fuzz.ts';
describe.each(DATABASE_KINDS)("bad input on accounts' JSON endpoints never breaks anything nor writes (%s)", (kind) => {
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

  // --- /api/auth and /api/account (JSON) -------------------------------------------------------------------
  describe('JSON endpoints', () => {
    afterAll(() => expectUnchanged('JSON endpoints'));

    it('POST /api/auth/sign-up/email: a broken sign-up → 4xx in pt-BR, no account', async () => {
      const body = brokenJson(
        () => ({ email: uniqueEmail(), name: 'Ana Souza', password: 'senha-valida-123' }),
        [
          [[], fc.oneof(fc.constant(DELETE), notObject)],
          [
            ['email'],
            fc.oneof(
              fc.constant(DELETE),
              notString,
              weirdText.filter((s) => !s.includes('@')),
              fc.constant(`${'a'.repeat(300)}@example.com`),
            ),
          ],
          [['name'], fc.oneof(fc.constant(DELETE), notString)],
          [['password'], fc.oneof(fc.constant(DELETE), notString, fc.string({ maxLength: 7 }), tooLong(128))],
        ],
      );
      await fc.assert(
        fc.asyncProperty(body, async ({ text, where }) => {
          await expectJsonRefusal(await json('POST', '/api/auth/sign-up/email', text), `sign-up ${where}: ${text.slice(0, 200)}`);
        }),
        fcOptions(),
      );
    });

    it('POST /api/auth/sign-in/email: broken or wrong credentials → 4xx in pt-BR, no session', async () => {
      const body = brokenJson(
        () => ({ email: accounts.shopper!.email, password: 'senha-errada-123' }),
        [
          [[], fc.oneof(fc.constant(DELETE), notObject)],
          [['email'], fc.oneof(fc.constant(DELETE), notString, weirdText, tooLong(320))],
          [['password'], fc.oneof(fc.constant(DELETE), notString, weirdText, tooLong(128))],
          [['rememberMe'], fc.oneof(notString, weirdText)],
        ],
      );
      await fc.assert(
        fc.asyncProperty(body, async ({ text, where }) => {
          await expectJsonRefusal(await json('POST', '/api/auth/sign-in/email', text), `sign-in ${where}: ${text.slice(0, 200)}`);
        }),
        fcOptions(),
      );
    });

    it('POST /api/auth/request-password-reset and /reset-password: broken requests, unknown tokens → 4xx in pt-BR', async () => {
      const request = fc.oneof(
        brokenJson(
          () => ({ email: accounts.shopper!.email, redirectTo: '/RedefinirSenha' }),
          [
            [[], fc.oneof(fc.constant(DELETE), notObject)],
            [
              ['email'],
              fc.oneof(
                fc.constant(DELETE),
                notString,
                weirdText.filter((s) => !s.includes('@')),
              ),
            ],
          ],
        ).map((b) => ({ ...b, url: '/api/auth/request-password-reset' })),
        brokenJson(
          () => ({ token: crypto.randomBytes(12).toString('hex'), newPassword: 'senha-nova-123' }),
          [
            [[], fc.oneof(fc.constant(DELETE), notObject)],
            [['token'], fc.oneof(fc.constant(DELETE), notString, weirdText, tooLong(300))],
            [['newPassword'], fc.oneof(fc.constant(DELETE), notString, fc.string({ maxLength: 7 }), tooLong(128))],
          ],
        ).map((b) => ({ ...b, url: '/api/auth/reset-password' })),
      );
      await fc.assert(
        fc.asyncProperty(request, async ({ text, where, url }) => {
          await expectJsonRefusal(await json('POST', url, text), `${url} ${where}: ${text.slice(0, 200)}`);
        }),
        fcOptions(),
      );
    });

    it('signed-in /api/auth calls (update-user, change-password, change-email, sign-in/social): broken → 4xx in pt-BR, nothing changed', async () => {
      const request = fc.oneof(
        brokenJson(
          () => ({ name: 'Conta shopper Teste' }),
          [
            [[], notObject],
            [['name'], fc.oneof(notString, tooLong(100), blank)],
            [['role'], fc.constantFrom('admin', 'seller')],
            [['email'], fc.constantFrom('outro@example.com')],
            [['image'], fc.oneof(notString, fc.constantFrom('javascript:alert(1)'))],
          ],
        ).map((b) => ({ ...b, url: '/api/auth/update-user' })),
        brokenJson(
          () => ({ currentPassword: 'senha-errada-123', newPassword: 'senha-nova-123' }),
          [
            [[], notObject],
            [['currentPassword'], fc.oneof(fc.constant(DELETE), notString, weirdText)],
            [['newPassword'], fc.oneof(fc.constant(DELETE), notString, fc.string({ maxLength: 7 }), tooLong(128))],
          ],
        ).map((b) => ({ ...b, url: '/api/auth/change-password' })),
        brokenJson(
          () => ({ newEmail: uniqueEmail() }),
          [
            [[], notObject],
            [
              ['newEmail'],
              fc.oneof(
                fc.constant(DELETE),
                notString,
                weirdText.filter((s) => !s.includes('@')),
              ),
            ],
          ],
        ).map((b) => ({ ...b, url: '/api/auth/change-email' })),
        brokenJson(
          () => ({ provider: 'google', callbackURL: '/' }),
          [
            [['provider'], fc.oneof(fc.constant(DELETE), notString, weirdText, fc.constantFrom('google', 'facebook', 'github'))],
            [['callbackURL'], fc.oneof(notString, fc.constantFrom('https://evil.example/roubo', '//evil.example', 'javascript:alert(1)'))],
          ],
        ).map((b) => ({ ...b, url: '/api/auth/sign-in/social' })),
      );
      await fc.assert(
        fc.asyncProperty(request, async ({ text, where, url }) => {
          await expectJsonRefusal(await json('POST', url, text, { cookie: accounts.shopper!.cookie }), `${url} ${where}: ${text.slice(0, 200)}`);
        }),
        fcOptions(),
      );
    });

    it('PUT /api/account/cart and POST /api/account/cart/merge: a broken cart → 400 in pt-BR', async () => {
      const line = ['items', 0];
      const body = brokenJson(
        () => ({ items: [{ id: 2, quantity: 1, cor: 'Preto' }] }),
        [
          [[], fc.oneof(fc.constant(DELETE), notObject)],
          [
            ['items'],
            fc.oneof(
              fc.constant(DELETE),
              notArray,
              fc.integer({ min: 101, max: 150 }).map((n) => Array.from({ length: n }, (_, i) => ({ id: 1 + (i % 10), quantity: 1 }))),
            ),
          ],
          [line, notObject],
          [[...line, 'id'], fc.oneof(fc.constant(DELETE), badInt(1, 2_147_483_647))],
          [[...line, 'quantity'], fc.oneof(fc.constant(DELETE), badInt(1, 999))],
          [[...line, 'cor'], fc.oneof(notString, tooLong(40))],
          [[...line, 'tamanho'], fc.oneof(notString, tooLong(10))],
        ],
      );
      await fc.assert(
        fc.asyncProperty(body, fc.constantFrom(['PUT', '/api/account/cart'], ['POST', '/api/account/cart/merge']), async ({ text, where }, [method, url]) => {
          const { status } = await expectJsonRefusal(await json(method!, url!, text, { cookie: accounts.shopper!.cookie }), `${method} ${url} ${where}: ${text.slice(0, 200)}`);
          expect(status).toBe(400);
        }),
        fcOptions(),
      );
    });

    it('every JSON endpoint: malformed JSON, wrong content types and oversized bodies → 4xx in pt-BR', async () => {
      const endpoints: [string, string, boolean][] = [
        ['POST', '/api/auth/sign-up/email', false],
        ['POST', '/api/auth/sign-in/email', false],
        ['POST', '/api/auth/request-password-reset', false],
        ['POST', '/api/auth/reset-password', false],
        ['POST', '/api/auth/sign-in/social', false],
        ['POST', '/api/auth/update-user', true],
        ['POST', '/api/auth/change-password', true],
        ['PUT', '/api/account/cart', true],
        ['POST', '/api/account/cart/merge', true],
      ];
      const malformed = fc.oneof(
        fc.constantFrom('{', '{"email":', '[1,2', "{'email':'a'}", '{"a":1,}', '\uFEFF{}', 'NaN', '1e999', '{"__proto__":', '"\\ud800"', 'null', 'true', '"texto"', '[]', '0'),
        fc.integer({ min: 1000, max: 10_000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
        fc.string({ unit: 'binary', maxLength: 200 }).filter((s) => s.trim() !== '' && s !== '{}'),
      );
      const wrongType = fc.constantFrom('text/plain', 'text/plain;charset=UTF-8', 'multipart/form-data; boundary=x', 'application/xml', 'application/jsonx', 'json');
      const validSignUp = fc.constant(null).map(() => JSON.stringify({ email: uniqueEmail(), name: 'Ana Souza', password: 'senha-valida-123' }));
      const oversized = fc.integer({ min: 65 * 1024, max: 150 * 1024 }).map((n) => JSON.stringify({ email: 'a@example.com', password: 'x', pad: 'x'.repeat(n) }));
      const request = fc.oneof(
        fc.record({ body: malformed, type: fc.constant('application/json') }),
        fc.record({ body: fc.oneof(validSignUp, malformed), type: wrongType }),
        fc.record({ body: oversized, type: fc.constant('application/json') }),
      );
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...endpoints), request, async ([method, url, signed], { body, type }) => {
          const res = await json(method, url, body, { type, cookie: signed ? accounts.shopper!.cookie : undefined });
          await expectJsonRefusal(res, `${method} ${url} [${type}] ${body.slice(0, 100)}`);
        }),
        fcOptions(),
      );
    });
  });
});
