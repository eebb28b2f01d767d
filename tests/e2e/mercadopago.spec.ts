// Issue 13 §1: the built app with PAYMENT_PROVIDER=mercadopago, pointed at a local fake Mercado Pago
// (tests/support/fake-mercadopago.ts) that sends signed webhooks back over HTTP. A second app instance is
// started here (its own port and PGlite folder; the default e2e server is left alone), with LOG_LEVEL=debug.
// PIX and boleto show what Mercado Pago returned and turn "Pago" on its webhook; the card is tokenized by
// the browser at the gateway, and neither the requests our server received, nor its log, nor a dump of
// its database contain the card number. Cancelling the paid order in /Admin/Pedidos refunds it.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { sql } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { openDatabase } from '#src/db/client.server.ts';
import { formatBoletoLine } from '#src/domain/payments/format.ts';
import { startFakeMercadoPago } from '../support/fake-mercadopago.ts';
import type { FakeMercadoPago } from '../support/fake-mercadopago.ts';
import { startFakeViaCep } from '../support/fake-viacep.ts';
import { checkoutStep, fillAddress, fillEmail, openCartWith, seedItem, startCheckout, waitForHydration } from './helpers.ts';
import type { ApiProduct } from './helpers.ts';

// Ports of this spec's own servers (outside the default e2e server's): app, fake Mercado Pago.
const APP_PORT = Number(process.env.E2E_MP_APP_PORT ?? 4120);
const FAKE_PORT = Number(process.env.E2E_MP_FAKE_PORT ?? 4121);
const BASE = `http://127.0.0.1:${APP_PORT}`;
const ACCESS_TOKEN = 'TEST-e2e-access-token-000111';
const PUBLIC_KEY = 'TEST-e2e-public-key-000222';
const WEBHOOK_SECRET = 'e2e-mercadopago-webhook-secret';
const ADMIN = { email: 'admin-mp@olimpo-e2e.test', password: 'Admin-mp-e2e-2026!' };
/** Mercado Pago's documented Visa test card; the holder name "APRO" approves it. */
const PAN = '4235647728025682';
const SHOTS = path.join('/tmp', 'i13mp', 'shots');

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BASE });

let fake: FakeMercadoPago;
let viaCep: Awaited<ReturnType<typeof startFakeViaCep>>;
let app: ChildProcess | null = null;
let root: string;
let dataDir: string;
let serverLog = '';
const toOurServer: string[] = [];
let products: ApiProduct[] = [];

