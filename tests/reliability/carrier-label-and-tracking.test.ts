// Shipping through Melhor Envio, end to end on the built server in Chromium, against the local fake of its
// API (tests/support/fake-melhorenvio.ts, MELHORENVIO_API_URL): checkout shows the carriers' options for the
// CEP (Manaus and São Paulo priced and timed differently), the shopper pays by card (sandbox), the embedded
// emitter invoices the order, the owner buys its label in Expedição without typing a code, the order is
// "Enviado" with the carrier's code and e-mail, and the carrier's news (its signed webhook) shows on the
// shopper's order page up to "Entregue". Captures at 360 and 1280 px go to SHOTS_DIR when set.
// A reliability-style file rather than a second Playwright server: the fake's carrier side (posting and
// delivering a parcel) lives in this process, and the server starts from the run's prepared database.
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, expect } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, it, expect as vexpect } from 'vitest';
import { fakeWebhook, FAKE_MELHORENVIO_TOKEN, startFakeMelhorEnvio } from '../support/fake-melhorenvio.ts';
import { startFakeViaCep } from '../support/fake-viacep.ts';
import { createAccounts, signIn } from './support/accounts.ts';
import type { Account } from './support/accounts.ts';
import { createServerDatabase, rows } from './support/databases.ts';
import type { ServerDatabase } from './support/databases.ts';
import { AppServer } from './support/server.ts';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const WEBHOOK_SECRET = 'melhorenvio-app-secret-0123456789';
const MANAUS = '69010001';
const SAO_PAULO = '01001000';

/** "2026-11-29 10:15:00" in Brasília, as Melhor Envio writes its times, `minutes` from now. */
function brasilia(minutes: number): string {
  // Sweden's format is ISO's date and time with a space.
  return new Date(Date.now() + minutes * 60_000).toLocaleString('sv-SE', { timeZone: 'America/Sao_Paulo' });
}

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const w = window as unknown as { __reactRouterDataRouter?: { state?: { initialized?: boolean } } };
    const el = document.querySelector('header a[href="/Cart"]');
    return !!w.__reactRouterDataRouter?.state?.initialized && !!el && Object.keys(el).some((k) => k.startsWith('__reactProps'));
  });
}

/**
 * At 360 and 1280 px: no sideways scroll, no text spilling out of the `boxes` (a selector), nothing serious for
 * axe, and a capture to SHOTS_DIR.
 */
