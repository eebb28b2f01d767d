// Bad input on what a shopper does after the catalog: reviews, questions, "útil" votes, favourites, "Avise-me",
// the header's suggestions, the recently viewed cards, return requests and "Gerar novo PIX", fuzzed with
// fast-check against the built server (`node server/main.js`) on each database. Each case is a valid request
// broken in one place; the answer is a 4xx in pt-BR (a page with the message in `role="alert"`, or `{ erro }`),
// never a 5xx, and no row of any table changes. The state it starts from: support/storefront.ts.
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RETURN_REASONS } from '#src/domain/returns/windows.ts';
import {
  BOOKKEEPING,
  badNumberText,
  badText,
  blank,
  brokenForm,
  brokenJson,
  encodeForm,
  fcOptions,
  huge,
  notEmail,
  notObject,
  notString,
  opt,
  req,
  tooLong,
  weirdText,
} from './support/account-fuzz.ts';
import type { Field } from './support/account-fuzz.ts';
import { createAccounts, expectJsonRefusal, expectPageRefusal, pageErrors, randomIp, signIn } from './support/accounts.ts';
import type { Account } from './support/accounts.ts';
import { expectNoPrototypePollution, isPtBrMessage } from './support/checks.ts';
import { createServerDatabase, DATABASE_KINDS, dumpAllRows } from './support/databases.ts';
import type { ServerDatabase } from './support/databases.ts';
import { AppServer } from './support/server.ts';
import { prepareStorefront } from './support/storefront.ts';
import type { Storefront } from './support/storefront.ts';

/** A control character no person types: C0 (not tab or line breaks), DEL or C1. */
const controlChar = fc
  .oneof(
    fc.integer({ min: 0, max: 0x1f }).filter((n) => n !== 9 && n !== 10 && n !== 13),
    fc.integer({ min: 0x7f, max: 0x9f }),
  )
  .map((n) => String.fromCharCode(n));
const withControl = (valid: string) => fc.tuple(controlChar, fc.nat()).map(([ch, at]) => valid.slice(0, at % (valid.length + 1)) + ch + valid.slice(at % (valid.length + 1)));
/** Path segments that are not a product, review or order: malformed, out of range or unknown. */
const badId = fc.oneof(
  fc.constantFrom('0', '-1', '1.5', '1e3', 'abc', '99999999999', '2147483648', '999999', '%20', '١٢'),
  weirdText.filter((s) => s.trim() !== '' && !/^\d+$/.test(s)),
);
/** A path segment as a client would send it: well-formed UTF-8 (a lone surrogate cannot be sent), dots escaped. */
const segment = (s: string) => encodeURIComponent(s.toWellFormed()).replace(/\./g, '%2E');
const query = (s: string) => encodeURIComponent(s.toWellFormed());

