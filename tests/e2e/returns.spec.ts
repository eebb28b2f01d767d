// A return as the buyer and the owner live it (table mode: no carrier API): a guest's order is delivered, the
// buyer asks from the order page to return one unit (arrependimento), the owner approves it in /Admin/Devolucoes
// typing the Correios posting code of the store's reverse-logistics contract, then marks the items received with
// the postage the buyer paid; the buyer sees the code, the refund (items plus postage) and the return's timeline
// on the order page. The request form, the admin page (to decide, then to receive), the approved and the
// refunded order are captured at 360 and 1280 px (SHOTS_DIR keeps them).
import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BASE_URL, expect, newVisitor, openMovableAdminOrder, signInAsAdmin, test, uniqueEmail } from './accounts-helpers.ts';
import { brl, VALID_CARD, waitForHydration } from './helpers.ts';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const SHOTS = process.env.SHOTS_DIR ?? path.join(os.tmpdir(), 'olimpo-returns-shots');

test('o comprador devolve um item entregue, a loja aprova e recebe, e o reembolso aparece no pedido', async ({ page, browser }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  // A guest buys two units by card (sandbox: paid at once).
  const buyer = await newVisitor(browser);
  const products = (await (await buyer.page.request.get(`${BASE_URL}/api/products?limit=50`)).json()) as { items: { id: number; stock: number; titulo?: string }[] };
  const product = products.items.find((p) => p.stock > 5)!;
  const res = await buyer.page.request.post(`${BASE_URL}/api/orders`, {
    headers: { origin: BASE_URL },
    data: {
      idempotencyKey: `e2e-devolucao-${Date.now()}`,
      email: uniqueEmail('devolucao'),
      lines: [{ productId: product.id, quantity: 2 }],
      address: { cep: '01001000', street: 'Praça da Sé', number: '100', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' },
      shipping: 'standard',
      payment: 'credit',
      installments: 1,
      card: { number: VALID_CARD, name: 'MARIA DA SILVA', expiry: '12/30', cvv: '123' },
      customer: { name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { order, accessToken } = (await res.json()) as { order: { number: string; lines: { unitPriceCents: number }[] }; accessToken: string };
  const orderUrl = `/Pedidos/${order.number}?token=${encodeURIComponent(accessToken)}`;

  // Before delivery the order page offers no return.
  await buyer.page.goto(orderUrl);
  await expect(buyer.page.getByRole('link', { name: 'Devolver ou trocar itens' })).toHaveCount(0);

  // The owner ships and delivers it.
  await signInAsAdmin(page);
  await openMovableAdminOrder(page, order.number);
  for (const [label, tracking] of [
    ['Em separação', null],
    ['Enviado', 'BR123456789BR'],
    ['Entregue', null],
  ] as const) {
    await page.getByLabel('Nova situação').selectOption({ label });
    if (tracking) await page.getByLabel('Código de rastreio (ao enviar)').fill(tracking);
    await page.getByRole('button', { name: 'Atualizar situação' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Pedido movido para "${label}".` })).toBeVisible();
  }

  // The buyer asks to return one of the two units.
  await buyer.page.goto(orderUrl);
  await buyer.page.getByRole('link', { name: 'Devolver ou trocar itens' }).click();
  await expect(buyer.page.getByRole('heading', { level: 1, name: 'Devolver ou trocar itens' })).toBeVisible();
  await waitForHydration(buyer.page);
  const quantity = buyer.page.getByLabel('Quantidade a devolver');
  await expect(quantity).toHaveAttribute('max', '2');
  await expect(buyer.page.getByRole('radio', { name: /Arrependimento/ })).toBeChecked();
  expect((await new AxeBuilder({ page: buyer.page }).analyze()).violations).toEqual([]);
  for (const width of [360, 1280]) {
    await buyer.page.setViewportSize({ width, height: 900 });
    expect(await buyer.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await buyer.page.screenshot({ path: path.join(SHOTS, `devolucao-pedido-${width}.png`), fullPage: true });
  }
  // Asking for more than was bought is refused by the server, in Portuguese (the browser's own limit aside).
  await quantity.evaluate((input: HTMLInputElement) => input.removeAttribute('max'));
  await quantity.fill('3');
  await buyer.page.getByRole('button', { name: 'Pedir devolução' }).click();
  await expect(buyer.page.getByRole('alert')).toContainText('você pode devolver no máximo 2 unidades');
  await buyer.page.getByLabel('Quantidade a devolver').fill('1');
  await buyer.page.getByLabel('Comentário (opcional)').fill('Comprei a mais.');
  await buyer.page.getByRole('button', { name: 'Pedir devolução' }).click();
  const returns = buyer.page.getByRole('region', { name: 'Devoluções' });
  await expect(returns).toContainText('Em análise');
  await expect(returns).toContainText('Devolução solicitada');

  // The owner approves it and, when the parcel arrives, marks the items received.
  await page.goto('/Admin/Devolucoes');
  await waitForHydration(page);
  const card = page.getByRole('article').filter({ hasText: `#${order.number}` });
  await expect(card).toContainText('Em análise');
  await expect(card).toContainText('Comentário do cliente: Comprei a mais.');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, `admin-devolucoes-${width}.png`), fullPage: true });
  }
  // A made-up code format is refused in Portuguese; the code of the store's contract is taken.
  const correios = card.getByLabel('Código de autorização de postagem dos Correios (opcional)');
  await correios.fill('abc 12');
  await card.getByRole('button', { name: 'Aprovar e enviar autorização' }).click();
  await expect(page.getByRole('alert')).toContainText('O código de autorização de postagem dos Correios tem de 6 a 20 letras e números, sem espaços.');
  await page
    .getByRole('article')
    .filter({ hasText: `#${order.number}` })
    .getByLabel('Código de autorização de postagem dos Correios (opcional)')
    .fill('3456789012br');
  await page
    .getByRole('article')
    .filter({ hasText: `#${order.number}` })
    .getByRole('button', { name: 'Aprovar e enviar autorização' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: /Autorização de devolução: \d{10}\. Código de postagem dos Correios: 3456789012BR\./ })).toBeVisible();
  await buyer.page.goto(orderUrl);
  await expect(returns).toContainText('Código de autorização de postagem dos Correios: 3456789012BR');
  await expect(returns).toContainText('a postagem é paga pela loja, sem custo para você');
  for (const width of [360, 1280]) {
    await buyer.page.setViewportSize({ width, height: 900 });
    expect(await buyer.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await buyer.page.screenshot({ path: path.join(SHOTS, `pedido-devolucao-aprovada-${width}.png`), fullPage: true });
  }

  // The parcel arrives: the owner adds the postage the buyer paid (bounded) and marks the items received.
  const approvedCard = page.getByRole('article').filter({ hasText: `#${order.number}` });
  await expect(approvedCard).toContainText('Código de postagem dos Correios: 3456789012BR');
  // The code typed to approve does not carry over into the receipt's postage field (React reused the input).
  await expect(approvedCard.getByLabel('Postagem paga pelo cliente, em R$ (opcional)')).toHaveValue('');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, `admin-devolucao-aprovada-${width}.png`), fullPage: true });
  }
  await approvedCard.getByLabel('Postagem paga pelo cliente, em R$ (opcional)').fill('250,00');
  await approvedCard.getByRole('button', { name: 'Itens recebidos' }).click();
  await expect(page.getByRole('alert')).toContainText('Informe a postagem paga pelo cliente em reais, de R$ 0,00 a R$ 200,00');
  await page
    .getByRole('article')
    .filter({ hasText: `#${order.number}` })
    .getByLabel('Postagem paga pelo cliente, em R$ (opcional)')
    .fill('23,50');
  await page
    .getByRole('article')
    .filter({ hasText: `#${order.number}` })
    .getByRole('button', { name: 'Itens recebidos' })
    .click();
  const refund = brl(order.lines[0]!.unitPriceCents + 2350);
  await expect(page.getByRole('status').filter({ hasText: `Reembolso de ${refund} feito.` })).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: `#${order.number}` })).toContainText(`Reembolsado: ${refund} (inclui R$ 23,50 de postagem paga pelo cliente)`);

  // The buyer sees the refund in the order's timeline.
  await buyer.page.goto(orderUrl);
  await expect(returns).toContainText(`Reembolsado: ${refund} (inclui R$ 23,50 da postagem).`);
  const timeline = returns.getByRole('list').last();
  await expect(timeline).toContainText('Itens devolvidos recebidos');
  await expect(timeline).toContainText('Reembolso feito');
  await expect(timeline).toContainText(`reembolso de ${refund}`);
  for (const width of [360, 1280]) {
    await buyer.page.setViewportSize({ width, height: 900 });
    expect(await buyer.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await buyer.page.screenshot({ path: path.join(SHOTS, `pedido-reembolsado-${width}.png`), fullPage: true });
  }
  await buyer.context.close();
});