async function waitReady(url: string, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (app?.exitCode !== null) throw new Error(`o servidor terminou:\n${serverLog.slice(-3000)}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`o servidor não respondeu em ${ms} ms:\n${serverLog.slice(-3000)}`);
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d: Buffer) => (serverLog += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (serverLog += d.toString()));
    child.on('exit', (code) => resolve(code));
  });
}

async function stopApp() {
  if (!app || app.exitCode !== null) return;
  const exited = new Promise((r) => app!.once('exit', r));
  app.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 8000))]);
  if (app.exitCode === null) app.kill('SIGKILL');
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  root = path.join('/tmp', 'i13mp', `e2e-mp-${process.pid}-${crypto.randomBytes(3).toString('hex')}`);
  dataDir = path.join(root, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.mkdirSync(SHOTS, { recursive: true });
  viaCep = await startFakeViaCep();
  fake = await startFakeMercadoPago({ port: FAKE_PORT, accessToken: ACCESS_TOKEN, publicKey: PUBLIC_KEY, webhookSecret: WEBHOOK_SECRET, webhookTarget: `${BASE}/api/payments/mercadopago/webhook` });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(APP_PORT),
    PUBLIC_URL: BASE,
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'debug',
    VIACEP_URL: viaCep.url,
    PAYMENT_PROVIDER: 'mercadopago',
    MERCADOPAGO_ACCESS_TOKEN: ACCESS_TOKEN,
    MERCADOPAGO_PUBLIC_KEY: PUBLIC_KEY,
    MERCADOPAGO_WEBHOOK_SECRET: WEBHOOK_SECRET,
    MERCADOPAGO_API_URL: fake.url,
  };
  delete env.DATABASE_URL;
  expect(await run(['scripts/admin-create.ts', ADMIN.email], { ...env, ADMIN_PASSWORD: ADMIN.password })).toBe(0);
  app = spawn(process.execPath, ['server/main.js'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  app.stdout!.on('data', (d: Buffer) => (serverLog += d.toString()));
  app.stderr!.on('data', (d: Buffer) => (serverLog += d.toString()));
  await waitReady(`${BASE}/readyz`, 120_000);
  const res = await fetch(`${BASE}/api/products?preco_min=60&preco_max=300&ordem=a-z&limite=200`);
  products = ((await res.json()) as { items: ApiProduct[] }).items.filter((p) => p.category !== 'calcados' && p.stock > 20);
});

test.afterAll(async () => {
  await stopApp();
  await fake?.close();
  await viaCep?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

test.beforeEach(async ({ page }) => {
  // Every request the browser sends to OUR server, with its body (to prove the card number never comes).
  page.on('request', (req) => {
    if (req.url().startsWith(BASE)) toOurServer.push(`${req.method()} ${req.url()}\n${req.postData() ?? ''}`);
  });
});

async function checkoutWith(page: Page, index: number, method: RegExp) {
  await openCartWith(page, [seedItem(products[index]!)]);
  await startCheckout(page);
  await fillEmail(page, `mp-${index}-${Date.now()}@example.com`);
  await fillAddress(page);
  await page.getByRole('radio', { name: method }).check();
}

/** The store owner signs in (this spec's own server and admin account). */
async function signInAsAdmin(page: Page) {
  await page.goto('/Login');
  await waitForHydration(page);
  await page.getByLabel('E-mail', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Senha', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Acessar Conta' }).click();
  await expect(page.getByTestId('aviso')).toHaveText('Login realizado com sucesso!');
}

async function finish(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Continuar', exact: true }).click();
  await expect(checkoutStep(page)).toHaveText('4. Confirmação');
  await page.locator('section[aria-labelledby="etapa"]').getByRole('button', { name: 'Finalizar Compra' }).click();
  await expect(page).toHaveURL(/\/Sucesso$/);
  const text = await page.getByText(/^Pedido #\d{8}$/).textContent();
  return /#(\d{8})/.exec(text!)![1]!;
}

test('PIX: o código copia e cola e o QR vêm do Mercado Pago; o webhook assinado deixa o pedido Pago', async ({ page }) => {
  await checkoutWith(page, 0, /PIX/);
  const number = await finish(page);
  const payment = fake.paymentFor(number)!;
  expect(payment).toMatchObject({ payment_method_id: 'pix', external_reference: number });
  const pix = page.getByRole('region', { name: 'Pague com PIX' });
  await expect(pix.getByLabel('PIX copia e cola')).toHaveValue(payment.point_of_interaction!.transaction_data.qr_code);
  const qr = pix.getByRole('img', { name: 'QR Code PIX do pedido' });
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(pix).toContainText(/Válido até \d{2}:\d{2}/);

  await page.getByRole('link', { name: 'Acompanhar pedido' }).click();
  await expect(page.getByText(/Situação:/)).toHaveText(/Aguardando pagamento$/);
  await expect(page.getByRole('button', { name: 'Simular pagamento (sandbox)' })).toHaveCount(0);
  // Mercado Pago approves and notifies our server over HTTP, signed.
  const res = await fake.approve(payment.id);
  expect(res!.status).toBe(200);
  await page.reload();
  await expect(page.getByText(/Situação:/)).toHaveText(/Situação: (Pago|Faturado)$/);
});

test('boleto: a linha digitável e o link do documento do Mercado Pago', async ({ page }) => {
  await checkoutWith(page, 1, /Boleto/);
  const number = await finish(page);
  const payment = fake.paymentFor(number)!;
  expect(payment.payment_method_id).toBe('bolbradesco');
  const boleto = page.getByRole('region', { name: 'Pague o boleto' });
  await expect(boleto.getByLabel('Linha digitável')).toHaveValue(formatBoletoLine(payment.transaction_details.digitable_line!));
  await expect(boleto.getByRole('link', { name: 'Abrir boleto (Mercado Pago)' })).toHaveAttribute('href', payment.transaction_details.external_resource_url!);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `sucesso-boleto-mp-${width}.png`), fullPage: true });
  }
});

test('cartão: o navegador gera o token no Mercado Pago e o nosso servidor nunca recebe o número', async ({ page }) => {
  await checkoutWith(page, 2, /Cartão de Crédito/);
  await expect(page.getByText('Os dados do cartão vão direto para o Mercado Pago')).toBeVisible();
  await page.getByLabel('Número do cartão').fill(PAN);
  await page.getByLabel('Nome impresso no cartão').fill('APRO');
  await page.getByLabel('Validade (MM/AA)').fill('11/30');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Parcelas').selectOption('2');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `checkout-cartao-mp-${width}.png`), fullPage: true });
  }
  const number = await finish(page);
  await expect(page.getByText('Compra realizada com sucesso!')).toBeVisible();

  // The browser (Origin: our page) sent the card to the gateway's /v1/card_tokens…
  const tokenCall = fake.requests.find((r) => r.method === 'POST' && r.path.startsWith('/v1/card_tokens'))!;
  expect(tokenCall.path).toBe(`/v1/card_tokens?public_key=${PUBLIC_KEY}`);
  expect(tokenCall.headers.origin).toBe(BASE);
  expect(JSON.parse(tokenCall.body)).toMatchObject({ card_number: PAN, security_code: '123', expiration_month: 11, expiration_year: 2030, cardholder: { name: 'APRO' } });
  // …and our server created the payment with the token alone.
  const payment = fake.paymentFor(number)!;
  expect(payment).toMatchObject({ status: 'approved', payment_method_id: 'visa', installments: 2 });
  const created = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/payments' && r.body.includes(`"external_reference":"${number}"`))!;
  expect(created.body).toContain('"token":"');
  expect(created.body).not.toContain(PAN);

  // The order goes to the checkout route's action as a form: the token, never the number or the CVV.
  const sent = toOurServer.join('\n');
  expect(sent).toContain(`POST ${BASE}/Checkout.data`);
  expect(sent).toMatch(/(^|&)cardToken=[\w-]{8,}/m);
  expect(sent).not.toContain(PAN);
  expect(sent).not.toContain('4235 6477');
  expect(sent).not.toContain('4235+6477');
  expect(sent).not.toContain('"cvv"');
  expect(sent).not.toMatch(/cardNumber=|cardCvv=/);

  await page.getByRole('link', { name: 'Acompanhar pedido' }).click();
  await expect(page.getByText(/Situação:/)).toHaveText(/Situação: (Pago|Faturado)$/);
  await expect(page.getByText('cartão final 5682')).toBeVisible();
});

test('cancelar em /Admin/Pedidos um pedido pago estorna no Mercado Pago', async ({ page }) => {
  const number = [...fake.payments.values()].find((p) => p.payment_method_id === 'visa' && p.status === 'approved')!.external_reference!;
  await signInAsAdmin(page);
  await page.goto(`/Admin/Pedidos/${number}`);
  await waitForHydration(page);
  const cancel = page.getByRole('region', { name: 'Cancelar pedido' });
  await cancel.getByLabel('Motivo (opcional)').fill('Cliente desistiu');
  await cancel.getByLabel(/Confirmo o cancelamento/).check();
  await cancel.getByRole('button', { name: 'Cancelar pedido' }).click();
  await expect(page.getByText('Pedido cancelado; o estoque foi devolvido.')).toBeVisible();
  expect(fake.paymentFor(number)!.status).toBe('refunded');
  expect(fake.requests.some((r) => r.method === 'POST' && r.path === `/v1/payments/${fake.paymentFor(number)!.id}/refunds`)).toBe(true);
});

test('um PIX aprovado com outro valor não fica Pago e aparece em /Admin/Pedidos como valor divergente', async ({ page }) => {
  // A checkout, the owner's sign-in, two pages and four screenshots: 30 s was not enough on a slower machine.
  test.slow();
  await checkoutWith(page, 2, /PIX/);
  const number = await finish(page);
  const payment = fake.paymentFor(number)!;
  const total = Math.round(payment.transaction_amount * 100);
  expect((await fake.approve(payment.id, { amountCents: total - 1000 }))!.status).toBe(200);
  await signInAsAdmin(page);
  await page.goto('/Admin/Pedidos');
  await page.getByLabel('Só pagamentos aprovados com valor diferente do total').check();
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/divergente=1/);
  const brl = (cents: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100);
  const rows = page.getByRole('listitem').filter({ hasText: /^Pedido #\d{8}/ });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Pedido #${number}`);
  await expect(rows.first()).toContainText(`Aguardando pagamento`);
  await expect(rows.first()).toContainText(`Valor divergente: pago ${brl(total - 1000)}`);
  await rows
    .first()
    .getByRole('link', { name: `Pedido #${number}` })
    .click();
  await expect(page.getByRole('alert')).toContainText(`O Mercado Pago aprovou ${brl(total - 1000)} para este pedido, cujo total é ${brl(total)}.`);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `admin-pedido-divergente-${width}.png`) });
  }
  // Refunded at Mercado Pago: the order is cancelled and the flag is gone.
  expect((await fake.refundAtGateway(payment.id))!.status).toBe(200);
  await page.goto('/Admin/Pedidos?divergente=1');
  await expect(page.getByText('Nenhum pedido encontrado.')).toBeVisible();
});

