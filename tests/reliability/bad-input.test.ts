// Bad input: every API endpoint and form call fuzzed with fast-check. Each case starts from a valid request
// and breaks it (wrong types, missing fields, huge strings and arrays, unicode, NaN/negative/huge numbers,
// `__proto__` keys, malformed JSON, wrong content types); the answer must be a 4xx with a pt-BR `{ erro }`,
// never a 5xx, and no row of any table may change. In-process app (tests/support/app.ts) for speed.
// The bad values and breakers: support/api-fuzz.ts.
import crypto from 'node:crypto';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '#src/domain/payments/provider.ts';
import { createTestApp, TEST_WEBHOOK_SECRET } from '../support/app.ts';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { expectNoPrototypePollution, expectPtBrClientError } from './support/checks.ts';
import { dumpAllRows } from './support/databases.ts';
import {
  fcOptions,
  withControl,
  weirdText,
  notString,
  notObject,
  notArray,
  badInt,
  tooLong,
  badEnum,
  badEmail,
  badLegacyCep,
  badKey,
  seg,
  many,
  DELETE,
  setPath,
  required,
  optional,
  broken,
  address,
  card,
  validOrder,
  addressBreakers,
  badCard,
} from './support/api-fuzz.ts';
import type { Json, Path, Breaker } from './support/api-fuzz.ts';

