// OlimpIA's widget, as a shopper uses it: open, ask, follow a suggested product, keyboard rules, errors.
import { expect, test } from '@playwright/test';
import { waitForHydration } from './helpers.ts';

const toggle = (page: import('@playwright/test').Page) => page.getByRole('button', { name: /Abrir chat com a OlimpIA|Fechar chat/ }).last();

test.describe('OlimpIA', () => {
  test('answers from the catalog with links, keeps the conversation across navigation and reloads', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await toggle(page).click();
    const dialog = page.getByRole('dialog', { name: 'OlimpIA' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Nenhuma mensagem ainda. Comece a conversar!')).toBeVisible();
    const input = dialog.getByPlaceholder('Digite sua pergunta...');
    await expect(input).toBeFocused();

    await input.fill('quanto custa o farol do volvo c70?');
    await input.press('Enter');
    const log = dialog.getByRole('log');
    await expect(log).toContainText(/R\$\s719,90/);
    await expect(input).toHaveValue('');
    const link = log.getByRole('link', { name: /Farol Dianteiro Esquerdo Volvo C70/ }).first();
    await expect(link).toHaveAttribute('href', '/ProductView/1');
    await link.click();
    await expect(page).toHaveURL(/\/ProductView\/1$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Volvo C70');

    await page.reload();
    await waitForHydration(page);
    await toggle(page).click();
    await expect(page.getByRole('dialog', { name: 'OlimpIA' }).getByRole('log')).toContainText('quanto custa o farol do volvo c70?');
  });

  test('on a product page, "quanto fica esse no pix?" means the product on screen', async ({ page }) => {
    await page.goto('/ProductView/1');
    await waitForHydration(page);
    await toggle(page).click();
    const dialog = page.getByRole('dialog', { name: 'OlimpIA' });
    const input = dialog.getByPlaceholder('Digite sua pergunta...');
    await input.fill('quanto fica esse no pix?');
    await input.press('Enter');
    const log = dialog.getByRole('log');
    // R$ 719,90 with the PIX's 10 % off, computed by the pricing module.
    await expect(log).toContainText(/Farol Dianteiro Esquerdo Volvo C70.*R\$\s647,91/s);
    await expect(log.getByRole('link', { name: /Farol Dianteiro Esquerdo Volvo C70/ }).first()).toHaveAttribute('href', '/ProductView/1');
  });

  test('Enter sends, Shift+Enter adds a line, blank is not sent, Esc closes and focus returns', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await toggle(page).click();
    const dialog = page.getByRole('dialog', { name: 'OlimpIA' });
    const input = dialog.getByPlaceholder('Digite sua pergunta...');
    await input.fill('   ');
    await input.press('Enter');
    await expect(dialog.getByText('Nenhuma mensagem ainda. Comece a conversar!')).toBeVisible();

    await input.fill('');
    await input.type('linha 1');
    await input.press('Shift+Enter');
    await input.type('linha 2');
    await expect(input).toHaveValue('linha 1\nlinha 2');
    await expect(dialog.getByText('Nenhuma mensagem ainda. Comece a conversar!')).toBeVisible();
    await input.press('Enter');
    await expect(dialog.getByRole('log')).toContainText('linha 1');
    await expect(dialog.getByRole('log').locator('p').filter({ hasText: 'OlimpIA:' })).not.toHaveCount(0);

    await input.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(toggle(page)).toBeFocused();
  });

  test('shows "Erro ao processar sua pergunta." when the server does not answer', async ({ page }) => {
    await page.route('**/api/chat**', (route) => route.abort());
    await page.goto('/');
    await waitForHydration(page);
    await toggle(page).click();
    const input = page.getByPlaceholder('Digite sua pergunta...');
    await input.fill('tem pastilha de freio?');
    await input.press('Enter');
    await expect(page.getByRole('log')).toContainText('Erro ao processar sua pergunta.');
  });

  test('renders a message as text, never as HTML', async ({ page }) => {
    let dialogs = 0;
    page.on('dialog', async (d) => {
      dialogs++;
      await d.dismiss();
    });
    await page.goto('/');
    await waitForHydration(page);
    await toggle(page).click();
    const input = page.getByPlaceholder('Digite sua pergunta...');
    await input.fill('<img src=x onerror=alert(1)> farol');
    await input.press('Enter');
    await expect(page.getByRole('log')).toContainText('<img src=x onerror=alert(1)> farol');
    await expect(page.getByRole('log').locator('img')).toHaveCount(0);
    expect(dialogs).toBe(0);
  });
});