test('pedido de crédito sem cartão (outra vitrine): a página do pedido gera o token no navegador e paga', async ({ page, request }) => {
  // The spec's POST /orders sends no card: the order waits for it and the answer says where to pay.
  const res = await request.post('/orders', {
    headers: { Origin: BASE },
    data: {
      email: `mp-depois-${Date.now()}@example.com`,
      items: [{ id: products[3]!.id, quantity: 1 }],
      address: { cep: '01001-000', street: 'Praça da Sé', number: '1', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' },
      shipping: 'standard',
      payment: 'credit',
      installments: 1,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const placed = (await res.json()) as { numero: string; paymentUrl: string };
  const number = placed.numero.replace('#', '');
  await page.goto(new URL(placed.paymentUrl).pathname + new URL(placed.paymentUrl).search);
  await waitForHydration(page);
  const form = page.getByRole('region', { name: 'Pagar com cartão de crédito' });
  // In gateway mode the fields have no name: a form post could not carry the card to our server.
  await expect(form.locator('input[name]')).toHaveCount(0);
  await form.getByLabel('Número do cartão').fill(PAN);
  await form.getByLabel('Nome impresso no cartão').fill('APRO');
  await form.getByLabel('Validade (MM/AA)').fill('11/30');
  await form.getByLabel('CVV').fill('123');
  await form.getByRole('button', { name: 'Pagar agora' }).click();
  await expect(page.getByText(/Situação:/)).toHaveText(/Situação: (Pago|Faturado)$/);
  expect(fake.paymentFor(number)).toMatchObject({ status: 'approved', payment_method_id: 'visa' });
  const sent = toOurServer.join('\n');
  expect(sent).toContain(`/api/orders/${number}/pay`);
  expect(sent).not.toContain(PAN);
});

test('nem o log do servidor (LOG_LEVEL=debug) nem o banco de dados contêm o número do cartão', async () => {
  test.setTimeout(60_000);
  await stopApp();
  expect(serverLog).toContain('"path":"/Checkout.data"');
  expect(serverLog).not.toContain(PAN);

  // A dump of every table (ours and the job queue's), and the raw files of the data folder.
  const database = await openDatabase({ dataDir });
  let dump = '';
  try {
    const tables = (
      (await database.db.execute(
        sql.raw("select table_schema as s, table_name as t from information_schema.tables where table_schema in ('public', 'pgboss') and table_type = 'BASE TABLE'"),
      )) as unknown as {
        rows: { s: string; t: string }[];
      }
    ).rows;
    expect(tables.length).toBeGreaterThan(10);
    for (const { s, t } of tables) {
      const rows = ((await database.db.execute(sql.raw(`select x::text as r from "${s}"."${t}" x`))) as unknown as { rows: { r: string }[] }).rows;
      dump += rows.map((r) => r.r).join('\n');
    }
  } finally {
    await database.close();
  }
  expect(dump).toContain('5682'); // the last four digits are kept, for the shopper's order page
  expect(dump).not.toContain(PAN);
  const walk = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  for (const file of walk(dataDir)) expect(fs.readFileSync(file).includes(PAN), file).toBe(false);
});