describe.each(DATABASE_KINDS)('bad input never breaks the API nor writes anything (%s)', (kind) => {
  let database: TestDatabase;
  let t: ReturnType<typeof createTestApp>;
  let before: string;
  const orders: { number: string; token: string; totalCents: number }[] = [];

  const fingerprint = async () =>
    crypto
      .createHash('sha256')
      .update(
        (await dumpAllRows(database.db))
          .map((r) => `${r.table}:${r.text}`)
          .sort()
          .join('\n'),
      )
      .digest('hex');

  const send = (method: string, url: string, text?: string, headers: Record<string, string> = {}) =>
    t.app.fetch(new Request(`http://loja.test${url}`, { method, headers: text === undefined ? headers : { 'content-type': 'application/json', ...headers }, body: text }));

  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 30 });
    t = createTestApp(database);
    for (const over of [{ payment: 'pix' }, { payment: 'credit', card, installments: 2 }]) {
      const res = await t.request('POST', '/api/orders', { ...validOrder(), ...over });
      const body = (await res.json()) as { order: { number: string; totalCents: number }; accessToken: string };
      expect(res.status).toBe(201);
      orders.push({ number: body.order.number, token: body.accessToken, totalCents: body.order.totalCents });
    }
    before = await fingerprint();
  });
  afterAll(async () => {
    await database?.dispose();
  });
  afterEach(async () => {
    expect(await fingerprint(), 'some row changed').toBe(before);
    expectNoPrototypePollution();
  });

  // --- catalog ----------------------------------------------------------------------------------------------
  const catalogBad = fc.oneof(
    fc.record({ k: fc.constant('q'), v: tooLong(120) }),
    fc.record({ k: fc.constantFrom('marca', 'veiculo', 'categoria', 'ordem', 'estado'), v: weirdText.filter((s) => s.trim() !== '' && !/^(todos|novo|usado|carros|motos|caminhoes)$/i.test(s)) }),
    fc.record({
      k: fc.constantFrom('preco_min', 'preco_max'),
      v: fc.oneof(
        fc.constantFrom('-1', 'abc', '1e5', 'NaN', 'Infinity', '1,234.5.6', '99999999999', '0x10', '١٢٣'),
        weirdText.filter((s) => /[a-zA-Z]/.test(s)),
      ),
    }),
    fc.record({ k: fc.constant('pagina'), v: fc.constantFrom('0', '-1', 'abc', '1.5', '9999999', 'NaN', '1e3', '١') }),
    fc.record({ k: fc.constant('limite'), v: fc.constantFrom('0', '201', '-1', 'abc', '1e3', '99999', '2.5') }),
  );
  const noise = fc.array(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'prototype', 'x', 'q[]', 'marca[0]', '🚗'), weirdText), { maxLength: 3 });

  it.each(['/api/products', '/api/produtos'])('GET %s: an invalid filter, sort, page or limit → 400 in pt-BR', async (endpoint) => {
    await fc.assert(
      fc.asyncProperty(catalogBad, noise, async ({ k, v }, extra) => {
        const params = new URLSearchParams(extra);
        params.append(k, v);
        if (k === 'marca' || k === 'veiculo') params.append(k, 'x-inexistente');
        const { status } = await expectPtBrClientError(await send('GET', `${endpoint}?${params}`), `GET ${endpoint}?${params}`);
        expect(status).toBe(400);
      }),
      fcOptions(),
    );
  });

  it.each(['/api/products', '/api/produtos'])('GET %s: any query string at all → 200 or a pt-BR 400, never 5xx', async (endpoint) => {
    const anyParams = fc.array(
      fc.tuple(fc.oneof(fc.constantFrom('q', 'marca', 'categoria', 'veiculo', 'estado', 'preco_min', 'preco_max', 'ordem', 'pagina', 'limite', 'facetas'), weirdText), weirdText),
      { maxLength: 6 },
    );
    await fc.assert(
      fc.asyncProperty(anyParams, async (pairs) => {
        const qs = new URLSearchParams(pairs).toString();
        const res = await send('GET', `${endpoint}?${qs}`);
        if (res.status === 200) {
          const body = (await res.json()) as unknown;
          expect(Array.isArray(body) || typeof (body as { total?: unknown }).total === 'number').toBe(true);
        } else expect((await expectPtBrClientError(res, `GET ${endpoint}?${qs}`)).status).toBe(400);
      }),
      fcOptions(),
    );
  });

  it('GET /api/products/:id: anything but a catalog id → 400 or 404 in pt-BR', async () => {
    const segment = fc.oneof(weirdText, fc.constantFrom('0', '-1', '1.5', '1e3', '9999999999', '2147483648', '4294967296', '99999999999', ' 1', '1 ', '０１', '¹'), fc.integer().map(String));
    await fc.assert(
      fc.asyncProperty(
        segment.filter((s) => s !== '' && !(/^\d{1,10}$/.test(s) && Number(s) >= 1 && Number(s) <= 30)),
        async (s) => {
          const { status } = await expectPtBrClientError(await send('GET', `/api/products/${seg(s)}`), `GET /api/products/${s}`);
          expect([400, 404]).toContain(status);
        },
      ),
      fcOptions(),
    );
  });

  // --- cart, orders -----------------------------------------------------------------------------------------
  const lineBreakers = (prefix: Path, id: string, qty: string, color: string, size: string): Breaker[] => [
    required(prefix, notArray),
    optional(prefix, many({ [id]: 1, [qty]: 1 }, 101)),
    optional([...prefix, 0], notObject),
    required([...prefix, 0, id], badInt(1, 2_147_483_647)),
    required([...prefix, 0, qty], badInt(1, 999)),
    optional([...prefix, 0, color], fc.oneof(notString, tooLong(40))),
    optional([...prefix, 0, size], fc.oneof(notString, tooLong(10))),
  ];

  it('POST /api/cart/quote: a broken cart → 400 in pt-BR', async () => {
    const base = { lines: [{ productId: 2, quantity: 1 }], coupon: 'OLIMPO', cep: '01001000', shipping: 'standard', payment: 'pix' };
    const breakers: Breaker[] = [
      required([], notObject),
      ...lineBreakers(['lines'], 'productId', 'quantity', 'color', 'size'),
      optional(['coupon'], fc.oneof(notString, tooLong(40))),
      optional(['cep'], fc.oneof(notString, tooLong(20))),
      optional(['shipping'], badEnum(['standard', 'express'])),
      optional(['payment'], badEnum(['credit', 'boleto', 'pix'])),
    ];
    await fc.assert(
      fc.asyncProperty(broken(base, breakers), async ({ text, path }) => {
        const { status } = await expectPtBrClientError(await send('POST', '/api/cart/quote', text), `quote ${path}: ${text.slice(0, 200)}`);
        expect(status).toBe(400);
      }),
      fcOptions(),
    );
  });

  it('POST /api/orders: a broken order → 4xx in pt-BR, no order, no stock taken', async () => {
    const breakers: Breaker[] = [
      required([], notObject),
      required(['idempotencyKey'], badKey),
      required(['email'], badEmail),
      optional(['lines'], fc.constant([])),
      ...lineBreakers(['lines'], 'productId', 'quantity', 'color', 'size'),
      optional(['coupon'], fc.oneof(notString, tooLong(40))),
      ...addressBreakers(['address']),
      required(['shipping'], badEnum(['standard', 'express'])),
      required(['payment'], badEnum(['credit', 'boleto', 'pix'])),
      optional(['installments'], badInt(1, 10)),
    ];
    const order = fc.oneof(
      fc.constant(null).chain(() => broken(validOrder(), breakers)),
      // A card payment with a broken card.
      fc.constant(null).chain(() => broken({ ...validOrder(), payment: 'credit' }, [optional(['card'], fc.oneof(fc.constant(DELETE), badCard))])),
    );
    await fc.assert(
      fc.asyncProperty(order, async ({ text, path }) => {
        await expectPtBrClientError(await send('POST', '/api/orders', text), `order ${path}: ${text.slice(0, 200)}`);
      }),
      fcOptions(),
    );
  });

  it('POST /orders (the spec’s call): a broken order → 4xx in pt-BR, no order', async () => {
    const base = { email: 'fuzz@example.com', items: [{ id: 2, quantity: 1, titulo: 'x', valoratual: 0.01 }], address, shipping: 'standard', payment: 'pix', total: 0.01 };
    const breakers: Breaker[] = [
      required([], notObject),
      required(['email'], badEmail),
      optional(['items'], fc.constant([])),
      ...lineBreakers(['items'], 'id', 'quantity', 'cor', 'tamanho'),
      ...addressBreakers(['address'], badLegacyCep),
      required(['shipping'], badEnum(['standard', 'express'])),
      required(['payment'], badEnum(['credit', 'boleto', 'pix'])),
      optional(['installments'], badInt(1, 10)),
      optional(['coupon'], fc.oneof(notString, tooLong(40))),
    ];
    const request = fc.oneof(
      broken(base, breakers).map((b) => ({ ...b, headers: {} as Record<string, string> })),
      // (Without any card a credit order is recorded awaiting payment: the prototype never sends one.)
      broken({ ...base, payment: 'credit' }, [optional(['card'], badCard)]).map((b) => ({ ...b, headers: {} as Record<string, string> })),
      // A valid order with an invalid Idempotency-Key header.
      fc
        .oneof(
          fc.string({ maxLength: 15 }).filter((s) => /^[\x21-\x7e]*$/.test(s)),
          fc.constant('k'.repeat(101)),
          fc.constant('não-ascii-çççççççç'),
        )
        .filter((k) => !/^[A-Za-z0-9_-]{16,100}$/.test(k) && k !== '')
        .map((k) => ({ text: JSON.stringify(base), path: `Idempotency-Key ${k}`, headers: { 'idempotency-key': seg(k) } })),
    );
    await fc.assert(
      fc.asyncProperty(request, async ({ text, path, headers }) => {
        await expectPtBrClientError(await send('POST', '/orders', text, headers), `/orders ${path}: ${text.slice(0, 200)}`);
      }),
      fcOptions(),
    );
  });

  // NUL in a coupon, a colour, a street or an e-mail once reached PostgreSQL ("invalid byte sequence"): a 500
  // that logged the e-mail and the address. Every text field of every order and cart call, valid otherwise.
  it('a control character (NUL, ESC…) in any text field of a valid cart, order or chat → 400 in pt-BR, nothing written', async () => {
    const legacy = { email: 'fuzz@example.com', items: [{ id: 2, quantity: 1, cor: 'Preto', tamanho: '40' }], address, shipping: 'standard', payment: 'pix', coupon: 'OLIMPO' };
    const cases: { url: string; base: () => Json; paths: Path[] }[] = [
      {
        url: '/api/cart/quote',
        base: () => ({ lines: [{ productId: 2, quantity: 1, color: 'Preto', size: '40' }], coupon: 'OLIMPO', cep: '01001000' }),
        paths: [['coupon'], ['cep'], ['lines', 0, 'color'], ['lines', 0, 'size']],
      },
      {
        url: '/api/orders',
        base: () => ({ ...validOrder(), coupon: 'OLIMPO', lines: [{ productId: 2, quantity: 1, color: 'Preto' }] }),
        paths: [['email'], ['coupon'], ['lines', 0, 'color'], ...['cep', 'street', 'number', 'complement', 'neighborhood', 'city', 'state'].map((k) => ['address', k])],
      },
      {
        url: '/orders',
        base: () => legacy,
        paths: [['email'], ['coupon'], ['items', 0, 'cor'], ['items', 0, 'tamanho'], ...['street', 'number', 'complement', 'neighborhood', 'city', 'state'].map((k) => ['address', k])],
      },
      { url: '/api/chat', base: () => ({ mensagens: [{ sender: 'user', content: 'Tem farol para Gol?' }] }), paths: [['mensagens', 0, 'content']] },
      { url: '/chat', base: () => ({ mensagens: [{ sender: 'user', content: 'Tem farol para Gol?' }] }), paths: [['mensagens', 0, 'content']] },
    ];
    const get = (v: Json, p: Path): Json => p.reduce<Json>((o, k) => (o as Record<string | number, Json>)[k], v);
    const request = fc.constantFrom(...cases).chain((c) =>
      fc.constantFrom(...c.paths).chain((p) => {
        const base = c.base();
        return withControl(String(get(base, p))).map((v) => ({ url: c.url, text: JSON.stringify(setPath(base, p, v)), where: p.join('.') }));
      }),
    );
    await fc.assert(
      fc.asyncProperty(request, async ({ url, text, where }) => {
        const { status } = await expectPtBrClientError(await send('POST', url, text), `${url} ${where}: ${JSON.stringify(text).slice(0, 200)}`);
        expect(status).toBe(400);
      }),
      fcOptions(),
    );
    // Query strings too (searches, filters, the order token).
    for (const url of ['/api/products?q=farol%00', '/api/produtos?marca=%1B', `/api/orders/${orders[0]!.number}?token=%00abc`]) {
      const { status } = await expectPtBrClientError(await send('GET', url), `GET ${url}`);
      expect(status).toBe(400);
    }
  });

  it('POST /api/orders/:number/rating: bad rating, bad or missing token, unknown order → 4xx in pt-BR, nothing rated', async () => {
    const request = fc.tuple(
      fc.oneof(
        fc.constant(null).map(() => orders[0]!.number),
        weirdText.filter((s) => s !== '' && !s.includes('/')),
        fc.integer({ min: 10_000_000, max: 99_999_999 }).map(String),
      ),
      fc.oneof(
        broken({ rating: 5, token: 'x' }, [required(['rating'], badInt(1, 5)), optional(['token'], fc.oneof(notString, tooLong(200)))]),
        // A valid rating without the order's token, or with another order's token.
        fc.constantFrom({ rating: 5 }, { rating: 4, token: '' }, { rating: 3, token: 'token-errado' }).map((b) => ({ text: JSON.stringify(b), path: 'sem token válido' })),
        fc.constant(null).map(() => ({ text: JSON.stringify({ rating: 5, token: orders[1]!.token }), path: 'token de outro pedido' })),
      ),
    );
    await fc.assert(
      fc.asyncProperty(request, async ([number, { text, path }]) => {
        const url = `/api/orders/${seg(number)}/rating`;
        await expectPtBrClientError(await send('POST', url, text), `${url} ${path}: ${text.slice(0, 200)}`);
      }),
      fcOptions(),
    );
  });

  it('POST /api/payments/webhook: unsigned, badly signed or broken events → 4xx in pt-BR, no order paid', async () => {
    const event = fc.oneof(
      broken({ event: 'payment.paid', orderNumber: '00000000', amountCents: 1 }, [
        required(['event'], badEnum(['payment.paid'])),
        required(
          ['orderNumber'],
          fc.oneof(
            notString,
            weirdText.filter((s) => !/^\d{8}$/.test(s)),
          ),
        ),
        required(['amountCents'], badInt(0, Number.MAX_SAFE_INTEGER)),
      ]),
      // Well-formed, for a real order, with the wrong amount; or for an order that does not exist.
      fc.tuple(fc.integer({ min: 1, max: 100_000 }), fc.constantFrom(0, 1)).map(([delta, i]) => ({
        text: JSON.stringify({ event: 'payment.paid', orderNumber: orders[i]!.number, amountCents: orders[i]!.totalCents + delta }),
        path: 'valor errado',
      })),
      fc.integer({ min: 10_000_000, max: 99_999_999 }).map((n) => ({ text: JSON.stringify({ event: 'payment.paid', orderNumber: String(n), amountCents: 100 }), path: 'pedido inexistente' })),
    );
    // The signature: right for the body (the body is what is wrong), missing, garbage, or made with another secret.
    const signing = fc.constantFrom('right', 'none', 'garbage', 'other-secret', 'other-body');
    const validPaid = () => JSON.stringify({ event: 'payment.paid', orderNumber: orders[0]!.number, amountCents: orders[0]!.totalCents });
    await fc.assert(
      fc.asyncProperty(event, signing, async ({ text, path }, how) => {
        // A valid event for a real order is only ever sent with a wrong signature.
        const headers: Record<string, string> = {};
        if (how === 'right') headers['x-olimpo-signature'] = signWebhook(TEST_WEBHOOK_SECRET, text);
        if (how === 'garbage') headers['x-olimpo-signature'] = `sha256=${'0'.repeat(64)}`;
        if (how === 'other-secret') headers['x-olimpo-signature'] = signWebhook('outro-segredo-qualquer-0123456789', text);
        if (how === 'other-body') headers['x-olimpo-signature'] = signWebhook(TEST_WEBHOOK_SECRET, validPaid());
        await expectPtBrClientError(await send('POST', '/api/payments/webhook', text, headers), `webhook (${how}) ${path}: ${text.slice(0, 200)}`);
      }),
      fcOptions(),
    );
    // And the real thing with a bad signature.
    for (const sig of [undefined, 'sha256=', 'md5=abc', signWebhook('outro-segredo-qualquer-0123456789', validPaid())]) {
      const { status } = await expectPtBrClientError(await send('POST', '/api/payments/webhook', validPaid(), sig ? { 'x-olimpo-signature': sig } : {}), `webhook assinatura ${sig}`);
      expect(status).toBe(401);
    }
  });

  // --- CEP, chat ----------------------------------------------------------------------------------------------
  it('GET /api/cep/:cep: anything but 8 digits → 400 in pt-BR (ViaCEP is never called)', async () => {
    const segment = fc.oneof(weirdText, fc.constantFrom('0100100', '010010000', '01001-000', '１２３４５６７８', '0100100a', '-1', '1e7'), fc.integer().map(String));
    await fc.assert(
      fc.asyncProperty(
        segment.filter((s) => s.trim() !== '' && !/^\d{8}$/.test(s) && s !== '.' && s !== '..'),
        async (s) => {
          const { status } = await expectPtBrClientError(await send('GET', `/api/cep/${seg(s)}`), `GET /api/cep/${s}`);
          expect([400, 404]).toContain(status);
        },
      ),
      fcOptions(),
    );
  });

  it.each(['/api/chat', '/chat'])('POST %s: a broken conversation → 400 in pt-BR', async (endpoint) => {
    const base = {
      mensagens: [
        { sender: 'bot', content: 'Olá!' },
        { sender: 'user', content: 'Tem farol para Gol?' },
      ],
    };
    const breakers: Breaker[] = [
      required([], notObject),
      required(['mensagens'], notArray),
      optional(['mensagens'], fc.constant([])),
      optional(['mensagens'], many({ sender: 'user', content: 'oi' }, 51)),
      optional(['mensagens', 1], notObject),
      required(['mensagens', 1, 'sender'], badEnum(['user', 'bot'])),
      required(['mensagens', 1, 'content'], fc.oneof(notString, tooLong(2000), fc.constantFrom('', '   ', '\n'))),
      optional(['mensagens', 0, 'content'], fc.oneof(notString, tooLong(2000))),
      optional(['mensagens', 1, 'sender'], fc.constant('bot')),
    ];
    await fc.assert(
      fc.asyncProperty(broken(base, breakers), async ({ text, path }) => {
        const { status } = await expectPtBrClientError(await send('POST', endpoint, text), `${endpoint} ${path}: ${text.slice(0, 200)}`);
        expect(status).toBe(400);
      }),
      fcOptions(),
    );
  });

  // --- transport: malformed JSON, wrong content types, oversized bodies ----------------------------------------
  it('every POST endpoint: malformed JSON, wrong content types and oversized bodies → 4xx in pt-BR', async () => {
    const endpoints = ['/api/cart/quote', '/api/orders', '/orders', '/api/chat', '/chat', `/api/orders/{n}/rating`, '/api/payments/webhook'];
    const malformed = fc.oneof(
      fc.constantFrom(
        '',
        '{',
        '{"a":',
        '[1,2',
        'undefined',
        "{'lines':[]}",
        '{"lines":[],}',
        '\uFEFF{}',
        'NaN',
        '1e999',
        '-Infinity',
        '{"a":1e999}',
        '{"__proto__":',
        '"\\ud800"',
        '{"a":"\\u0000"}',
        'null',
        'true',
        '"texto"',
        '[]',
        '{}',
        '0',
      ),
      fc.integer({ min: 1000, max: 20_000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
      fc.integer({ min: 1000, max: 5000 }).map((n) => '{"a":'.repeat(n) + '1' + '}'.repeat(n)),
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b).toString('latin1')),
    );
    // Valid requests sent as a browser form or plain text (a cross-site "simple" request) must be refused too.
    const validButWrongType = fc.constant(null).map(() => JSON.stringify(validOrder()));
    const contentType = fc.constantFrom(
      undefined,
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/jsonx',
      'json',
      '',
    );
    const oversized = fc.integer({ min: 65 * 1024, max: 200 * 1024 }).map((n) => JSON.stringify({ lines: [], mensagens: [], pad: 'x'.repeat(n) }));
    const request = fc.oneof(
      fc.record({ body: malformed, type: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON') }),
      fc.record({ body: fc.oneof(validButWrongType, malformed), type: contentType }),
      fc.record({ body: oversized, type: fc.constant('application/json') }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoints), request, async (endpoint, { body, type }) => {
        const url = endpoint.replace('{n}', orders[0]!.number);
        const headers: Record<string, string> = type === undefined ? {} : { 'content-type': type };
        if (url === '/api/payments/webhook') headers['x-olimpo-signature'] = signWebhook(TEST_WEBHOOK_SECRET, body);
        const res = await t.app.fetch(new Request(`http://loja.test${url}`, { method: 'POST', headers, body }));
        await expectPtBrClientError(res, `${url} [${type}] ${body.slice(0, 120)}`);
      }),
      fcOptions(),
    );
  });

  it('unknown API routes and wrong methods → 404 in pt-BR', async () => {
    for (const [method, url] of [
      ['GET', '/api/nada'],
      ['DELETE', '/api/orders'],
      ['PUT', '/api/products/1'],
      ['PATCH', '/api/cart/quote'],
      ['GET', '/api/cart/quote'],
      ['GET', '/api/payments/webhook'],
      ['GET', '/api/products/1/%2e%2e%2f%2e%2e%2fetc%2fpasswd'],
    ] as const) {
      const { status } = await expectPtBrClientError(await send(method, url), `${method} ${url}`);
      expect(status).toBe(404);
    }
  });
});
