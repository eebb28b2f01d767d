// Bad input to the cart quote, the order calls (`/api/orders` and the spec's `/orders`), the rating and the
// payment webhook, each fuzzed with fast-check from a valid request broken in one place (wrong types, missing
// fields, huge strings and arrays, unicode, NaN/negative/huge numbers, `__proto__` keys).
// The answer must be a 4xx with a pt-BR `{ erro }`, never a 5xx, and no row of any table may change (the
// fixture checks it after every test). In-process app (tests/support/app.ts) for speed. The bad values and
// breakers: support/api-fuzz.ts; the database, the orders and the checks: support/bad-input-fixture.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signWebhook } from '#src/domain/payments/provider.ts';
import { TEST_WEBHOOK_SECRET } from '../support/app.ts';
import { DATABASE_KINDS } from '../support/databases.ts';
import { expectPtBrClientError } from './support/checks.ts';
import {
  address,
  badCard,
  badEmail,
  badEnum,
  badInt,
  badKey,
  badLegacyCep,
  broken,
  DELETE,
  addressBreakers,
  notObject,
  notString,
  optional,
  required,
  seg,
  tooLong,
  validOrder,
  weirdText,
  fcOptions,
} from './support/api-fuzz.ts';
import type { Breaker } from './support/api-fuzz.ts';
import { lineBreakers, useBadInputFixture } from './support/bad-input-fixture.ts';

describe.each(DATABASE_KINDS)('bad cart, order and payment input never breaks the API nor writes anything (%s)', (kind) => {
  const { send, orders } = useBadInputFixture(kind);

  // --- cart, orders -----------------------------------------------------------------------------------------

  it('POST /api/cart/quote: a broken cart → 400 in pt-BR', async () => {
    const base = { lines: [{ productId: 2, quantity: 1 }], coupon: 'OLIMPO', cep: '01001000', shipping: 'standard', payment: 'pix' };
    const breakers: Breaker[] = [
      required([], notObject),
      ...lineBreakers(['lines'], 'productId', 'quantity', 'color', 'size'),
      optional(['coupon'], fc.oneof(notString, tooLong(40))),
      optional(['cep'], fc.oneof(notString, tooLong(20))),
      // A shipping option id is any quoted option's ('standard', 'pickup', 'me-2'): only a malformed one is bad
      // input to a quote (a well-formed one the quote does not offer is simply not chosen).
      optional(
        ['shipping'],
        fc.oneof(
          notString,
          weirdText.filter((s) => !/^[a-z0-9-]{1,40}$/.test(s)),
        ),
      ),
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
});
