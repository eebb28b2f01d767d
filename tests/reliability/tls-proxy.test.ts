// The shop deployed as shipped: the repository's deploy/nginx.conf (TLS, HTTP/2, two upstream instances)
// in front of two app instances on one PostgreSQL, PUBLIC_URL https and TRUST_PROXY=true. Chromium, through
// https://, signs up, signs out and in, places a PIX order and pays it in the sandbox; one instance is killed
// halfway and the journey goes on through the other; the owner then moves the order on in the back office.
// The answers carry HSTS (once), a CSP, Secure cookies and immutable, precompressed assets; what nginx
// answers itself (a body over its limit, no instance up) is pt-BR too.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import type { Browser, BrowserContext, Page, Response as PageResponse } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { startFakeViaCep } from '../support/fake-viacep.ts';
import { createAccounts, PASSWORD } from './support/accounts.ts';
import { isPtBrMessage } from './support/checks.ts';
import type { Account } from './support/accounts.ts';
import { createServerDatabase, DATABASE_KINDS } from './support/databases.ts';
import type { ServerDatabase } from './support/databases.ts';
import { assertNginxAndOpenssl, Nginx } from './support/nginx.ts';
import { AppServer, freePort } from './support/server.ts';

const HOST = 'loja.test';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const WAIT = { timeout: 20_000 };

