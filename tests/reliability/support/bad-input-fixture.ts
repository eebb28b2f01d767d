// What every bad-input-*.test.ts file shares: a database of its own with two placed orders (PIX and card), the
// in-process app (tests/support/app.ts), a `send` for raw requests, and the check after every test that no
// row of any table changed and nothing polluted Object.prototype.
import crypto from 'node:crypto';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createTestApp } from '../../support/app.ts';
import { createTestDatabase } from '../../support/databases.ts';
import type { Kind, TestDatabase } from '../../support/databases.ts';
import { badInt, card, many, notArray, notObject, notString, optional, required, tooLong, validOrder } from './api-fuzz.ts';
import type { Breaker, Path } from './api-fuzz.ts';
import { expectNoPrototypePollution } from './checks.ts';
import { dumpAllRows } from './databases.ts';

export interface BadInputFixture {
  /** The in-process app (its `app.fetch` for requests `send` cannot make). */
  readonly t: ReturnType<typeof createTestApp>;
  /** Orders placed before the fingerprint: a PIX one, then a card one (2 installments). */
  readonly orders: { number: string; token: string; totalCents: number }[];
  /** A request to the app; with `text`, a JSON body (`content-type: application/json` unless `headers` says otherwise). */
  send(method: string, url: string, text?: string, headers?: Record<string, string>): Response | Promise<Response>;
}

/** Registers the file's hooks for `kind` (call it inside `describe`) and returns what its tests use. */
export function useBadInputFixture(kind: Kind): BadInputFixture {
  let database: TestDatabase;
  let t: ReturnType<typeof createTestApp> | undefined;
  let before: string;
  const orders: BadInputFixture['orders'] = [];

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

  return {
    get t() {
      if (!t) throw new Error('o app ainda não foi criado (beforeAll)');
      return t;
    },
    orders,
    send: (method, url, text, headers = {}) =>
      (t as ReturnType<typeof createTestApp>).app.fetch(
        new Request(`http://loja.test${url}`, { method, headers: text === undefined ? headers : { 'content-type': 'application/json', ...headers }, body: text }),
      ),
  };
}

/** A list of cart lines broken in one place (`id`, `qty`, `color`, `size` name the line's fields). */
export const lineBreakers = (prefix: Path, id: string, qty: string, color: string, size: string): Breaker[] => [
  required(prefix, notArray),
  optional(prefix, many({ [id]: 1, [qty]: 1 }, 101)),
  optional([...prefix, 0], notObject),
  required([...prefix, 0, id], badInt(1, 2_147_483_647)),
  required([...prefix, 0, qty], badInt(1, 999)),
  optional([...prefix, 0, color], fc.oneof(notString, tooLong(40))),
  optional([...prefix, 0, size], fc.oneof(notString, tooLong(10))),
];
