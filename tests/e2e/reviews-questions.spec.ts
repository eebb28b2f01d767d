// Reviews and questions as a shopper and the owner use them: a buyer whose order was delivered reviews the
// product from its page, the owner approves it in /Admin/Avaliacoes, and every visitor then reads it (the
// cached page was dropped), with the average, the bars and "útil"; a question is asked, answered in
// /Admin/Perguntas, e-mailed and shown. Screenshots of the blocks at 360 and 1280 px.
import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { BASE_URL, expect, newVisitor, openMovableAdminOrder, readMail, signInAsAdmin, createAccount, test, uniqueEmail } from './accounts-helpers.ts';
import { VALID_CARD, waitForHydration } from './helpers.ts';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const SHOTS = process.env.SHOTS_DIR ?? path.join(os.tmpdir(), 'olimpo-reviews-shots');
const email = uniqueEmail('avaliadora');
let productId = 0;
let orderNumber = '';

/** Moves an order along in the back office, one status at a time. */
async function moveOrder(page: Page, number: string, labels: string[]) {
  await openMovableAdminOrder(page, number);
  for (const label of labels) {
    await page.getByLabel('Nova situação').selectOption({ label });
    if (label === 'Enviado') await page.getByLabel('Código de rastreio (ao enviar)').fill('BR123456789BR');
    await page.getByRole('button', { name: 'Atualizar situação' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Pedido movido para "${label}".` })).toBeVisible();
  }
}

test('um comprador com o pedido entregue avalia; o dono aprova; a página mostra a avaliação', async ({ page, browser }) => {
  const buyer = await newVisitor(browser);
  await createAccount(buyer.page, { email, name: 'Renata Alves Prado' });
  const list = (await (await buyer.page.request.get(`${BASE_URL}/api/products?limit=60`)).json()) as { items: { id: number; stock: number; category: string }[] };
  productId = list.items.find((p) => p.stock > 5 && p.category !== 'calcados' && p.id > 20)!.id;

  // An anonymous visitor's view of the product before anything: cached, no reviews.
  const guest = await newVisitor(browser);
  await guest.page.goto(`/ProductView/${productId}`);
  await expect(guest.page.getByRole('region', { name: 'Avaliações de quem comprou' })).toContainText('Este produto ainda não tem avaliações.');
  await expect(guest.page.getByRole('link', { name: 'Entre na sua conta' })).toBeVisible();
  expect((await guest.page.request.get(`${BASE_URL}/ProductView/${productId}`)).headers()['x-page-cache']).toMatch(/HIT|MISS|STALE/);

  const res = await buyer.page.request.post(`${BASE_URL}/api/orders`, {
    headers: { origin: BASE_URL },
    data: {
      idempotencyKey: `e2e-avaliacao-${Date.now()}`,
      email,
      lines: [{ productId, quantity: 1 }],
      address: { cep: '01001000', street: 'Praça da Sé', number: '100', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' },
      shipping: 'standard',
      payment: 'credit',
      installments: 1,
      card: { number: VALID_CARD, name: 'RENATA A PRADO', expiry: '12/30', cvv: '123' },
      customer: { name: 'Renata Alves Prado', cpf: '529.982.247-25', phone: '(11) 98765-4321' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  orderNumber = ((await res.json()) as { order: { number: string } }).order.number;

  // Not delivered yet: the product page says so, and the form is not offered.
  await buyer.page.goto(`/ProductView/${productId}`);
  await expect(buyer.page.getByText('Só quem comprou este produto e já o recebeu pode avaliá-lo.')).toBeVisible();

  await signInAsAdmin(page);
  await moveOrder(page, orderNumber, ['Em separação', 'Enviado', 'Entregue']);

  // Delivered: the order page offers "Avaliar produto", and the product page shows the form once loaded.
  await buyer.page.goto(`/Pedidos/${orderNumber}`);
  await expect(buyer.page.getByRole('link', { name: /^Avaliar produto:/ })).toHaveAttribute('href', `/AvaliarProduto/${productId}`);
  await buyer.page.goto(`/ProductView/${productId}`);
  await waitForHydration(buyer.page);
  const form = buyer.page.getByRole('region', { name: 'Avaliar este produto' });
  await expect(form).toBeVisible();
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [360, 1280]) {
    await buyer.page.setViewportSize({ width, height: 900 });
    await form.screenshot({ path: path.join(SHOTS, `avaliar-${width}.png`) });
  }
  await form.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(form.getByText('Escolha de 1 a 5 estrelas.')).toBeVisible();
  await form.getByLabel(/^5 estrelas/).check();
  await form.getByLabel('Título').fill('Encaixe perfeito');
  await form.getByLabel('Sua avaliação').fill('Chegou rápido, bem embalado e serviu sem nenhuma adaptação.');
  await form.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(buyer.page.getByRole('status').filter({ hasText: 'Obrigado! Sua avaliação foi enviada' })).toBeVisible();
  // Pending: nobody sees it yet.
  await guest.page.reload();
  await expect(guest.page.getByRole('region', { name: 'Avaliações de quem comprou' })).toContainText('Este produto ainda não tem avaliações.');

  // The owner approves it.
  await page.goto('/Admin/Avaliacoes');
  await waitForHydration(page);
  const pending = page.getByRole('article', { name: 'Encaixe perfeito' });
  await expect(pending).toContainText('Renata P.');
  await pending.getByRole('button', { name: 'Aprovar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Avaliação aprovada: já aparece no produto.' })).toBeVisible();

  // Every visitor now reads it, with the average and the bars; the JSON-LD carries the rating.
  await guest.page.reload();
  const section = guest.page.getByRole('region', { name: 'Avaliações de quem comprou' });
  await expect(section).toContainText('5,0');
  await expect(section).toContainText('1 avaliação');
  await expect(section.getByRole('list', { name: 'Distribuição das notas' }).getByRole('listitem').first()).toContainText('100%');
  const review = section.getByRole('article', { name: 'Encaixe perfeito' });
  await expect(review).toContainText('Renata P.');
  await expect(review).toContainText('Compra verificada');
  const ld = JSON.parse((await guest.page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as { aggregateRating?: { ratingValue: string; reviewCount: number } };
  expect(ld.aggregateRating).toMatchObject({ ratingValue: '5.0', reviewCount: 1 });

  // "Esta avaliação foi útil?": counted once.
  await waitForHydration(guest.page);
  await review.getByRole('button', { name: /Sim, esta avaliação foi útil/ }).click();
  await expect(review.getByRole('status')).toHaveText('Obrigado pelo seu voto!');
  await expect(review.getByRole('button', { name: /Sim, esta avaliação foi útil/ })).toHaveText('Sim (1)');

  // The buyer cannot review it twice.
  await buyer.page.goto(`/AvaliarProduto/${productId}`);
  await expect(buyer.page.getByText('Você já avaliou este produto.')).toBeVisible();

  // The card shows the stars (a list page that holds the product, found by its reference).
  const title = (await guest.page.getByRole('heading', { level: 1 }).textContent())!.trim();
  const ref = /REF: (\S+)/.exec((await guest.page.getByText(/^REF: /).textContent()) ?? '')![1]!;
  await guest.page.goto(`/ProductList?q=${encodeURIComponent(ref)}`);
  const card = guest.page.locator('article').filter({ has: guest.page.getByRole('link', { name: title, exact: true }) });
  await expect(card.first()).toContainText('Nota 5,0 de 5, 1 avaliação');
  await buyer.context.close();
  await guest.context.close();
});

test('uma pergunta é feita, respondida no painel, enviada por e-mail e mostrada', async ({ page, browser }) => {
  const asker = await newVisitor(browser);
  const askerEmail = uniqueEmail('perguntadora');
  await createAccount(asker.page, { email: askerEmail, name: 'Paula Nunes' });
  await asker.page.goto(`/ProductView/${productId}`);
  await waitForHydration(asker.page);
  const qa = asker.page.getByRole('region', { name: 'Perguntas e respostas' });
  await qa.getByLabel('Pergunte ao vendedor').fill('Me chama no whatsapp 11 98765-4321');
  await qa.getByRole('button', { name: 'Perguntar' }).click();
  await expect(qa.getByText(/não pode conter telefone, e-mail/)).toBeVisible();
  await qa.getByLabel('Pergunte ao vendedor').fill('Serve no Gol 1.0 2015?');
  await qa.getByRole('button', { name: 'Perguntar' }).click();
  await expect(qa.getByRole('status')).toContainText('Pergunta enviada!');

  await signInAsAdmin(page);
  await page.goto('/Admin/Perguntas');
  await waitForHydration(page);
  const item = page.getByRole('listitem').filter({ hasText: 'Serve no Gol 1.0 2015?' });
  await item.getByLabel('Resposta').fill('Serve sim, do Gol G5 ao G6 1.0.');
  await item.getByRole('button', { name: 'Responder' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Resposta publicada.' })).toBeVisible();

  const mail = await readMail(askerEmail, 30_000);
  expect(mail).toContain('Resposta: Serve sim, do Gol G5 ao G6 1.0.');

  const guest = await newVisitor(browser);
  await guest.page.goto(`/ProductView/${productId}`);
  const answered = guest.page.getByRole('list', { name: 'Perguntas respondidas' });
  await expect(answered).toContainText('Serve no Gol 1.0 2015?');
  await expect(answered).toContainText('Serve sim, do Gol G5 ao G6 1.0.');
  const axe = await new AxeBuilder({ page: guest.page }).include('#avaliacoes').include('#perguntas').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await asker.context.close();
  await guest.context.close();
});

test('os blocos de avaliações e perguntas em 360 e 1280 px (capturas)', async ({ page }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/ProductView/${productId}`);
    await waitForHydration(page);
    const width_ = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width_).toBeLessThanOrEqual(width);
    await page.locator('#avaliacoes').scrollIntoViewIfNeeded();
    await page.locator('#avaliacoes').screenshot({ path: path.join(SHOTS, `avaliacoes-${width}.png`) });
    await page.locator('#perguntas').scrollIntoViewIfNeeded();
    await page.locator('#perguntas').screenshot({ path: path.join(SHOTS, `perguntas-${width}.png`) });
  }
});
