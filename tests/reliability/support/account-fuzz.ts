// The bad values and broken requests of the account-input fuzz tests (account-json-input.test.ts,
// account-form-input.test.ts): fast-check arbitraries, JSON and form breakers, and valid forms to break.
import { isValidCpf, isValidEmail, isValidMobilePhone } from '@brazilian-utils/brazilian-utils';
import fc from 'fast-check';
import { parsePriceParam } from '#src/domain/pricing/money.ts';

export const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 25);
export const fcOptions = () => ({ numRuns: NUM_RUNS, ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}) });

/**
 * Tables a refused request may legitimately change: the rate limiter counts attempts, refused ones
 * included (a wrong password, a sign-up or a reset request counts before it is known to be valid: that is
 * what stops guessing). Nothing else — sessions, users, verifications, profiles… — may change.
 */
// order_emails: the outbox, marked sent by the job runner in the background after the order placed in beforeAll.
export const BOOKKEEPING = new Set(['public.rate_limit_buckets', 'public.order_emails']);

// ---------------------------------------------------------------------------------------------------------
// Bad values

/** NUL, the other C0 controls and DEL (forms keep tab and line breaks: text areas span lines). */
export const controlChar = fc
  .oneof(
    fc.integer({ min: 0, max: 0x1f }).filter((n) => n !== 9 && n !== 10 && n !== 13),
    fc.constant(0x7f),
  )
  .map((n) => String.fromCharCode(n));

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
    'Infinity',
  ),
);
export const tooLong = (max: number) => fc.array(fc.constantFrom('a', 'ç', 'ã', '🚗', '<b>', "'", ';', '"', '\\', 'Ω'), { minLength: max + 1, maxLength: max + 120 }).map((a) => a.join(''));
/** Big but under the 64 KB form limit, or over it (413). */
export const huge = fc.oneof(
  fc.integer({ min: 5_000, max: 20_000 }).map((n) => 'ç'.repeat(n)),
  fc.constant('x'.repeat(70 * 1024)),
);
export const blank = fc.constantFrom('', '   ', '\n\t');
export const badText = (max: number) => fc.oneof(tooLong(max), huge, blank);
export const badEnum = (allowed: readonly string[]) => weirdText.filter((s) => !allowed.includes(s.trim()) && !allowed.includes(s));
export const notEmail = fc.oneof(
  weirdText.filter((s) => !isValidEmail(s.trim().toLowerCase())),
  fc.constant(`${'a'.repeat(250)}@example.com`),
  huge,
);
export const badNumberText = fc.oneof(
  fc.constantFrom('-1', '0', '1.5', '1e3', 'NaN', 'Infinity', '9999999999', '99999999999999999999', '0x10', '١٢', '2147483648', ' ', ''),
  weirdText.filter((s) => !/^\d+$/.test(s)),
);
export const words = (s: string) => s.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean).length;

// JSON values of the wrong type (the JSON endpoints).
export const notString = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);
export const notObject = fc.oneof(weirdText, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 4 }));
export const notArray = fc.oneof(weirdText, fc.integer(), fc.boolean(), fc.constant(null), fc.dictionary(fc.string({ maxLength: 5 }), fc.anything({ maxDepth: 1 }), { maxKeys: 3 }));
export const badInt = (min: number, max: number) =>
  fc.oneof(
    fc.integer({ min: min - 1_000_000, max: min - 1 }),
    fc.integer({ min: max + 1, max: max + 1_000_000_000 }),
    fc.double({ noInteger: true, noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }),
    fc.constantFrom(1e308, -1e308, 2 ** 53 + 2, -(2 ** 31), 1.5),
    weirdText,
    fc.constant(null),
  );

// ---------------------------------------------------------------------------------------------------------
// JSON bodies: a valid body broken in one place, with `__proto__`/`constructor` keys sometimes added.