async function checkWidths(page: Page, name: string, boxes?: string): Promise<void> {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    vexpect(scroll, `${name} @ ${width}: scrollWidth ${scroll} > clientWidth ${client}`).toBeLessThanOrEqual(client);
    if (boxes) {
      const spilled = await page.locator(boxes).evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => (el as HTMLElement).innerText.replace(/\s+/g, ' ')));
      vexpect(spilled, `${name} @ ${width}: text wider than its box`).toEqual([]);
    }
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'region');
    vexpect(
      bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      `${name} @ ${width}`,
    ).toEqual([]);
    if (process.env.SHOTS_DIR) {
      fs.mkdirSync(process.env.SHOTS_DIR, { recursive: true });
      await page.screenshot({ path: path.join(process.env.SHOTS_DIR, `${name}-${width}.png`), fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The checkout's shipping options as the shopper reads them: "Correios PAC" → "R$ 37,50 · 9-12 dias úteis". */
async function shippingOptions(page: Page, cep: string): Promise<Map<string, string>> {
  const field = page.getByLabel('CEP');
  await field.fill(cep);
  await field.blur();
  const group = page.getByRole('group', { name: 'Forma de envio' });
  await expect(page.getByLabel('Cidade')).toHaveValue(cep === MANAUS ? 'Manaus' : 'São Paulo');
  await expect(group.getByRole('radio', { name: /Correios PAC/ })).toBeVisible();
  // The quote for this CEP, not the previous one still on screen.
  await expect(group).toContainText(cep === MANAUS ? /9-12 dias úteis/ : /3-6 dias úteis/);
  const labels = await group.locator('label').allInnerTexts();
  return new Map(labels.map((text) => text.split('\n').map((s) => s.trim())).map(([name, line]) => [name!, line!]));
}

describe('an order shipped with a Melhor Envio label, followed by the shopper up to Entregue', () => {
  let fake: Awaited<ReturnType<typeof startFakeMelhorEnvio>>;
  let viaCep: Awaited<ReturnType<typeof startFakeViaCep>>;
  let database: ServerDatabase;
  let server: AppServer;
  let browser: Browser;
  let accounts: Record<string, Account> = {};
  let product: { id: number; title: string; price_cents: number } | undefined;

  beforeAll(async () => {
    fake = await startFakeMelhorEnvio();
    viaCep = await startFakeViaCep();
    database = await createServerDatabase('pglite', {
      seedProducts: 10,
      prepare: async (db) => {
        accounts = await createAccounts(db, { admin: 'admin' });
        [product] = await rows<{ id: number; title: string; price_cents: number }>(
          db,
          sql`select id, title, price_cents from products p where active and stock >= 5 and shipping_weight_grams is not null
              and not exists (select 1 from product_variants v where v.product_id = p.id) order by id limit 1`,
        );
      },
    });
    server = await AppServer.create({
      ...database.server,
      env: {
        SHIPPING_PROVIDER: 'melhorenvio',
        MELHORENVIO_TOKEN: FAKE_MELHORENVIO_TOKEN,
        MELHORENVIO_API_URL: fake.url,
        MELHORENVIO_WEBHOOK_SECRET: WEBHOOK_SECRET,
        VIACEP_URL: viaCep.url,
      },
    });
    await server.start();
    await signIn(server, accounts.admin!);
    browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await database?.dispose();
    await viaCep?.close();
    await fake?.close();
  });

  it('checkout prices Manaus and São Paulo apart, the owner buys the label without typing a code, the shopper sees the carrier events and Entregue', async () => {
    vexpect(product, 'a product with stock, weight and no variants').toBeDefined();
    // ---- The shopper: the cart, then checkout with the carrier's options for the CEP.
    const shopper = await browser.newContext({ baseURL: server.url, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 1280, height: 900 } });
    const page = await shopper.newPage();
    // The product page's "Calcular frete e prazo" for Manaus: the carriers' services, as checkout will offer them.
    await page.goto(`/ProductView/${product!.id}?cep=${MANAUS}`);
    const freight = page.getByRole('table', { name: 'Opções de entrega' });
    await expect(freight).toBeVisible();
    await expect(page.getByText('O frete final é escolhido no checkout, entre estas opções.')).toBeVisible();
    const onProductPage = new Map(
      await freight.locator('tbody tr').evaluateAll((trs) =>
        trs.map((tr) => {
          const [name, days] = (tr.querySelector('th') as HTMLElement).innerText.split('\n').map((t) => t.trim());
          return [name!, `${(tr.querySelector('td') as HTMLElement).innerText.trim()} · ${days}`] as [string, string];
        }),
      ),
    );
    await page.evaluate((p) => localStorage.setItem('cart', JSON.stringify([{ id: p.id, titulo: p.title, valoratual: p.price_cents / 100, quantity: 1 }])), product!);
    await page.goto('/Cart');
    await hydrated(page);
    const cart = page.getByRole('complementary', { name: 'RESUMO' });
    await expect(cart.locator('dt', { hasText: /^\s*Subtotal\s*$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText(/R\$/);
    await cart.getByRole('button', { name: 'Finalizar Compra' }).click();
    await expect(page).toHaveURL(/\/Checkout$/);
    await expect(page.locator('#etapa')).toHaveText('1. Identificação');
    const email = `frete-transportadora-${Date.now()}@example.com`;
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Nome completo').fill('Maria da Silva');
    await page.getByLabel('CPF').pressSequentially('52998224725');
    await page.getByLabel('Celular').pressSequentially('92987654321');
    await page.getByRole('button', { name: 'Continuar', exact: true }).click();
    await expect(page.locator('#etapa')).toHaveText('2. Endereço');

    const saoPaulo = await shippingOptions(page, SAO_PAULO);
    const manaus = await shippingOptions(page, MANAUS);
    // The carriers' services by name, each "R$ x,yy · a-b dias úteis"; the table's Envio Padrão/Expresso are not offered.
    vexpect([...manaus.keys()].sort()).toEqual(['Correios PAC', 'Correios SEDEX', 'Jadlog .Package']);
    vexpect([...saoPaulo.keys()].sort()).toEqual(['Correios PAC', 'Correios SEDEX', 'Jadlog .Package']);
    for (const [name, line] of manaus) {
      vexpect(line).toMatch(/^R\$\s\d+,\d{2} · \d+-\d+ dias úteis$/);
      const [spPrice, spDays] = saoPaulo.get(name)!.split(' · ');
      const [amPrice, amDays] = line.split(' · ');
      vexpect(amPrice, `${name}: Manaus costs more than São Paulo`).not.toBe(spPrice);
      vexpect(Number(amPrice!.replace(/\D/g, '')), name).toBeGreaterThan(Number(spPrice!.replace(/\D/g, '')));
      vexpect(amDays, `${name}: Manaus takes longer than São Paulo`).not.toBe(spDays);
    }
    // The same options and prices as the product page for the same CEP.
    vexpect(manaus).toEqual(onProductPage);
    const pac = manaus.get('Correios PAC')!;
    const pacPrice = pac.split(' · ')[0]!;
    await expect(page.getByLabel('Rua')).toHaveValue('Avenida Eduardo Ribeiro');
    await page.getByLabel('Número').fill('520');
    await page.getByRole('radio', { name: /Correios PAC/ }).check();
    await page.getByRole('button', { name: 'Continuar', exact: true }).click();
    await expect(page.locator('#etapa')).toHaveText('3. Pagamento');
    const summary = page.getByRole('complementary', { name: 'RESUMO' });
    await expect(summary).toContainText(pacPrice);
    await page.getByRole('radio', { name: /Cartão de Crédito/ }).check();
    await page.getByLabel('Número do cartão').fill('4111 1111 1111 1111');
    await page.getByLabel('Nome impresso no cartão').fill('MARIA DA SILVA');
    await page.getByLabel('Validade (MM/AA)').fill('12/30');
    await page.getByLabel('CVV').fill('123');
    await page.getByRole('button', { name: 'Continuar', exact: true }).click();
    await expect(page.locator('#etapa')).toHaveText('4. Confirmação');
    await expect(summary).toContainText(pacPrice);
    await page.locator('section[aria-labelledby="etapa"]').getByRole('button', { name: 'Finalizar Compra' }).click();
    await expect(page).toHaveURL(/\/Sucesso$/);
    const number = /#(\d{8})/.exec((await page.getByText(/^Pedido #\d{8}$/).textContent())!)![1]!;

    // ---- The owner: Expedição lists the invoiced order; "Comprar etiquetas" with nothing typed.
    const owner = await browser.newContext({ baseURL: server.url, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 1280, height: 900 } });
    await owner.addCookies(
      accounts.admin!.cookie.split('; ').map((c) => {
        const i = c.indexOf('=');
        return { name: c.slice(0, i), value: c.slice(i + 1), url: server.url };
      }),
    );
    const admin = await owner.newPage();
    await admin.goto('/Admin');
    await admin.getByRole('navigation', { name: 'Administração' }).getByRole('link', { name: 'Expedição' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Expedição' })).toBeVisible();
    await expect(admin.getByText(/Etiquetas pelo Melhor Envio: marque os pedidos e clique em "Comprar etiquetas"/)).toBeVisible();
    const row = admin.getByRole('listitem').filter({ has: admin.getByRole('link', { name: `Pedido #${number}` }) });
    // Paid by card at once; the embedded emitter's job invoices it (Faturado), and only then it shows here.
    await expect(async () => {
      await admin.reload();
      await expect(row).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 60_000 });
    await expect(row).toContainText('Faturado');
    await expect(row).toContainText('Maria da Silva');
    await expect(row).toContainText('Manaus/AM · CEP 69010-001');
    await expect(row).toContainText(/Correios PAC · \d+,\d+ kg/);
    await expect(row.getByRole('textbox')).toHaveCount(0);
    await checkWidths(admin, 'expedicao-melhorenvio');
    await row.getByRole('checkbox', { name: `Selecionar pedido #${number}` }).check();
    await admin.getByRole('button', { name: 'Comprar etiquetas' }).click();
    await expect(admin.getByText(`Etiqueta comprada: pedido #${number} enviado.`)).toBeVisible();
    await expect(admin.getByRole('link', { name: 'Abrir o PDF das etiquetas' })).toHaveAttribute('href', /^https:\/\/melhorenvio\.example\/imprimir\/.+\.pdf$/);
    await expect(admin.getByRole('link', { name: `Pedido #${number}` })).toHaveCount(0);
    await checkWidths(admin, 'expedicao-melhorenvio-comprada');
    const shipment = [...fake.shipments.values()].find((s) => s.body.options?.tags?.[0]?.tag === number)!;
    vexpect(shipment, 'the order went to the carrier').toBeDefined();
    vexpect(shipment.body.service).toBe(1);
    vexpect(shipment.body.to).toMatchObject({ name: 'Maria da Silva', postal_code: MANAUS, city: 'Manaus', state_abbr: 'AM' });
    const code = shipment.tracking!;
    vexpect(code).toMatch(/^[A-Z]{2}\d{9}BR$/);
    // The back office's order holds the code and the label; "Entregue" is the carrier's to set, not a move offered here.
    await admin.goto(`/Admin/Pedidos/${number}`);
    await expect(admin.locator('main')).toContainText(`Rastreio: ${code}`);
    await expect(admin.getByRole('link', { name: 'Etiqueta Correios PAC (PDF)' })).toHaveAttribute('href', /^https:\/\/melhorenvio\.example\/imprimir\/.+\.pdf$/);
    await expect(admin.getByRole('heading', { name: 'Mudar situação' })).toHaveCount(0);

    // ---- The shopper's order page: Enviado with the carrier's code.
    await page.getByRole('link', { name: 'Acompanhar pedido' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/Pedidos/${number}\\?token=`));
    const orderUrl = page.url();
    await expect(page.getByText('Situação: Enviado')).toBeVisible();
    // The order charged the price quoted for Manaus.
    await expect(page.locator('dt', { hasText: /^Frete$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText(pacPrice);
    await expect(page.getByRole('link', { name: `Rastreio: ${code}` })).toHaveAttribute('href', `https://rastreamento.correios.com.br/app/index.php?objeto=${code}`);
    const tracking = page.locator('section[aria-labelledby="andamento"]');
    await expect(tracking.getByRole('heading', { name: 'Rastreamento' })).toBeVisible();
    await expect(tracking).toContainText(`Enviado por Correios PAC. Código de rastreio: ${code}`);

    // ---- The carrier moves the parcel: Melhor Envio pushes each change to the signed webhook.
    const push = async (event: string) => {
      const { body, signature } = fakeWebhook(shipment, event, WEBHOOK_SECRET);
      const res = await server.fetch('/api/shipping/melhorenvio/webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'x-me-signature': signature }, body });
      vexpect(res.status, await res.text()).toBe(200);
    };
    fake.post(shipment.id, brasilia(1));
    await push('order.posted');
    await page.goto(orderUrl);
    await expect(tracking).toContainText('Objeto postado na transportadora.');
    await expect(page.getByText('Situação: Enviado')).toBeVisible();
    fake.deliver(shipment.id, brasilia(2));
    await push('order.delivered');
    await page.goto(orderUrl);
    await expect(page.getByText('Situação: Entregue')).toBeVisible();
    await expect(tracking.locator('h3 + ol > li')).toHaveText([
      new RegExp(`^\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}Enviado\\s*Enviado por Correios PAC\\. Código de rastreio: ${code}$`),
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}Objeto postado na transportadora\.$/,
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}Entregue\s*Entregue, segundo a transportadora\.$/,
    ]);
    // Delivered by the carrier: the "Entregue" step of the progress is reached, and the e-mail went out once.
    await expect(page.locator('[aria-current="step"]')).toContainText('Entregue');
    await hydrated(page);
    await checkWidths(page, 'pedido-rastreamento-melhorenvio', 'section[aria-labelledby="andamento"] li');

    // The e-mails (the outbox names each .eml after its order and kind): "Enviado" links the Correios code to
    // the Correios' page; "Entregue" is sent once.
    const mailDir = path.join(database.server.dataDir!, 'mail');
    const kinds = () => fs.readdirSync(mailDir).flatMap((f) => new RegExp(`^pedido-${number}-([a-z_]+)\\.eml$`).exec(f)?.[1] ?? []);
    await expect.poll(kinds).toContain('delivered');
    vexpect(
      kinds()
        .filter((k) => k === 'shipped' || k === 'delivered')
        .sort(),
    ).toEqual(['delivered', 'shipped']);
    const shippedMail = fs
      .readFileSync(path.join(mailDir, `pedido-${number}-shipped.eml`), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    vexpect(shippedMail).toContain(email);
    vexpect(shippedMail).toContain(`https://rastreamento.correios.com.br/app/index.php?objeto=${code}`);
    await shopper.close();
    await owner.close();
  });
});
