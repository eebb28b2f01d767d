// The shop at any address of the machine, and its API from another front end, against the real built server
// (PGlite). PUBLIC_URL says http://localhost:PORT, yet a newcomer opens http://127.0.0.1:PORT or, from a
// phone, the machine's LAN address: the cart, sign-in and forms must work there (the origin check accepts
// the address the request was sent to), while foreign, `null` and missing origins stay refused. With
// CORS_ORIGINS, another front end's origin gets CORS answers on /api/*, /orders and /chat; others get none.
// Traffic only ever goes to 127.0.0.1: the LAN address is a Host header.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerDatabase } from './support/databases.ts';
import type { ServerDatabase } from './support/databases.ts';
import { AppServer, freePort } from './support/server.ts';

const FRONT_END = 'http://127.0.0.1:4151';
const OTHER = 'https://outra-loja.example';
const LAN_HOST = (port: number) => `192.168.1.50:${port}`;
const address = { cep: '01001000', street: 'Praça da Sé', number: '100', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' };

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

describe('origins and CORS (PGlite, built server)', () => {
  let database: ServerDatabase;
  let server: AppServer;

  /** A raw HTTP request to 127.0.0.1 with any Host header (fetch would not let us set it). */
  const send = (method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port: server.port, method, path, headers: { ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}), ...headers } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const json = (method: string, path: string, headers: Record<string, string>, body: unknown) => send(method, path, { 'content-type': 'application/json', ...headers }, JSON.stringify(body));
  const quote = { lines: [{ productId: 2, quantity: 1 }] };

  beforeAll(async () => {
    database = await createServerDatabase('pglite', { seedProducts: 30 });
    // The shop's configured address is localhost; every request below goes to 127.0.0.1.
    const port = await freePort();
    server = await AppServer.create({ ...database.server, port, env: { PUBLIC_URL: `http://localhost:${port}`, CORS_ORIGINS: `${FRONT_END}, https://painel.example.com` } });
    await server.start();
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  it('accepts writes whose Origin is the address the request was sent to: 127.0.0.1 and a LAN address', async () => {
    const own = `http://127.0.0.1:${server.port}`;
    const local = await json('POST', '/api/cart/quote', { origin: own }, quote);
    expect(local.status, local.text).toBe(200);
    const lan = await json('POST', '/api/cart/quote', { host: LAN_HOST(server.port), origin: `http://${LAN_HOST(server.port)}` }, quote);
    expect(lan.status, lan.text).toBe(200);
    // PUBLIC_URL itself, as before.
    expect((await json('POST', '/api/cart/quote', { origin: `http://localhost:${server.port}` }, quote)).status).toBe(200);

    // Sign-up and sign-out at the LAN address (Better Auth checks the origin of cookie-carrying writes too).
    const lanHeaders = { host: LAN_HOST(server.port), origin: `http://${LAN_HOST(server.port)}`, 'sec-fetch-site': 'same-origin' };
    const signUp = await json('POST', '/api/auth/sign-up/email', lanHeaders, { email: 'celular@example.com', name: 'Célia Lima', password: 'segredo-forte-1' });
    expect(signUp.status, signUp.text).toBe(200);
    const cookie = (signUp.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
    expect(cookie).toMatch(/better-auth\.session_token=/);
    const out = await json('POST', '/api/auth/sign-out', { ...lanHeaders, cookie }, {});
    expect(out.status, out.text).toBe(200);

    // A page form at 127.0.0.1: the sign-in page answers (not "Envio recusado").
    const page = await send(
      'POST',
      '/Login',
      { origin: own, 'content-type': 'application/x-www-form-urlencoded' },
      new URLSearchParams({ email: 'celular@example.com', password: 'segredo-forte-1' }).toString(),
    );
    expect(page.status, page.text.slice(0, 300)).not.toBe(403);
    expect(page.text).not.toContain('Envio recusado');
  });

  it('still refuses foreign, null and missing origins on writes, and another address than the one asked', async () => {
    const cases: [string, Record<string, string>][] = [
      ['foreign', { origin: 'https://evil.example' }],
      ['null', { origin: 'null' }],
      ['missing, cross-site', { 'sec-fetch-site': 'cross-site' }],
      ['missing, foreign referer', { referer: 'https://evil.example/pagina' }],
      ['another machine', { host: LAN_HOST(server.port), origin: 'http://192.168.1.77:3000' }],
      ['localhost port mismatch', { origin: `http://127.0.0.1:${server.port + 1}` }],
    ];
    for (const [name, headers] of cases) {
      const api = await json('POST', '/api/cart/quote', headers, quote);
      expect(api.status, `${name}: ${api.text}`).toBe(403);
      expect(JSON.parse(api.text)).toEqual({ erro: 'Envio recusado: o formulário não veio do site da Olimpo Peças.' });
      const form = await send('POST', '/Login', { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, 'email=a%40b.com&password=x');
      expect(form.status, name).toBe(403);
    }
    // CORS_ORIGINS are for the API, not the shop's own page forms.
    expect((await send('POST', '/Login', { origin: FRONT_END, 'content-type': 'application/x-www-form-urlencoded' }, 'email=a%40b.com&password=x')).status).toBe(403);
  });

  it('answers CORS preflights for the allowed front end on /api/*, /orders and /chat', async () => {
    for (const path of ['/orders', '/chat', '/api/orders', '/api/chat', '/api/cart/quote', '/api/produtos', '/api/products/1', '/api/auth/sign-in/email']) {
      const pre = await send('OPTIONS', path, { origin: FRONT_END, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, idempotency-key' });
      expect(pre.status, path).toBe(204);
      expect(pre.headers['access-control-allow-origin'], path).toBe(FRONT_END);
      expect(pre.headers['access-control-allow-credentials'], path).toBe('true');
      expect(pre.headers['access-control-allow-methods'], path).toMatch(/POST/);
      expect(pre.headers['access-control-allow-headers'], path).toMatch(/content-type/);
      expect(pre.headers['access-control-allow-headers'], path).toMatch(/idempotency-key/);
      expect(pre.headers.vary, path).toMatch(/Origin/);
      expect(pre.text).toBe('');
    }
    const list = await send('GET', '/api/produtos?limite=3', { origin: FRONT_END });
    expect(list.status).toBe(200);
    expect(list.headers['access-control-allow-origin']).toBe(FRONT_END);
    expect(list.headers['access-control-expose-headers']).toMatch(/X-Total-Count/);

    const placed = await json(
      'POST',
      '/orders',
      { origin: FRONT_END, 'idempotency-key': 'pedido-de-outra-origem-0001' },
      { email: 'spa@example.com', items: [{ id: 2, quantity: 1 }], address, shipping: 'standard', payment: 'pix' },
    );
    expect(placed.status, placed.text).toBe(201);
    expect(placed.headers['access-control-allow-origin']).toBe(FRONT_END);
    const chat = await json('POST', '/chat', { origin: FRONT_END }, { mensagens: [{ sender: 'user', content: 'Qual o prazo de entrega?' }] });
    expect(chat.status).toBe(200);
    expect(chat.headers['access-control-allow-origin']).toBe(FRONT_END);
  });

  it('gives any other origin no CORS headers and refuses its writes', async () => {
    const pre = await send('OPTIONS', '/orders', { origin: OTHER, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' });
    expect(pre.status).toBeLessThan(500);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    const list = await send('GET', '/api/produtos?limite=3', { origin: OTHER });
    expect(list.status).toBe(200);
    expect(list.headers['access-control-allow-origin']).toBeUndefined();
    const write = await json('POST', '/orders', { origin: OTHER }, { email: 'spa@example.com', items: [{ id: 2, quantity: 1 }], address, shipping: 'standard', payment: 'pix' });
    expect(write.status).toBe(403);
    expect(write.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('OPTIONS on a page is a clean answer, never a stack trace', async () => {
    for (const path of ['/', '/ProductList', '/Checkout', '/Pedidos/12345678']) {
      const res = await send('OPTIONS', path, { origin: FRONT_END });
      expect([204, 405], path).toContain(res.status);
      expect(res.text).not.toMatch(/Error|at .*\(|Invalid request method/);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
    expect(server.output).not.toMatch(/Invalid request method|ErrorResponseImpl/);
  });

  it('order pages opened with ?token= are never cached, and a credit order placed without its card is paid there', async () => {
    const own = `http://127.0.0.1:${server.port}`;
    const placed = await json('POST', '/orders', { origin: own }, { email: 'cartao@example.com', items: [{ id: 2, quantity: 1 }], address, shipping: 'standard', payment: 'credit' });
    expect(placed.status, placed.text).toBe(201);
    const order = JSON.parse(placed.text) as { id: string; paymentUrl: string; status: string };
    expect(order.status).toBe('awaiting_payment');
    const path = new URL(order.paymentUrl).pathname + new URL(order.paymentUrl).search;
    const page = await send('GET', path);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toMatch(/no-store/);
    expect(page.text).toContain('Pagar com cartão de crédito');

    const form = (card: string) => new URLSearchParams({ numero: card, nome: 'MARIA DA SILVA', validade: '12/30', cvv: '123' }).toString();
    const bad = await send('POST', path, { origin: own, 'content-type': 'application/x-www-form-urlencoded' }, form('4111 1111 1111 1112'));
    expect(bad.status).toBe(400);
    expect(bad.headers['cache-control']).toMatch(/no-store/);
    const paid = await send('POST', path, { origin: own, 'content-type': 'application/x-www-form-urlencoded' }, form('4111 1111 1111 1111'));
    expect(paid.status, paid.text.slice(0, 300)).toBe(302);
    const after = await send('GET', path);
    expect(after.text).not.toContain('Pagar com cartão de crédito');
    expect(after.text).toMatch(/Pago|pago/);
  });
});