export type Json = unknown;
export const DELETE = Symbol('delete');
export type JsonBreaker = [(string | number)[], fc.Arbitrary<Json | typeof DELETE>];
export function setPath(value: Json, p: (string | number)[], to: Json | typeof DELETE): Json {
  if (p.length === 0) return to === DELETE ? undefined : to;
  const [head, ...rest] = p;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as Record<string, Json>) }) as Record<string | number, Json>;
  const next = setPath(copy[head!], rest, to);
  if (next === undefined && rest.length === 0) delete copy[head!];
  else copy[head!] = next;
  return copy;
}
export const POLLUTION = ['"__proto__":{"polluted":"sim","role":"admin"}', '"constructor":{"prototype":{"polluted":"sim"}}', '"__proto__":null'];
export function brokenJson(base: () => Json, breakers: JsonBreaker[]) {
  return fc.tuple(fc.oneof(...breakers.map(([p, bad]) => bad.map((v) => ({ p, v })))), fc.option(fc.constantFrom(...POLLUTION), { nil: null })).map(([{ p, v }, pollution]) => {
    let text = JSON.stringify(setPath(base(), p, v)) ?? 'null';
    if (pollution) text = text.replace(/\{(?=.)/g, (_m, offset: number) => (text[offset + 1] === '}' ? `{${pollution}` : `{${pollution},`));
    return { text, where: p.join('.') || '(corpo)' };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Form bodies: a valid form broken in one field. "Wrong types" in a form are a file where text goes and
// a repeated field (the action reads the first, bad, value); removing is only used on required fields.

export type Field = { name: string; value: string } | { name: string; file: { bytes: Uint8Array; filename: string; type: string } };
export type Form = Record<string, string>;
export type FormBreaker = { field: string; bad: fc.Arbitrary<string>; required: boolean };
export const req = (field: string, bad: fc.Arbitrary<string>): FormBreaker => ({ field, bad, required: true });
export const opt = (field: string, bad: fc.Arbitrary<string>): FormBreaker => ({ field, bad, required: false });
export const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', '__proto__[role]', 'role', 'userId', 'sellerId'];

/** The broken forms of a valid one; `.base` gives the valid form itself. */
export function brokenForm(base: () => Form, breakers: FormBreaker[]) {
  return Object.assign(brokenFormOf(base, breakers), { base });
}
export function brokenFormOf(base: () => Form, breakers: FormBreaker[]) {
  const how = (b: FormBreaker) =>
    fc.oneof(
      b.bad.map((v) => ({ kind: 'value' as const, v })),
      b.bad.map((v) => ({ kind: 'repeated' as const, v })),
      ...(b.required ? [fc.constant({ kind: 'removed' as const, v: '' }), fc.constant({ kind: 'file' as const, v: '' })] : []),
    );
  return fc
    .tuple(
      fc.oneof(...breakers.map((b) => how(b).map((h) => ({ b, ...h })))),
      fc.array(fc.tuple(fc.constantFrom(...EXTRA_KEYS), fc.constantFrom('admin', 'sim', '1', '{"polluted":true}')), { maxLength: 2 }),
      fc.boolean(),
    )
    .map(([{ b, kind, v }, extras, multipart]) => {
      const fields: Field[] = [];
      for (const [name, value] of Object.entries(base())) {
        if (name !== b.field) fields.push({ name, value });
        else if (kind === 'value') fields.push({ name, value: v });
        // Sent again with the valid value in between: whether an action reads the first or the last, it is bad.
        else if (kind === 'repeated') fields.push({ name, value: v }, { name, value }, { name, value: v });
        else if (kind === 'file') fields.push({ name, file: { bytes: new TextEncoder().encode(value), filename: 'campo.txt', type: 'text/plain' } });
      }
      for (const [name, value] of extras) fields.push({ name, value });
      const label = `${b.field} ${kind}: ${JSON.stringify(v).slice(0, 80)}`;
      return { fields, multipart: multipart || fields.some((f) => 'file' in f), label };
    });
}

export function encodeForm(fields: Field[], multipart: boolean): { body: BodyInit; type?: string } {
  if (!multipart) return { body: new URLSearchParams(fields.map((f) => [f.name, 'value' in f ? f.value : ''])).toString(), type: 'application/x-www-form-urlencoded' };
  const form = new FormData();
  for (const f of fields) {
    if ('value' in f) form.append(f.name, f.value);
    else form.append(f.name, new Blob([f.file.bytes as Uint8Array<ArrayBuffer>], { type: f.file.type }), f.file.filename);
  }
  return { body: form }; // fetch sets multipart/form-data with its boundary
}

// ---------------------------------------------------------------------------------------------------------

export const PERSON = {
  nome: 'Ana Maria Souza',
  email: 'ana.souza@example.com',
  cpf: '529.982.247-25',
  celular: '(11) 98765-4321',
  endereco: 'Rua Augusta, 500',
  bairro: 'Consolação',
  cidade: 'São Paulo',
  cep: '01305-000',
};
export const ADDRESS = {
  nome: 'Ana Maria Souza',
  celular: '(11) 98765-4321',
  cep: '01305-000',
  rua: 'Rua Augusta',
  numero: '500',
  complemento: 'Apto 12',
  bairro: 'Consolação',
  cidade: 'São Paulo',
  estado: 'SP',
};
export const PRODUCT = {
  titulo: 'Pastilha de Freio Suíte',
  descricao: 'Pastilha de freio dianteira para testes de confiabilidade.',
  valorantigo: '200,00',
  valoratual: '150,00',
  desconto: 'on',
  valordesconto: '10',
  categoria: 'freios',
  marca: 'Bosch',
  veiculo: 'carros',
  estado: 'novo',
  estoque: '12',
  foto_url: 'https://fotos.example.com/pastilha.jpg',
};

export const personBreakers: FormBreaker[] = [
  req(
    'nome',
    fc.oneof(
      badText(100),
      weirdText.filter((s) => words(s) < 2),
    ),
  ),
  req('email', notEmail),
  req(
    'cpf',
    fc.oneof(
      weirdText.filter((s) => !isValidCpf(s.trim()) || !/^(\d{3}\.\d{3}\.\d{3}-\d{2}|\d{11})$/.test(s.trim())),
      fc.constantFrom('111.111.111-11', '123.456.789-00', '529.982.247-2', '5299822472'),
      huge,
    ),
  ),
  req(
    'celular',
    fc.oneof(
      weirdText.filter((s) => !isValidMobilePhone(s.trim()) || !/^(\(\d{2}\) ?\d{5}-\d{4}|\d{11})$/.test(s.trim())),
      fc.constantFrom('(00) 98765-4321', '(11) 3333-4444', '11987654321000'),
      huge,
    ),
  ),
  req('endereco', badText(200)),
  req('bairro', badText(100)),
  req('cidade', badText(100)),
  req(
    'cep',
    fc.oneof(
      weirdText.filter((s) => !/^\d{5}-?\d{3}$/.test(s.trim())),
      fc.constantFrom('00000-000', '1234-567', '123456789'),
      huge,
    ),
  ),
];
export const badPrice = fc.oneof(
  fc.constantFrom('abc', '-1', '0', '0,00', '1e5', 'NaN', 'Infinity', '99999999999', '1.2.3,4', '١٢٣'),
  weirdText.filter((s) => parsePriceParam(s.trim()) === null),
  huge,
);
export const productBreakers = (create: boolean): FormBreaker[] => [
  req('titulo', fc.oneof(fc.string({ maxLength: 2 }), tooLong(120), huge)),
  req(
    'descricao',
    fc.oneof(
      fc.string({ maxLength: 9 }).filter((s) => s.trim().length < 10),
      tooLong(4000),
      huge,
    ),
  ),
  req('valorantigo', badPrice),
  req('valoratual', fc.oneof(badPrice, fc.constantFrom('200,01', '9.999,00'))),
  req(
    'valordesconto',
    fc.oneof(
      fc.constantFrom('0', '91', '100', '-5', '1.5', 'dez', ''),
      weirdText.filter((s) => !/^\d{1,2}$/.test(s.trim())),
    ),
  ),
  req('categoria', badEnum(['freios', 'suspensao', 'motor', 'iluminacao', 'eletrica', 'filtros', 'acessorios', 'baterias', 'calcados'])),
  req('marca', fc.oneof(tooLong(60), blank, huge)),
  req('veiculo', badEnum(['carros', 'motos', 'caminhoes'])),
  req('estado', badEnum(['novo', 'usado'])),
  req('estoque', fc.oneof(badNumberText, fc.constantFrom('100001', '999999'))),
  (create ? req : opt)(
    'foto_url',
    fc.oneof(
      fc.constantFrom(
        'http://fotos.example.com/a.jpg',
        'javascript:alert(1)',
        'https://localhost/a.jpg',
        'https://user:senha@fotos.example.com/a.jpg',
        'ftp://fotos.example.com/a.jpg',
        'data:image/png;base64,AAAA',
        '//fotos.example.com/a.jpg',
      ),
      weirdText.filter((s) => s.trim() !== '' && !/^https:\/\/[^/]*\./.test(s.trim())),
      tooLong(2000),
    ),
  ),
];