describe.each(DATABASE_KINDS)('bad input on the storefront never breaks anything nor writes (%s)', (kind) => {
  let database: ServerDatabase;
  let server: AppServer;
  let people: Record<'buyer' | 'other' | 'admin', Account>;
  let shop: Storefront;
  let before: Map<string, string[]>;

  const snapshot = async () => {
    const byTable = new Map<string, string[]>();
    for (const r of await database.use(dumpAllRows)) {
      // Sessions are touched by every signed-in request; counters and e-mails are bookkeeping.
      if (BOOKKEEPING.has(r.table) || r.table === 'public.sessions') continue;
      byTable.set(r.table, [...(byTable.get(r.table) ?? []), r.text]);
    }
    for (const list of byTable.values()) list.sort();
    return byTable;
  };
  /** PostgreSQL is read while the server runs; PGlite (one process per folder) after stopping it. */
  const read = async () => {
    if (kind === 'pglite') await server.stop();
    const s = await snapshot();
    if (kind === 'pglite') await server.start(180_000);
    return s;
  };

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
    before = await read();
  }, 600_000);
  afterAll(async () => {
    if (server && before) {
      const now = await read();
      const diff: string[] = [];
      for (const table of new Set([...before.keys(), ...now.keys()])) {
        const a = new Set(before.get(table) ?? []);
        const b = new Set(now.get(table) ?? []);
        for (const r of b) if (!a.has(r)) diff.push(`+ ${table}: ${r.slice(0, 200)}`);
        for (const r of a) if (!b.has(r)) diff.push(`- ${table}: ${r.slice(0, 200)}`);
      }
      expect(diff, 'rows changed').toEqual([]);
    }
    await server?.stop();
    await database?.dispose();
  });
  afterEach(() => {
    expectNoPrototypePollution();
    expect(server.isRunning, `the server died:\n${server.output.slice(-3000)}`).toBe(true);
  });

  const call = (method: string, url: string, opts: { cookie?: string; text?: string; type?: string } = {}) =>
    server.fetch(url, {
      method,
      headers: {
        origin: server.url,
        'x-forwarded-for': randomIp(),
        ...(opts.text === undefined ? {} : { 'content-type': opts.type ?? 'application/json' }),
        ...(opts.cookie ? { cookie: opts.cookie } : {}),
      },
      body: opts.text,
    });
  const postForm = (url: string, fields: Field[], multipart: boolean, cookie?: string) => {
    const { body, type } = encodeForm(fields, multipart);
    return server.fetch(url, { method: 'POST', headers: { origin: server.url, 'x-forwarded-for': randomIp(), ...(type ? { 'content-type': type } : {}), ...(cookie ? { cookie } : {}) }, body });
  };

  // --- page forms ------------------------------------------------------------------------------------------
  type PageCase = { name: string; url: () => string; actor: () => Account; form: ReturnType<typeof brokenForm> };
  const PAGES: PageCase[] = [
    {
      name: 'AvaliarProduto (a buyer whose order was delivered)',
      url: () => `/AvaliarProduto/${shop.reviewable}`,
      actor: () => people.buyer,
      form: brokenForm(
        () => ({ stars: '4', title: 'Bom produto', body: 'Funcionou muito bem no carro.', vehicle: '' }),
        [
          req('stars', fc.oneof(badNumberText, fc.constantFrom('6', '0', '4.5'))),
          req('title', fc.oneof(badText(80), withControl('Bom produto'), fc.constant('Bom\nproduto'), fc.string({ maxLength: 2 }))),
          req('body', fc.oneof(badText(2000), withControl('Funcionou muito bem no carro.'), fc.string({ maxLength: 9 }))),
          opt(
            'vehicle',
            fc.oneof(
              weirdText.filter((s) => s !== ''),
              fc.constantFrom('1', '1:', ':2015', '999999:2015', '1:1800', '1:20155'),
            ),
          ),
        ],
      ),
    },
    {
      name: 'Perguntas (a signed-in shopper asks)',
      url: () => `/Perguntas/${shop.reviewed}`,
      actor: () => people.other,
      form: brokenForm(() => ({ question: 'Serve no Voyage 2014 com motor 1.6?' }), [req('question', fc.oneof(badText(500), withControl('Serve no Voyage 2014?'), fc.string({ maxLength: 9 })))]),
    },
    {
      name: 'devolucao (the buyer of a delivered order)',
      url: () => `/Pedidos/${shop.delivered.number}/devolucao`,
      actor: () => people.buyer,
      form: brokenForm(
        () => ({ motivo: 'withdrawal', comentario: 'Não serviu no carro.', [`qtd-${shop.deliveredLines[0]}`]: '1' }),
        [
          req(
            'motivo',
            weirdText.filter((s) => !(RETURN_REASONS as readonly string[]).includes(s)),
          ),
          opt('comentario', fc.oneof(tooLong(500), huge, withControl('Não serviu no carro.'))),
        ],
      ),
    },
  ];
  // A broken quantity (out of range, not a number, more than was bought), with a valid reason.
  const quantityBroken = () =>
    fc
      .tuple(
        fc.oneof(
          badNumberText.filter((s) => !/^\s*0?\s*$/.test(s)),
          fc.constantFrom('2', '3', '999', '1000'),
        ),
        fc.boolean(),
      )
      .map(([v, multipart]) => ({
        fields: [
          { name: 'motivo', value: 'withdrawal' },
          { name: `qtd-${shop.deliveredLines[0]}`, value: v },
        ],
        multipart,
        label: `qtd ${JSON.stringify(v)}`,
      }));

  it.each(PAGES.map((p) => [p.name, p] as const))(
    '%s: a broken form → 4xx with a pt-BR message',
    async (_name, page) => {
      await fc.assert(
        fc.asyncProperty(page.form, async ({ fields, multipart, label }) => {
          await expectPageRefusal(await postForm(page.url(), fields, multipart, page.actor().cookie), `${page.url()} ${label}`);
        }),
        fcOptions(),
      );
    },
    300_000,
  );

  it('devolucao: a broken quantity (not a number, negative, more than bought) → 4xx with a pt-BR message', async () => {
    await fc.assert(
      fc.asyncProperty(quantityBroken(), async ({ fields, multipart, label }) => {
        await expectPageRefusal(await postForm(`/Pedidos/${shop.delivered.number}/devolucao`, fields, multipart, people.buyer.cookie), label);
      }),
      fcOptions(),
    );
  }, 300_000);

  it('a review, question, vote or return on a malformed or unknown product, review or order → 4xx in pt-BR', async () => {
    await fc.assert(
      fc.asyncProperty(badId, fc.constantFrom('AvaliarProduto', 'Perguntas', 'util', 'devolucao', 'novo-pix'), async (id, what) => {
        const url = {
          AvaliarProduto: `/AvaliarProduto/${segment(id)}`,
          Perguntas: `/Perguntas/${segment(id)}`,
          util: `/avaliacoes/${segment(id)}/util`,
          devolucao: `/Pedidos/${segment(id)}/devolucao`,
          'novo-pix': `/Pedidos/${segment(id)}`,
        }[what];
        const fields =
          what === 'AvaliarProduto'
            ? { stars: '5', title: 'Bom produto', body: 'Funcionou muito bem.' }
            : what === 'Perguntas'
              ? { question: 'Serve no Voyage 2014?' }
              : what === 'devolucao'
                ? { motivo: 'withdrawal' }
                : what === 'novo-pix'
                  ? { intent: 'novo-pix' }
                  : {};
        const res = await postForm(
          url,
          Object.entries(fields).map(([name, value]) => ({ name, value })),
          false,
          people.buyer.cookie,
        );
        if (res.status !== 404) await expectPageRefusal(res, `${what} ${url}`);
        else {
          // Nothing there: the shop's own 404 page, or the form's page saying so, in Portuguese.
          const html = await res.text();
          expect(html.includes('O endereço que você abriu não existe ou mudou de lugar.') || pageErrors(html).some(isPtBrMessage), `${what} ${url}: ${html.slice(0, 200)}`).toBe(true);
        }
      }),
      // A well-formed id of nothing, on every form, on every run (a random draw reached it only now and then).
      { ...fcOptions(), examples: (['AvaliarProduto', 'Perguntas', 'util', 'devolucao', 'novo-pix'] as const).map((what) => ['999999', what] as [string, typeof what]) },
    );
  }, 300_000);

  it('"Gerar novo PIX" on an order that is not an expired PIX, or with another intent → 4xx in pt-BR, no order made', async () => {
    const delivered = `/Pedidos/${shop.delivered.number}`;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constant('novo-pix'),
          weirdText.filter((s) => s !== 'comprar-novamente' && s !== 'novo-pix'),
        ),
        async (intent) => {
          await expectPageRefusal(await postForm(delivered, [{ name: 'intent', value: intent }], false, people.buyer.cookie), `${delivered} intent=${JSON.stringify(intent)}`);
        },
      ),
      { ...fcOptions(), numRuns: 15 },
    );
  }, 300_000);

  // --- JSON endpoints --------------------------------------------------------------------------------------
  it('POST /api/avise-me: a broken request → 4xx with a pt-BR erro', async () => {
    const body = brokenJson(
      () => ({ email: 'espera@example.com', productId: shop.soldOut }),
      [
        [['email'], fc.oneof(notEmail, notString, blank)],
        [
          ['productId'],
          fc.oneof(
            notString.filter((v) => typeof v !== 'number' || !Number.isSafeInteger(v) || v > 2_147_483_647 || v < 1),
            badNumberText,
            fc.constantFrom(999_999, shop?.reviewed ?? 1),
          ),
        ],
        [
          ['cor'],
          fc.oneof(
            tooLong(40),
            notString.filter((v) => v !== null),
          ),
        ],
        [
          ['tamanho'],
          fc.oneof(
            tooLong(10),
            notString.filter((v) => v !== null),
          ),
        ],
        [[], notObject],
      ],
    );
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async ({ text, where }, signedIn) => {
        await expectJsonRefusal(await call('POST', '/api/avise-me', { text, cookie: signedIn ? people.other.cookie : undefined }), `avise-me ${where}: ${text.slice(0, 120)}`);
      }),
      fcOptions(),
    );
    for (const text of ['{', '{"email":', 'null', '"x"', '[]', '{"email":"a@b.com","productId":1}'.repeat(3000)])
      await expectJsonRefusal(await call('POST', '/api/avise-me', { text }), `avise-me ${text.slice(0, 40)}`);
    await expectJsonRefusal(await call('POST', '/api/avise-me', { text: 'email=a%40b.com', type: 'application/x-www-form-urlencoded' }), 'avise-me as a form');
  }, 300_000);

  it('PUT and DELETE /api/favoritos/:id: a malformed id (and PUT of an unknown product) → 4xx with a pt-BR erro, guest or signed in', async () => {
    await fc.assert(
      fc.asyncProperty(badId, fc.constantFrom('PUT', 'DELETE'), fc.boolean(), async (id, method, signedIn) => {
        if (method === 'DELETE' && /^\d{1,9}$/.test(id)) return; // removing a product not in the list is not an error
        const res = await call(method, `/api/favoritos/${segment(id)}`, { cookie: signedIn ? people.other.cookie : undefined });
        await expectJsonRefusal(res, `${method} /api/favoritos/${id}`);
      }),
      fcOptions(),
    );
    // Escapes no browser sends: a UTF-8-encoded lone surrogate and a cut-off escape.
    for (const raw of ['%ED%A0%80', '%E0%A4%A', '%FF'])
      for (const method of ['PUT', 'DELETE']) await expectJsonRefusal(await call(method, `/api/favoritos/${raw}`, { cookie: people.other.cookie }), `${method} /api/favoritos/${raw}`);
  }, 300_000);

  it('GET /api/produtos/cartoes: malformed, too many or out-of-range ids → 400 in pt-BR', async () => {
    const ids = fc.oneof(
      weirdText.filter((s) => !/^\d{1,10}(,\d{1,10})*$/.test(s)),
      fc
        .array(fc.integer({ min: 1, max: 100 }), { minLength: 25, maxLength: 40 })
        .map((a) => [...new Set(a)].join(','))
        .filter((s) => s.split(',').length > 24),
      fc.constantFrom('0', '1,,2', ',1', '1,', '4294967296', '1;2', '1 2', `${'1,'.repeat(300)}1`),
    );
    await fc.assert(
      fc.asyncProperty(ids, async (v) => {
        const { status } = await expectJsonRefusal(await call('GET', `/api/produtos/cartoes?ids=${query(v)}`), `cartoes ${JSON.stringify(v)}`);
        expect(status).toBe(400);
      }),
      fcOptions(),
    );
  }, 300_000);

  it('GET /api/search/suggestions: any q at all → 200 with suggestions or a pt-BR 4xx, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(weirdText, tooLong(300), fc.string({ unit: 'grapheme', maxLength: 60 })), async (q) => {
        const res = await call('GET', `/api/search/suggestions?q=${query(q)}`);
        if (res.status === 200) expect(await res.json(), q).toBeTypeOf('object');
        else await expectJsonRefusal(res, `suggestions ${JSON.stringify(q)}`);
      }),
      fcOptions(),
    );
  }, 300_000);
});
