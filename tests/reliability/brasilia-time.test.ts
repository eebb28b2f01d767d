// Brasília time everywhere: the built server runs in Tokyo time (TZ=Asia/Tokyo) and Chromium too
// (timezoneId), yet an order placed at 23:30 in Brasília shows that day and hour on /Pedidos/:n,
// /Pedidos (Meus Pedidos) and /Admin/Pedidos, its PIX validity is Brasília's, and hydration raises no
// React error #418 (text rendered by the server and by the browser is the same).
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { chromium } from '@playwright/test';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerDatabase, DATABASE_KINDS } from './support/databases.ts';
import type { ServerDatabase } from './support/databases.ts';
import { createAccounts, signIn } from './support/accounts.ts';
import type { Account } from './support/accounts.ts';
import { AppServer } from './support/server.ts';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const address = { cep: '01001000', street: 'Praça da Sé', number: '100', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' };
const customer = { name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' };
// 23:30 in Brasília is 11:30 of the NEXT day in Tokyo and 02:30 of the next day in UTC. The year is the next
// one: the PIX must still be valid when the page is read. With fixed dates of 2026 it had expired by
// 2026-11-27, and the minute's expiry sweep (src/domain/orders/expiry.server.ts) cancelled the order whenever
// it ran before the page was read (CI failed once that way).
const YEAR = new Date().getUTCFullYear() + 1;
const PLACED = `${YEAR}-11-20T23:30:00-03:00`;
const PIX_UNTIL = `${YEAR}-11-21T00:00:00-03:00`;

describe.each(DATABASE_KINDS)('Brasília time with the server and the browser in Tokyo on %s', (kind) => {
  let database: ServerDatabase;
  let server: AppServer;
  let browser: Browser;
  let accounts: Record<string, Account> = {};
  let number = '';
  let token = '';

  beforeAll(async () => {
    database = await createServerDatabase(kind, {
      seedProducts: 10,
      prepare: async (db) => {
        accounts = await createAccounts(db, { admin: 'admin', shopper: 'customer' });
      },
    });
    server = await AppServer.create({ ...database.server, env: { TZ: 'Asia/Tokyo' } });
    await server.start();
    await signIn(server, accounts.admin!);
    await signIn(server, accounts.shopper!);
    const res = await server.fetch('/api/orders', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, cookie: accounts.shopper!.cookie },
      body: JSON.stringify({
        idempotencyKey: crypto.randomUUID(),
        email: accounts.shopper!.email,
        lines: [{ productId: 2, quantity: 1 }],
        address,
        shipping: 'standard',
        payment: 'pix',
        installments: 1,
        customer,
      }),
    });
    const body = (await res.json()) as { order: { number: string }; accessToken: string; erro?: string };
    expect(res.status, body.erro).toBe(201);
    number = body.order.number;
    token = body.accessToken;
    // The order "was placed" at 23:30 in Brasília (PGlite: one process per folder, so the server steps aside).
    if (kind === 'pglite') await server.stop();
    await database.use(async (db) => {
      await db.execute(sql`update orders set created_at = ${PLACED}::timestamptz, expires_at = ${PIX_UNTIL}::timestamptz where number = ${number}`);
      await db.execute(sql`update order_events set created_at = ${PLACED}::timestamptz where order_id = (select id from orders where number = ${number})`);
      await db.execute(sql`update payments set pix_expires_at = ${PIX_UNTIL}::timestamptz where order_id = (select id from orders where number = ${number})`);
    });
    if (!server.isRunning) await server.start();
    browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await database?.dispose();
  });

  /** A Tokyo browser, optionally signed in, that records console errors and page errors. */
  async function tokyo(cookie?: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext({ timezoneId: 'Asia/Tokyo', locale: 'pt-BR' });
    if (cookie) {
      await context.addCookies(
        cookie.split('; ').map((c) => {
          const i = c.indexOf('=');
          return { name: c.slice(0, i), value: c.slice(i + 1), url: server.url };
        }),
      );
    }
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && !m.text().startsWith('Failed to load resource') && errors.push(m.text()));
    page.on('response', (r) => r.status() >= 400 && !r.url().endsWith('/favicon.ico') && errors.push(`${r.status()} ${r.url()}`));
    page.on('pageerror', (e) => errors.push(e.message));
    // The browser really is in Tokyo.
    await page.goto(`${server.url}/robots.txt`);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Tokyo');
    return { context, page, errors };
  }

  async function hydrated(page: Page): Promise<void> {
    await page.waitForFunction(() => {
      const w = window as unknown as { __reactRouterDataRouter?: { state?: { initialized?: boolean } } };
      const el = document.querySelector('header a[href="/Cart"]');
      return !!w.__reactRouterDataRouter?.state?.initialized && !!el && Object.keys(el).some((k) => k.startsWith('__reactProps'));
    });
    await page.waitForTimeout(500);
  }

  it('/Pedidos/:n shows 20/11 23:30 of its year and the PIX valid until 00:00, with no hydration error', async () => {
    const { context, page, errors } = await tokyo();
    await page.goto(`${server.url}/Pedidos/${number}?token=${encodeURIComponent(token)}`);
    await hydrated(page);
    const text = await page.locator('main').innerText();
    expect(text).toContain(`Feito em 20/11/${YEAR} 23:30 (horário de Brasília)`);
    expect(text).toContain('Válido até 00:00 (horário de Brasília)');
    expect(text).not.toContain(`21/11/${YEAR}`);
    expect(errors.filter((e) => /418|hydrat/i.test(e))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('"Meus Pedidos" shows the day in Brasília', async () => {
    const { context, page, errors } = await tokyo(accounts.shopper!.cookie);
    await page.goto(`${server.url}/Pedidos`);
    await hydrated(page);
    const card = page.locator('li', { hasText: `Pedido #${number}` });
    await expect.poll(() => card.innerText()).toContain(`20/11/${YEAR}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('/Admin/Pedidos shows 20/11 23:30 of its year and the buyer, with no hydration error', async () => {
    const { context, page, errors } = await tokyo(accounts.admin!.cookie);
    await page.goto(`${server.url}/Admin/Pedidos`);
    await hydrated(page);
    const card = page.locator('li', { hasText: `Pedido #${number}` });
    const text = await card.innerText();
    expect(text).toContain(`20/11/${YEAR} 23:30`);
    expect(text).toContain('Maria da Silva');
    expect(text).toContain('CPF 529.982.247-25');
    expect(errors.filter((e) => /418|hydrat/i.test(e))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
