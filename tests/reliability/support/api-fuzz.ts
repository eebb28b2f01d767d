// The bad values and broken requests of the bad-input-*.test.ts files: fast-check arbitraries by what a field expects
// (each one invalid for the field it is used on), JSON breakers, and valid orders, addresses and cards to break.
import crypto from 'node:crypto';
import fc from 'fast-check';
import { UFS } from '#src/domain/checkout/rules.ts';

export const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 60);
export const fcOptions = () => ({ numRuns: NUM_RUNS, ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}) });

// ---------------------------------------------------------------------------------------------------------
// Bad values, by what the field expects. Every one of them is invalid for the field it is used on.

/** NUL, the other C0 controls and DEL (tab and line breaks only where text is single-line). */
export const controlChar = fc
  .oneof(
    fc.integer({ min: 0, max: 0x1f }).filter((n) => n !== 9 && n !== 10 && n !== 13),
    fc.constant(0x7f),
  )
  .map((n) => String.fromCharCode(n));
/** A valid value with a control character put somewhere in it. */
export const withControl = (valid: string) => fc.tuple(controlChar, fc.integer({ min: 0, max: valid.length })).map(([ch, at]) => valid.slice(0, at) + ch + valid.slice(at));

export const weirdText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.tuple(fc.string({ maxLength: 10 }), controlChar, fc.string({ maxLength: 10 })).map(([a, ch, b]) => a + ch + b),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\uD800',
    '\u202E',
    '🚗🏍️',
    '<script>alert(1)</script>',
    "' OR '1'='1' --",
    '__proto__',
    'constructor',
    'NaN',
    '-1',
    '1e309',
    'null',
    'undefined',
    '%00',
    '../../etc/passwd',
  ),
);
export const notString = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);
export const notNumber = fc.oneof(weirdText, fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }));
export const notObject = fc.oneof(weirdText, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 4 }));
export const notArray = fc.oneof(weirdText, fc.integer(), fc.boolean(), fc.constant(null), fc.dictionary(fc.string({ maxLength: 5 }), fc.anything({ maxDepth: 1 }), { maxKeys: 3 }));

/** Integers outside [min, max], non-integers, huge and tiny numbers, and non-numbers. */
export const badInt = (min: number, max: number) =>
  fc.oneof(
    fc.integer({ min: Math.max(Number.MIN_SAFE_INTEGER, min - 1_000_000), max: min - 1 }),
    ...(max < Number.MAX_SAFE_INTEGER ? [fc.integer({ min: max + 1, max: Math.min(Number.MAX_SAFE_INTEGER, max + 1_000_000_000) })] : []),
    fc.double({ noInteger: true, noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }),
    fc.constantFrom(1e308, -1e308, 2 ** 53 + 2, -(2 ** 31), 2 ** 31, 9_999_999_999, 1.5, -0.000001),
    notNumber,
  );

/** Strings longer than `max` that stay longer after trimming (unicode, quotes, markup). */
export const tooLong = (max: number) => fc.array(fc.constantFrom('a', 'ç', 'ã', '🚗', '<b>', "'", ';', '"', '\\', 'Ω'), { minLength: max + 1, maxLength: max + 120 }).map((a) => a.join(''));
export const huge = fc.integer({ min: 5_000, max: 20_000 }).map((n) => 'ç'.repeat(n));
export const badText = (max: number) => fc.oneof(notString, tooLong(max), huge, fc.constantFrom('', '   ', '\n\t'));
export const badEnum = (allowed: readonly string[]) =>
  fc.oneof(
    notString,
    weirdText.filter((s) => !allowed.includes(s)),
  );
export const badEmail = fc.oneof(
  notString,
  weirdText.filter((s) => !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s.trim())),
  fc.constant(`${'a'.repeat(250)}@example.com`),
);
export const badCep = fc.oneof(
  notString,
  weirdText.filter((s) => !/^\d{8}$/.test(s)),
  fc.constantFrom('0100100', '010010000', '01001-000', ' 01001000'),
);
/** The spec's call keeps only the digits of the CEP ("01001-000" is fine there). */
export const badLegacyCep = fc.oneof(
  notString,
  weirdText.filter((s) => !/^\d{8}$/.test(s.replace(/\D/g, ''))),
  fc.constantFrom('0100100', '010010000', '01001-00'),
);
export const badState = fc.oneof(
  notString,
  weirdText.filter((s) => !(UFS as readonly string[]).includes(s.trim().toUpperCase())),
);
export const badKey = fc.oneof(
  notString,
  weirdText.filter((s) => !/^[A-Za-z0-9_-]{16,100}$/.test(s)),
  fc.constant('k'.repeat(101)),
);
/** A URL path segment for any string, lone surrogates included. */
export const seg = (s: string) => encodeURIComponent(s.toWellFormed());
export const many = <T>(item: T, min: number) => fc.integer({ min, max: min + 40 }).map((n) => Array.from({ length: n }, () => item));

