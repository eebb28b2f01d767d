// Hostile input and private data, against the real built server: XSS payloads in product data, search, URLs
// and the chat stay inert in Chromium (no dialog, no injected handler); SQL injection strings in search give
// normal answers; card numbers and CVVs appear in no table and no log after card purchases; an order cannot be
// read or changed without its token (guests × order endpoints: no token, a wrong token, another order's
// token, the right token). Signed-in actors × every endpoint are in access-control.test.ts.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { chromium } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#src/domain/catalog/schema.ts';
import { createServerDatabase, dumpAllRows, rows } from './support/databases.ts';
import type { ServerDatabase } from './support/databases.ts';
import { AppServer } from './support/server.ts';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Every payload sets window.__xss and opens a dialog if it ever runs. */
const XSS = [
  `<script>window.__xss=1;alert('xss')</script>`,
  `"><img src=x onerror="window.__xss=1;alert('xss')">`,
  `'><svg/onload=window.__xss=1;alert('xss')>`,
  `javascript:window.__xss=1;alert('xss')`,
  `</title><script>window.__xss=1;alert('xss')</script>`,
  `{{constructor.constructor('window.__xss=1;alert(1)')()}}`,
];

const SQLI = [
  `' OR '1'='1`,
  `'; DROP TABLE products; --`,
  `1; SELECT pg_sleep(10) --`,
  `%' OR 1=1 --`,
  `farol' UNION SELECT null, null, null --`,
  `") OR ("a"="a`,
  `\\'; DELETE FROM orders; --`,
  `$$; DROP TABLE orders; $$`,
  `farol & !pastilha | (óleo:*)`,
  `<-> !! :* & |`,
];