describe.runIf(DATABASE_KINDS.includes('postgres'))('the shop behind nginx with TLS, on two instances', () => {
  let database: ServerDatabase;
  let viaCep: Awaited<ReturnType<typeof startFakeViaCep>>;
  let a: AppServer;
  let b: AppServer;
  let nginx: Nginx;
  let browser: Browser;
  let admin: Account;
  let origin = '';
  let httpPort = 0;
  let dataDir = '';

  beforeAll(async () => {
    assertNginxAndOpenssl(); // before anything slow: a missing nginx fails here, with the way to install it
    const [httpsPort, plainPort] = [await freePort(), await freePort()];
    httpPort = plainPort;
    origin = `https://${HOST}:${httpsPort}`;
    viaCep = await startFakeViaCep();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-tls-data-'));
    database = await createServerDatabase('postgres', {
      seedProducts: 20,
      prepare: async (db) => {
        admin = (await createAccounts(db, { admin: 'admin' })).admin!;
      },
    });
    // A production configuration: https, behind a proxy, every secret set, one DATA_DIR shared by both.
    const env = {
      PUBLIC_URL: origin,
      TRUST_PROXY: 'true',
      PAYMENT_PROVIDER: 'sandbox',
      PAYMENT_WEBHOOK_SECRET: crypto.randomBytes(24).toString('hex'),
      COOKIE_SECRET: crypto.randomBytes(32).toString('base64'),
      VIACEP_URL: viaCep.url,
      DATA_DIR: dataDir,
    };
    a = await AppServer.create({ ...database.server, env });
    b = await AppServer.create({ ...database.server, env });
    await Promise.all([a.start(), b.start()]);
    nginx = await Nginx.start({ serverName: HOST, httpsPort, httpPort, upstreams: [a.port, b.port] });
    browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${HOST} 127.0.0.1`] });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await nginx?.stop();
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.dispose();
    await viaCep?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers a page form with the forwarded https origin normally, not with a 400', async () => {
    const res = await a.fetch('/Login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin, 'x-forwarded-proto': 'https', 'x-forwarded-host': `${HOST}:${new URL(origin).port}` },
      body: new URLSearchParams({ intent: 'senha', email: admin.email, password: PASSWORD }).toString(),
    });
    await res.arrayBuffer();
    expect(res.status, a.output.slice(-1500)).toBe(302);
    expect(res.headers.getSetCookie().join('\n')).toMatch(/__Secure-better-auth\.session_token=[^;]+;.*\bSecure\b/);
  });

  it('answers no other name than its own over TLS', async () => {
    await expect(viaProxy('/', {}, { servername: 'outro.example' })).rejects.toThrow(/alert|handshake|socket/i);
    await expect(viaProxy('/', { headers: { host: 'outro.example' } })).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect((await viaProxy('/robots.txt')).status).toBe(200);
  });

  it('sends plain http to https', async () => {
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => http.get({ host: '127.0.0.1', port: httpPort, path: '/Cart?x=1', headers: { host: HOST } }, resolve).on('error', reject));
    res.resume();
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`https://${HOST}/Cart?x=1`);
  });

  it('takes a shopper from sign-up to a paid PIX order and the owner to the next status, through one instance after the other dies', async () => {
    const shopper = await visitor();
    onTestFailed(async () => {
      const tail = nginx
        .accessLog()
        .slice(-25)
        .map((l) => `${l.status} ${l.method} ${l.uri} ← ${l.upstreams.join(', ')}`);
      console.error(
        `página: ${shopper.page.url()}\n${(
          await shopper.page
            .locator('main')
            .innerText()
            .catch(() => '')
        ).slice(0, 600)}\n\nnginx:\n${tail.join('\n')}\n${nginx.errorLog().slice(-1500)}\n\ninstâncias:\n${a.output.slice(-1500)}\n${b.output.slice(-1500)}`,
      );
    });
    const email = `tls-${crypto.randomBytes(4).toString('hex')}@example.com`;

    // The home page over HTTP/2, with the app's security headers once each and its hashed assets immutable.
    const home = (await shopper.page.goto(`${origin}/`))!;
    expect(home.status()).toBe(200);
    expect(await shopper.page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol)).toBe('h2');
    const headers = await home.headersArray();
    const named = (n: string) => headers.filter((h) => h.name.toLowerCase() === n).map((h) => h.value);
    expect(named('strict-transport-security')).toEqual(['max-age=63072000; includeSubDomains']);
    expect(named('content-security-policy')).toHaveLength(1);
    expect(named('content-security-policy')[0]).toMatch(/default-src 'self'.*script-src 'self' 'sha256-/);
    expect(named('x-content-type-options')).toEqual(['nosniff']);
    await shopper.page.waitForLoadState('networkidle');
    const assets = shopper.responses.filter((r) => new URL(r.url()).pathname.match(/^\/assets\/.+\.(js|css)$/));
    expect(assets.length).toBeGreaterThan(0);
    const assetHeaders = await Promise.all(assets.map((r) => r.allHeaders()));
    for (const [i, h] of assetHeaders.entries()) expect(h['cache-control'], assets[i]!.url()).toBe('public, max-age=31536000, immutable');
    // The build's brotli copies (files over 1 KB) reach the browser as they are.
    expect(assetHeaders.filter((h) => h['content-encoding'] === 'br').length).toBeGreaterThan(0);

    // Sign up, sign out, sign in: page forms, through the proxy.
    await shopper.page.goto(`${origin}/Registrar`);
    await hydrated(shopper.page);
    await shopper.page.getByLabel('E-mail', { exact: true }).fill(email);
    await shopper.page.getByLabel('Nome Completo').fill('Maria da Silva');
    await shopper.page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await shopper.page.getByRole('button', { name: 'Criar Conta' }).click();
    await notice(shopper.page, 'Conta criada com sucesso!');
    await shopper.page.locator('header summary', { hasText: 'Olá,' }).click();
    await shopper.page.locator('header').getByRole('button', { name: 'Sair' }).click();
    await notice(shopper.page, 'Você saiu da sua conta.');
    await shopper.page.goto(`${origin}/Login`);
    await hydrated(shopper.page);
    await shopper.page.getByLabel('E-mail', { exact: true }).fill(email);
    await shopper.page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await shopper.page.getByRole('button', { name: 'Acessar Conta' }).click();
    await notice(shopper.page, 'Login realizado com sucesso!');

    // Both instances have served the journey so far; one dies now, as with a crash or an OOM kill. The page's
    // own requests after signing in (the cart merge) finish first: a POST in flight on the instance that dies
    // is lost with it (nginx never replays a non-idempotent request), which is not what this test is about.
    await shopper.page.waitForLoadState('networkidle');
    const before = nginx.accessLog();
    expect(new Set(before.flatMap((l) => l.upstreams)), 'least_conn spread the requests').toEqual(new Set([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]));
    await a.kill9();
    const killedAt = before.length;

    // A PIX order, paid in the sandbox.
    const product = await firstProduct(shopper.page);
    await shopper.page.goto(`${origin}/ProductView/${product.id}`);
    await hydrated(shopper.page);
    await shopper.page.getByRole('button', { name: 'Comprar', exact: true }).click();
    await shopper.page.getByText(`Produto "${product.title}" adicionado ao carrinho!`).waitFor(WAIT);
    await shopper.page.goto(`${origin}/Cart`);
    await hydrated(shopper.page);
    const summary = shopper.page.getByRole('complementary', { name: 'RESUMO' });
    await expect.poll(() => summary.innerText(), WAIT).toMatch(/Subtotal\s*R\$\s*[1-9]/);
    await summary.getByRole('button', { name: 'Finalizar Compra' }).click();
    await expect.poll(() => shopper.page.url(), WAIT).toMatch(/\/Checkout$/);
    await shopper.page.getByLabel('E-mail').fill(email);
    await shopper.page.getByLabel('Nome completo').fill('Maria da Silva');
    await shopper.page.getByLabel('CPF').pressSequentially('52998224725');
    await shopper.page.getByLabel('Celular').pressSequentially('11987654321');
    await continueTo(shopper.page, '2. Endereço');
    await shopper.page.getByLabel('CEP').fill('01001000');
    await shopper.page.getByLabel('CEP').blur();
    await expect.poll(() => shopper.page.getByLabel('Rua').inputValue(), WAIT).toBe('Praça da Sé');
    await shopper.page.getByLabel('Número').fill('100');
    await shopper.page.getByRole('radio', { name: /Envio Padrão/ }).check();
    await continueTo(shopper.page, '3. Pagamento');
    await shopper.page.getByRole('radio', { name: /PIX/ }).check();
    await continueTo(shopper.page, '4. Confirmação');
    await shopper.page.locator('section[aria-labelledby="etapa"]').getByRole('button', { name: 'Finalizar Compra' }).click();
    await expect.poll(() => shopper.page.url(), WAIT).toMatch(/\/Sucesso$/);
    const numberText = await shopper.page.getByText(/^Pedido #\d{8}$/).textContent(WAIT);
    const number = /#(\d{8})/.exec(numberText ?? '')![1]!;
    await shopper.page.getByRole('link', { name: 'Acompanhar pedido' }).click();
    await shopper.page.getByRole('heading', { level: 1, name: `Pedido #${number}` }).waitFor(WAIT);
    await hydrated(shopper.page);
    await shopper.page.getByRole('button', { name: 'Simular pagamento (sandbox)' }).click();
    await expect.poll(() => shopper.page.getByText(/Situação:/).textContent(), WAIT).toMatch(/Situação: (Pago|Faturado)$/);

    // The owner, in another browser, moves the paid order on.
    const owner = await visitor();
    await owner.page.goto(`${origin}/Login`);
    await hydrated(owner.page);
    await owner.page.getByLabel('E-mail', { exact: true }).fill(admin.email);
    await owner.page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await owner.page.getByRole('button', { name: 'Acessar Conta' }).click();
    await notice(owner.page, 'Login realizado com sucesso!');
    await owner.page.goto(`${origin}/Admin/Pedidos/${number}`);
    await owner.page.getByRole('heading', { level: 1, name: `Pedido #${number}` }).waitFor(WAIT);
    // The paid order is invoiced by the NF-e job (sandbox) before it can be picked.
    await expect
      .poll(async () => {
        await owner.page.reload();
        return owner.page.getByLabel('Nova situação').count();
      }, WAIT)
      .toBe(1);
    await hydrated(owner.page);
    await owner.page.getByLabel('Nova situação').selectOption({ label: 'Em separação' });
    await owner.page.getByRole('button', { name: 'Atualizar situação' }).click();
    await owner.page.getByRole('status').filter({ hasText: 'Pedido movido para "Em separação".' }).waitFor(WAIT);

    // After the kill every answer came from the survivor, and none was a proxy error.
    const after = nginx.accessLog().slice(killedAt);
    expect(after.length).toBeGreaterThan(10);
    expect(
      after.filter((l) => l.status >= 500),
      JSON.stringify(after.filter((l) => l.status >= 500)),
    ).toEqual([]);
    for (const l of after) expect(l.upstreams.at(-1), `${l.method} ${l.uri}`).toBe(`127.0.0.1:${b.port}`);
    // nginx did try the dead instance, and moved the request on to the other.
    expect(after.some((l) => l.upstreams.length === 2 && l.upstreams[0] === `127.0.0.1:${a.port}`)).toBe(true);

    // Every cookie the shop set over https is Secure (and the session one HttpOnly, with the __Secure- prefix).
    const setCookies = (await Promise.all([...shopper.responses, ...owner.responses].map((r) => r.headerValue('set-cookie')))).filter((v): v is string => !!v).flatMap((v) => v.split('\n'));
    expect(setCookies.length).toBeGreaterThan(0);
    for (const c of setCookies) expect(c, c.split('=')[0]).toMatch(/;\s*Secure\b/i);
    const cookies = await owner.context.cookies(origin);
    expect(cookies.find((c) => c.name === '__Secure-better-auth.session_token')).toMatchObject({ secure: true, httpOnly: true });
    for (const c of cookies) expect(c.secure, c.name).toBe(true);
    expect(nginx.errorLog()).not.toMatch(/\[(emerg|alert|crit)\]/);
  });

  it('answers in pt-BR when nginx itself refuses a body or no instance is up', async () => {
    // nginx reads Content-Length and refuses before the body: none is sent here.
    const tooBig = (p: string, type: string) => viaProxy(p, { method: 'POST', headers: { 'content-type': type, 'content-length': String(9 * 1024 * 1024), origin } });
    const page = await tooBig('/Login', 'application/x-www-form-urlencoded');
    expect(page.status).toBe(413);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('O arquivo ou formulário enviado passa do limite.');
    const api = await tooBig('/api/orders', 'application/json');
    expect(api.status).toBe(413);
    expect(isPtBrMessage((JSON.parse(api.body) as { erro?: string }).erro), api.body).toBe(true);

    await Promise.all([a.kill9(), b.kill9()]);
    const down = await viaProxy('/ProductList');
    expect(down.status).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.body).toContain('Estamos em manutenção rápida');
    const apiDown = await viaProxy('/api/products');
    expect(apiDown.status).toBe(503);
    expect(apiDown.headers['retry-after']).toBe('5');
    expect(isPtBrMessage((JSON.parse(apiDown.body) as { erro?: string }).erro), apiDown.body).toBe(true);
  });

  /** One HTTP/1.1 request through nginx over TLS; with a content-length and no body, only the headers go. */
  function viaProxy(
    pathname: string,
    init: { method?: string; headers?: Record<string, string> } = {},
    tls = { servername: HOST },
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
    const { port } = new URL(origin);
    return new Promise((resolve, reject) => {
      const req = https.request(
        { host: '127.0.0.1', port, servername: tls.servername, rejectUnauthorized: false, method: init.method ?? 'GET', path: pathname, headers: { host: `${HOST}:${port}`, ...init.headers } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (body += d));
          res.on('end', () => {
            req.destroy();
            resolve({ status: res.statusCode!, headers: res.headers, body });
          });
        },
      );
      req.on('error', reject);
      req.flushHeaders();
    });
  }

  /** A browser of its own (cookies, storage) that trusts the test's certificate and keeps every answer. */
  async function visitor(): Promise<{ context: BrowserContext; page: Page; responses: PageResponse[] }> {
    const context = await browser.newContext({ ignoreHTTPSErrors: true, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    const page = await context.newPage();
    const responses: PageResponse[] = [];
    page.on('response', (r) => {
      if (r.url().startsWith(origin)) responses.push(r);
    });
    return { context, page, responses };
  }
});

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __reactRouterDataRouter?: { state?: { initialized?: boolean } } };
      if (!w.__reactRouterDataRouter?.state?.initialized) return false;
      const el = document.querySelector('header a[href="/Cart"]');
      return !!el && Object.keys(el).some((k) => k.startsWith('__reactProps'));
    },
    undefined,
    WAIT,
  );
}

async function notice(page: Page, text: string): Promise<void> {
  await expect
    .poll(
      () =>
        page
          .getByTestId('aviso')
          .textContent()
          .catch(() => null),
      WAIT,
    )
    .toBe(text);
}

async function continueTo(page: Page, step: string): Promise<void> {
  await page.getByRole('button', { name: 'Continuar', exact: true }).click();
  await expect.poll(() => page.locator('#etapa').textContent(), WAIT).toBe(step);
}

/** A product with stock, from the API as the page would read it (through the proxy, on the same origin). */
async function firstProduct(page: Page): Promise<{ id: number; title: string; priceCents: number }> {
  return page.evaluate(async () => {
    const res = await fetch('/api/products?ordem=a-z&limite=50');
    const { items } = (await res.json()) as { items: { id: number; title: string; priceCents: number; stock: number; category: string }[] };
    return items.find((p) => p.stock >= 5 && p.category !== 'calcados')!;
  });
}