// ---------------------------------------------------------------------------------------------------------
// Breaking a valid request: one field replaced or removed (or the whole body replaced), optionally with
// `__proto__`/`constructor` keys added, as JSON text.

export type Json = unknown;
export const DELETE = Symbol('delete');
export type Path = (string | number)[];

export function setPath(value: Json, path: Path, to: Json | typeof DELETE): Json {
  if (path.length === 0) return to === DELETE ? undefined : to;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as Record<string, Json>) }) as Record<string | number, Json>;
  const next = setPath(copy[head!], rest, to);
  if (next === undefined && rest.length === 0) delete copy[head!];
  else copy[head!] = next;
  return copy;
}

/** A breaker: a field path and the bad values it may take (DELETE = remove a required field). */
export type Breaker = [Path, fc.Arbitrary<Json | typeof DELETE>];
export const required = (path: Path, bad: fc.Arbitrary<Json>): Breaker => [path, fc.oneof(fc.constant(DELETE), bad)];
export const optional = (path: Path, bad: fc.Arbitrary<Json>): Breaker => [path, bad];

export const POLLUTION = ['"__proto__":{"polluted":"sim","isAdmin":true}', '"constructor":{"prototype":{"polluted":"sim"}}', '"__proto__":null'];

/** Valid request → broken JSON text; pollution keys go into every object of the body. */
export function broken(base: Json, breakers: Breaker[], extras: Breaker[] = []) {
  return fc
    .tuple(fc.oneof(...[...breakers, ...extras].map(([path, bad]) => bad.map((v) => ({ path, v })))), fc.option(fc.constantFrom(...POLLUTION), { nil: null }))
    .map(({ 0: { path, v }, 1: pollution }) => {
      const body = setPath(base, path, v);
      let text = JSON.stringify(body) ?? 'null';
      if (pollution) text = text.replace(/\{(?=.)/g, (m, offset: number) => (text[offset + 1] === '}' ? `{${pollution}` : `{${pollution},`));
      return { text, path: path.join('.') || '(corpo)' };
    });
}

// ---------------------------------------------------------------------------------------------------------

export const address = { cep: '01001000', street: 'Praça da Sé', number: '100', complement: 'Sala 2', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' };
export const card = { number: '4111 1111 1111 1111', name: 'MARIA DA SILVA', expiry: '12/30', cvv: '987' };
export const validOrder = () => ({
  idempotencyKey: crypto.randomUUID(),
  email: 'fuzz@example.com',
  lines: [{ productId: 2, quantity: 1 }],
  address,
  shipping: 'standard',
  payment: 'pix',
  installments: 1,
  customer: { name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' },
});

export const addressBreakers = (prefix: Path, cep = badCep): Breaker[] => [
  required(prefix, notObject),
  required([...prefix, 'cep'], cep),
  required([...prefix, 'street'], badText(200)),
  required([...prefix, 'number'], badText(20)),
  required([...prefix, 'neighborhood'], badText(100)),
  required([...prefix, 'city'], badText(100)),
  required([...prefix, 'state'], badState),
  optional([...prefix, 'complement'], fc.oneof(notString, tooLong(100))),
];
export const badCard = fc.oneof(
  notObject,
  fc.record({
    number: fc.oneof(
      notString,
      weirdText.filter((s) => !/^\d{13,16}$/.test(s.replace(/[\s.-]/g, ''))),
      tooLong(30),
    ),
    name: fc.constant(card.name),
    expiry: fc.constant(card.expiry),
    cvv: fc.constant(card.cvv),
  }),
  fc.record({
    number: fc.constant(card.number),
    name: fc.constant(card.name),
    expiry: fc.constant(card.expiry),
    cvv: fc.oneof(
      notString,
      weirdText.filter((s) => !/^\d{3}$/.test(s.trim())),
      tooLong(10),
    ),
  }),
  fc.record({
    number: fc.constant(card.number),
    name: fc.constant(card.name),
    expiry: fc.oneof(notString, fc.constantFrom('13/30', '00/30', '01/20', '1230', '12/3', '12-30', ''), tooLong(10)),
    cvv: fc.constant(card.cvv),
  }),
  fc.record({ number: fc.constant(card.number), name: fc.oneof(notString, fc.constantFrom('', ' ', 'A'), tooLong(80)), expiry: fc.constant(card.expiry), cvv: fc.constant(card.cvv) }),
);