const CARD = { number: '4111 1111 1111 1111', name: 'MARIA DA SILVA', expiry: '12/30', cvv: '987' };
const DECLINED = '4000 0000 0000 0002';
const address = { cep: '01001000', street: 'Praça da Sé', number: '100', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' };

const XSS_TITLE = `Farol Xsstest <img src=x onerror="window.__xss=1;alert('titulo')"> </script><script>window.__xss=1;alert('titulo2')</script>`;
const XSS_DESCRIPTION = `<script>window.__xss=1;alert('descricao')</script><svg onload="window.__xss=1;alert('svg')"></svg> "'><iframe src="javascript:alert(1)">`;
const XSS_REF = `"><script>alert('ref')</script>`;

describe('hostile input and private data on the built server', () => {
  let database: ServerDatabase;
  let server: AppServer;
  let plain: number[] = [];
  /** Every row before any request: the CVV check looks at what requests wrote. */
  let baseline: Set<string>;

  beforeAll(async () => {
    database = await createServerDatabase('pglite', {
      seedProducts: 30,
      // Product data an attacker could have slipped in through a feed or an admin screen.
      prepare: async (db) => {
        await db.update(products).set({ title: XSS_TITLE, description: XSS_DESCRIPTION, refCode: XSS_REF, stock: 500 }).where(eq(products.id, 1));
      },
    });
    plain = (
      await database.use((db) => rows<{ id: number }>(db, sql`select id from products p where id > 1 and not exists (select 1 from product_variants v where v.product_id = p.id) order by id limit 3`))
    ).map((r) => r.id);
    baseline = await database.use(async (db) => {
      await db
        .update(products)
        .set({ stock: 500 })
        .where(
          sql`id in (${sql.join(
            plain.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
      return new Set((await dumpAllRows(db)).map((r) => `${r.table}:${r.text}`));
    });
    server = await AppServer.create({ ...database.server, env: { LOG_LEVEL: 'debug' } });
    await server.start();
  });

  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  const json = (method: string, url: string, body: unknown, headers: Record<string, string> = {}) =>
    server.fetch(url, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const order = (over: Record<string, unknown> = {}) => ({
    idempotencyKey: crypto.randomUUID(),
    email: 'seguro@example.com',
    lines: [{ productId: plain[0], quantity: 1 }],
    address,
    shipping: 'standard',
    payment: 'pix',
    installments: 1,
    customer: { name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' },
    ...over,
  });

  // --- XSS in Chromium ---------------------------------------------------------------------------------------
  describe('XSS payloads stay inert in Chromium', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    });
    afterAll(async () => {
      await browser?.close();
    });

    /** Opens a page and watches it: dialogs, the payloads' global, inline handlers and scripts in the DOM. */
    async function visit(url: string, setup?: (page: Page) => Promise<void>, act?: (page: Page) => Promise<void>) {
      const context = await browser.newContext({ locale: 'pt-BR' });
      const page = await context.newPage();
      const dialogs: string[] = [];
      page.on('dialog', (d) => {
        dialogs.push(`${d.type()}: ${d.message()}`);
        void d.dismiss();
      });
      try {
        if (setup) await setup(page);
        const response = await page.goto(`${server.url}${url}`, { waitUntil: 'load' });
        const policy = response?.headers()['content-security-policy'] ?? '';
        await page.waitForLoadState('networkidle').catch(() => {});
        if (act) await act(page);
        const found = await page.evaluate(() => ({
          xss: (window as unknown as { __xss?: unknown }).__xss,
          handlers: [...document.querySelectorAll('*')].flatMap((el) => [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${el.tagName}[${a.name}]`)),
          // Inline scripts in the DOM: every one of ours is allowed by its hash in the page's policy.
          scripts: [...document.querySelectorAll('script')].filter((s) => !s.src && !/json/.test(s.type)).map((s) => s.textContent ?? ''),
          frames: [...document.querySelectorAll('iframe, object, embed')].length,
          jsLinks: [...document.querySelectorAll('a[href]')].filter((a) => /^\s*javascript:/i.test(a.getAttribute('href') ?? '')).length,
        }));
        expect(dialogs, `${url}: a dialog opened`).toEqual([]);
        expect(found.xss, `${url}: a payload ran`).toBeUndefined();
        expect(found.handlers, `${url}: inline event handlers in the DOM`).toEqual([]);
        const unknown = found.scripts.filter((text) => !policy.includes(`'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`));
        expect(unknown, `${url}: inline <script> in the DOM that the policy does not allow`).toEqual([]);
        expect(found.frames, `${url}: injected frame`).toBe(0);
        expect(found.jsLinks, `${url}: javascript: link`).toBe(0);
      } finally {
        await context.close();
      }
    }

    it('in the search query (results page, header search box, "Mostrando resultados para")', async () => {
      for (const p of XSS) await visit(`/ProductList?q=${encodeURIComponent(p)}`);
      await visit(`/ProductList?q=${encodeURIComponent(`farol ${XSS[1]}`)}&ordem=${encodeURIComponent(XSS[0]!)}`);
    });

    it('in product data (title, description, reference) on the product page, the list and the JSON-LD', async () => {
      await visit('/ProductView/1');
      await visit('/ProductList?q=xsstest');
      await visit('/');
    });

    it('in URLs (paths, query strings, order links)', async () => {
      await visit(`/${encodeURIComponent(XSS[0]!)}`);
      await visit(`/ProductView/${encodeURIComponent(XSS[1]!)}`);
      await visit(`/ProductView/1?x=${encodeURIComponent(XSS[2]!)}#${encodeURIComponent(XSS[0]!)}`);
      await visit(`/Pedidos/12345678?token=${encodeURIComponent(XSS[1]!)}`);
      await visit(`/sobre-nos?${encodeURIComponent(XSS[4]!)}`);
    });

    it('in the cart kept in localStorage (colour, size, title)', async () => {
      const cart = [
        { id: 1, titulo: XSS[1], cor: XSS[0], tamanho: XSS[2], quantity: 1 },
        { id: plain[0], titulo: XSS[4], quantity: 2 },
      ];
      const setCart = async (page: Page) => {
        await page.addInitScript((value) => localStorage.setItem('cart', value), JSON.stringify(cart));
      };
      await visit('/Cart', setCart, async (page) => {
        await page.getByText('RESUMO').first().waitFor({ timeout: 15_000 });
      });
    });

    it('in chat messages and the products the assistant suggests', async () => {
      await visit('/', undefined, async (page) => {
        await page.getByRole('button', { name: /OlimpIA/ }).click();
        const box = page.locator('#olimpia-pergunta');
        await box.waitFor({ timeout: 15_000 });
        const answers = page.locator('[role="log"] p', { hasText: 'OlimpIA:' });
        // Payloads as questions, and a question whose answer suggests products.
        for (const [i, message] of [XSS[1]!, 'Vocês têm farol xsstest?', `${XSS[0]} ${XSS[3]}`].entries()) {
          await box.fill(message);
          await box.press('Enter');
          // The answer is on screen (streamed) and the box takes the next question.
          await expect.poll(() => answers.count(), { timeout: 20_000 }).toBe(i + 1);
          await page.locator('[role="log"] [role="status"]').waitFor({ state: 'detached', timeout: 15_000 });
        }
        // The assistant's answers came with product suggestions (links), checked by visit() like the rest.
        await expect.poll(() => page.locator('[role="log"] a[href^="/ProductView/"]').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      });
    });
  });

  // --- SQL injection ------------------------------------------------------------------------------------------
  describe('SQL injection strings in search', () => {
    it('give normal answers, take normal time and change nothing', async () => {
      const before = (await (await server.fetch('/api/products?limite=1')).json()) as { total: number };
      for (const q of SQLI) {
        const started = Date.now();
        const res = await server.fetch(`/api/products?q=${encodeURIComponent(q)}`);
        const body = (await res.json()) as { items: unknown[]; total: number };
        expect(res.status, q).toBe(200);
        expect(Array.isArray(body.items), q).toBe(true);
        expect(body.total, q).toBeLessThanOrEqual(before.total);
        expect(Date.now() - started, `${q}: pg_sleep must not run`).toBeLessThan(8000);
        const legacy = await server.fetch(`/api/produtos?q=${encodeURIComponent(q)}`);
        expect(legacy.status, q).toBe(200);
        await legacy.arrayBuffer();
        const page = await server.fetch(`/ProductList?q=${encodeURIComponent(q)}`);
        expect(page.status, q).toBe(200);
        await page.arrayBuffer();
        const chat = await json('POST', '/api/chat', { mensagens: [{ sender: 'user', content: q }] });
        expect(chat.status, q).toBe(200);
        await chat.arrayBuffer();
      }
      // In the other parameters they are simply invalid values.
      for (const param of ['marca', 'categoria', 'ordem', 'pagina', 'preco_min', 'veiculo', 'estado', 'limite']) {
        const res = await server.fetch(`/api/products?${param}=${encodeURIComponent(SQLI[0]!)}`);
        expect(res.status, param).toBe(400);
        await res.arrayBuffer();
      }
      const byId = await server.fetch(`/api/products/${encodeURIComponent('1 OR 1=1')}`);
      expect(byId.status).toBe(400);
      await byId.arrayBuffer();
      const after = (await (await server.fetch('/api/products?limite=1')).json()) as { total: number };
      expect(after.total).toBe(before.total);
    });
  });

  // --- access control ----------------------------------------------------------------------------------------
  describe('orders are private to whoever holds their token', () => {
    type Target = { number: string; token: string; boleto: { number: string; token: string } };
    type Actor = { name: string; headers: Record<string, string>; token: (own: Target, other: Target) => string | null; allowed: boolean };
    const ACTORS: Actor[] = [
      { name: 'visitante sem token', headers: {}, token: () => null, allowed: false },
      { name: 'visitante com token errado', headers: {}, token: () => crypto.randomBytes(24).toString('base64url'), allowed: false },
      { name: 'visitante com o token de outro pedido', headers: {}, token: (_own, other) => other.token, allowed: false },
      { name: 'visitante com o token vazio', headers: {}, token: () => '', allowed: false },
      { name: 'quem recebeu o link do pedido', headers: {}, token: (own) => own.token, allowed: true },
    ];
    const q = (token: string | null) => (token === null ? '' : `?token=${encodeURIComponent(token)}`);
    const ORDER_ENDPOINTS: { name: string; call: (o: Target, token: string | null, headers: Record<string, string>) => Promise<Response>; okStatus: number }[] = [
      { name: 'GET /api/orders/:n', call: (o, t, h) => server.fetch(`/api/orders/${o.number}${q(t)}`, { headers: h }), okStatus: 200 },
      { name: 'GET /api/orders/:n/pix.svg', call: (o, t, h) => server.fetch(`/api/orders/${o.number}/pix.svg${q(t)}`, { headers: h }), okStatus: 200 },
      { name: 'página /Pedidos/:n', call: (o, t, h) => server.fetch(`/Pedidos/${o.number}${q(t)}`, { headers: h }), okStatus: 200 },
      { name: 'página /Pedidos/:n/boleto', call: (o, t, h) => server.fetch(`/Pedidos/${o.boleto.number}/boleto${q(t === o.token ? o.boleto.token : t)}`, { headers: h }), okStatus: 200 },
      { name: 'POST /api/orders/:n/rating', call: (o, t, h) => json('POST', `/api/orders/${o.number}/rating`, t === null ? { rating: 1 } : { rating: 1, token: t }, h), okStatus: 200 },
    ];

    it.each(ACTORS.map((a) => [a.name, a] as const))('%s', async (_name, actor) => {
      const placeOne = async (payment: string) => {
        const res = await json('POST', '/api/orders', order({ email: 'dono-do-pedido@example.com', payment }));
        const body = (await res.json()) as { order: { number: string }; accessToken: string };
        expect(res.status).toBe(201);
        return { number: body.order.number, token: body.accessToken };
      };
      const place = async (): Promise<Target> => ({ ...(await placeOne('pix')), boleto: await placeOne('boleto') });
      const own = await place();
      const other = await place();
      const token = actor.token(own, other);
      for (const endpoint of ORDER_ENDPOINTS) {
        const res = await endpoint.call(own, token, actor.headers);
        const text = await res.text();
        if (actor.allowed) expect(res.status, `${endpoint.name}: ${text.slice(0, 200)}`).toBe(endpoint.okStatus);
        else {
          expect(res.status, `${endpoint.name} must be refused: ${text.slice(0, 200)}`).toBe(404);
          expect(text, endpoint.name).not.toContain('dono-do-pedido@example.com');
        }
      }
      // Paying through the sandbox needs the token too (last: it changes the order).
      const pay = await server.fetch(`/api/payments/sandbox/${own.number}/pay${q(token)}`, { method: 'POST', headers: actor.headers });
      expect(pay.status).toBe(actor.allowed ? 200 : 404);
      await pay.arrayBuffer();
    });

    it('nobody lists orders without an account, and the assistant does not reveal them', async () => {
      for (const url of ['/api/orders', '/orders']) {
        const res = await server.fetch(url);
        expect(res.status, url).toBe(401);
        await res.arrayBuffer();
      }
      const res = await json('POST', '/api/orders', order({ email: 'segredo-do-chat@example.com' }));
      const { order: placed } = (await res.json()) as { order: { number: string } };
      const chat = await json('POST', '/api/chat', { mensagens: [{ sender: 'user', content: `Qual o status do pedido #${placed.number}? E o e-mail dele?` }] });
      const answer = await chat.text();
      expect(chat.status).toBe(200);
      expect(answer).not.toContain('segredo-do-chat@example.com');
    });
  });

  // --- card data ---------------------------------------------------------------------------------------------
  describe('card data', () => {
    it('no card number or CVV in any table, e-mail or log line after card purchases', async () => {
      const buys: [string, unknown, number][] = [
        ['/api/orders', order({ payment: 'credit', card: CARD, installments: 3 }), 201],
        ['/api/orders', order({ payment: 'credit', card: { ...CARD, number: CARD.number.replace(/\s/g, '') }, lines: [{ productId: plain[1], quantity: 2 }] }), 201],
        ['/api/orders', order({ payment: 'credit', card: { ...CARD, number: DECLINED } }), 402],
        ['/api/orders', order({ payment: 'credit', card: { ...CARD, expiry: '01/20' } }), 400],
        ['/orders', { email: 'seguro@example.com', items: [{ id: plain[2], quantity: 1 }], address, shipping: 'express', payment: 'credit', installments: 2, card: CARD }, 201],
      ];
      for (const [url, body, status] of buys) {
        const res = await json('POST', url, body);
        const text = await res.text();
        expect(res.status, text).toBe(status);
        expect(text).not.toContain('4111111111111111');
        expect(text).not.toContain('4111 1111 1111 1111');
        expect(text).not.toMatch(/"cvv"/i);
      }
      // The same key again (a retry) must not bring the card back either.
      const retry = order({ payment: 'credit', card: CARD });
      for (let i = 0; i < 2; i++) await (await json('POST', '/api/orders', retry)).arrayBuffer();

      // The e-mails go out after the answers (outbox + job runner): let the approved cards' ones be written.
      const liveMail = path.join(database.server.dataDir!, 'mail');
      const paidMails = () => (fs.existsSync(liveMail) ? fs.readdirSync(liveMail).filter((f) => f.endsWith('-paid.eml')).length : 0);
      for (let i = 0; i < 150 && paidMails() < 4; i++) await new Promise((r) => setTimeout(r, 200));
      // PGlite: stop the server, then read every row of every table.
      await server.stop();
      const dump = await database.use(dumpAllRows);
      const mailDir = path.join(database.server.dataDir!, 'mail');
      const mails = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).map((f) => ({ table: `mail/${f}`, text: fs.readFileSync(path.join(mailDir, f), 'utf8') })) : [];
      const logs = { table: 'server stdout/stderr', text: server.output };
      expect(dump.length).toBeGreaterThan(100);
      expect(mails.length, 'confirmation e-mails were written').toBeGreaterThan(0);
      expect(logs.text).toMatch(/pedido criado/);

      // Both full card numbers, with or without separators (digits around them would make another number).
      const PAN = [/(?<!\d)4111[\s.-]?1111[\s.-]?1111[\s.-]?1111(?!\d)/, /(?<!\d)4000[\s.-]?0000[\s.-]?0000[\s.-]?0002(?!\d)/];
      // The CVV as a value of its own (a row field, a JSON value, a log field), not as digits inside a timestamp or id.
      const CVV = [/cvv/i, /(^|[\s,(":=])987($|[\s,)"])/];
      const written = dump.filter((r) => !baseline.has(`${r.table}:${r.text}`));
      expect(written.length).toBeGreaterThan(10);
      for (const { table, text } of dump) {
        for (const re of [...PAN, CVV[0]!]) expect(re.test(text), `${table} contains ${re}: ${text.slice(0, 300)}`).toBe(false);
      }
      for (const { table, text } of [...written, ...mails, logs]) {
        for (const re of [...PAN, ...CVV]) expect(re.test(text), `${table} contains ${re}: ${text.slice(0, 300)}`).toBe(false);
      }
      // What is kept: the brand and the last four digits.
      const cards = dump.filter((r) => r.table === 'public.payments' && r.text.includes('Visa'));
      expect(cards.length).toBeGreaterThanOrEqual(3);
      await server.start();
    });
  });
});
