// Bad requests below the fields: a control character in any text field, malformed JSON, wrong content types,
// oversized bodies, unknown routes and wrong methods; and the chat's broken conversations.
// The answer must be a 4xx with a pt-BR `{ erro }`, never a 5xx, and no row of any table may change (the
// fixture checks it after every test). In-process app (tests/support/app.ts) for speed. The bad values and
// breakers: support/api-fuzz.ts; the database, the orders and the checks: support/bad-input-fixture.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signWebhook } from '#src/domain/payments/provider.ts';
import { TEST_WEBHOOK_SECRET } from '../support/app.ts';
import { DATABASE_KINDS } from '../support/databases.ts';
import { expectPtBrClientError } from './support/checks.ts';
import { address, badEnum, broken, fcOptions, many, notArray, notObject, notString, optional, required, setPath, tooLong, validOrder, withControl } from './support/api-fuzz.ts';
import type { Json, Path, Breaker } from './support/api-fuzz.ts';
import { useBadInputFixture } from './support/bad-input-fixture.ts';

describe.each(DATABASE_KINDS)('malformed requests and control characters never break the API nor write anything (%s)', (kind) => {
  const fixture = useBadInputFixture(kind);
  const { send, orders } = fixture;

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
        const res = await fixture.t.app.fetch(new Request(`http://loja.test${url}`, { method: 'POST', headers, body }));
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
