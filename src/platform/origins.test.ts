import { describe, expect, it } from 'vitest';
import { asAddressed, isTrustedWrite, parseOriginList, requestOrigin, trustedOriginsFor } from './origins.ts';
import { hasControlChars, jsonHasControlChars } from './control-chars.ts';
import { safeError, scrubText } from './log-safe.ts';

describe('origins', () => {
  it('parses CORS_ORIGINS into origins and refuses paths, other schemes and garbage', () => {
    expect(parseOriginList(' https://a.example.com, http://localhost:5173/ ,https://a.example.com')).toEqual(['https://a.example.com', 'http://localhost:5173']);
    expect(parseOriginList('')).toEqual([]);
    for (const bad of ['ftp://a.example.com', 'https://a.example.com/loja', 'a.example.com', 'https://u:p@a.example.com']) expect(() => parseOriginList(bad), bad).toThrow();
  });

  it('reads the request’s own origin from Host, or the forwarded headers behind a trusted proxy', () => {
    const h = (o: Record<string, string>) => new Headers(o);
    expect(requestOrigin('http://127.0.0.1:3000/x', h({ host: '192.168.1.50:3000' }), false)).toBe('http://192.168.1.50:3000');
    expect(requestOrigin('http://10.0.0.2:3000/x', h({ host: '10.0.0.2:3000', 'x-forwarded-host': 'loja.example.com', 'x-forwarded-proto': 'https' }), true)).toBe('https://loja.example.com');
    expect(requestOrigin('http://10.0.0.2:3000/x', h({ host: '10.0.0.2:3000', 'x-forwarded-host': 'loja.example.com', 'x-forwarded-proto': 'https' }), false)).toBe('http://10.0.0.2:3000');
    expect(requestOrigin('http://127.0.0.1/x', h({ host: 'a b/c' }), false)).toBeNull();
  });

  it('takes PUBLIC_URL’s scheme for PUBLIC_URL’s host when a trusted proxy forwards no scheme', () => {
    const h = (o: Record<string, string>) => new Headers(o);
    expect(requestOrigin('http://loja.example.com/x', h({ host: 'loja.example.com' }), true, 'https://loja.example.com')).toBe('https://loja.example.com');
    expect(requestOrigin('http://loja.example.com/x', h({ host: 'loja.example.com', 'x-forwarded-proto': 'http' }), true, 'https://loja.example.com')).toBe('http://loja.example.com');
    // Another host (an instance reached directly) keeps the socket's scheme; without TRUST_PROXY nothing changes.
    expect(requestOrigin('http://127.0.0.1:3001/x', h({ host: '127.0.0.1:3001' }), true, 'https://loja.example.com')).toBe('http://127.0.0.1:3001');
    expect(requestOrigin('http://loja.example.com/x', h({ host: 'loja.example.com' }), false, 'https://loja.example.com')).toBe('http://loja.example.com');
  });

  it('hands the pages the URL the browser used behind a trusted TLS proxy, body included', async () => {
    const policy = { publicOrigin: 'https://loja.example.com', trustProxy: true };
    const headers = { host: '127.0.0.1:3001', 'x-forwarded-host': 'loja.example.com', 'x-forwarded-proto': 'https', 'content-type': 'application/x-www-form-urlencoded' };
    const post = asAddressed(new Request('http://127.0.0.1:3001/Login?redirectTo=%2FCart', { method: 'POST', headers, body: 'email=a%40b.com' }), policy);
    expect(post.url).toBe('https://loja.example.com/Login?redirectTo=%2FCart');
    expect(post.method).toBe('POST');
    expect(post.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(await post.text()).toBe('email=a%40b.com');
    expect(asAddressed(new Request('http://127.0.0.1:3001/Cart', { headers }), policy).url).toBe('https://loja.example.com/Cart');
    const same = new Request('http://127.0.0.1:3001/Cart', { headers });
    expect(asAddressed(same, { ...policy, trustProxy: false })).toBe(same);
    const direct = new Request('http://127.0.0.1:3001/Cart', { headers: { host: '127.0.0.1:3001' } });
    expect(asAddressed(direct, policy)).toBe(direct);
  });

  it('trusts its own origin, PUBLIC_URL and CORS_ORIGINS; refuses foreign, null and cross-site writes', () => {
    const trusted = trustedOriginsFor(
      { publicOrigin: 'http://localhost:3000', corsOrigins: ['https://vitrine.example'], trustProxy: false },
      'http://127.0.0.1:3000/api/orders',
      new Headers({ host: '127.0.0.1:3000' }),
    );
    const ok = (o: Record<string, string>) => isTrustedWrite(new Headers(o), trusted);
    expect(ok({ origin: 'http://127.0.0.1:3000' })).toBe(true);
    expect(ok({ origin: 'http://localhost:3000' })).toBe(true);
    expect(ok({ origin: 'https://vitrine.example' })).toBe(true);
    expect(ok({ origin: 'https://evil.example' })).toBe(false);
    expect(ok({ origin: 'null' })).toBe(false);
    expect(ok({ 'sec-fetch-site': 'cross-site' })).toBe(false);
    expect(ok({ referer: 'https://evil.example/a' })).toBe(false);
    expect(ok({})).toBe(true); // not a browser: no forged cross-site write possible
  });
});

describe('control characters', () => {
  it('refuses NUL and other C0 controls; tab and line breaks only in multi-line text', () => {
    expect(hasControlChars('Rua\u0000A')).toBe(true);
    expect(hasControlChars('a\u001bb', { multiline: true })).toBe(true);
    expect(hasControlChars('a\u007fb', { multiline: true })).toBe(true);
    expect(hasControlChars('linha 1\nlinha 2\tfim', { multiline: true })).toBe(false);
    expect(hasControlChars('linha 1\nlinha 2')).toBe(true);
    expect(jsonHasControlChars({ mensagens: [{ content: 'oi\ntudo bem?' }] })).toBe(false);
    expect(jsonHasControlChars({ address: { street: 'Rua\nA' } })).toBe(true);
    expect(jsonHasControlChars({ ['chave\u0000']: 1 })).toBe(true);
  });

  it('refuses the C1 controls (U+0080–U+009F) too, in single- and multi-line text, but not the letters after them', () => {
    for (const c of ['\u0080', '\u0085', '\u009b', '\u009f']) {
      expect(hasControlChars(`Ótimo${c}produto`), JSON.stringify(c)).toBe(true);
      expect(hasControlChars(`Ótimo${c}produto`, { multiline: true }), JSON.stringify(c)).toBe(true);
    }
    expect(hasControlChars('Pastilha de freio dianteira — ç, ã, é, ü, ñ, \u00a0, º, ª, €')).toBe(false);
    expect(jsonHasControlChars({ comment: 'ok\u0085' })).toBe(true);
  });
});

describe('error logs', () => {
  it('keep the kind and code of an error, never the query parameters, e-mails or query strings', () => {
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    const wrapped = new Error('Failed query: insert into orders (email, street) values ($1, $2)\nparams: ana@example.com,Rua Augusta', { cause });
    const safe = safeError(wrapped);
    expect(safe).toMatchObject({ type: 'Error', code: '22021', message: 'invalid byte sequence for encoding "UTF8": 0x00' });
    expect(JSON.stringify(safe)).not.toMatch(/ana@example|Augusta|params/);
    expect(scrubText('GET /Pedidos/12345678?token=segredo falhou para ana@example.com')).toBe('GET /Pedidos/12345678?[…] falhou para [e-mail]');
  });
});
