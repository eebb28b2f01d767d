// Bad input to the catalog and the lookups: the product list's filters, sorts, pages and limits, any query
// string, a product id and a CEP, each fuzzed with fast-check from a valid request broken in one place.
// The answer must be a 4xx with a pt-BR `{ erro }`, never a 5xx, and no row of any table may change (the
// fixture checks it after every test). In-process app (tests/support/app.ts) for speed. The bad values and
// breakers: support/api-fuzz.ts; the database, the orders and the checks: support/bad-input-fixture.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases.ts';
import { expectPtBrClientError } from './support/checks.ts';
import { fcOptions, seg, tooLong, weirdText } from './support/api-fuzz.ts';
import { useBadInputFixture } from './support/bad-input-fixture.ts';

describe.each(DATABASE_KINDS)('bad catalog and lookup input never breaks the API nor writes anything (%s)', (kind) => {
  const { send } = useBadInputFixture(kind);

  // --- catalog ----------------------------------------------------------------------------------------------
  const catalogBad = fc.oneof(
    fc.record({ k: fc.constant('q'), v: tooLong(120) }),
    fc
      .record({ k: fc.constantFrom('marca', 'veiculo', 'categoria', 'ordem', 'estado'), v: weirdText.filter((s) => s.trim() !== '' && !/^(todos|novo|usado|carros|motos|caminhoes)$/i.test(s)) })
      // Any brand slug is a valid brand (one no product has lists nothing): only a malformed one is refused.
      .filter(({ k, v }) => k !== 'marca' || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(v)),
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
        if (k === 'marca') params.append(k, 'marca-inexistente');
        if (k === 'veiculo') params.append(k, 'x-inexistente');
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

  // --- CEP -----------------------------------------------------------------------------------------------------
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
});
