import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { fillPersonForm, person, createAccount, uniqueEmail, validCpf } from './accounts-helpers.ts';
import { checkoutStep, fillAddress, fillBuyer, openCartWith, placeOrderViaApi, seedItem, startCheckout, stockedProducts, waitForHydration } from './helpers.ts';

// "Acompanhar pedido" for guests, the buyer's identity on the order page, and captures (390 and 1280 px)
// of checkout step 1 and the order page, written to SHOTS_DIR (default test-results/screenshots).
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots';

test('"Acompanhar pedido": número + e-mail abrem o pedido; a mesma resposta quando o pedido não existe ou o e-mail não confere', async ({ page, request }) => {
  const [p] = await stockedProducts(request, 1, 50);
  const email = `acompanhar-${Date.now()}@example.com`;
  const placed = await placeOrderViaApi(request, p!, 'pix', { email });
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Acompanhe seu pedido' }).click();
  await expect(page).toHaveURL(/\/AcompanharPedido$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Acompanhar pedido' })).toBeVisible();
  await waitForHydration(page);

  const tryWith = async (numero: string, mail: string) => {
    await page.getByLabel('Número do pedido').fill(numero);
    await page.getByLabel('E-mail da compra').fill(mail);
    await page.getByRole('button', { name: 'Ver pedido' }).click();
  };
  await tryWith(placed.order.number, 'outra-pessoa@example.com');
  const notice = page.getByRole('alert');
  await expect(notice).toHaveText(/Não encontramos um pedido com esse número e e-mail/);
  const wrongEmail = await notice.innerText();
  await tryWith(placed.order.number === '99999999' ? '99999998' : '99999999', email);
  await expect(notice).toHaveText(wrongEmail);

  await tryWith(`#${placed.order.number}`, email.toUpperCase());
  await expect(page).toHaveURL(new RegExp(`/Pedidos/${placed.order.number}\\?token=a\\.`));
  await expect(page.getByRole('heading', { level: 1, name: `Pedido #${placed.order.number}` })).toBeVisible();
  // Whoever has the number and the e-mail sees the buyer's documents and address only in part.
  await expect(page.getByText('Maria da Silva · CPF ***.982.247-** · (**) *****-4321')).toBeVisible();
  await expect(page.getByText(/Entre na sua conta para ver o pedido completo/)).toBeVisible();
  expect(await page.locator('main').innerText()).not.toContain('529.982.247-25');
  await expect(page.getByRole('img', { name: 'QR Code PIX do pedido' })).toHaveJSProperty('complete', true);
  expect(await page.getByRole('img', { name: 'QR Code PIX do pedido' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  // No horizontal scroll at any width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

for (const width of [390, 1280]) {
  test.describe(`capturas de identificação e pedido ${width}px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 800 }, reducedMotion: 'reduce' });

    test(`checkout etapa 1 @${width}`, async ({ page, request }) => {
      const [p] = await stockedProducts(request, 1, 50);
      await openCartWith(page, [seedItem(p!, 1)]);
      await startCheckout(page);
      await fillBuyer(page, 'maria@example.com');
      await expect(page.getByLabel('CPF')).toHaveValue('529.982.247-25');
      await expect(page.getByLabel('Celular')).toHaveValue('(11) 98765-4321');
      await shoot(page, `checkout-identificacao-${width}`);
      await page.getByRole('button', { name: 'Continuar', exact: true }).click();
      await expect(checkoutStep(page)).toHaveText('2. Endereço');
      await fillAddress(page);
    });

    test(`página do pedido @${width}`, async ({ page, request }) => {
      const [p] = await stockedProducts(request, 1, 50);
      const placed = await placeOrderViaApi(request, p!, 'boleto');
      await page.goto(`/Pedidos/${placed.order.number}?token=${encodeURIComponent(placed.accessToken!)}`);
      await waitForHydration(page);
      await expect(page.getByText('Maria da Silva · CPF 529.982.247-25 · (11) 98765-4321')).toBeVisible();
      await expect(page.getByText(/Feito em \d\d\/\d\d\/\d{4} \d\d:\d\d \(horário de Brasília\)/)).toBeVisible();
      await shoot(page, `pedido-${width}`);
      // The boleto's Pagador is the buyer (name and CPF), not the e-mail.
      await page.goto(`/Pedidos/${placed.order.number}/boleto?token=${encodeURIComponent(placed.accessToken!)}`);
      await expect(page.locator('dt', { hasText: 'Pagador' }).locator('xpath=following-sibling::dd[1]')).toHaveText('Maria da Silva · CPF 529.982.247-25');
    });
  });
}

test.describe('navegador no fuso de Tóquio', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('a página do pedido mostra o horário de Brasília, sem erro de hidratação (#418)', async ({ page, request }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && !m.text().startsWith('Failed to load resource') && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    const [p] = await stockedProducts(request, 1, 50);
    const placed = await placeOrderViaApi(request, p!, 'pix');
    const createdAt = (placed.order as unknown as { createdAt: string }).createdAt;
    const brasilia = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })
      .format(new Date(createdAt))
      .replace(',', '');
    await page.goto(`/Pedidos/${placed.order.number}?token=${encodeURIComponent(placed.accessToken!)}`);
    await waitForHydration(page);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Tokyo');
    await expect(page.getByText(`Feito em ${brasilia} (horário de Brasília)`)).toBeVisible();
    await page.waitForTimeout(300);
    expect(errors).toEqual([]);
  });
});

test.describe('conta com cadastro', () => {
  test.use({ extraHTTPHeaders: { 'X-Forwarded-For': `10.13.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}` } });

  test('a etapa 1 vem preenchida com e-mail, nome, CPF e celular do cadastro', async ({ page, request }) => {
    const email = uniqueEmail('prefill');
    const cpf = validCpf();
    // The guest cart goes into the account when it is created.
    const [p] = await stockedProducts(request, 1, 50);
    await openCartWith(page, [seedItem(p!, 1)]);
    await createAccount(page, { email, name: 'Rafael Teixeira Lima' });
    await page.goto('/CustomerForm');
    await waitForHydration(page);
    await fillPersonForm(page, person({ cpf, email }));
    await page.getByRole('button', { name: 'Salvar cadastro' }).click();
    await expect(page.getByTestId('aviso')).toHaveText('Dados salvos com sucesso!');
    await page.goto('/Cart');
    await waitForHydration(page);
    await page.evaluate(() => sessionStorage.clear());
    // The signed-in cart syncs with the account and re-prices: wait for the quote to settle.
    await page.waitForLoadState('networkidle');
    await startCheckout(page);
    await expect(page.getByLabel('E-mail')).toHaveValue(email);
    await expect(page.getByLabel('Nome completo')).toHaveValue('Rafael Teixeira Lima');
    await expect(page.getByLabel('CPF')).toHaveValue(`${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`);
    await expect(page.getByLabel('Celular')).toHaveValue('(11) 98765-4321');
    await page.getByRole('button', { name: 'Continuar', exact: true }).click();
    await expect(checkoutStep(page)).toHaveText('2. Endereço');
  });
});
